import TestSupport
import Testing

@testable import Surface

/// A text image drawn tinted by `BlendedImage` (blended by lyricpip) gives the very pixels SDL's
/// software renderer gives for the same image drawn as a texture with the same colour and
/// alpha, on both kinds of surface the strip draws into: an X window's (XRGB8888) and a canvas
/// (ARGB8888). Random images and backgrounds (seeded), part of the image outside the surface,
/// a clip, a range of columns, and tints from the strip's looks and fades.
extension DisplayTests {
  @Suite struct TintedBlendTests {
    let host: UIHost

    init() throws { host = try UIHost.shared() }

    static let tints = [
      RGBA(236, 238, 244), RGBA(0, 0, 0, 190), RGBA(255, 206, 84, 117), RGBA(255, 255, 255, 128),
      RGBA(40, 150, 255, 0), RGBA(12, 34, 56, 1), RGBA(168, 174, 192, 254),
      // Untinted: SDL's own blit in both, so the two agree by construction; kept to see the
      // image still lands where and as it should.
      RGBA(255, 255, 255),
    ]

    /// Images in random colours (the general blend), and in one colour, as text images are
    /// (white, or another), which `TintedBlend` draws from per-draw tables.
    @Test(arguments: [false, true], [nil, 0xFF_FFFF, 0x33_66CC] as [UInt32?])
    func aTintedImageGivesSDLsPixels(onAWindow: Bool, colour: UInt32?) throws {
      let differences = try host.sync { _ in
        var random = SeededGenerator(seed: (onAWindow ? 26 : 62) + UInt64(colour ?? 7))
        let image = try Self.randomImage(width: 61, height: 37, colour: colour, using: &random)
        let (base, pitch) = try #require(SDL.pixels(of: image.pointer))
        let uniform = TintedBlend.uniformColor(
          of: base.assumingMemoryBound(to: UInt32.self), stride: pitch / 4, width: 61, height: 37)
        #expect(uniform == colour, "the image's one colour, when it has one")
        var found: [String] = []
        // Both layouts are seen: an X window's surface has no alpha, a canvas has.
        if try Target(window: onAWindow).isOpaque != onAWindow { found.append("unexpected layout") }
        for (index, tint) in Self.tints.enumerated() {
          let bySDL = try Target(window: onAWindow)
          let byUs = try Target(window: onAWindow)
          let background = Self.randomPixels(
            count: Int(bySDL.size.width * bySDL.size.height), opaque: bySDL.isOpaque,
            using: &random)
          bySDL.fill(background)
          byUs.fill(background)
          let clip = PixelRect(x: 2, y: 1, w: 70, h: 40)
          let columns: Range<Int32> = index % 2 == 0 ? 0..<61 : 7..<52
          // SDL's way: a texture of the image, tinted, copied by the renderer.
          SDL.setClip(bySDL.target.renderer, clip)
          try bySDL.target.texture(from: image).draw(
            on: bySDL.target.renderer, x: -5, y: 9, color: tint, columns: columns)
          SDL.flush(bySDL.target.renderer)
          SDL.setClip(byUs.target.renderer, clip)
          BlendedImage(owner: byUs.target, pixels: image).draw(
            x: -5, y: 9, color: tint, columns: columns)
          SDL.flush(byUs.target.renderer)
          let expected = bySDL.pixels()
          let got = byUs.pixels()
          let differing = zip(expected, got).filter { $0 != $1 }.count
          if differing > 0 { found.append("\(tint): \(differing) pixels differ") }
          if expected == background && tint.alpha > 0 { found.append("\(tint): nothing drawn") }
        }
        return found
      }
      #expect(differences.isEmpty, "\(differences)")
    }

    /// An image whose pixels are a third transparent, a fifth opaque, the rest translucent, in
    /// random colours (a text image's mix), or all in `colour` but the transparent ones.
    @WindowLoop static func randomImage(
      width: Int32, height: Int32, colour uniform: UInt32? = nil,
      using random: inout SeededGenerator
    ) throws -> SDLSurface {
      let image = try SDLSurface(width: width, height: height)
      let (base, pitch) = try #require(SDL.pixels(of: image.pointer))
      for row in 0..<Int(height) {
        let pixels = (base + row * pitch).assumingMemoryBound(to: UInt32.self)
        for column in 0..<Int(width) {
          let colour = UInt32.random(in: 0...0xFF_FFFF, using: &random)
          let alpha: UInt32 =
            switch UInt8.random(in: 0..<15, using: &random) {
            case 0..<5: 0
            case 5..<8: 255
            default: UInt32.random(in: 1...254, using: &random)
            }
          pixels[column] = alpha << 24 | (alpha == 0 ? colour : uniform ?? colour)
        }
      }
      return image
    }

    static func randomPixels(count: Int, opaque: Bool, using random: inout SeededGenerator)
      -> [UInt32]
    {
      (0..<count).map { _ in
        let pixel = UInt32.random(in: 0...UInt32.max, using: &random)
        return opaque ? pixel & 0x00FF_FFFF : pixel
      }
    }

    /// A surface to draw on: a (hidden) window's, or a canvas.
    @WindowLoop final class Target {
      let target: any SDLRenderTarget
      let size: (width: Int32, height: Int32)

      init(window: Bool) throws {
        if window {
          let made = try SDLWindow(title: "blend", width: 80, height: 60, options: [.hidden])
          size = made.pixelSize
          target = made
        } else {
          size = (80, 60)
          target = try SDLCanvas(width: 80, height: 60)
        }
      }

      var isOpaque: Bool { target.drawnSurface.flatMap(SDL.blendLayout(of:)) == .opaque }

      private func rows<T>(_ body: (UnsafeMutablePointer<UInt32>, Int) -> T) -> [T] {
        guard let surface = target.drawnSurface, let (base, pitch) = SDL.pixels(of: surface)
        else { return [] }
        return (0..<Int(size.height)).map {
          body((base + $0 * pitch).assumingMemoryBound(to: UInt32.self), $0)
        }
      }

      func fill(_ pixels: [UInt32]) {
        let width = Int(size.width)
        _ = rows { row, y in
          for x in 0..<width { row[x] = pixels[y * width + x] }
        }
      }

      func pixels() -> [UInt32] {
        let width = Int(size.width)
        return rows { row, _ in (0..<width).map { row[$0] } }.flatMap { $0 }
      }
    }
  }
}
