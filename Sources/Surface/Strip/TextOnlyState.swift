/// What a strip with `background = none` knows about showing only its letters: whether its
/// pixels can blend over the desktop (a 32-bit visual under a compositing manager), and else the
/// window shape it last cut out of its text.
struct TextOnlyState {
  /// The window was made with a 32-bit visual, so each pixel has an alpha.
  var hasAlphaVisual = false
  /// A compositing manager runs (as last seen: at start, then by XFixes notices).
  var compositorRuns = false
  /// What the window's bounding shape was last made from; nil: the window has no shape.
  var shapeKey: ShapeKey?
  /// How many times the bounding shape was made (once per line, not per fill frame).
  var shapeBuilds = 0

  /// The compositor blends the window's transparent pixels over what is below, so the letters
  /// keep their soft edges and no shape is needed.
  var blends: Bool { hasAlphaVisual && compositorRuns }

  /// Everything the shape depends on; the fill does not change it.
  struct ShapeKey: Equatable {
    var line: Int
    var lyricsRevision: Int
    var scrollX: Int32
    var hasNotice: Bool
    var isLocked: Bool
    var showControls: Bool
    var width: Int32
    var height: Int32
    /// The images drawn (a new rendering of the same line, after a resize, is another shape).
    var images: [ObjectIdentifier]
  }
}
