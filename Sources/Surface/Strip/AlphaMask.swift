/// The alpha of rendered text as a plain grid of bytes, for what SDL's blits cannot do: grow the
/// letters into an outline, and make the window shape of a text-only strip from them.
struct AlphaMask: Equatable {
  let width: Int
  let height: Int
  /// Row after row, `width` bytes each.
  private(set) var alpha: [UInt8]

  init(width: Int, height: Int, alpha: [UInt8]) {
    precondition(alpha.count == width * height, "an alpha grid of the wrong size")
    self.width = width
    self.height = height
    self.alpha = alpha
  }

  /// A transparent grid.
  init(width: Int, height: Int) {
    self.init(
      width: max(0, width), height: max(0, height),
      alpha: [UInt8](repeating: 0, count: max(0, width) * max(0, height)))
  }

  subscript(x: Int, y: Int) -> UInt8 { alpha[y * width + x] }

  /// The letters grown by `radius` on every side (a round pen): the grid is `radius` larger on
  /// each side, and each pixel is the strongest alpha within `radius` of it, so the outline keeps
  /// the letters' soft edges.
  func dilated(radius: Int) -> AlphaMask {
    guard radius > 0 else { return self }
    let grownWidth = width + 2 * radius
    let grownHeight = height + 2 * radius
    var padded = AlphaMask(width: grownWidth, height: grownHeight)
    padded.merge(self, x: radius, y: radius)
    // Row maxima over half-widths 0…radius, each from the one before.
    var rows = [padded.alpha]
    for _ in 0..<radius {
      let last = rows[rows.count - 1]
      var next = last
      for y in 0..<grownHeight {
        let start = y * grownWidth
        for x in 0..<grownWidth {
          var value = last[start + x]
          if x > 0 { value = max(value, last[start + x - 1]) }
          if x + 1 < grownWidth { value = max(value, last[start + x + 1]) }
          next[start + x] = value
        }
      }
      rows.append(next)
    }
    // Each row of the disc takes the row maxima of its half-width.
    var out = [UInt8](repeating: 0, count: grownWidth * grownHeight)
    let reach = (Double(radius) + 0.5) * (Double(radius) + 0.5)
    for dy in -radius...radius {
      let half = min(radius, Int((reach - Double(dy * dy)).squareRoot()))
      let source = rows[half]
      for y in max(0, -dy)..<min(grownHeight, grownHeight - dy) {
        let from = (y + dy) * grownWidth
        let to = y * grownWidth
        for x in 0..<grownWidth where source[from + x] > out[to + x] {
          out[to + x] = source[from + x]
        }
      }
    }
    return AlphaMask(width: grownWidth, height: grownHeight, alpha: out)
  }

  /// Puts `other` over this grid with its top-left at x, y, keeping the stronger alpha of the
  /// two; what falls outside `clip` (and outside the grid) is left out.
  mutating func merge(_ other: AlphaMask, x: Int, y: Int, clip: PixelRect? = nil) {
    var left = max(0, x)
    var top = max(0, y)
    var right = min(width, x + other.width)
    var bottom = min(height, y + other.height)
    if let clip {
      left = max(left, Int(clip.x))
      top = max(top, Int(clip.y))
      right = min(right, Int(clip.x + clip.w))
      bottom = min(bottom, Int(clip.y + clip.h))
    }
    guard left < right, top < bottom else { return }
    for row in top..<bottom {
      let from = (row - y) * other.width - x
      let to = row * width
      for column in left..<right where other.alpha[from + column] > alpha[to + column] {
        alpha[to + column] = other.alpha[from + column]
      }
    }
  }

  /// Makes `rect` fully opaque (clipped to the grid).
  mutating func fill(_ rect: PixelRect) {
    let left = max(0, Int(rect.x))
    let right = min(width, Int(rect.x + rect.w))
    guard left < right else { return }
    for row in max(0, Int(rect.y))..<min(height, Int(rect.y + rect.h)) {
      for column in left..<right { alpha[row * width + column] = 255 }
    }
  }

  /// The grid as an X bitmap (XYBitmap data, as XCreateBitmapFromData reads it): each row padded
  /// to whole bytes, the first pixel in the lowest bit, a bit set where alpha is at least
  /// `threshold`.
  func bitmap(threshold: UInt8) -> [UInt8] {
    let rowBytes = (width + 7) / 8
    var bits = [UInt8](repeating: 0, count: rowBytes * height)
    for y in 0..<height {
      for x in 0..<width where alpha[y * width + x] >= threshold {
        bits[y * rowBytes + x / 8] |= UInt8(1 << (x % 8))
      }
    }
    return bits
  }
}
