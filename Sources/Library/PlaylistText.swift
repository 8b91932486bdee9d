/// A playlist file's bytes as text: UTF-8 (a byte-order mark dropped), or Latin-1 when they are
/// not valid UTF-8 (old `.m3u` files from Windows players), split into lines with their numbers.
enum PlaylistText {
  static func lines(_ bytes: [UInt8]) -> [(number: Int, text: String)] {
    var body = bytes[...]
    if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
    let text =
      String(validating: body, as: UTF8.self)
      ?? String(String.UnicodeScalarView(body.map { Unicode.Scalar($0) }))
    var result: [(number: Int, text: String)] = []
    for (index, line) in text.split(
      omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }
    ).enumerated() {
      var trimmed = Substring(line)
      // "\r\n" is one Character in Swift: the split above takes both line ends.
      while let last = trimmed.last, last == "\r" || last == " " || last == "\t" {
        trimmed = trimmed.dropLast()
      }
      while let first = trimmed.first, first == " " || first == "\t" {
        trimmed = trimmed.dropFirst()
      }
      result.append((index + 1, String(trimmed)))
    }
    return result
  }
}
