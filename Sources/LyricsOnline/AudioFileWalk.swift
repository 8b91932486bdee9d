import FoundationEssentials
import SystemSupport

/// The audio files under `fetch`'s arguments: a file is taken as it is; a folder is walked,
/// subfolders included, for the extensions the decoder plays, in name order so that two runs
/// go the same way. Hidden entries (`.name`) are left out of a walk.
public enum AudioFileWalk {
  public static let extensions: Set<String> = [
    "mp3", "flac", "ogg", "oga", "opus", "m4a", "mp4", "aac", "wav", "wma", "ape", "wv",
  ]

  /// One argument that could not be read.
  public struct Unreadable: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "\(path): \(reason)" }
  }

  /// The files found, and the arguments that could not be read.
  public static func files(in arguments: [String]) -> (files: [String], unreadable: [Unreadable]) {
    var files: [String] = []
    var unreadable: [Unreadable] = []
    for argument in arguments {
      switch FileKind.at(argument) {
      case .missing:
        unreadable.append(Unreadable(path: argument, reason: "no such file or folder"))
      case .other:
        files.append(argument)
      case .directory:
        walk(argument, into: &files, unreadable: &unreadable)
      }
    }
    return (files, unreadable)
  }

  private static func walk(
    _ folder: String, into files: inout [String], unreadable: inout [Unreadable]
  ) {
    let entries: [String]
    do {
      entries = try FileManager.default.contentsOfDirectory(atPath: folder)
    } catch {
      unreadable.append(Unreadable(path: folder, reason: "cannot list the folder"))
      return
    }
    let base = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
    for name in entries.sorted() where !name.hasPrefix(".") {
      let path = base + "/" + name
      switch FileKind.at(path) {
      case .directory:
        walk(path, into: &files, unreadable: &unreadable)
      case .other:
        let suffix = name.split(separator: ".").last.map { $0.lowercased() } ?? ""
        if name.contains("."), extensions.contains(suffix) { files.append(path) }
      case .missing:
        break  // a dangling link
      }
    }
  }
}
