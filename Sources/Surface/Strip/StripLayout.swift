/// Where things go on a strip of a given pixel size: pure arithmetic, re-done on every resize and
/// DPI change.
struct StripLayout: Equatable {
  var width: Int32
  var height: Int32
  /// The configured size of the current line for a 200 px high strip (nil: 64).
  var fontSize: Int?

  var padding: Int32 { height * 8 / 100 + 4 }
  var textWidth: Int32 { max(1, width - 2 * padding) }
  var mainPixelSize: Int32 { max(10, Int32(fontSize ?? 64) * height / 200) }
  /// A long line shrinks down to this size before it scrolls.
  var minimumMainPixelSize: Int32 { max(10, mainPixelSize * 55 / 100) }
  var subPixelSize: Int32 { max(9, mainPixelSize * 58 / 100) }
  var noticePixelSize: Int32 { max(9, height * 11 / 100) }
  /// Vertical centres of the current line and of the line below it.
  var mainCenterY: Int32 { height * 42 / 100 }
  var subCenterY: Int32 { height * 78 / 100 }
  /// The drop shadow's offset for text of `pixelSize`.
  func shadowOffset(_ pixelSize: Int32) -> Int32 { max(1, pixelSize / 22) }

  /// The square control buttons, right to left from the top-right corner.
  func controlRects(_ buttons: [StripButton]) -> [(StripButton, PixelRect)] {
    let side = max(22, height * 20 / 100)
    let gap = max(4, side / 4)
    var x = width - gap - side
    var placed: [(StripButton, PixelRect)] = []
    for button in buttons {
      placed.append((button, PixelRect(x: x, y: gap, w: side, h: side)))
      x -= side + gap
    }
    return placed
  }
}

/// A control on the strip.
enum StripButton: Equatable {
  case close
  case restore
  case skipForward
  case playPause
  case skipBack
}
