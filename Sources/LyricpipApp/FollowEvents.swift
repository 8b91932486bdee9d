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
}
