import Following
import SessionWiring

/// The event `follow` adds to `play`'s: which player is followed.
enum FollowEvents {
  /// `{"event":"player","name":BUS NAME|null,"identity":IDENTITY|null,"pid":N|null}`, stamped.
  static func player(_ player: FollowedPlayer?) -> SessionEvent {
    SessionEvent(
      "player",
      [
        ("name", player.map { .string($0.busName) } ?? .null),
        ("identity", player?.identity.map(JSONValue.string) ?? .null),
        ("pid", player?.processID.map { .int(Int($0)) } ?? .null),
      ], stamped: true)
  }

  /// `{"event":"anchor","source":"change"|"read"|"seeked","saidUs":N,"callUs":N|null,
  /// "beforeUs":N,"afterUs":N,"verdict":V,"mono":S}`: a `Position` answer or a `Seeked` of the
  /// followed player (`LYRICPIP_FOLLOW_TRACE`), stamped when it was handled. `callUs`: how long
  /// the reading took from asking to its answer; `beforeUs`/`afterUs`: the followed position
  /// then, before and after it.
  static func anchor(_ anchor: FollowAnchor) -> SessionEvent {
    SessionEvent(
      "anchor",
      [
        ("source", .string(anchor.source.rawValue)),
        ("saidUs", .int(Int(anchor.saidNanos / 1_000))),
        ("callUs", anchor.askedAt.map { .int(Int((anchor.handledAt - $0) / 1_000)) } ?? .null),
        ("beforeUs", .int(Int(anchor.beforeNanos / 1_000))),
        ("afterUs", .int(Int(anchor.afterNanos / 1_000))), ("verdict", .string(anchor.verdict)),
      ], stamped: true, at: Double(anchor.handledAt) / 1_000_000_000)
  }
}
