import Foundation
import TestSupport

/// One pixel's red, green and blue.
struct ScreenPixel {
  var r: Int
  var g: Int
  var b: Int

  static func isRed(_ p: ScreenPixel) -> Bool { p.r > 200 && p.g < 60 && p.b < 60 }
  static func isGreen(_ p: ScreenPixel) -> Bool { p.g > 200 && p.r < 60 && p.b < 60 }
}

/// A window of a private desktop as it is on screen (`import -window`), for checking the
/// colours a person sees.
struct ScreenPixels: CustomStringConvertible {
  var pixels: [ScreenPixel]
  /// The picture, kept for a person to look at when a check fails.
  var path: String

  static func capture(_ window: String, on desktop: PrivateDesktop, in folder: TemporaryDirectory)
    throws -> ScreenPixels
  {
    let png = folder.appendingPathComponent("strip-\(window).png").path
    let raw = folder.appendingPathComponent("strip-\(window).rgb").path
    let shot = try desktop.run("import", ["-window", window, png])
    guard shot.status == 0 else { throw Failed(message: "import: \(shot.stderr)") }
    let decoded = try ProcessRunner.run("convert", [png, "-depth", "8", "rgb:\(raw)"], timeout: 20)
    guard decoded.status == 0 else { throw Failed(message: "convert: \(decoded.stderr)") }
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: raw)))
    let pixels = stride(from: 0, to: bytes.count - 2, by: 3).map {
      ScreenPixel(r: Int(bytes[$0]), g: Int(bytes[$0 + 1]), b: Int(bytes[$0 + 2]))
    }
    return ScreenPixels(pixels: pixels, path: png)
  }

  /// How many pixels `test` holds for.
  func count(where test: (ScreenPixel) -> Bool) -> Int { pixels.count(where: test) }

  var description: String { path }

  struct Failed: Error { var message: String }
}
