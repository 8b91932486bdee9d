/// Where the strip goes and how big it is: pure arithmetic, tested without a display.
public struct StripGeometry: Equatable, Sendable {
  /// Width over height of the placeholder picture.
  public var aspect: Double

  public static let minimumDefaultWidth = 480
  public static let maximumDefaultWidth = 1600
  /// The smallest width a resize may leave.
  public static let minimumWidth = 320

  public init(aspect: Double) { self.aspect = aspect }

  public func height(forWidth width: Int) -> Int { max(1, Int((Double(width) / aspect).rounded())) }

  /// Half the display's width (480…1600 px, never wider than the display), at the bottom centre
  /// of the display's usable area, a small margin above its bottom edge.
  public func defaultFrame(displayX: Int, displayY: Int, displayWidth: Int, displayHeight: Int)
    -> (x: Int, y: Int, width: Int, height: Int)
  {
    let width = min(
      displayWidth, max(Self.minimumDefaultWidth, min(Self.maximumDefaultWidth, displayWidth / 2)))
    let height = self.height(forWidth: width)
    let margin = displayHeight / 20
    return (
      displayX + (displayWidth - width) / 2, displayY + max(0, displayHeight - height - margin),
      width, height
    )
  }

  /// The size after the user resized to `width`×`height`: the aspect is kept, following the
  /// side that changed most, and never below the minimum.
  public func constrained(width: Int, height: Int, previousWidth: Int, previousHeight: Int)
    -> (width: Int, height: Int)
  {
    let widthChange = abs(width - previousWidth) * 1000 / max(1, previousWidth)
    let heightChange = abs(height - previousHeight) * 1000 / max(1, previousHeight)
    var newWidth =
      heightChange > widthChange ? Int((Double(height) * aspect).rounded()) : width
    newWidth = max(Self.minimumWidth, newWidth)
    return (newWidth, self.height(forWidth: newWidth))
  }
}
