import Playback
import PlayerContract

/// A player of our own as the session drives it: followed (`PlayerPositionSource`), commanded
/// (`PlayerTransport`), its queue filled with `PlayerItem`s and its volume set. Our `Player`
/// today, or a stand-in in tests; a player followed over MPRIS is only a `FollowablePlayer`.
public protocol PlaybackEngine: PlayerPositionSource, PlayerTransport, PlayerQueue, PlayerVolume
where Item == PlayerItem {}

extension Player: PlaybackEngine {
  public var outputName: String { output.name }
}

extension PlaybackEngine {
  /// The engine as the session's queue: an `any PlaybackEngine` does not convert to
  /// `any PlayerQueue<PlayerItem>` by itself (the item type is fixed by a `where` clause, which
  /// the existential conversion does not see); inside the extension `Self`'s item is known.
  public var asQueue: any PlayerQueue<PlayerItem> { self }
}
