/// The rows of the strip a fill frame redraws, as they look with the current line wholly sung,
/// drawn once, at the line's first fill frame (FloatingWindow's `filledBand(from:to:on:)`), after
/// the strip was drawn whole. A fill frame then copies, unblended, the columns
/// the fill crossed, where drawing them again blended the shadow, the outline, the text and the
/// fill, each tinted: SDL 2's software renderer blends a tinted texture with its generic blit,
/// several times slower per pixel than its untinted one, and that was most of the strip's CPU
/// while a word filled. The copy is exact: a pixel of the strip at column c is the wholly sung
/// line's when c lies before the fill edge and the unsung line's after it (the fill is the one
/// thing drawn only left of the edge), as long as nothing but the fill changed.
@WindowLoop final class FilledBand {
  /// The frame it was drawn for, its fill set to the whole line.
  let frame: StripFrame
  /// The line's text it shows (another line, or the same line drawn again, needs another band).
  /// Kept, not only its identifier: an identifier of freed text could name the next text made.
  private let text: RenderedText
  /// Where it lies in the strip.
  let area: PixelRect
  /// The strip column of the fill's first column.
  let fillOriginX: Int32
  private let pixels: SDLTexture

  /// Draws `filled` (a frame whose fill covers the line) within `area` into `target` and keeps
  /// those pixels; the caller then draws the frame it shows over them.
  init(
    drawing filled: StripFrame, of text: RenderedText, area: PixelRect, fillOriginX: Int32,
    on target: any SDLRenderTarget, draw: (StripFrame, PixelRect) -> Void
  ) throws(SDLError) {
    draw(filled, area)
    let surface = SDLSurface(try SDL.readPixels(target.renderer, in: area))
    pixels = try target.texture(from: surface)
    SDL.setReplacing(pixels.pointer)
    frame = filled
    self.text = text
    self.area = area
    self.fillOriginX = fillOriginX
  }

  /// Whether `new` can be drawn from `old` (the frame on the strip) by copying from this band:
  /// the same line and the same everything but a fill that moved on.
  func serves(from old: StripFrame, to new: StripFrame, text: RenderedText?) -> Bool {
    guard let text, text === self.text, new.fillX > old.fillX else {
      return false
    }
    var same = new
    same.fillX = frame.fillX
    return same == frame
  }

  /// Copies the columns the fill crossed from `oldFill` to `newFill` onto the strip; the
  /// rectangle copied, nil when it is empty (the fill moved outside the strip).
  func copy(fillFrom oldFill: Int32, to newFill: Int32, on renderer: SDL.Renderer) -> PixelRect? {
    let crossed = PixelRect(
      x: fillOriginX + oldFill, y: area.y, w: newFill - oldFill, h: area.h
    ).intersection(area)
    guard crossed.w > 0, crossed.h > 0 else { return nil }
    SDL.setClip(renderer, crossed)
    SDL.copy(
      renderer, pixels.pointer,
      source: PixelRect(x: crossed.x - area.x, y: 0, w: crossed.w, h: crossed.h), dest: crossed)
    return crossed
  }
}
