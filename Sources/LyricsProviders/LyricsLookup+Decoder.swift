import LyricsFiles
import Playback
import PlayerContract
import SystemSupport

extension LyricsLookup {
  /// The commands' lookup: a track's tags read by FFmpeg's decoder when it was not probed,
  /// what was passed over said on stderr.
  public static let standard = LyricsLookup(readTags: decoderTags, warn: { printError($0) })

  /// A file's tags as FFmpeg's decoder reads them; nil when it cannot open the file.
  @Sendable public static func decoderTags(_ path: String) -> TrackInfo? {
    try? AudioDecoder(path: path).info
  }
}
