/// What lenient parsing returns: the document and everything noticed on the way.
public struct LRCParseResult: Equatable, Sendable {
  public var lyrics: Lyrics
  /// In line order.
  public var diagnostics: [LRCDiagnostic]

  public init(lyrics: Lyrics, diagnostics: [LRCDiagnostic]) {
    self.lyrics = lyrics
    self.diagnostics = diagnostics
  }

  public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

  /// Puts first what decoding `decoded` noticed, said once before the lines by every reader
  /// that decodes text: that its encoding was guessed (named, so a wrong guess can be put right
  /// with `--encoding`), and that bytes were replaced by U+FFFD.
  public mutating func noteDecoding(of decoded: DecodedText) {
    var notes: [LRCDiagnostic] = []
    if decoded.guessed {
      notes.append(
        LRCDiagnostic(
          line: 0, severity: .warning,
          message:
            "not UTF-8 or UTF-16: read as \(decoded.encoding), a guess from the text"
            + " (--encoding names another)"))
    }
    if decoded.replacedBytes > 0 {
      notes.append(
        LRCDiagnostic(
          line: 0, severity: .warning,
          message:
            "\(decoded.replacedBytes) byte(s) invalid in \(decoded.encoding) replaced by U+FFFD"))
    }
    diagnostics.insert(contentsOf: notes, at: 0)
  }
}
