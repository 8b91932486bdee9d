/// A cover decoded for the main window: BGRA pixels (SDL's ARGB8888 on a little-endian machine),
/// row after row with no padding. Made on a thread of its own (`decode`), handed to the window
/// loop through the mailbox, turned into a texture there once.
public struct CoverImage: Equatable, Sendable {
  public var width: Int
  public var height: Int
  public var bgra: [UInt8]

  public init(width: Int, height: Int, bgra: [UInt8]) {
    self.width = width
    self.height = height
    self.bgra = bgra
  }

  /// The sides a cover is decoded to at most: twice the main window's largest cover (160
  /// pixels), for a high-DPI screen. The pixels stay in memory twice while a track plays (the
  /// model's copy and the texture): 0.4 MB each at this size, where a 3000-pixel scan would
  /// take 36 MB.
  public static let largestSide = 320

  /// Decodes a JPEG or PNG file's bytes (which one, the content says), then shrinks it so that
  /// no side is longer than `largestSide`. Any thread; it takes a few milliseconds.
  public static func decode(_ bytes: [UInt8]) throws(SDLError) -> CoverImage {
    let image: CoverImage
    if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
      image = try JPEG.decode(bytes, atLeast: largestSide)
    } else if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
      image = try PNG.decode(bytes)
    } else {
      throw SDLError(operation: "decode cover", message: "neither a JPEG nor a PNG picture")
    }
    return image.shrunk(toAtMost: largestSide)
  }

  /// Each side divided by the same whole factor, every new pixel the mean of the block it
  /// covers, so that no side exceeds `side` (the window scales the rest when it draws).
  func shrunk(toAtMost side: Int) -> CoverImage {
    let factor = (max(width, height) + side - 1) / side
    guard factor > 1 else { return self }
    let newWidth = max(1, width / factor)
    let newHeight = max(1, height / factor)
    var result = [UInt8](repeating: 0, count: newWidth * newHeight * 4)
    let area = factor * factor
    for y in 0..<newHeight {
      for x in 0..<newWidth {
        var sums = (0, 0, 0, 0)
        for row in (y * factor)..<(y * factor + factor) {
          var index = (row * width + x * factor) * 4
          for _ in 0..<factor {
            sums.0 += Int(bgra[index])
            sums.1 += Int(bgra[index + 1])
            sums.2 += Int(bgra[index + 2])
            sums.3 += Int(bgra[index + 3])
            index += 4
          }
        }
        let target = (y * newWidth + x) * 4
        result[target] = UInt8(sums.0 / area)
        result[target + 1] = UInt8(sums.1 / area)
        result[target + 2] = UInt8(sums.2 / area)
        result[target + 3] = UInt8(sums.3 / area)
      }
    }
    return CoverImage(width: newWidth, height: newHeight, bgra: result)
  }
}
