/// How the lines of a text file in one encoding lie in its bytes, so a single line can be read
/// or replaced without decoding and re-encoding the rest (which could change bytes the user
/// never touched). A line feed is one code unit of the encoding; in UTF-8, GB18030, Big5,
/// Shift_JIS, EUC-JP, EUC-KR and windows-1252 the byte 0x0A is never part of another character
/// (their second bytes are 0x30 or above), so splitting there is safe.
struct EncodedLines {
  /// One line: the range of its text, and the range of its line end (CR LF, LF, or empty at the
  /// end of the file), both in code-unit-aligned byte offsets.
  struct Line {
    var content: Range<Int>
    var end: Range<Int>
  }

  /// Bytes per code unit: 1, 2 (UTF-16) or 4 (UTF-32).
  let unit: Int
  let bigEndian: Bool
  /// Bytes of the byte order mark at the start, which belong to no line.
  let bomLength: Int
  /// One converter each way, made once: a file's lines are read one at a time.
  private let decoder: any TextConverter
  private let encoder: any TextConverter

  /// The lines of `file` in `encoding`; nil for an encoding whose lines cannot be found in the
  /// bytes (one named by the user) or that the transcoder does not know.
  init?(encoding: TextEncoding, file: [UInt8], transcoder: any TextTranscoder) {
    guard let codeUnit = encoding.codeUnit,
      let decoder = try? transcoder.converter(from: encoding.transcoderName, to: "UTF-8"),
      let encoder = try? transcoder.converter(from: "UTF-8", to: encoding.transcoderName)
    else { return nil }
    (unit, bigEndian) = codeUnit
    self.decoder = decoder
    self.encoder = encoder
    bomLength = ByteOrderMark.detect(file)?.length ?? 0
  }

  /// The value of the code unit at `offset`.
  private func codeUnit(_ bytes: [UInt8], at offset: Int) -> UInt32 {
    var value: UInt32 = 0
    for index in 0..<unit {
      let byte = UInt32(bytes[bigEndian ? offset + index : offset + unit - 1 - index])
      value = value << 8 | byte
    }
    return value
  }

  func lines(of bytes: [UInt8]) -> [Line] {
    var lines: [Line] = []
    var start = bomLength
    var offset = bomLength
    // A trailing partial code unit belongs to the last line's text.
    let whole = bomLength + (bytes.count - bomLength) / unit * unit
    while offset < whole {
      if codeUnit(bytes, at: offset) == 0x0A {
        var contentEnd = offset
        if contentEnd - unit >= start, codeUnit(bytes, at: contentEnd - unit) == 0x0D {
          contentEnd -= unit
        }
        lines.append(Line(content: start..<contentEnd, end: contentEnd..<offset + unit))
        start = offset + unit
      }
      offset += unit
    }
    if start < bytes.count {
      lines.append(Line(content: start..<bytes.count, end: bytes.count..<bytes.count))
    }
    return lines
  }

  /// The text of `range`, nil when it is not valid in the encoding.
  func decode(_ range: Range<Int>, of bytes: [UInt8]) -> String? {
    (try? decoder.convert(Array(bytes[range]), lenient: false)).map {
      String(decoding: $0.bytes, as: UTF8.self)
    }
  }

  /// `text` in the encoding, nil when it has characters the encoding cannot hold.
  func encode(_ text: String) -> [UInt8]? {
    (try? encoder.convert(Array(text.utf8), lenient: false))?.bytes
  }
}
