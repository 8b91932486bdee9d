/// What the strip draws behind the letters: the placeholder picture (a box), or nothing, so the
/// desktop shows between the letters. The placeholder decides the strip's aspect either way.
public enum StripBackground: String, Equatable, Sendable, CaseIterable {
  case placeholder
  case none
}

/// The colours of the strip's letters, their outline and their shadow: one of the built-in looks
/// with the user's own keys over it.
public struct StripLook: Equatable, Sendable {
  /// The built-in looks. `classic` is the strip as it always was: light letters, a golden fill,
  /// a soft drop shadow. `karaoke` is the look of a KTV screen and of the desktop lyrics of the
  /// Chinese players: white letters in a dark outline, filled in blue as they are sung.
  public enum Name: String, Equatable, Sendable, CaseIterable {
    case classic
    case karaoke
  }

  /// The letters not yet sung (and the title before the first line).
  public var textColour: RGBA
  /// The sung part of the line (the karaoke fill).
  public var fillColour: RGBA
  public var outlineColour: RGBA
  /// The outline's width in pixels for the current line at its usual size (64 px on a strip
  /// 200 px high); it scales with the text. 0: no outline.
  public var outlineWidth: Int
  public var shadow: Bool

  public init(
    textColour: RGBA, fillColour: RGBA, outlineColour: RGBA, outlineWidth: Int, shadow: Bool
  ) {
    self.textColour = textColour
    self.fillColour = fillColour
    self.outlineColour = outlineColour
    self.outlineWidth = outlineWidth
    self.shadow = shadow
  }

  /// The widest outline a setting may ask for.
  public static let maximumOutlineWidth = 8

  public static func named(_ name: Name) -> StripLook {
    switch name {
    case .classic:
      StripLook(
        textColour: RGBA(236, 238, 244), fillColour: RGBA(255, 206, 84),
        outlineColour: RGBA(0, 0, 0), outlineWidth: 0, shadow: true)
    case .karaoke:
      StripLook(
        textColour: RGBA(255, 255, 255), fillColour: RGBA(40, 150, 255),
        outlineColour: RGBA(10, 20, 60), outlineWidth: 3, shadow: false)
    }
  }

  /// The keys a user set over a built-in look; nil keeps the look's own.
  public struct Changes: Equatable, Sendable {
    public var textColour: RGBA?
    public var fillColour: RGBA?
    public var outlineColour: RGBA?
    public var outlineWidth: Int?
    public var shadow: Bool?

    public init() {}
  }

  /// This look with `changes` over it.
  public func changed(by changes: Changes) -> StripLook {
    StripLook(
      textColour: changes.textColour ?? textColour, fillColour: changes.fillColour ?? fillColour,
      outlineColour: changes.outlineColour ?? outlineColour,
      outlineWidth: changes.outlineWidth ?? outlineWidth, shadow: changes.shadow ?? shadow)
  }

  /// The outline's width for text of `pixelSize`.
  func outlineRadius(pixelSize: Int32) -> Int32 {
    guard outlineWidth > 0 else { return 0 }
    return max(1, Int32((Double(outlineWidth) * Double(pixelSize) / 64).rounded()))
  }
}

extension RGBA {
  /// A colour written `#RRGGBB` or `#RRGGBBAA` (the `#` may be left out); nil for anything else.
  public init?(hex text: String) {
    let digits = text.hasPrefix("#") ? text.dropFirst() : Substring(text)
    guard digits.count == 6 || digits.count == 8, let value = UInt32(digits, radix: 16) else {
      return nil
    }
    let full = digits.count == 6 ? value << 8 | 0xFF : value
    self.init(
      UInt8(truncatingIfNeeded: full >> 24), UInt8(truncatingIfNeeded: full >> 16),
      UInt8(truncatingIfNeeded: full >> 8), UInt8(truncatingIfNeeded: full))
  }
}
