/// Query values encoded for a URL: every byte of the UTF-8 form that is not an RFC 3986
/// unreserved character (`A–Z a–z 0–9 - . _ ~`) becomes `%XX`, spaces included, so `&`, `=`,
/// `+`, `#` and `/` in a title can never change the query.
enum PercentEncoding {
  static func encode(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for byte in text.utf8 {
      if isUnreserved(byte) {
        result.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        result.append("%")
        result.append(hexDigits[Int(byte >> 4)])
        result.append(hexDigits[Int(byte & 0x0F)])
      }
    }
    return result
  }

  /// `name=value&…`, each part encoded.
  static func query(_ items: [(name: String, value: String)]) -> String {
    items.map { encode($0.name) + "=" + encode($0.value) }.joined(separator: "&")
  }

  private static let hexDigits: [Character] = Array("0123456789ABCDEF")

  private static func isUnreserved(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
      UInt8(ascii: "_"), UInt8(ascii: "~"):
      return true
    default:
      return false
    }
  }
}
