import Foundation
import LyricsCore
import Playback

/// Finds the lyrics of a track: `--lyrics PATH` for the first track, else the `.lrc` beside the
/// audio file (same name, `.lrc`, any case of the extension), else lyrics embedded in the file
/// (ID3 USLT, Vorbis/FLAC LYRICS). None found: empty lyrics (the track still plays).
enum LyricsLookup {
  /// A lyrics file that was named but cannot be read (exit 2).
  struct Unreadable: Error, CustomStringConvertible {
    var description: String
  }

  /// Where the lyrics came from, for a notice.
  enum Origin: Equatable {
    case file(String)
    case embedded
    case none
  }

  static func lyrics(for info: TrackInfo, explicitPath: String?) throws -> (Lyrics, Origin) {
    if let explicitPath {
      return (try load(path: explicitPath), .file(explicitPath))
    }
    if let beside = besideFile(for: info.path) {
      // A broken file beside the track is not fatal: fall back to what is embedded.
      if let lyrics = try? load(path: beside) { return (lyrics, .file(beside)) }
      printError("cannot read \(beside); looking for embedded lyrics")
    }
    if let text = info.embeddedLyrics {
      return (LyricsText.parse(text), .embedded)
    }
    return (Lyrics(), .none)
  }

  /// `song.lrc` or `song.LRC` next to `song.mp3`.
  static func besideFile(for audioPath: String) -> String? {
    let url = URL(fileURLWithPath: audioPath)
    let stem = url.deletingPathExtension()
    for ext in ["lrc", "LRC", "Lrc"] {
      let candidate = stem.appendingPathExtension(ext).path
      if FileManager.default.isReadableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  static func load(path: String) throws -> Lyrics {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw Unreadable(description: "\(path): no such file")
    }
    guard !isDirectory.boolValue else { throw Unreadable(description: "\(path) is a directory") }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw Unreadable(description: "\(path): cannot read")
    }
    return try LyricsText.parse(bytes: [UInt8](data), path: path)
  }
}
