import Foundation
import Surface
import TestSupport
import Testing

/// Decoding covers for the main window, off the window thread and with no display: JPEG through
/// libjpeg-turbo, PNG through libpng, large scans shrunk, anything else refused.
@Suite(.tags(.sanitized)) struct CoverImageTests {
  /// A solid picture made by FFmpeg, its bytes.
  func picture(_ name: String, color: String, size: String) throws -> [UInt8] {
    let path = try Paths.makeTemporaryDirectory().appendingPathComponent(name).path
    let made = try ProcessRunner.run(
      "ffmpeg",
      [
        "-v", "error", "-y", "-f", "lavfi", "-i", "color=c=\(color):s=\(size)", "-frames:v", "1",
        path,
      ])
    try #require(made.status == 0, "ffmpeg: \(made.stderr)")
    return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  /// The pixel in the middle as (blue, green, red, alpha).
  func middle(_ image: CoverImage) -> [UInt8] {
    let index = ((image.height / 2) * image.width + image.width / 2) * 4
    return Array(image.bgra[index..<index + 4])
  }

  func near(_ value: UInt8, _ wanted: UInt8) -> Bool { abs(Int(value) - Int(wanted)) <= 12 }

  @Test(arguments: ["red.jpg", "red.png"])
  func solidRedPictureDecodesAtItsSize(name: String) throws {
    let image = try CoverImage.decode(try picture(name, color: "red", size: "64x48"))
    #expect(image.width == 64 && image.height == 48)
    #expect(image.bgra.count == 64 * 48 * 4)
    let pixel = middle(image)
    #expect(
      near(pixel[0], 0) && near(pixel[1], 0) && near(pixel[2], 255) && pixel[3] == 255, "\(pixel)")
  }

  @Test(arguments: ["large.jpg", "large.png"])
  func largePictureIsShrunkKeepingItsShape(name: String) throws {
    let image = try CoverImage.decode(try picture(name, color: "0x2040F0", size: "2000x1000"))
    #expect(
      max(image.width, image.height) <= CoverImage.largestSide, "\(image.width)×\(image.height)")
    // 2:1, give or take the pixel a whole shrink factor rounds away.
    #expect(abs(image.width - 2 * image.height) <= 2, "\(image.width)×\(image.height)")
    #expect(image.width >= CoverImage.largestSide / 2)
    let pixel = middle(image)
    #expect(near(pixel[0], 0xF0) && near(pixel[1], 0x40) && near(pixel[2], 0x20), "\(pixel)")
  }

  @Test func notAPictureOrABrokenOneIsAnError() throws {
    #expect(throws: SDLError.self) { try CoverImage.decode(Array("GIF89a".utf8)) }
    let jpeg = try picture("cut.jpg", color: "red", size: "64x64")
    #expect(throws: SDLError.self) { try CoverImage.decode(Array(jpeg.prefix(20))) }
    let png = try picture("cut.png", color: "red", size: "64x64")
    #expect(throws: SDLError.self) { try CoverImage.decode(Array(png.prefix(40))) }
  }
}
