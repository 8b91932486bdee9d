/// The main window's colours.
enum MainStyle {
  static let background = RGBA(24, 25, 31)
  static let title = RGBA(240, 241, 246)
  static let artist = RGBA(160, 166, 184)
  static let line = RGBA(150, 155, 172)
  static let currentLine = RGBA(255, 206, 84)
  /// A line's romanisation and translation.
  static let annotation = RGBA(118, 123, 140)
  static let currentBand = RGBA(255, 255, 255, 18)
  static let barTrack = RGBA(70, 73, 86)
  static let barDone = RGBA(255, 206, 84)
  static let volume = RGBA(150, 190, 255)
  static let time = RGBA(170, 175, 192)
  static let button = RGBA(50, 52, 64)
  static let icon = RGBA(236, 238, 244)
}
