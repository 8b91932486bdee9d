/// Tells a lyrics format by its content, not its file name: the first bytes for the
/// containers (`krc1`, XML, JSON, YAML), then the stamps of the first lines for the text
/// formats. Looks at most at the first 64 KiB.
public enum LyricsFormatDetector {
  /// How a file's bytes are packaged before the format's own text.
  public enum Container: Equatable, Sendable {
    /// Text as it is (any of the text formats).
    case text
    /// Kugou's binary `.krc`: `krc1`, XOR, zlib.
    case binaryKRC
    /// QQ Music's XML wrapper, `<QrcInfos>…LyricContent="…"`.
    case qrcXML
    /// QQ Music's encrypted hex form.
    case encryptedQRC
    /// QQ Music's encrypted local file: its 11-byte header, XOR, triple DES, zlib.
    case localQRC
    /// A TTML document.
    case ttmlXML
    /// Apple's JSON envelope around a TTML document.
    case ttmlJSON
    /// LRCLIB's YAML lyricsfile.
    case lyricsfileYAML
  }

  static let window = 64 * 1024
  /// QQ Music's local QRC header `[offset:0]\n`, as XORed in the file.
  public static let qrcLocalMagic: [UInt8] = [
    0x98, 0x25, 0xB0, 0xAC, 0xE3, 0x02, 0x83, 0x68, 0xE8, 0xFC, 0x6C,
  ]

  public static func detect(_ bytes: [UInt8]) -> (format: LyricsFormat, container: Container) {
    var head = bytes.prefix(window)
    if head.starts(with: [0xEF, 0xBB, 0xBF]) { head = head.dropFirst(3) }
    if head.starts(with: Array("krc1".utf8)) { return (.krc, .binaryKRC) }
    if bytes.starts(with: qrcLocalMagic) { return (.qrc, .localQRC) }
    if wideLead(head) == 0x3C { return (.ttml, .ttmlXML) }  // `<`
    let text = String(decoding: head, as: UTF8.self)
    let lead = text.drop { $0.isWhitespace }
    if lead.hasPrefix("<") {
      if text.contains("<QrcInfos") || text.contains("LyricContent=") { return (.qrc, .qrcXML) }
      return (.ttml, .ttmlXML)
    }
    if lead.hasPrefix("{"), text.contains("\"ttml\"") { return (.ttml, .ttmlJSON) }
    if lead.count >= 64, lead.prefix(4096).allSatisfy({ $0.isHexDigit || $0.isWhitespace }) {
      return (.qrc, .encryptedQRC)
    }
    let lines = nonEmptyLines(text)
    if let first = lines.first(where: { !$0.hasPrefix("#") && !$0.hasPrefix("---") }),
      first.hasPrefix("version:") || first.hasPrefix("metadata:") || first.hasPrefix("lines:")
    {
      return (.lyricsfile, .lyricsfileYAML)
    }
    return (textFormat(lines), .text)
  }

  /// The lines of `text` that are not empty, parted by CR, LF or CR LF. Found on the UTF-8
  /// bytes: the same lines as splitting the `Character`s on those three (a grapheme boundary
  /// always falls before and after CR and LF, and CR LF is two separators around an empty line
  /// that is left out), without comparing every character as a string (a quarter of the whole
  /// detection, callgrind). Each line is a string of its own: a slice cut at byte positions
  /// would have every later character step check its index again (slower than the split saved).
  static func nonEmptyLines(_ text: String) -> [Substring] {
    var lines: [Substring] = []
    let utf8 = text.utf8
    var start = utf8.startIndex
    var index = start
    func cut(_ end: String.Index) {
      if start < end { lines.append(Substring(String(decoding: utf8[start..<end], as: UTF8.self))) }
    }
    while index < utf8.endIndex {
      let byte = utf8[index]
      if byte == 0x0A || byte == 0x0D {
        cut(index)
        start = utf8.index(after: index)
      }
      index = utf8.index(after: index)
    }
    cut(utf8.endIndex)
    return lines
  }

