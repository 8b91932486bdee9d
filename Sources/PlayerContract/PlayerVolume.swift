/// The volume of a player of our own (a followed player's volume is its own business).
public protocol PlayerVolume: AnyObject, Sendable {
  /// 0 (silent) to 1; a change is reported as `volumeChanged`.
  var volume: Double { get }
  func setVolume(_ volume: Double)
}
