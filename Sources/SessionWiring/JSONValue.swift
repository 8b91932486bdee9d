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
    var output = ""
    write(to: &output, separator: separator, colon: colon)
    return output
  }

  /// Appends the value to `output`. One growing string for the whole value: building each
  /// element as its own string and joining them cost half again as many instructions on
  /// `check --json` of a 10 MB file (callgrind).
  public func write(to output: inout String, separator: String, colon: String) {
    switch self {
    case .int(let number): output += String(number)
    case .string(let text): Self.appendQuoted(text, to: &output)
    case .bool(let flag): output += flag ? "true" : "false"
    case .null: output += "null"
    case .seconds(let seconds): output += DecimalText.fixed(seconds, fractionDigits: 6)
    case .array(let values):
      output += "["
      for (position, value) in values.enumerated() {
        if position > 0 { output += separator }
        value.write(to: &output, separator: separator, colon: colon)
      }
      output += "]"
    case .object(let fields):
      output += "{"
      for (position, field) in fields.enumerated() {
        if position > 0 { output += separator }
        Self.appendQuoted(field.name, to: &output)
        output += colon
        field.value.write(to: &output, separator: separator, colon: colon)
      }
      output += "}"
    }
  }

  /// `text` quoted (as `quoted` makes it) at the end of `output`.
  public static func appendQuoted(_ text: String, to output: inout String) {
    if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F }) {
      output += "\""
      output += text
      output += "\""
    } else {
      output += quoted(text)
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
