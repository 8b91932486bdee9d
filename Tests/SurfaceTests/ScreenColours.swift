import Foundation
import TestSupport

/// A part of the screen in colour, as a person sees it (`import -window root`, cropped by
/// ImageMagick), for telling the window below from the letters and their outline.
struct ScreenColours {
  var width: Int
  var height: Int
  /// Red, green, blue for each pixel, row after row.
  var bytes: [UInt8]
  /// Where the picture was saved, for a person to look at when a check fails.
  var path: String

  /// The screen's pixels in the rectangle x, y, width, height.
  static func capture(x: Int, y: Int, width: Int, height: Int, name: String) throws
    -> ScreenColours
  {
    let folder = try Paths.makeTemporaryDirectory()
    let png = folder.appendingPathComponent("\(name).png").path
    let raw = folder.appendingPathComponent("\(name).rgb").path
    let shot = try ProcessRunner.run("import", ["-window", "root", png], timeout: 20)
    guard shot.status == 0 else { throw X11Tools.ToolFailed(message: shot.stderr) }
    let cut = try ProcessRunner.run(
      "convert",
      [png, "-crop", "\(width)x\(height)+\(x)+\(y)", "+repage", png], timeout: 20)
    guard cut.status == 0 else { throw X11Tools.ToolFailed(message: cut.stderr) }
    let decoded = try ProcessRunner.run(
      "convert", [png, "-depth", "8", "rgb:\(raw)"], timeout: 20)
    guard decoded.status == 0 else { throw X11Tools.ToolFailed(message: decoded.stderr) }
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: raw)))
    guard bytes.count == width * height * 3 else {
      throw X11Tools.ToolFailed(message: "\(png): \(bytes.count) bytes for \(width)×\(height)")
    }
    return ScreenColours(width: width, height: height, bytes: bytes, path: png)
  }

  func pixel(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
    let at = (y * width + x) * 3
    return (Int(bytes[at]), Int(bytes[at + 1]), Int(bytes[at + 2]))
  }

  /// The share of pixels for which `test` holds.
  func share(where test: ((r: Int, g: Int, b: Int)) -> Bool) -> Double {
    Double(count(where: test)) / Double(max(1, width * height))
  }

  func count(where test: ((r: Int, g: Int, b: Int)) -> Bool) -> Int {
    var found = 0
    for y in 0..<height {
      for x in 0..<width where test(pixel(x, y)) { found += 1 }
    }
    return found
  }

  /// The first pixel, row by row from `fromRow`, for which `test` holds.
  func first(fromRow: Int = 0, where test: ((r: Int, g: Int, b: Int)) -> Bool) -> (x: Int, y: Int)?
  {
    for y in fromRow..<height {
      for x in 0..<width where test(pixel(x, y)) { return (x, y) }
    }
    return nil
  }

  static func isWhite(_ p: (r: Int, g: Int, b: Int)) -> Bool { p.r > 235 && p.g > 235 && p.b > 235 }
  static func isRed(_ p: (r: Int, g: Int, b: Int)) -> Bool { p.r > 200 && p.g < 60 && p.b < 60 }
  static func isBlue(_ p: (r: Int, g: Int, b: Int)) -> Bool { p.b > 200 && p.r < 60 && p.g < 60 }
  /// Between the outline's blue and the white below: a soft edge, blended.
  static func isPaleBlue(_ p: (r: Int, g: Int, b: Int)) -> Bool {
    p.b > 220 && (90...200).contains(p.r) && (90...200).contains(p.g)
  }
}
