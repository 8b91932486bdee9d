import FoundationEssentials
import SystemSupport

/// Finds the files shipped in `Assets/`.
public enum Assets {
  /// `pip-placeholder.png`: from `$LYRICPIP_ASSETS`, else the program's `Assets/` folder
  /// (`InstallLayout`: the package folder of a build tree, or `share/lyricpip` beside an
  /// installed `bin/`), else `Assets/` in the current directory.
  public static func placeholderPath() -> String {
    let name = "pip-placeholder.png"
    if let folder = ProcessInfo.processInfo.environment["LYRICPIP_ASSETS"] {
      let path = folder + "/" + name
      if FileKind.at(path) == .other { return path }
    }
    return InstallLayout.current.find("Assets/" + name)
      ?? FileManager.default.currentDirectoryPath + "/Assets/" + name
  }
}
