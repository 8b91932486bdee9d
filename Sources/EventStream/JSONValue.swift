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

  private func rendered(separator: StaticString, colon: StaticString) -> String {
    var output = JSONBytes()
    write(to: &output, separator: separator, colon: colon)
    return output.text
  }

  /// Appends the value to `output`: one growing buffer for the whole value, not a string per
  /// element.
  public func write(to output: inout JSONBytes, separator: StaticString, colon: StaticString) {
    switch self {
    case .int(let number): output.append(number)
    case .string(let text): output.appendQuoted(text)
    case .bool(let flag): output.append(flag ? "true" : "false")
    case .null: output.append("null")
    case .seconds(let seconds):
      output.appendVerbatim(DecimalText.fixed(seconds, fractionDigits: 6))
    case .array(let values):
      output.append("[")
      for (position, value) in values.enumerated() {
        if position > 0 { output.append(separator) }
        value.write(to: &output, separator: separator, colon: colon)
      }
      output.append("]")
    case .object(let fields):
      output.append("{")
      for (position, field) in fields.enumerated() {
        if position > 0 { output.append(separator) }
        output.appendQuoted(field.name)
        output.append(colon)
        field.value.write(to: &output, separator: separator, colon: colon)
      }
      output.append("}")
    }
  }

  /// `text` as a quoted JSON string: quotes, backslashes and control characters escaped,
  /// everything else as UTF-8.
  public static func quoted(_ text: String) -> String {
    var output = JSONBytes()
    output.appendQuoted(text)
    return output.text
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
