/// Lays out and draws text with per-character font fallback: every character is drawn with the
/// primary face when it has the glyph, else with the face fontconfig finds for it; consecutive
/// characters with the same face form one run, drawn with one SDL_ttf call, all runs sharing one
/// baseline. Each face is opened once and set to the size asked for (`TTFFont` says why): a
/// line measured at one size and drawn at another, and the line below it at a third, share one
/// open font, where a font per face and size kept one FreeType and HarfBuzz face per size.
@WindowLoop final class TextRenderer: TextDrawing {
  let resolver: FontResolver
  private var fonts: [FontFace: TTFFont] = [:]

  /// A run of characters drawn with one font, inside one segment.
  private struct Run {
    var font: TTFFont
    var text: String
    var segment: Int
  }

  init(resolver: FontResolver) { self.resolver = resolver }

  func width(of segments: [String], pixelSize: Int32) throws(SDLError) -> Int32 {
    try runs(of: segments, pixelSize: pixelSize).reduce(0) { $0 + $1.font.width(of: $1.text) }
  }

  func render(_ segments: [String], pixelSize: Int32, effects: TextEffects, on window: SDLWindow)
    throws(SDLError) -> RenderedText
  {
    try render(segments, pixelSize: pixelSize, effects: effects, onto: window)
  }

  func render(
    _ segments: [String], pixelSize: Int32, effects: TextEffects, onto window: any SDLRenderTarget
  ) throws(SDLError) -> RenderedText {
    let runs = try runs(of: segments, pixelSize: pixelSize)
    let primary = try font(resolver.primary, pixelSize)
    let baseline = runs.map(\.font.ascent).max() ?? primary.ascent
    let height = max(
      primary.height, runs.map { baseline - $0.font.ascent + $0.font.height }.max() ?? 0)
    let widths = runs.map { $0.font.width(of: $0.text) }
    let totalWidth = widths.reduce(0, +)
    let canvas = try SDLSurface(width: max(1, totalWidth), height: height)
    var spans: [Range<Int32>] = []
    var x: Int32 = 0
    var runIndex = 0
    for segment in segments.indices {
      let segmentStart = x
      while runIndex < runs.count, runs[runIndex].segment == segment {
        let run = runs[runIndex]
        if !run.text.allSatisfy(\.isWhitespace) {
          let image = try run.font.renderWhite(run.text)
          try SDL.copyPixels(
            image.pointer, into: canvas.pointer, x: x, y: baseline - run.font.ascent)
        }
        x += widths[runIndex]
        runIndex += 1
      }
      spans.append(segmentStart..<x)
    }
    let texture = BlendedImage(owner: window, pixels: canvas)
    let shadow = effects.shadow ? BlendedImage(owner: window, pixels: canvas) : nil
    let extras = try outlineAndMask(of: canvas, effects: effects, on: window)
    return RenderedText(
      texture: texture, shadow: shadow, width: totalWidth, segmentSpans: spans,
      pixelSize: pixelSize, outline: extras.outline, outlineRadius: effects.outlineRadius,
      mask: extras.mask)
  }

  /// The outline (the letters' alpha grown by its radius, drawn `radius` up and left of the
  /// letters) and, when asked, the alpha of letters, outline and shadow together, whose top-left
  /// is also `radius` up and left of the letters. Made once per line, never per frame.
  private func outlineAndMask(
    of canvas: SDLSurface, effects: TextEffects, on window: any SDLRenderTarget
  ) throws(SDLError) -> (outline: BlendedImage?, mask: AlphaMask?) {
    let radius = Int(effects.outlineRadius)
    guard radius > 0 || effects.keepsMask else { return (nil, nil) }
    let letters = SDL.alphaPlane(of: canvas.pointer)
    let grown = letters.dilated(radius: radius)
    let outline =
      radius > 0
      ? BlendedImage(owner: window, pixels: SDLSurface(try SDL.whiteSurface(alpha: grown))) : nil
    guard effects.keepsMask else { return (outline, nil) }
    let offset = effects.shadow ? Int(effects.shadowOffset) : 0
    var mask = AlphaMask(width: grown.width + offset, height: grown.height + offset)
    mask.merge(grown, x: 0, y: 0)
    if offset > 0 { mask.merge(letters, x: radius + offset, y: radius + offset) }
    return (outline, mask)
  }

  /// Splits segments into runs of one face each.
  private func runs(of segments: [String], pixelSize: Int32) throws(SDLError) -> [Run] {
    var runs: [Run] = []
    for (segment, text) in segments.enumerated() {
      var currentFace: FontFace?
      var current = ""
      for character in text {
        let scalar = character.unicodeScalars.first ?? " "
        let face =
          character.isWhitespace
          ? (currentFace ?? resolver.primary)
          : resolver.face(for: scalar)
        if face != currentFace, let previous = currentFace, !current.isEmpty {
          runs.append(Run(font: try font(previous, pixelSize), text: current, segment: segment))
          current = ""
        }
        currentFace = face
        current.append(character)
      }
      if let face = currentFace, !current.isEmpty {
        runs.append(Run(font: try font(face, pixelSize), text: current, segment: segment))
      }
    }
    return runs
  }

  /// The open font of `face`, set to `pixelSize`. Every run of one `render` or `width` call is
  /// at the same size, so a run's font keeps its size until the call is done.
  private func font(_ face: FontFace, _ pixelSize: Int32) throws(SDLError) -> TTFFont {
    if let font = fonts[face] {
      try font.setPixelSize(pixelSize)
      return font
    }
    // Fallback faces come with the characters of the lyrics; keep their number bounded.
    if fonts.count >= 8 { fonts.removeAll() }
    let font = try TTFFont(face: face, pixelSize: pixelSize)
    fonts[face] = font
    return font
  }

  /// How many fonts are open (tests: one per face, whatever the sizes).
  var openFontCount: Int { fonts.count }
}
