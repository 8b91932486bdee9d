import FoundationEssentials
import Glibc
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

  /// The hard-link call: `link(2)`, or a stand-in (tests play a file system without links).
  typealias LinkCall = (_ existing: String, _ new: String) -> Int32

  /// Writes `text` as the `.lrc` beside `audioPath`: into a temporary file in the same folder,
  /// flushed, then linked to the final name, which fails when a file of that name exists (a
  /// rename would replace it); the temporary name is removed either way.
  @discardableResult
  public static func saveLRC(_ text: String, besideAudio audioPath: String) throws(Refused)
    -> String
  {
    try saveLRC(text, besideAudio: audioPath, linking: { link($0, $1) })
  }

  static func saveLRC(_ text: String, besideAudio audioPath: String, linking: LinkCall)
    throws(Refused) -> String
  {
    let target = lrcPath(besideAudio: audioPath)
    if FileKind.at(target) != .missing {
      throw Refused(path: target, reason: "exists already; not overwritten", exists: true)
    }
    let temporary = target + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    do {
      try AtomicFile.write(Data(text.utf8), to: URL(fileURLWithPath: temporary))
    } catch {
      throw Refused(path: target, reason: "\(error)", exists: false)
    }
    defer { unlink(temporary) }
    guard linking(temporary, target) == 0 else {
      let code = errno
      if code == EEXIST {
        throw Refused(path: target, reason: "exists already; not overwritten", exists: true)
      }
      // A file system without hard links (FAT, exFAT, some network shares): create the name
      // exclusively and write it in place. Still never over a file; whole unless the write fails.
      if code == EPERM || code == EOPNOTSUPP || code == ENOSYS {
        try writeExclusively(text, to: target)
        return target
      }
      throw Refused(path: target, reason: SystemError.message(code), exists: false)
    }
    return target
  }

  private static func writeExclusively(_ text: String, to target: String) throws(Refused) {
    let file = open(target, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    guard file >= 0 else {
      let exists = errno == EEXIST
      throw Refused(
        path: target, reason: exists ? "exists already; not overwritten" : SystemError.last,
        exists: exists)
    }
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let count = bytes.withUnsafeBytes {
        write(file, $0.baseAddress.map { $0 + offset }, bytes.count - offset)
      }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      offset += count
    }
    let complete = offset == bytes.count && fsync(file) == 0
    let problem = complete ? "" : SystemError.last
    close(file)
    guard complete else {
      unlink(target)
      throw Refused(path: target, reason: "cannot write: \(problem)", exists: false)
    }
  }
}
