import FoundationEssentials
import SystemSupport

/// The bundled demo (`Assets/demo.ogg` with `Lyrics/demo.lrc`), found in the program's data
/// (`InstallLayout`: `$LYRICPIP_DATA`, the package folder of a build tree, or an installed
/// `share/lyricpip`), else in the current directory.
public enum DemoFiles {
  public static func locate() -> (audio: String, lyrics: String)? {
    let roots =
      InstallLayout.current.dataRoots + [FileManager.default.currentDirectoryPath]
    for root in roots {
      let audio = root + "/Assets/demo.ogg"
      if FileManager.default.isReadableFile(atPath: audio) {
        return (audio, root + "/Lyrics/demo.lrc")
      }
    }
    return nil
  }
}
