/// A text image (letters, outline or shadow) drawn onto one render target, tinted by a colour
/// at each draw. A tinted draw is blended here, straight into the surface the target's software
/// renderer draws into, with SDL's arithmetic (`TintedBlend`, which says why); an untinted one
/// (white, opaque: what SDL blends with its faster run-length blit) goes to SDL as a texture,
/// made at the first such draw. The pixels are kept as they came (ARGB8888) and may be shared
/// by several images (the letters and their shadow are one set of pixels); nothing changes them.
@WindowLoop final class BlendedImage {
  let width: Int32
  let height: Int32
  private let pixels: SDLSurface
  private let owner: any SDLRenderTarget
  /// SDL's texture of the pixels, for untinted draws; made at the first one.
  private var untinted: SDLTexture?
  /// The pixels' one colour, when they have one (text images do: `TintedBlend.uniformColor`).
  private let uniformColour: UInt32?

  init(owner: any SDLRenderTarget, pixels: SDLSurface) {
    self.owner = owner
    self.pixels = pixels
    width = pixels.width
    height = pixels.height
    uniformColour =
      if SDL.blendLayout(of: pixels.pointer) == .withAlpha,
        let (base, pitch) = SDL.pixels(of: pixels.pointer)
      {
        TintedBlend.uniformColor(
          of: base.assumingMemoryBound(to: UInt32.self), stride: pitch / 4,
          width: Int(pixels.width), height: Int(pixels.height))
      } else {
        nil
      }
  }

  /// Draws the image on its target's renderer tinted `color` (its alpha included) with its
  /// top-left at x, y, showing only the image's columns `columns` when given. What the renderer
  /// still holds back is drawn first, so the image lands over it, in the renderer's clip.
  func draw(x: Int32, y: Int32, color: RGBA, columns: Range<Int32>? = nil) {
    let from = max(0, min(width, columns?.lowerBound ?? 0))
    let to = max(from, min(width, columns?.upperBound ?? width))
    guard to > from else { return }
    if color != RGBA(255, 255, 255), blend(x: x, y: y, color: color, columns: from..<to) {
      return
    }
    if untinted == nil { untinted = try? owner.texture(from: pixels) }
    untinted?.draw(on: owner.renderer, x: x, y: y, color: color, columns: from..<to)
  }

  /// Blends the columns `columns` here; false when the target is not one this can draw into.
  private func blend(x: Int32, y: Int32, color: RGBA, columns: Range<Int32>) -> Bool {
    let renderer = owner.renderer
    guard SDL.drawsUnscaled(renderer) else { return false }
    SDL.flush(renderer)
    guard let surface = owner.drawnSurface, let layout = SDL.blendLayout(of: surface),
      SDL.blendLayout(of: pixels.pointer) == .withAlpha,
      let (sourceBase, sourcePitch) = SDL.pixels(of: pixels.pointer),
      let (base, pitch) = SDL.pixels(of: surface)
    else { return false }
    let size = SDL.size(of: surface)
    var area = PixelRect(
      x: x + columns.lowerBound, y: y, w: Int32(columns.count), h: height
    ).intersection(PixelRect(x: 0, y: 0, w: size.width, h: size.height))
    if let clip = SDL.clip(of: renderer) { area = area.intersection(clip) }
    guard area.w > 0, area.h > 0 else { return true }
    let source = (sourceBase + Int(area.y - y) * sourcePitch).assumingMemoryBound(to: UInt32.self)
    let destination = (base + Int(area.y) * pitch).assumingMemoryBound(to: UInt32.self)
    TintedBlend.blend(
      source + Int(area.x - x), sourceStride: sourcePitch / 4,
      over: destination + Int(area.x), destinationStride: pitch / 4,
      width: Int(area.w), height: Int(area.h), tint: color, layout: layout,
      uniform: uniformColour)
    return true
  }
}
