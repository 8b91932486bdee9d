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

  /// Puts first a warning that `decoded` had bytes replaced by U+FFFD, if it had any: said once,
  /// before the lines, by every reader that decodes text.
  public mutating func noteReplacedBytes(of decoded: DecodedText) {
    guard decoded.replacedBytes > 0 else { return }
    diagnostics.insert(
      LRCDiagnostic(
        line: 0, severity: .warning,
        message:
          "\(decoded.replacedBytes) byte(s) invalid in \(decoded.encoding) replaced by U+FFFD"),
      at: 0)
  }
}
