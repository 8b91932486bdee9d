/// How the floating strip looks and what it offers.
public struct StripSettings: Equatable, Sendable {
  /// Which controls appear on the strip when the pointer is over it.
  public enum Controls: String, Equatable, Sendable, CaseIterable {
    /// None: nothing over the lyrics (the default).
    case hidden
    /// Restore and close, on hover.
    case minimal
    /// Restore, close, play/pause and ±15 s skip (skip hidden when playback must stay linear).
    case full
  }

  public var controls: Controls
  /// 0…1; applied where the window system allows (a compositing manager).
  public var opacity: Double
  /// A fontconfig family name; nil: the default sans-serif. A family that is not installed gives
  /// a warning and the fallback.
  public var fontFamily: String?
  /// The current line's pixel size for a strip 200 px high; it scales with the strip. Nil: auto.
  public var fontSize: Int?
  /// The picture the strip takes its aspect from and draws as its background.
  public var placeholderPath: String
  /// What goes under the current line: the next line, the translation or the romanisation
  /// (each falling back to the next line).
  public var secondLine: SecondLine
  /// The most frames a second while a fill or fade moves (no frames when nothing moves).
  public var maxFramesPerSecond: Int
  /// The placeholder picture behind the letters, or nothing (only the letters on the desktop).
  public var background: StripBackground = .placeholder
  /// The built-in look the colours start from, and the user's own colours over it.
  public var lookName: StripLook.Name = .classic
  public var lookChanges = StripLook.Changes()

  /// The colours the strip draws with: the built-in look with the user's keys over it.
  public var look: StripLook { StripLook.named(lookName).changed(by: lookChanges) }

  public init(
    controls: Controls = .hidden, opacity: Double = 1, fontFamily: String? = nil,
    fontSize: Int? = nil, placeholderPath: String = Assets.placeholderPath(),
    maxFramesPerSecond: Int = 30, secondLine: SecondLine = .translation
  ) {
    self.secondLine = secondLine
    self.controls = controls
    self.opacity = opacity
    self.fontFamily = fontFamily
    self.fontSize = fontSize
    self.placeholderPath = placeholderPath
    self.maxFramesPerSecond = maxFramesPerSecond
  }
}
