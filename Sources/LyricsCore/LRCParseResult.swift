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
}
