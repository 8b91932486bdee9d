import LyricsFiles
import Playback
import PlayerContract

extension LyricsLocator {
  /// The standard lookup order with embedded lyrics after the file beside the audio. `probed`
  /// is what the decoder already read from the track, if it did; `warn` hears what was skipped
  /// while reading an embedded tag.
  public static func withEmbeddedLyrics(
    probed: TrackInfo? = nil, warn: @escaping @Sendable (String) -> Void = { _ in }
  ) -> LyricsLocator {
    var locator = LyricsLocator.standard()
    let source = EmbeddedLyricsSource(
      probed: probed, readTags: { try? AudioDecoder(path: $0).info }, warn: warn)
    locator.insert(source, after: "beside-audio")
    return locator
  }
}
