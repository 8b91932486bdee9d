/// A rectangle of pixels (or of logical points, where a caller says so): where a frame changed,
/// what a buffer still lacks, where the strip takes clicks. Half-open: `x ..< x + width`.
public struct BufferRect: Equatable, Sendable {
  public var x: Int
  public var y: Int
  public var width: Int
  public var height: Int

  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// The whole of a `width` × `height` area.
  public static func whole(width: Int, height: Int) -> BufferRect {
    BufferRect(x: 0, y: 0, width: width, height: height)
  }

  public var isEmpty: Bool { width <= 0 || height <= 0 }

  /// The smallest rectangle holding both; an empty one adds nothing. A bounding box, not a
  /// region: copying a few unchanged pixels more costs less than keeping a list of rectangles.
  public func union(_ other: BufferRect) -> BufferRect {
    if other.isEmpty { return self }
    if isEmpty { return other }
    let left = min(x, other.x)
    let top = min(y, other.y)
    let right = max(x + width, other.x + other.width)
    let bottom = max(y + height, other.y + other.height)
    return BufferRect(x: left, y: top, width: right - left, height: bottom - top)
  }

  /// The part inside `other`; empty (zero size) when they do not meet.
  public func intersection(_ other: BufferRect) -> BufferRect {
    let left = max(x, other.x)
    let top = max(y, other.y)
    let right = min(x + width, other.x + other.width)
    let bottom = min(y + height, other.y + other.height)
    guard right > left, bottom > top else {
      return BufferRect(x: left, y: top, width: 0, height: 0)
    }
    return BufferRect(x: left, y: top, width: right - left, height: bottom - top)
  }

  /// Every coordinate times `factor`: a logical rectangle in the pixels of a scaled buffer.
  public func scaled(by factor: Int) -> BufferRect {
    BufferRect(x: x * factor, y: y * factor, width: width * factor, height: height * factor)
  }
}

extension Optional where Wrapped == BufferRect {
  /// `self ∪ rect`, where nil is nothing yet.
  func union(_ rect: BufferRect) -> BufferRect {
    self.map { $0.union(rect) } ?? rect
  }
}
