import Synchronization
import SystemSupport

/// Writes the `--events` JSON lines of cli.md: one object a line, flushed at once, keys in the
/// documented order. Safe to call from any thread (a lock keeps lines whole and in order).
public final class EventWriter: Sendable {
  /// One JSON value, written without Foundation's encoder so the key order is kept.
  public enum Value: Sendable, Equatable {
    case int(Int)
    case string(String)
    /// Seconds with microsecond precision (the `mono` field).
    case seconds(Double)
  }

  /// Behind a lock so that lines from different threads stay whole and in order.
  private let handle: Mutex<OutputFile>
  /// The time field added to `line` events: `("mono", CLOCK_MONOTONIC s)` for the app, a script
  /// runner may use `("t", script ms)`.
  private let timestamp: @Sendable () -> (key: String, value: Value)

  public init(
    handle: OutputFile,
    timestamp: @escaping @Sendable () -> (key: String, value: Value)
  ) {
    self.handle = Mutex(handle)
    self.timestamp = timestamp
  }

  /// Opens `path` ("-" = stdout) for events, truncating it.
  public static func open(
    path: String, timestamp: @escaping @Sendable () -> (key: String, value: Value)
  )
    throws -> EventWriter
  {
    if path == "-" { return EventWriter(handle: .standardOutput, timestamp: timestamp) }
    return EventWriter(handle: try OutputFile(truncating: path), timestamp: timestamp)
  }

  /// Writes `{"event":name, fields...}`; `stamped` adds the time field last.
  public func write(_ name: String, _ fields: [(String, Value)], stamped: Bool = false) {
    var all = [("event", Value.string(name))] + fields
    if stamped {
      let stamp = timestamp()
      all.append((stamp.key, stamp.value))
    }
    let line =
      "{" + all.map { "\(JSONText.quoted($0.0)):\(Self.render($0.1))" }.joined(separator: ",")
      + "}\n"
    handle.withLock {
      // OutputFile writes straight to the descriptor (no buffer), so each line is out at once.
      // A closed pipe must not kill the player: the write error is ignored.
      $0.write(line)
    }
  }

  static func render(_ value: Value) -> String {
    switch value {
    case .int(let number): String(number)
    case .string(let text): JSONText.quoted(text)
    case .seconds(let seconds): DecimalText.fixed(seconds, fractionDigits: 6)
    }
  }
}
