import FoundationEssentials
import LyricsCore
import SystemSupport

/// Each followed player's own lyric offset (`lyricpip follow --player NAME --offset MS` saves
/// it), in `$XDG_STATE_HOME/lyricpip/follow-offsets`: `NAME = MS` lines, written atomically.
/// A player is named by its bus name without `org.mpris.MediaPlayer2.` and without an
/// `.instance…` part, so every run of the same player finds its offset.
public struct FollowOffsets: Equatable, Sendable {
  public var offsets: [String: Int] = [:]

  public init(offsets: [String: Int] = [:]) {
    self.offsets = offsets
  }

  public static func path(environment: [String: String]) -> String? {
    XDGDirectories(environment: environment).state.map { $0 + "/lyricpip/follow-offsets" }
  }

  /// The player's name as the file keeps it.
  public static func key(forBusName busName: String) -> String {
    var name = Substring(busName)
    let prefix = "org.mpris.MediaPlayer2."
    if name.hasPrefix(prefix) { name = name.dropFirst(prefix.count) }
    if let dot = name.firstIndex(of: ".") { name = name[..<dot] }
    return String(name)
  }

  /// The offset of the player `pattern` (`--player`) or `busName` names.
  public func offsetMs(forBusName busName: String) -> Int? {
    offsets[Self.key(forBusName: busName)]
  }

  /// Reads the file; missing or unreadable lines are no offsets.
  public static func load(path: String) -> FollowOffsets {
    guard let data = FileManager.default.contents(atPath: path) else { return FollowOffsets() }
    var result = FollowOffsets()
    for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
      let parts = line.split(separator: "=", maxSplits: 1).map {
        String($0).trimmingSpacesAndTabs()
      }
      guard parts.count == 2, !parts[0].isEmpty, let ms = Int(parts[1]) else { continue }
      result.offsets[parts[0]] = ms
    }
    return result
  }

  public var text: String {
    offsets.keys.sorted().map { "\($0) = \(offsets[$0] ?? 0)\n" }.joined()
  }

  /// Saves `ms` as `name`'s offset, keeping the others.
  public static func save(_ ms: Int, for name: String, path: String) throws {
    var offsets = load(path: path)
    offsets.offsets[key(forBusName: name)] = ms
    let url = URL(fileURLWithPath: path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try AtomicFile.write(Data(offsets.text.utf8), to: url)
  }
}
