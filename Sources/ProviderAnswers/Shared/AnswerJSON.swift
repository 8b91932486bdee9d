import FoundationEssentials

/// The JSON of an answer decoded with FoundationEssentials' decoder, its error made the typed
/// `.malformed` that names the service.
enum AnswerJSON {
  static func decode<Value: Decodable>(
    _ type: Value.Type, from bytes: [UInt8], service: String
  ) throws(ProviderAnswerError) -> Value {
    guard !bytes.isEmpty else { throw .malformed("\(service): an empty answer") }
    do {
      return try JSONDecoder().decode(type, from: Data(bytes))
    } catch {
      throw .malformed("\(service): not the JSON it answers with")
    }
  }

  /// The bytes of a base64 field; whitespace (a line-wrapping encoder's) is skipped, anything
  /// else that is not base64 is an error.
  static func base64(_ text: String, service: String) throws(ProviderAnswerError) -> [UInt8] {
    let compact = text.filter { !$0.isWhitespace }
    guard let data = Data(base64Encoded: compact) else {
      throw .malformed("\(service): the content is not base64")
    }
    return Array(data)
  }
}

/// An element of an answer's list that may fail to decode on its own: one broken entry costs
/// that entry, not the list.
struct Lenient<Value: Decodable>: Decodable {
  var value: Value?

  init(from decoder: any Decoder) throws {
    value = try? Value(from: decoder)
  }
}

/// An identifier the services send as a number or as a string of digits, kept as text.
struct TextOrNumber: Decodable {
  var text: String

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let number = try? container.decode(Int64.self) {
      text = String(number)
    } else {
      text = try container.decode(String.self)
    }
  }
}

/// A whole number the services send as a number (sometimes with a fraction) or as a string of
/// digits; nil for anything else, which costs only this field.
struct LooseInt: Decodable {
  var value: Int?

  init(from decoder: any Decoder) throws {
    guard let container = try? decoder.singleValueContainer() else { return }
    if let number = try? container.decode(Int.self) {
      value = number
    } else if let number = try? container.decode(Double.self), number.isFinite,
      abs(number) < 1e15
    {
      value = Int(number.rounded())
    } else if let text = try? container.decode(String.self) {
      value = Int(text.trimmed)
    }
  }
}
