import LyricsCore
import SystemSupport

/// A JSON value written by hand, so that objects keep their keys in the order given and a line
/// is the same bytes on every run and machine (`JSONEncoder` orders keys by hash, and
/// `.sortedKeys` is not the documented order). The one JSON writer of the program: the
/// `--events` lines, the script transcripts and `check --json` all go through it.
public indirect enum JSONValue: Sendable, Equatable {
  case int(Int)
  case string(String)
  case bool(Bool)
  case null
  /// Seconds with microsecond precision (the `mono` field).
  case seconds(Double)
  case array([JSONValue])
  /// Fields in the order written.
  case object([JSONField])

  /// On one line, with no space: `{"event":"line","index":0}`.
  public var compact: String { rendered(separator: ",", colon: ":") }

  /// On one line, with a space after each separator: `{"ms": 1000, "text": "one"}`.
  public var spaced: String { rendered(separator: ", ", colon: ": ") }

  private func rendered(separator: String, colon: String) -> String {
    switch self {
    case .int(let number): String(number)
    case .string(let text): Self.quoted(text)
    case .bool(let flag): flag ? "true" : "false"
    case .null: "null"
    case .seconds(let seconds): DecimalText.fixed(seconds, fractionDigits: 6)
    case .array(let values):
      "["
        + values.map { $0.rendered(separator: separator, colon: colon) }.joined(
          separator: separator) + "]"
    case .object(let fields):
      "{"
        + fields.map {
          Self.quoted($0.name) + colon + $0.value.rendered(separator: separator, colon: colon)
        }.joined(separator: separator) + "}"
    }
  }

  /// `text` as a quoted JSON string: quotes, backslashes and control characters escaped,
  /// everything else as UTF-8.
  public static func quoted(_ text: String) -> String {
    // Most texts need no escape: check the bytes once and copy them whole.
    if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F }) {
      return "\"" + text + "\""
    }
    var result = "\""
    result.reserveCapacity(text.utf8.count + 2)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          let hex = String(scalar.value, radix: 16)
          result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }
}

/// One field of a JSON object.
public struct JSONField: Sendable, Equatable {
  public var name: String
  public var value: JSONValue

  public init(_ name: String, _ value: JSONValue) {
    self.name = name
    self.value = value
  }
}
