import LyricsCore

/// Writes the `--events` JSON lines of cli.md: one object a line, flushed at once, keys in the
/// documented order. Safe to call from any thread (a lock keeps lines whole and in order).
public final class EventWriter: @unchecked Sendable {
  /// One JSON value, written without Foundation's encoder so the key order is kept.
  public enum Value: Sendable, Equatable {
    case int(Int)
    case string(String)
    /// Seconds with microsecond precision (the `mono` field).
    case seconds(Double)
  }

  private let lock = Mutex()
  private let handle: OutputFile
  /// The time field added to `line` events: `("mono", CLOCK_MONOTONIC s)` for the app, a script
  /// runner may use `("t", script ms)`.
  private let timestamp: @Sendable () -> (key: String, value: Value)

  public init(
    handle: OutputFile,
    timestamp: @escaping @Sendable () -> (key: String, value: Value)
  ) {
    self.handle = handle
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
      "{" + all.map { "\(Self.quote($0.0)):\(Self.render($0.1))" }.joined(separator: ",")
      + "}\n"
    lock.withLock {
      // OutputFile writes straight to the descriptor (no buffer), so each line is out at once.
      // A closed pipe must not kill the player: the write error is ignored.
      handle.write(line)
    }
  }

  static func render(_ value: Value) -> String {
    switch value {
    case .int(let number): String(number)
    case .string(let text): quote(text)
    case .seconds(let seconds): CFormat.string("%.6f", seconds)
    }
  }

  /// A JSON string literal.
  static func quote(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case let control where control.value < 0x20:
        out += CFormat.string("\\u%04x", control.value)
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}
