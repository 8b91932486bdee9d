/// A colour with alpha, 0…255 each.
public struct RGBA: Equatable, Sendable {
  public var red: UInt8
  public var green: UInt8
  public var blue: UInt8
  public var alpha: UInt8

  public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8, _ alpha: UInt8 = 255) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// The same colour with its alpha scaled by `factor` (0…1).
  func faded(_ factor: Double) -> RGBA {
    let scaled = (Double(alpha) * min(1, max(0, factor))).rounded()
    return RGBA(red, green, blue, UInt8(scaled))
  }
}
