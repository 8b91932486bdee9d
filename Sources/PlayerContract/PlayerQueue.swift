/// A queue the session fills: only a player of our own has one (a followed player keeps its
/// own). `Item` is how an entry opens its audio (Playback's `PlayerItem`); the contract does not
/// know decoders.
public protocol PlayerQueue<Item>: AnyObject, Sendable {
  associatedtype Item
  /// Replaces the queue and makes `startIndex` current (stopped); reports `trackChanged` or
  /// `trackFailed`.
  func load(_ items: [Item], startIndex: Int)
  /// Adds items at the end of the queue; what plays goes on.
  func append(_ items: [Item])
}
