/// One event of a session, as the `--events` stream and a script transcript write it:
/// `{"event":name, fields...}` plus, where the sink adds one, a time field last.
///
/// Every event is made in one place (`LyricsSession`, `SessionPiP`); the sinks only add time:
/// `play --events` adds `mono` to the `stamped` ones, a script transcript adds `t` to all.
public struct SessionEvent: Sendable, Equatable {
  public var name: String
  public var fields: [JSONField]
  /// Whether the moment matters to a reader (a line put up, a window shown): `play` stamps it.
  public var stamped: Bool
  /// The moment of a stamped event when it is not the moment it is emitted (CLOCK_MONOTONIC
  /// seconds): the frame that put a line up, presented before the event could be written.
  public var at: Double?

  public init(
    _ name: String, _ fields: [(String, JSONValue)], stamped: Bool = false, at: Double? = nil
  ) {
    self.name = name
    self.fields = fields.map { JSONField($0.0, $0.1) }
    self.stamped = stamped
    self.at = at
  }

  /// The event as one JSON object, with `time` added last when given.
  public func line(time: JSONField? = nil) -> String {
    JSONValue.object([JSONField("event", .string(name))] + fields + (time.map { [$0] } ?? []))
      .compact
  }
}

/// Where a session's events go: the `--events` writer, a script transcript. Called from any
/// thread; an implementation keeps the events in the order it was called and never blocks.
public protocol SessionEventSink: AnyObject, Sendable {
  func emit(_ event: SessionEvent)
}
