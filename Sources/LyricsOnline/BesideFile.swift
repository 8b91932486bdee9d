import FoundationEssentials
import SystemSupport

/// Writing lyrics beside a track as `<name>.lrc`, only on request (`fetch --save-beside`, or
/// the window's save): whole or not at all, and never over a file that is there.
public enum BesideFile {
  /// Why nothing was written.
  public struct Refused: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var exists: Bool
    public var description: String { "\(path): \(reason)" }
  }

  /// `song.flac` → `song.lrc` in the same folder.
  public static func lrcPath(besideAudio audioPath: String) -> String {
    let slash = audioPath.lastIndex(of: "/")
    let nameStart = slash.map { audioPath.index(after: $0) } ?? audioPath.startIndex
    let name = audioPath[nameStart...]
    let stem = name.lastIndex(of: ".").flatMap { $0 > name.startIndex ? name[..<$0] : nil } ?? name
    return String(audioPath[..<nameStart]) + stem + ".lrc"
  }

  /// Writes `text` as the `.lrc` beside `audioPath`, whole or not at all and never over a file
  /// that is there (`AtomicFile.create`: a flushed temporary file linked to the final name).
  @discardableResult
  public static func saveLRC(_ text: String, besideAudio audioPath: String) throws(Refused)
    -> String
  {
    let target = lrcPath(besideAudio: audioPath)
    if FileKind.at(target) != .missing {
      throw Refused(path: target, reason: "exists already; not overwritten", exists: true)
    }
    do {
      try AtomicFile.create(Data(text.utf8), atPath: target)
    } catch {
      let exists = error.errno == .fileExists
      throw Refused(
        path: target,
        reason: exists ? "exists already; not overwritten" : "cannot write: \(error.errno)",
        exists: exists)
    }
    return target
  }
}
