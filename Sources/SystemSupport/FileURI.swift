/// `file://` URIs and paths, both ways (MPRIS speaks URIs; the player opens paths).
public enum FileURI {
  /// `/music/a b.mp3` → `file:///music/a%20b.mp3`. `path` must be absolute.
  public static func uri(forPath path: String) -> String {
    var encoded = "file://"
    for byte in path.utf8 {
      if isUnreserved(byte) || byte == UInt8(ascii: "/") {
        encoded.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        encoded += "%" + hex(byte >> 4) + hex(byte & 0xF)
      }
    }
    return encoded
  }

  /// The local path of a `file:` URI (`file:///p` or `file://localhost/p`), percent-decoded;
  /// nil for any other scheme, a remote host, or a bad escape.
  public static func path(fromURI uri: String) -> String? {
    let bytes = Array(uri.utf8)
    let prefix = Array("file://".utf8)
    guard bytes.count > prefix.count, bytes.starts(with: prefix) else { return nil }
    var rest = bytes[prefix.count...]
    let localhost = Array("localhost".utf8)
    if rest.starts(with: localhost) { rest = rest.dropFirst(localhost.count) }
    guard rest.first == UInt8(ascii: "/") else { return nil }
    return percentDecoded(rest)
  }

  /// `a%20b` → `a b`; nil for a bad escape. (A relative URI reference, as XSPF writes them.)
  public static func percentDecoded(_ text: String) -> String? {
    percentDecoded(Array(text.utf8)[...])
  }

  private static func percentDecoded(_ rest: ArraySlice<UInt8>) -> String? {
    var decoded: [UInt8] = []
    var index = rest.startIndex
    while index < rest.endIndex {
      let byte = rest[index]
      if byte == UInt8(ascii: "%") {
        guard index + 2 < rest.endIndex, let high = value(ofHex: rest[index + 1]),
          let low = value(ofHex: rest[index + 2])
        else { return nil }
        decoded.append(high << 4 | low)
        index += 3
      } else {
        decoded.append(byte)
        index += 1
      }
    }
    return String(decoding: decoded, as: UTF8.self)
  }

  private static func isUnreserved(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
      UInt8(ascii: "_"), UInt8(ascii: "~"):
      true
    default: false
    }
  }

  private static func hex(_ nibble: UInt8) -> String {
    String(Unicode.Scalar(nibble < 10 ? nibble + 48 : nibble + 55))
  }

  private static func value(ofHex byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - 48
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - 87
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - 55
    default: nil
    }
  }
}
