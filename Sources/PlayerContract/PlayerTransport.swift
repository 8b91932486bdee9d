/// Where the transport commands go: play/pause/seek and the moves in the queue, which any
/// player takes (ours, or a followed one over MPRIS). Thread-safe, like the position source.
public protocol PlayerTransport: AnyObject, Sendable {
  func play()
  func pause()
  func stop()
  func seek(toNanos nanos: Int64)
  func next()
  func previous()
}

/// A player the session follows and sends commands to: a followed MPRIS player is only this.
public typealias FollowablePlayer = PlayerPositionSource & PlayerTransport
