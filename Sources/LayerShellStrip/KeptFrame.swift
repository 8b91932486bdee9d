import Surface
import WaylandStrip

/// A copy of the newest frame the strip presented, brought up to date by each frame's damage,
/// so that a frame the layer surface cannot take yet (its frame callback not come, both buffers
/// held) is already kept when `present` returns (the frame's pixels are the strip's only
/// during the call). A fill frame copies its band; only a whole frame, or the first one at a
/// new size, copies all of it. Copying the whole frame at each deferral instead cost a whole
/// strip's worth of bytes for a fill that moved a few columns.
struct KeptFrame {
  /// The frame's pixels, 4 bytes each, `width * 4` bytes a row.
  private(set) var pixels: [UInt8] = []
  private(set) var width = 0
  private(set) var height = 0
  /// Whether `pixels` hold a whole frame (false until one came at this size).
  private var complete = false

  /// Brings the copy up to `frame`, which differs from the frame before only inside its
  /// damage; returns the bytes copied.
  @discardableResult
  mutating func update(from frame: StripCanvasFrame) -> Int {
    let rowBytes = frame.width * 4
    if frame.width != width || frame.height != height {
      width = frame.width
      height = frame.height
      pixels = [UInt8](repeating: 0, count: rowBytes * frame.height)
      complete = false
    }
    let whole = BufferRect.whole(width: width, height: height)
    let damage = BufferRect(
      x: frame.damage.x, y: frame.damage.y, width: frame.damage.width,
      height: frame.damage.height
    ).intersection(whole)
    let copy = complete ? damage : whole
    complete = true
    guard !copy.isEmpty else { return 0 }
    pixels.withUnsafeMutableBytes { out in
      guard let base = out.baseAddress else { return }
      let column = copy.x * 4
      for row in copy.y..<(copy.y + copy.height) {
        (base + row * rowBytes + column).copyMemory(
          from: frame.pixels + row * frame.stride + column, byteCount: copy.width * 4)
      }
    }
    return copy.width * copy.height * 4
  }

  /// Lets the pixels go (the strip hidden); the next frame is copied whole.
  mutating func release() { self = KeptFrame() }
}
