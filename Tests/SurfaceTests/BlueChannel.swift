import Foundation
import TestSupport

/// The blue channel of a picture, to tell the sung (yellow) part of a line from the rest.
struct BlueChannel {
  var width: Int
  var height: Int
  var pixels: [UInt8]

  init(png path: String) throws {
    let raw = path + ".blue"
    let result = try ProcessRunner.run(
      "convert", [path, "-channel", "B", "-separate", "-depth", "8", "gray:\(raw)"], timeout: 20)
    guard result.status == 0 else { throw X11Tools.ToolFailed(message: result.stderr) }
    let gray = try GrayImage(png: path)
    width = gray.width
    height = gray.height
    pixels = [UInt8](try Data(contentsOf: URL(fileURLWithPath: raw)))
    try? FileManager.default.removeItem(atPath: raw)
  }

  /// The mean blue of the pixels that are ink (bright in `ink`) in a region.
  func meanOfInk(
    rows: ClosedRange<Double>, columns: ClosedRange<Double>, ink: GrayImage
  ) -> Double {
    var sum = 0
    var count = 0
    for y in Int(rows.lowerBound * Double(height))..<Int(rows.upperBound * Double(height)) {
      for x in Int(columns.lowerBound * Double(width))..<Int(columns.upperBound * Double(width))
      where ink.pixels[y * width + x] > 150 {
        sum += Int(pixels[y * width + x])
        count += 1
      }
    }
    return count == 0 ? 255 : Double(sum) / Double(count)
  }
}
