import Session

/// Where the strip goes and how big it is: pure arithmetic, tested without a display.
public struct StripGeometry: Equatable, Sendable {
  /// Width over height of the placeholder picture.
  public var aspect: Double
  /// How much larger than at 96 dpi (`DisplayScale`): the default and smallest widths grow with
  /// it, and with them the text, which follows the strip's height.
  public var scale: Double

  public static let minimumDefaultWidth = 480
  public static let maximumDefaultWidth = 1600
  /// The smallest width a resize may leave, at scale 1.
  public static let minimumWidth = 320

  public init(aspect: Double, scale: Double = 1) {
    self.aspect = aspect
    self.scale = scale
  }

  /// The smallest width a resize may leave at this scale.
  public var smallestWidth: Int { scaled(Self.minimumWidth) }

  public func height(forWidth width: Int) -> Int { max(1, Int((Double(width) / aspect).rounded())) }

  /// Half the display's width (480…1600 px times the scale, never wider than the display), at
  /// the bottom centre of the display's usable area, a small margin above its bottom edge.
  public func defaultFrame(displayX: Int, displayY: Int, displayWidth: Int, displayHeight: Int)
    -> (x: Int, y: Int, width: Int, height: Int)
  {
    let width = min(
      displayWidth,
      max(scaled(Self.minimumDefaultWidth), min(scaled(Self.maximumDefaultWidth), displayWidth / 2))
    )
    return bottomCentre(
      width: width, displayX: displayX, displayY: displayY, displayWidth: displayWidth,
      displayHeight: displayHeight)
  }

  /// The default frame on `monitor`.
  public func defaultFrame(on monitor: ScreenMonitor) -> WindowGeometry {
    let frame = defaultFrame(
      displayX: monitor.x, displayY: monitor.y, displayWidth: monitor.width,
      displayHeight: monitor.height)
    return WindowGeometry(x: frame.x, y: frame.y, width: frame.width, height: frame.height)
  }

  /// A strip `width` wide (kept, unless wider than the monitor) at the bottom centre of
  /// `monitor`: where a strip whose monitor went is put.
  public func moved(width: Int, onto monitor: ScreenMonitor) -> WindowGeometry {
    let frame = bottomCentre(
      width: min(monitor.width, max(smallestWidth, width)), displayX: monitor.x,
      displayY: monitor.y, displayWidth: monitor.width, displayHeight: monitor.height)
    return WindowGeometry(x: frame.x, y: frame.y, width: frame.width, height: frame.height)
  }

  /// The size after the user resized to `width`×`height`: the aspect is kept, following the
  /// side that changed most, and never below the smallest width.
  public func constrained(width: Int, height: Int, previousWidth: Int, previousHeight: Int)
    -> (width: Int, height: Int)
  {
    let widthChange = abs(width - previousWidth) * 1000 / max(1, previousWidth)
    let heightChange = abs(height - previousHeight) * 1000 / max(1, previousHeight)
    var newWidth =
      heightChange > widthChange ? Int((Double(height) * aspect).rounded()) : width
    newWidth = max(smallestWidth, newWidth)
    return (newWidth, self.height(forWidth: newWidth))
  }

  private func scaled(_ pixels: Int) -> Int { Int((Double(pixels) * scale).rounded()) }

  private func bottomCentre(
    width: Int, displayX: Int, displayY: Int, displayWidth: Int, displayHeight: Int
  ) -> (x: Int, y: Int, width: Int, height: Int) {
    let height = self.height(forWidth: width)
    let margin = displayHeight / 20
    return (
      displayX + (displayWidth - width) / 2, displayY + max(0, displayHeight - height - margin),
      width, height
    )
  }
}