  /// The first character other than white space of a UTF-16 or UTF-32 document, told by its
  /// BOM or by the zero bytes of its first character (XML's own rule); nil for any other
  /// bytes. Only TTML is told this way: text formats in UTF-16/32 are decoded later.
  static func wideLead(_ head: ArraySlice<UInt8>) -> UInt32? {
    let bytes = Array(head.prefix(1024))
    guard bytes.count >= 4 else { return nil }
    let (size, bigEndian, skip): (Int, Bool, Int)
    switch (bytes[0], bytes[1], bytes[2], bytes[3]) {
    case (0x00, 0x00, 0xFE, 0xFF): (size, bigEndian, skip) = (4, true, 4)
    case (0xFF, 0xFE, 0x00, 0x00): (size, bigEndian, skip) = (4, false, 4)
    case (0xFE, 0xFF, _, _): (size, bigEndian, skip) = (2, true, 2)
    case (0xFF, 0xFE, _, _): (size, bigEndian, skip) = (2, false, 2)
    case (0x00, 0x00, 0x00, let last) where last != 0: (size, bigEndian, skip) = (4, true, 0)
    case (let first, 0x00, 0x00, 0x00) where first != 0: (size, bigEndian, skip) = (4, false, 0)
    case (0x00, let second, 0x00, let fourth) where second != 0 && fourth != 0:
      (size, bigEndian, skip) = (2, true, 0)
    case (let first, 0x00, let third, 0x00) where first != 0 && third != 0:
      (size, bigEndian, skip) = (2, false, 0)
    default: return nil
    }
    for start in stride(from: skip, to: bytes.count - size + 1, by: size) {
      let unit = bytes[start..<start + size].map(UInt32.init)
      let value = (bigEndian ? unit : unit.reversed()).reduce(0) { $0 << 8 | $1 }
      if value != 0x20, value != 0x09, value != 0x0A, value != 0x0D { return value }
    }
    return nil
  }

  /// The text format the lines speak, by majority: each line votes for the formats its shape
  /// belongs to, so one stray line (an LRC lyric that ends by quoting a stamp) cannot switch a
  /// whole file. Only marks no other format has decide alone (YRC's JSON credits, KRC's base64
  /// translations, LRCX's `[tt]`). LRC when nothing sets the lines apart.
  static func textFormat(_ lines: [Substring]) -> LyricsFormat {
    var votes = LineShapeVotes()
    for raw in lines {
      let line = raw.drop { $0 == " " || $0 == "\t" }
      // YRC's JSON credit lines; any other `{` line (untagged LRC text) says nothing.
      if line.hasPrefix("{\"t\":") || line.hasPrefix("{\"c\":") { return .yrc }
      // KRC's translations tag, base64 that can be longer than the whole window (an LRC
      // `[language:en]` is not it).
      if line.hasPrefix("[language:"),
        line.dropFirst(10).prefix(64).allSatisfy({
          $0.isASCII && ($0.isLetter || $0.isNumber || "+/=".contains($0))
        }),
        line.count >= 40
      {
        return .krc
      }
      if let rest = durationStampRest(line) {
        if rest.contains(where: { $0 == "<" }), containsGroup(rest, open: "<", close: ">", count: 3)
        {
          votes.krc += 1
        } else if containsGroup(rest, open: "(", close: ")", count: 3) {
          votes.yrc += 1
        } else if containsGroup(rest, open: "(", close: ")", count: 2) {
          votes.qrc += 1
        } else {
          votes.durationOnly += 1
          if endsAfterStart(line) { votes.endAfterStart += 1 }
        }
        continue
      }
      if isLyricifySyllable(line) {
        votes.lys += 1
        continue
      }
      guard line.hasPrefix("["), let stamp = lrcStampEnd(line) else { continue }
      let rest = line[stamp...]
      if rest.hasPrefix("[tt]") || rest.hasPrefix("[tr:") || rest.hasPrefix("[fu]") {
        return .lrcx
      }
      votes.count(lrcLineRest: rest)
    }
    return votes.winner
  }

  /// What follows a leading `[digits,digits]`.
  static func durationStampRest(_ line: Substring) -> Substring? {
    guard line.hasPrefix("["), let close = line.firstIndex(of: "]") else { return nil }
    let inside = line[line.index(after: line.startIndex)..<close]
    let parts = inside.split(separator: ",", omittingEmptySubsequences: false)
    guard parts.count == 2,
      parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) })
    else { return nil }
    return line[line.index(after: close)...]
  }

  /// The index after a leading `[m:ss…]` stamp.
  static func lrcStampEnd(_ line: Substring) -> Substring.Index? {
    guard line.hasPrefix("["), let close = line.firstIndex(of: "]") else { return nil }
    let inside = line[line.index(after: line.startIndex)..<close]
    guard inside.contains(":"), let first = inside.first, first.isNumber,
      inside.allSatisfy({ $0.isNumber || $0 == ":" || $0 == "." })
    else { return nil }
    return line.index(after: close)
  }

  static func containsGroup(_ text: Substring, open: Character, close: Character, count: Int)
    -> Bool
  {
    var rest = text[...]
    while let start = rest.firstIndex(of: open) {
      let after = rest[rest.index(after: start)...]
      if let end = after.firstIndex(of: close) {
        let parts = after[..<end].split(separator: ",", omittingEmptySubsequences: false)
        if parts.count == count,
          parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } })
        {
          return true
        }
      }
      rest = after
    }
    return false
  }
}
