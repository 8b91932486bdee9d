import LyricsCore

/// The main window's notes under a lyric line: its romanisation (read along with the line, so
/// right under it) and its translation, each in a smaller, dimmer face. Every row of the list
/// makes room for as many notes as the lyrics carry anywhere, so rows keep one height and a
/// click maps to a row by arithmetic.
enum MainLineAnnotations {
  /// The notes of `line`, in drawing order; empty ones are left out.
  static func texts(of line: LyricLine) -> [String] {
    [line.romanisation, line.translation].compactMap { $0 }.filter { !$0.isEmpty }
  }

  /// How many note rows the lyrics need: one for romanisations, one for translations.
  static func rows(in lyrics: Lyrics?) -> Int {
    guard let lines = lyrics?.lines else { return 0 }
    let romanised = lines.contains { !($0.romanisation ?? "").isEmpty }
    let translated = lines.contains { !($0.translation ?? "").isEmpty }
    return (romanised ? 1 : 0) + (translated ? 1 : 0)
  }
}

extension MainLayout {
  var annotationSize: Int32 { max(10, lineSize * 72 / 100) }
  /// The height one note row adds to a row of the list.
  var annotationStep: Int32 { annotationSize * 13 / 10 }
}

extension MainWindow {
  /// Counts the note rows again when the lyrics changed (the rows' height depends on them).
  func updateAnnotationRows() {
    let revision = loop.model.lyricsRevision
    guard annotatedLyricsRevision != revision else { return }
    annotatedLyricsRevision = revision
    layout.annotationRows = MainLineAnnotations.rows(in: loop.model.lyrics)
  }

  /// Draws the notes of `line` one under the other from `top`, placed like the line.
  func drawAnnotations(
    of line: LyricLine, below top: Int32, alignment: LineAlignment, on window: SDLWindow
  ) {
    let list = layout.list
    var y = top
    for note in MainLineAnnotations.texts(of: line) {
      guard
        let text = regular.text(
          note, pixelSize: layout.annotationSize, fitting: list.w, on: window)
      else { continue }
      text.texture.draw(
        x: alignment.x(ofWidth: text.width, inBandFrom: list.x, width: list.w),
        y: y, color: MainStyle.annotation)
      y += layout.annotationStep
    }
  }
}
