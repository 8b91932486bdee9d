import SystemSupport

/// Writes the `--events` JSON lines (`SessionEvent`s): one object a line, keys in the documented
/// order. Safe to call from any thread, and it never waits: each line is made on the caller's
/// thread (with the caller's time stamp) and queued; a writer thread of its own writes the lines
/// out in order (see `EventLineQueue`), so a reader that stops reading never holds up the sound
/// or the display. `finish` waits (boundedly) for the queue to empty at exit.
public final class EventWriter: SessionEventSink {
  /// How long `finish` waits, at most, for a reader that does not read.
  public static let finishTimeoutSeconds = 2.0

  private let queue: EventLineQueue
  /// The time field added to the stamped events, given the event's own moment when it has one.
  private let timestamp: @Sendable (Double?) -> JSONField

  /// `play`'s and `follow`'s time field: `mono`, CLOCK_MONOTONIC seconds (the event's own
  /// moment, else now).
  public static let mono: @Sendable (Double?) -> JSONField = { at in
    JSONField("mono", .seconds(at ?? Double(SystemClock.monotonicNanos()) / 1e9))
  }

  /// - Parameter limits: how much may wait for a slow reader before lines are dropped (tests
  ///   make it small).
  init(
    handle: OutputFile, limits: EventLineQueue.Limits = .standard,
    timestamp: @escaping @Sendable (Double?) -> JSONField
  ) {
    queue = EventLineQueue(handle: handle, limits: limits)
    self.timestamp = timestamp
  }

  deinit {
    // Lets the writer thread end once it has written what is queued.
    queue.close(waitingAtMost: 0)
  }

  /// Opens `path` ("-" = stdout) for events, truncating it.
  public static func open(
    path: String, timestamp: @escaping @Sendable (Double?) -> JSONField
  ) throws -> EventWriter {
    try open(path: path, limits: .standard, timestamp: timestamp)
  }

  static func open(
    path: String, limits: EventLineQueue.Limits,
    timestamp: @escaping @Sendable (Double?) -> JSONField
  ) throws -> EventWriter {
    let handle = path == "-" ? OutputFile.standardOutput : try OutputFile(truncating: path)
    return EventWriter(handle: handle, limits: limits, timestamp: timestamp)
  }

  /// Queues the event's line; a stamped one gets the time field last.
  public func emit(_ event: SessionEvent) {
    let line = event.line { moment in
      switch moment {
      case .unstamped: nil
      case .whenWritten: timestamp(nil)
      case .at(let seconds): timestamp(seconds)
      }
    }
    queue.push(line + "\n")
  }

  /// Takes no more events and waits until every queued one is written, or `seconds` passed (a
  /// reader that does not read must not keep the player from exiting). True when all were.
  @discardableResult
  public func finish(waitingAtMost seconds: Double = finishTimeoutSeconds) -> Bool {
    queue.close(waitingAtMost: seconds)
  }
}
