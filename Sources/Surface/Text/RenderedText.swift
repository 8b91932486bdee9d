/// A line of text drawn once into a white texture with alpha, tinted when drawn; with the
/// horizontal span of each segment (word) so a karaoke fill can follow the words.
final class RenderedText {
  let texture: SDLTexture
  /// A second texture of the same pixels for the drop shadow. Kept apart so each texture keeps
  /// its colour and alpha: the software renderer stores textures run-length encoded and
  /// re-encodes one whenever its alpha modulation switches on or off, which drawing the shadow
  /// (translucent) and the text (opaque) from one texture did twice a frame (about 1 ms each).
  let shadow: SDLTexture?
  /// Texture width in pixels (0 for empty text).
  let width: Int32
  let height: Int32
  /// x range of each segment inside the texture, in segment order.
  let segmentSpans: [Range<Int32>]
  let pixelSize: Int32
  /// The letters grown by `outlineRadius`, drawn that far up and left of them; nil: no outline.
  let outline: SDLTexture?
  let outlineRadius: Int32
  /// The alpha of the letters, outline and shadow together, its top-left `outlineRadius` up and
  /// left of the letters: what a text-only strip's window shape is made from.
  let mask: AlphaMask?

  init(
    texture: SDLTexture, shadow: SDLTexture?, width: Int32, segmentSpans: [Range<Int32>],
    pixelSize: Int32, outline: SDLTexture? = nil, outlineRadius: Int32 = 0,
    mask: AlphaMask? = nil
  ) {
    self.outline = outline
    self.outlineRadius = outlineRadius
    self.mask = mask
    self.texture = texture
    self.shadow = shadow
    self.width = width
    self.height = texture.height
    self.segmentSpans = segmentSpans
    self.pixelSize = pixelSize
  }
}
