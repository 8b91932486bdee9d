import Foundation
import TestSupport

/// Looks at windows the way a person's tools do: xprop, xdotool, ImageMagick's import.
enum X11Tools {
  static func xprop(_ window: UInt, _ property: String) throws -> String {
    try ProcessRunner.run("xprop", ["-id", String(window), property], timeout: 10).stdout
  }

  /// x, y, width, height of the window on screen (with no frame, the client area).
  static func geometry(_ window: UInt) throws -> (x: Int, y: Int, width: Int, height: Int) {
    let out = try ProcessRunner.run(
      "xdotool", ["getwindowgeometry", "--shell", String(window)], timeout: 10
    ).stdout
    var values: [String: Int] = [:]
    for line in out.split(separator: "\n") {
      let parts = line.split(separator: "=", maxSplits: 1)
      if parts.count == 2, let value = Int(parts[1]) { values[String(parts[0])] = value }
    }
    return (values["X"] ?? -1, values["Y"] ?? -1, values["WIDTH"] ?? -1, values["HEIGHT"] ?? -1)
  }

  static func xdotool(_ arguments: [String]) throws {
    _ = try ProcessRunner.run("xdotool", arguments, timeout: 10)
  }

  /// A grey picture of the window from the X server (`import -window`), as rows of bytes.
  static func capture(_ window: UInt, savingTo path: String) throws -> GrayImage {
    let result = try ProcessRunner.run("import", ["-window", String(window), path], timeout: 20)
    guard result.status == 0 else { throw ToolFailed(message: result.stderr) }
    return try GrayImage(png: path)
  }

  struct ToolFailed: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
  }
}

/// An 8-bit grey picture decoded by ImageMagick, for counting ink in regions.
struct GrayImage {
  var width: Int
  var height: Int
  var pixels: [UInt8]

  init(png path: String) throws {
    let size = try ProcessRunner.run("identify", ["-format", "%w %h", path], timeout: 10).stdout
      .split(separator: " ").compactMap { Int($0) }
    guard size.count == 2 else { throw X11Tools.ToolFailed(message: "identify \(path): \(size)") }
    let raw = path + ".gray"
    let result = try ProcessRunner.run(
      "convert", [path, "-colorspace", "gray", "-depth", "8", "gray:\(raw)"], timeout: 20)
    guard result.status == 0 else { throw X11Tools.ToolFailed(message: result.stderr) }
    width = size[0]
    height = size[1]
    pixels = [UInt8](try Data(contentsOf: URL(fileURLWithPath: raw)))
    try? FileManager.default.removeItem(atPath: raw)
  }

  /// The mean grey of a region (rows and columns as fractions of the height and width).
  func mean(rows: ClosedRange<Double>, columns: ClosedRange<Double> = 0...1) -> Double {
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
  func brightShare(
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
