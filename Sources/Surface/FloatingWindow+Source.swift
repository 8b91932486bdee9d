extension FloatingWindow {
  /// Says where the lyrics came from ("lyrics: LRCLIB") in the strip's corner for a moment,
  /// when they arrive and each time the strip appears: the strip is for the words, so the
  /// source is a passing note there, and stays written in the main window's header.
  func noteSource(now: Int64) {
    let model = loop.model
    guard let source = model.status.source, model.lyrics?.lines.isEmpty == false else { return }
    guard source != notedSource else { return }
    notedSource = source
    showNotice("lyrics: \(source)", now: now, what: "the lyrics' source")
  }
}
