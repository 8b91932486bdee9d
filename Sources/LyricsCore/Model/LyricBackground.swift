/// The background vocals of a line (TTML `ttm:role="x-bg"`, A2 `[bg: …]`): sung over the main
/// line, usually in parentheses, with their own times. A value of its own, not a second line,
/// so the line and its background stay together when lines are sorted or converted.
public struct LyricBackground: Equatable, Sendable {
  /// Effective start in milliseconds.
  public var ms: Int
  public var endMs: Int?
  public var text: String
  /// Timed words; empty when only the whole part is timed. The words joined are `text`.
  public var words: [LyricWord]

  public init(ms: Int, endMs: Int? = nil, text: String, words: [LyricWord] = []) {
    self.ms = ms
    self.endMs = endMs
    self.text = text
    self.words = words
  }
}
