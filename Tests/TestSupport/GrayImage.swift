import Foundation

/// An 8-bit grey picture decoded by ImageMagick, for counting ink in regions.
public struct GrayImage {
  public struct DecodeFailed: Error, CustomStringConvertible {
    public var description: String
  }

  public var width: Int
  public var height: Int
  public var pixels: [UInt8]

  public init(png path: String) throws {
    let size = try ProcessRunner.run("identify", ["-format", "%w %h", path], timeout: 10).stdout
      .split(separator: " ").compactMap { Int($0) }
    guard size.count == 2 else { throw DecodeFailed(description: "identify \(path): \(size)") }
    // In a folder of its own: the picture may be one of the package's.
    let folder = try Paths.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let raw = folder.appendingPathComponent("picture.gray").path
    let result = try ProcessRunner.run(
      "convert", [path, "-colorspace", "gray", "-depth", "8", "gray:\(raw)"], timeout: 20)
    guard result.status == 0 else {
      throw DecodeFailed(description: "convert \(path): \(result.stderr)")
    }
    width = size[0]
    height = size[1]
    pixels = [UInt8](try Data(contentsOf: URL(fileURLWithPath: raw)))
  }

  /// The mean grey of a region (rows and columns as fractions of the height and width).
  public func mean(rows: ClosedRange<Double>, columns: ClosedRange<Double> = 0...1) -> Double {
    let y0 = Int(rows.lowerBound * Double(height))
    let y1 = min(height, Int(rows.upperBound * Double(height)))
    let x0 = Int(columns.lowerBound * Double(width))
    let x1 = min(width, Int(columns.upperBound * Double(width)))
    var sum = 0
    for y in y0..<y1 {
      for x in x0..<x1 { sum += Int(pixels[y * width + x]) }
    }
    return Double(sum) / Double(max(1, (y1 - y0) * (x1 - x0)))
  }

  /// The share of pixels brighter than `threshold` in the rows `rows` (fractions of the
  /// height) and columns `columns` (fractions of the width).
  public func brightShare(
    rows: ClosedRange<Double>, columns: ClosedRange<Double> = 0...1, threshold: UInt8 = 150
  ) -> Double {
    let y0 = Int(rows.lowerBound * Double(height))
    let y1 = min(height, Int(rows.upperBound * Double(height)))
    let x0 = Int(columns.lowerBound * Double(width))
    let x1 = min(width, Int(columns.upperBound * Double(width)))
    var bright = 0
    var total = 0
    for y in y0..<y1 {
      for x in x0..<x1 {
        total += 1
        if pixels[y * width + x] > threshold { bright += 1 }
      }
    }
    return total == 0 ? 0 : Double(bright) / Double(total)
  }
}
