import EventStream
import Following

/// The events `follow` adds to `play`'s, made from what the follower knows.
enum FollowEvents {
  /// Which player is followed (nil: none), stamped.
  static func player(_ player: FollowedPlayer?) -> SessionEvent {
    .player(
      name: player?.busName, identity: player?.identity, pid: player?.processID.map { Int($0) })
  }

  /// A `Position` answer or a `Seeked` of the followed player (`LYRICPIP_FOLLOW_TRACE`), stamped
  /// when it was handled. `callUs`: how long the reading took from asking to its answer;
  /// `beforeUs`/`afterUs`: the followed position then, before and after it.
  static func anchor(_ anchor: FollowAnchor) -> SessionEvent {
    .anchor(
      source: anchor.source.rawValue, saidUs: Int(anchor.saidNanos / 1_000),
      callUs: anchor.askedAt.map { Int((anchor.handledAt - $0) / 1_000) },
      beforeUs: Int(anchor.beforeNanos / 1_000), afterUs: Int(anchor.afterNanos / 1_000),
      verdict: anchor.verdict, handledAt: Double(anchor.handledAt) / 1_000_000_000)
  }
}
