import TestSupport
import Testing

@testable import Surface

extension DisplayTests {
  /// One open font per face, whatever the sizes it is drawn at (each open font holds a FreeType
  /// and a HarfBuzz face of its own), and a font set to a size draws exactly what a font opened
  /// at that size draws, so the strip looks the same.
  @Suite struct FontSizeTests {
    let host: UIHost

    init() throws { host = try UIHost.shared() }

    private struct Drawn: Equatable {
      var width: Int32
      var ascent: Int32
      var height: Int32
      var alpha: AlphaMask
    }

    @WindowLoop private static func draw(_ text: String, with font: TTFFont) throws -> Drawn {
      let surface = try font.renderWhite(text)
      return Drawn(
        width: font.width(of: text), ascent: font.ascent, height: font.height,
        alpha: SDL.alphaPlane(of: surface.pointer))
    }

    @Test func aFontSetToASizeDrawsAsOneOpenedAtIt() throws {
      try host.sync { _ in
        let face = try FontResolver(family: "DejaVu Sans", bold: true).primary
        let text = "Lyrics float above the windows, Жж"
        let resized = try TTFFont(face: face, pixelSize: 40)
        let small = try Self.draw(text, with: resized)
        for size: Int32 in [61, 28, 40] {
          try resized.setPixelSize(size)
          let opened = try TTFFont(face: face, pixelSize: size)
          let expected = try Self.draw(text, with: opened)
          #expect(try Self.draw(text, with: resized) == expected, "at \(size) px")
        }
        // Back at its first size, after the others, it draws what it drew first.
        #expect(try Self.draw(text, with: resized) == small)
      }
    }

    @Test func aFaceIsOpenedOnceForEverySize() throws {
      let counts = try host.sync { _ in
        let renderer = TextRenderer(resolver: try FontResolver(family: "DejaVu Sans", bold: true))
        var widths: [Int32] = []
        for size: Int32 in [60, 42, 36, 60] {
          widths.append(try renderer.width(of: ["Every word lights up"], pixelSize: size))
        }
        return (fonts: renderer.openFontCount, widths: widths)
      }
      #expect(counts.fonts == 1)
      // Measured at the size asked for each time, back to the first size last.
      #expect(counts.widths[0] > counts.widths[1] && counts.widths[1] > counts.widths[2])
      #expect(counts.widths[3] == counts.widths[0])
    }
  }
}
