/// A line of text drawn once into a white texture with alpha, tinted when drawn; with the
/// horizontal span of each segment (word) so a karaoke fill can follow the words.
final class RenderedText {
  /// The letters, in white.
  let texture: BlendedImage
  /// The drop shadow: the letters' pixels again, as an image of its own, so an untinted draw of
  /// the letters (an SDL texture, run-length encoded) and the shadow's translucent one never
  /// share a texture (SDL re-encoded a texture whose alpha modulation switched on or off, about
  /// 1 ms each time, twice a frame).
  let shadow: BlendedImage?
  /// Texture width in pixels (0 for empty text).
  let width: Int32
  let height: Int32
  /// x range of each segment inside the texture, in segment order.
  let segmentSpans: [Range<Int32>]
  let pixelSize: Int32
  /// The letters grown by `outlineRadius`, drawn that far up and left of them; nil: no outline.
  let outline: BlendedImage?
  let outlineRadius: Int32
  /// The alpha of the letters, outline and shadow together, its top-left `outlineRadius` up and
  /// left of the letters: what a text-only strip's window shape is made from.
  let mask: AlphaMask?

  init(
    texture: BlendedImage, shadow: BlendedImage?, width: Int32, segmentSpans: [Range<Int32>],
    pixelSize: Int32, outline: BlendedImage? = nil, outlineRadius: Int32 = 0,
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
