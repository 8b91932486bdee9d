/// What a rendered text carries besides its letters: a drop shadow, an outline, and the alpha
/// of all of it kept for the window shape of a text-only strip.
struct TextEffects: Equatable {
  var shadow: Bool
  /// How far the outline reaches past the letters, in pixels; 0: no outline.
  var outlineRadius: Int32 = 0
  /// Where the shadow is drawn, down and right of the letters (for the kept alpha).
  var shadowOffset: Int32 = 0
  /// Keep the alpha of the letters, outline and shadow together (`RenderedText.mask`).
  var keepsMask = false

  /// The letters alone (labels of the main window).
  static let plain = TextEffects(shadow: false)
}
