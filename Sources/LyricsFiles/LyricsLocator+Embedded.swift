import PlayerContract

extension LyricsLocator {
  /// The standard lookup order with embedded lyrics after the file beside the audio. `probed`
  /// is what the decoder already read from the track, if it did; `readTags` reads a file's tags
  /// when it was not probed (the decoder's open: this target does not decode); `warn` hears what
  /// was skipped while reading an embedded tag.
  public static func withEmbeddedLyrics(
    probed: TrackInfo? = nil, readTags: @escaping @Sendable (String) -> TrackInfo?,
    warn: @escaping @Sendable (String) -> Void = { _ in }
  ) -> LyricsLocator {
    var locator = LyricsLocator.standard()
    let source = EmbeddedLyricsSource(probed: probed, readTags: readTags, warn: warn)
    locator.insert(source)
    return locator
  }
}
