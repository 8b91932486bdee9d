import LyricsCore

/// Background vocals on the strip: a smaller line (60 % of the current line's size) in the place
/// of the second line, with a karaoke fill of its own, and their own translation or romanisation
/// after them when the `second-line` setting shows those. The strip has room for two rows of text,
/// so while the current line has background vocals they take the second row, and the next line
/// (or translation) comes back with the next line that has none.
extension StripLayout {
  var backgroundPixelSize: Int32 { max(9, mainPixelSize * 60 / 100) }
  var backgroundCenterY: Int32 { subCenterY }
}

/// What the background row shows: the sung part (its words, else its text), then, as the
/// `second-line` setting asks for the main line, the part's own translation or romanisation,
/// unsung, after a gap. The fill covers only the sung part.
enum BackgroundVocalsText {
  /// Space between the sung part and its note.
  static let gap = "   "

  static func sung(_ background: LyricBackground) -> [String] {
    background.words.isEmpty ? [background.text] : background.words.map(\.text)
  }

  /// The translation or romanisation shown after the part; nil for `.next` or when it has none.
  static func note(_ background: LyricBackground, secondLine: SecondLine) -> String? {
    let note: String? =
      switch secondLine {
      case .translation: background.translation
      case .romanisation: background.romanisation
      case .next: nil
      }
    return note.flatMap { $0.isEmpty ? nil : $0 }
  }

  static func segments(_ background: LyricBackground, secondLine: SecondLine) -> [String] {
    sung(background) + (note(background, secondLine: secondLine).map { [gap + $0] } ?? [])
  }

  /// The spans of the sung part among the rendered segments' spans (the note's is left out).
  static func sungSpans(_ background: LyricBackground, of spans: [Range<Int32>]) -> [Range<Int32>] {
    Array(spans.prefix(sung(background).count))
  }
}

enum BackgroundVocalsFill {
  /// The background part as a line of its own, for `KaraokeFill`: filled word by word when it
  /// has words, else across the part from its start to its end (else the main line's end).
  static func asLine(_ background: LyricBackground, mainLineEndMs: Int?) -> LyricLine {
    LyricLine(
      ms: background.ms, text: background.text, words: background.words,
      endMs: background.endMs ?? mainLineEndMs)
  }

  /// Where the fill of the background part stands at `lyricMs`, in pixels of its rendered text.
  static func fillX(
    _ background: LyricBackground, mainLineEndMs: Int?, lyricMs: Int, spans: [Range<Int32>],
    width: Int32
  ) -> Int32 {
    fillX(
      background, words: WordsByTime(background.words), mainLineEndMs: mainLineEndMs,
      lyricMs: lyricMs, spans: spans, width: width)
  }

  /// The same, with the part's words by time made once (kept with the line's images).
  static func fillX(
    _ background: LyricBackground, words: WordsByTime, mainLineEndMs: Int?, lyricMs: Int,
    spans: [Range<Int32>], width: Int32
  ) -> Int32 {
    KaraokeFill.fillX(
      line: asLine(background, mainLineEndMs: mainLineEndMs), words: words, nextLineMs: nil,
      lyricMs: lyricMs, spans: spans, width: width)
  }
}

extension FloatingWindow {
  /// The background vocals of `line` rendered at their size (shrunk to fit), nil when none.
  func backgroundImage(of line: LyricLine, on target: any SDLRenderTarget) throws(SDLError)
    -> RenderedText?
  {
    guard let background = line.background, !background.text.isEmpty else { return nil }
    let segments = BackgroundVocalsText.segments(background, secondLine: settings.secondLine)
    return try fitted(segments, size: layout.backgroundPixelSize, on: target)
  }

  /// Draws the background vocals in the second line's place, unsung in the second line's
  /// colour with the sung part (up to `fill`) in the sung colour.
  func drawBackgroundVocals(
    _ text: RenderedText, fill: Int32?, alignment: LineAlignment, alpha: Double,
    on renderer: SDL.Renderer
  ) {
    let x = alignment.x(ofWidth: text.width, inBandFrom: layout.padding, width: layout.textWidth)
    let y = layout.backgroundCenterY - text.height / 2
    drawShadowed(text, x: x, y: y, color: StripStyle.subText, alpha: alpha, on: renderer)
    if let fill, fill > 0 {
      text.texture.draw(
        x: x, y: y, color: settings.look.fillColour.faded(alpha), columns: 0..<fill)
    }
  }
}
