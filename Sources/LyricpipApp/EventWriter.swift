import LyricsCore

/// Writes the `--events` JSON lines: one object a line, keys in the documented order. Safe to
/// call from any thread, and it never waits: each line is made on the caller's thread (with the
/// caller's time stamp) and queued; a writer thread of its own writes the lines out in order
/// (see `EventLineQueue`), so a reader that stops reading never holds up the sound or the
/// display. `finish` waits (boundedly) for the queue to empty at exit.
public final class EventWriter: Sendable {
  /// One JSON value, written without Foundation's encoder so the key order is kept.
  public enum Value: Sendable, Equatable {
    case int(Int)
    case string(String)
    /// Seconds with microsecond precision (the `mono` field).
    case seconds(Double)
  }

  /// How long `finish` waits, at most, for a reader that does not read.
  public static let finishTimeoutSeconds = 2.0

  private let queue: EventLineQueue
  /// The time field added to `line` events: `("mono", CLOCK_MONOTONIC s)` for the app, a script
  /// runner may use `("t", script ms)`.
  private let timestamp: @Sendable () -> (key: String, value: Value)

  /// - Parameter limits: how much may wait for a slow reader before lines are dropped (tests
  ///   make it small).
  init(
    handle: OutputFile, limits: EventLineQueue.Limits = .standard,
    timestamp: @escaping @Sendable () -> (key: String, value: Value)
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
    path: String, timestamp: @escaping @Sendable () -> (key: String, value: Value)
  ) throws -> EventWriter {
    try open(path: path, limits: .standard, timestamp: timestamp)
  }

  static func open(
    path: String, limits: EventLineQueue.Limits,
    timestamp: @escaping @Sendable () -> (key: String, value: Value)
  ) throws -> EventWriter {
    let handle = path == "-" ? OutputFile.standardOutput : try OutputFile(truncating: path)
    return EventWriter(handle: handle, limits: limits, timestamp: timestamp)
  }

  /// Queues `{"event":name, fields...}`; `stamped` adds the time field last.
  public func write(_ name: String, _ fields: [(String, Value)], stamped: Bool = false) {
    var all = [("event", Value.string(name))] + fields
    if stamped {
      let stamp = timestamp()
      all.append((stamp.key, stamp.value))
    }
    let line =
      "{" + all.map { "\(JSONText.quoted($0.0)):\(Self.render($0.1))" }.joined(separator: ",")
      + "}\n"
    queue.push(line)
  }

  /// Takes no more events and waits until every queued one is written, or `seconds` passed (a
  /// reader that does not read must not keep the player from exiting). True when all were.
  @discardableResult
  public func finish(waitingAtMost seconds: Double = finishTimeoutSeconds) -> Bool {
    queue.close(waitingAtMost: seconds)
  }

  static func render(_ value: Value) -> String {
    switch value {
    case .int(let number): String(number)
    case .string(let text): JSONText.quoted(text)
    case .seconds(let seconds): CFormat.string("%.6f", seconds)
    }
  }
}
