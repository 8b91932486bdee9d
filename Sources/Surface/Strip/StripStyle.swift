/// The strip's colours and timings.
enum StripStyle {
  static let sungText = RGBA(255, 206, 84)
  static let unsungText = RGBA(236, 238, 244)
  static let subText = RGBA(168, 174, 192)
  static let shadow = RGBA(0, 0, 0, 190)
  static let background = RGBA(18, 19, 24)
  static let buttonFill = RGBA(255, 255, 255, 40)
  static let buttonIcon = RGBA(236, 238, 244)
  /// The unlock handle of a locked strip: faint, but there on any background.
  static let handleFill = RGBA(255, 255, 255, 28)
  static let handleIcon = RGBA(236, 238, 244, 110)
  /// Lines cross-fade over this long.
  static let fadeNanos: Int64 = 180_000_000
  /// An offset change stays on the strip this long.
  static let noticeNanos: Int64 = 1_500_000_000
}
