/// One monitor of the desktop: its name (the RandR output or monitor name, such as `HDMI-1`) and
/// where it is on the screen, in pixels. Kept in the saved state with the strip's place, so the
/// strip goes back to the monitor it was on, and only while that monitor is there.
public struct ScreenMonitor: Codable, Equatable, Sendable {
  public var name: String
  public var x: Int
  public var y: Int
  public var width: Int
  public var height: Int

  public init(name: String, x: Int, y: Int, width: Int, height: Int) {
    self.name = name
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// Whether the point is on this monitor (its right and bottom edges belong to the next one).
  public func contains(x px: Int, y py: Int) -> Bool {
    px >= x && px < x + width && py >= y && py < y + height
  }

  /// The same monitor among `present`: by name, else (a monitor renamed by a new driver) by the
  /// same place and size.
  public func found(in present: [ScreenMonitor]) -> ScreenMonitor? {
    present.first { $0.name == name }
      ?? present.first { ($0.x, $0.y, $0.width, $0.height) == (x, y, width, height) }
  }
}
