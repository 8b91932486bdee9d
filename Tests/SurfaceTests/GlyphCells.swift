import TestSupport

/// Splits a band of a grey picture into glyph cells at empty columns and compares their shapes,
/// to tell real glyphs (all different) from tofu boxes (all alike).
struct GlyphCells: CustomStringConvertible {
  var cellCount = 0
  var distinctShapes = 0
  private var signatures: [[Int]] = []

  init(image: GrayImage, rows: ClosedRange<Double>, threshold: UInt8 = 150) {
    let y0 = Int(rows.lowerBound * Double(image.height))
    let y1 = min(image.height, Int(rows.upperBound * Double(image.height)))
    var cells: [[Int]] = []
    var current: [Int] = []
    for x in 0..<image.width {
      var column = 0
      for y in y0..<y1 where image.pixels[y * image.width + x] > threshold {
        column |= 1 << min(62, (y - y0) * 62 / max(1, y1 - y0))
      }
      if column == 0 {
        if current.count > 2 { cells.append(current) }
        current = []
      } else {
        current.append(column)
      }
    }
    if current.count > 2 { cells.append(current) }
    signatures = cells
    cellCount = cells.count
    var unique: [[Int]] = []
    for cell in cells where !unique.contains(where: { Self.similar($0, cell) }) {
      unique.append(cell)
    }
    distinctShapes = unique.count
  }

  /// Two cells look alike when they are as wide and most columns have the same ink rows.
  private static func similar(_ a: [Int], _ b: [Int]) -> Bool {
    guard abs(a.count - b.count) <= 1 else { return false }
    let same = zip(a, b).filter { $0 == $1 }.count
    return same * 10 >= min(a.count, b.count) * 8
  }

  var description: String { "cells \(cellCount), distinct \(distinctShapes)" }
}
