import LyricsCore

/// Lyrics embedded in the audio file's tags (ID3 USLT, Vorbis/FLAC `LYRICS`) as a lookup source.
/// `LyricsLocator` asks it right after the `.lrc` beside the file.
public struct EmbeddedLyricsSource: LyricsSource {
  public let name = "embedded"

  public init() {}

  public func candidates(for track: TrackIdentity) -> [LyricsCandidate] {
    guard let decoder = try? Decoder(path: track.audioPath),
      let text = decoder.info.embeddedLyrics
    else { return [] }
    return [LyricsCandidate(content: .text(text), source: name)]
  }
}

extension LyricsLocator {
  /// The standard lookup order with embedded lyrics after the file beside the audio.
  public static func withEmbeddedLyrics() -> LyricsLocator {
    var locator = LyricsLocator.standard()
    locator.insert(EmbeddedLyricsSource(), after: "beside-audio")
    return locator
  }
}
