import ID3
import LyricsCore
import PlayerContract

/// Lyrics embedded in the audio file's tags as a lookup source. `LyricsLocator` asks it right
/// after the `.lrc` beside the file.
///
/// Best first: ID3 `SYLT` synchronised lyrics with at least one entry (already timed, read by
/// `ID3SyncedLyricsReader` since FFmpeg does not expose them), then the text of ID3 `USLT` or a
/// Vorbis/FLAC `LYRICS` comment (from FFmpeg's metadata).
///
/// The tags come as a value (`TrackInfo`: the text and the frame timing), read by whoever can
/// open audio: this target does not decode (the app gives `LyricsLocator.withEmbeddedLyrics`
/// the decoder).
public struct EmbeddedLyricsSource: LyricsSource {
  public let kind = LyricsSourceKind.embedded
  /// Told, with the file's path, what was skipped while reading the ID3 tag.
  private let warn: @Sendable (String) -> Void
  /// What the decoder already read from a file (`AudioProbe`), so that file is not opened again.
  private let probed: TrackInfo?
  /// Reads a file's tags when they were not probed (the decoder's open); nil when it cannot.
  private let readTags: @Sendable (String) -> TrackInfo?

  public init(
    probed: TrackInfo? = nil, readTags: @escaping @Sendable (String) -> TrackInfo?,
    warn: @escaping @Sendable (String) -> Void = { _ in }
  ) {
    self.probed = probed
    self.readTags = readTags
    self.warn = warn
  }

  public func candidates(for track: TrackIdentity) -> [LyricsCandidate] {
    guard let info = facts(of: track.audioPath), let frameTiming = info.frameTiming else {
      return []
    }
    var result: [LyricsCandidate] = []
    if let synced = syncedLyrics(path: track.audioPath, frameTiming: frameTiming) {
      result.append(LyricsCandidate(content: .lyrics(synced), kind: kind))
    }
    if let text = info.embeddedLyrics {
      result.append(LyricsCandidate(content: .text(text), kind: kind))
    }
    return result
  }

  /// The probed facts when they are this file's, else the ones read now.
  private func facts(of path: String) -> TrackInfo? {
    if let probed, probed.path == path, probed.frameTiming != nil { return probed }
    return readTags(path)
  }

  /// The file's ID3 `SYLT` as lyrics, when it has a frame with at least one entry.
  private func syncedLyrics(path: String, frameTiming: MPEGFrameTiming) -> Lyrics? {
    let found = ID3SyncedLyricsReader.read(path: path)
    for diagnostic in found.diagnostics { warn("\(path): ID3 tag: \(diagnostic)") }
    guard let frame = found.lyrics else { return nil }
    guard let lyrics = frame.lyrics(frameTiming: frameTiming) else {
      warn(
        "\(path): ID3 SYLT times count MPEG frames but the audio's frame length is unknown; "
          + "not used")
      return nil
    }
    return lyrics.lines.isEmpty ? nil : lyrics
  }
}
