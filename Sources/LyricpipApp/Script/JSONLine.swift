/// One JSON object written field by field, in the order given, so that an event line is the same
/// bytes on every run and every machine (a dictionary encoder would not keep the order).
struct JSONLine {
  enum Value: Equatable {
    case string(String)
    case int(Int)
    case bool(Bool)
    case null
  }

  private(set) var fields: [(name: String, value: Value)] = []

  init(_ fields: [(String, Value)] = []) {
    self.fields = fields.map { (name: $0.0, value: $0.1) }
  }

  mutating func append(_ name: String, _ value: Value) {
    fields.append((name, value))
  }

  var text: String {
    var out = "{"
    for (index, field) in fields.enumerated() {
      if index > 0 { out += "," }
      out += Self.quote(field.name) + ":" + Self.encode(field.value)
    }
    return out + "}"
  }

  private static func encode(_ value: Value) -> String {
    switch value {
    case .string(let text): quote(text)
    case .int(let number): String(number)
    case .bool(let flag): flag ? "true" : "false"
    case .null: "null"
    }
  }

  /// A JSON string: quotes, backslashes and control characters escaped; all else as UTF-8.
  static func quote(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}
