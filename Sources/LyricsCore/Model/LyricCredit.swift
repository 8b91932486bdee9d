/// One credit of a song ("作词: Brent Kutzle", a songwriter's name), kept as metadata rather
/// than as a lyric line.
public struct LyricCredit: Equatable, Sendable {
  /// When the file places it (NetEase's credit lines carry a time); nil when it has none.
  public var ms: Int?
  public var text: String

  public init(ms: Int? = nil, text: String) {
    self.ms = ms
    self.text = text
  }
}
