extension TextDecoder {
  /// The encodings lyrics files come in besides UTF, in the order that breaks a tie: Chinese
  /// first (the most files by far), windows-1252 last (the Western fallback; it decodes almost
  /// any byte, so it must win on its text, not by default).
  static let legacyCandidates: [TextEncoding] = [
    .gb18030, .big5, .shiftJIS, .eucJP, .eucKR, .windows1252,
  ]

  /// How much of a file the candidates decode and the scorer reads: a lyrics file is a few
  /// KiB, and 64 KiB of a larger one tells its encoding as well as the whole would.
  static let sampleLength = 64 * 1024

  /// The encoding of a file that is neither marked by a BOM nor valid UTF-8 without NULs: each
  /// candidate decodes a sample (leniently: a byte it cannot read becomes U+FFFD, which the
  /// scorer counts against it), and the text that reads best wins; the whole file is then
  /// decoded with it. UTF-8 stays a candidate, so a UTF-8 file with a stray bad byte is still
  /// read as UTF-8. A winner that is not UTF is marked `guessed`.
  package static func guess(
    _ bytes: [UInt8], nul: (even: Int, odd: Int), transcoder: any TextTranscoder
  ) -> DecodedText {
    let samples = Samples(bytes, length: sampleLength)
    let candidates =
      [.utf8] + wideCandidates(pairs: bytes.count / 2, nul: nul) + legacyCandidates
    var best: (encoding: TextEncoding, text: DecodedText, score: Int)?
    for encoding in candidates {
      let sample = encoding.codeUnit?.size == 1 ? samples.lines : samples.units
      guard let text = try? convert(sample, from: encoding, lenient: true, transcoder: transcoder)
      else { continue }  // a transcoder without this encoding
      let japanese = encoding.isUnicode || encoding == .shiftJIS || encoding == .eucJP
      var score = EncodingScorer.score(text.utf8, kanaIsNative: japanese)
      if encoding == .utf8 { score += EncodingScorer.utf8Evidence(text.utf8) }
      if score > best?.score ?? Int.min { best = (encoding, text, score) }
    }
    guard let best else {
      return DecodedText(
        encoding: .utf8, utf8: withoutNUL(Array(String(decoding: bytes, as: UTF8.self).utf8)))
    }
    var decoded = best.text
    if !samples.isWhole(for: best.encoding),
      let whole = try? convert(bytes, from: best.encoding, lenient: true, transcoder: transcoder)
    {
      decoded = whole
    }
    decoded.guessed = !best.encoding.isUnicode
    return decoded
  }

  /// The start of a file, cut where every candidate can read it whole.
  struct Samples {
    /// Up to the last line feed within the length (one-byte code units: a line feed is never
    /// inside a character).
    var lines: [UInt8]
    /// A whole number of UTF-32 code units (so of UTF-16 ones too).
    var units: [UInt8]
    let count: Int

    init(_ bytes: [UInt8], length: Int) {
      count = bytes.count
      guard bytes.count > length else {
        lines = bytes
        units = bytes
        return
      }
      let head = bytes[..<length]
      let lineEnd = head.lastIndex(of: 0x0A).map { $0 + 1 } ?? length
      lines = Array(bytes[..<lineEnd])
      units = Array(bytes[..<(length / 4 * 4)])
    }

    func isWhole(for encoding: TextEncoding) -> Bool {
      (encoding.codeUnit?.size == 1 ? lines : units).count == count
    }
  }
}
