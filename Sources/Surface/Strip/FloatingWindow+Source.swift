extension FloatingWindow {
  /// Says where the lyrics came from ("lyrics: LRCLIB") in the strip's corner for a moment,
  /// when they arrive and each time the strip appears: the strip is for the words, so the
  /// source is a passing note there, and stays written in the main window's header.
  func noteSource(now: Int64) {
    guard let notice = sourceNotice, notice.source != notedSource else { return }
    notedSource = notice.source
    showNotice(notice.message, now: now, what: "the lyrics' source")
  }

  /// Where the lyrics on display came from, and the notice that says it; nil without a source
  /// or without lyric lines.
  var sourceNotice: (source: String, message: String)? {
    let model = loop.model
    guard let source = model.status.source, model.lyrics?.lines.isEmpty == false else { return nil }
    return (source, "lyrics: \(source)")
  }
}
