/// One thing the followed player said about its position, and what the follower made of it: what
/// `LYRICPIP_FOLLOW_TRACE` writes, to see where an error in the followed position came from.
public struct FollowAnchor: Equatable, Sendable {
  public enum Source: String, Sendable {
    /// A `Position` reading after a change of track, status or rate (believed at once).
    case change
    /// A `Position` reading of the poll, a refinement or a confirmation.
    case read
    /// The `Seeked` signal's value.
    case seeked
  }
  public var source: Source
  /// The position the player said.
  public var saidNanos: Int64
  /// When the reading was asked (nil for a signal), on the follower's clock.
  public var askedAt: Int64?
  /// When the answer or the signal was handled, on the follower's clock.
  public var handledAt: Int64
  /// The followed position at `handledAt`, before and after.
  public var beforeNanos: Int64
  public var afterNanos: Int64
  /// `anchored`, `unchanged`, `confirm` or `stalled` (`FollowedPosition.Verdict`); `seeked`.
  public var verdict: String

  public init(
    source: Source, saidNanos: Int64, askedAt: Int64?, handledAt: Int64, beforeNanos: Int64,
    afterNanos: Int64, verdict: String
  ) {
    self.source = source
    self.saidNanos = saidNanos
    self.askedAt = askedAt
    self.handledAt = handledAt
    self.beforeNanos = beforeNanos
    self.afterNanos = afterNanos
    self.verdict = verdict
  }
}
