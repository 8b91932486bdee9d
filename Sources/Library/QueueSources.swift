import SystemSupport

/// Turns what `play` was given (files, folders, playlists) into the files of the queue, in
/// order. A folder becomes its audio files (`FolderWalk`); a playlist its entries, each
/// resolved against the playlist's folder, an entry that is a folder walked too. An entry that
/// is missing or not a local file is skipped with a warning that names it; a given file is
/// passed on as it is (the caller checks it is audio).
public struct QueueSources: Sendable {
  /// Playlists inside playlists are followed this deep at most (a playlist naming itself).
  static let playlistDepth = 8

  public var walk: FolderWalk

  public init(walk: FolderWalk) { self.walk = walk }

  /// One file of the queue.
  public struct Entry: Sendable, Equatable {
    public var path: String
    /// Given by name on the command line (checked before anything plays); false for a file
    /// found in a folder or a playlist (checked when it comes up, skipped if it cannot play).
    public var isGiven: Bool
    /// The title a playlist gave it.
    public var title: String?

    public init(path: String, isGiven: Bool, title: String? = nil) {
      self.path = path
      self.isGiven = isGiven
      self.title = title
    }
  }

  /// A given folder or playlist that yields nothing to play, or a playlist that cannot be read.
  public struct Unplayable: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String
  }

  /// Whether `path` is something this type expands (a folder or a playlist), not a file.
  public static func expands(_ path: String) -> Bool {
    FileKind.at(path) == .directory || PlaylistKind(path: path) != nil
  }

  public func entries(
    for arguments: [String], warn: (String) -> Void
  ) throws(Unplayable) -> [Entry] {
    var entries: [Entry] = []
    for argument in arguments {
      if FileKind.at(argument) == .directory {
        let files = walk.files(under: argument, warn: warn)
        guard !files.isEmpty else { throw Unplayable(description: "no audio files in \(argument)") }
        entries += files.map { Entry(path: $0, isGiven: false) }
      } else if let kind = PlaylistKind(path: argument) {
        let found = try playlist(argument, kind: kind, depth: 0, warn: warn)
        guard !found.isEmpty else {
          throw Unplayable(description: "nothing to play in the playlist \(argument)")
        }
        entries += found
      } else {
        entries.append(Entry(path: argument, isGiven: true))
      }
    }
    return entries
  }

  private func playlist(
    _ path: String, kind: PlaylistKind, depth: Int, warn: (String) -> Void
  ) throws(Unplayable) -> [Entry] {
    let bytes: [UInt8]
    let listed: [PlaylistEntry]
    do {
      bytes = try PosixFile(readingAt: path).read(upTo: Self.sizeLimit)
    } catch {
      throw Unplayable(description: "cannot read the playlist \(path): \(error)")
    }
    do {
      listed = try kind.entries(bytes)
    } catch {
      throw Unplayable(description: "\(path) is not a readable playlist (\(error))")
    }
    let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
    var entries: [Entry] = []
    for entry in listed {
      let place = "\(path):\(entry.line)"
      guard let resolved = entry.path(relativeTo: folder) else {
        warn("\(place): skipped \(entry.location) (not a local file)")
        continue
      }
      switch FileKind.at(resolved) {
      case .missing:
        warn("\(place): skipped \(entry.location) (no such file)")
      case .directory:
        entries += walk.files(under: resolved, warn: warn).map { Entry(path: $0, isGiven: false) }
      case .other:
        if let inner = PlaylistKind(path: resolved) {
          guard depth < Self.playlistDepth else {
            warn("\(place): skipped \(entry.location) (playlists nested too deep)")
            continue
          }
          do {
            entries += try playlist(resolved, kind: inner, depth: depth + 1, warn: warn)
          } catch {
            warn("\(place): skipped \(entry.location) (\(error))")
          }
        } else {
          entries.append(Entry(path: resolved, isGiven: false, title: entry.title))
        }
      }
    }
    return entries
  }

  /// A playlist bigger than this is not a playlist (16 MiB: some 100,000 entries).
  static let sizeLimit = 16 << 20
}
