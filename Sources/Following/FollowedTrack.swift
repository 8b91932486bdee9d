import Desktop
import PlayerContract

extension MPRISTrackMetadata {
  /// The track as the session knows tracks: the local file when `xesam:url` names one (so the
  /// usual lookup finds its lyrics), else the URL, the title or the track id; the lyrics the
  /// player publishes (`xesam:asText`) as the embedded lyrics.
  var trackInfo: TrackInfo {
    let name = localPath ?? url ?? title ?? trackID ?? "unknown track"
    return TrackInfo(
      path: name, title: title, artist: artists.isEmpty ? nil : artists.joined(separator: ", "),
      album: album, durationNanos: lengthMicros.map { $0 * 1_000 }, embeddedLyrics: lyricsText)
  }
}

extension MPRISPlayerChange.Status {
  var playerState: PlayerState {
    switch self {
    case .playing: .playing
    case .paused: .paused
    case .stopped: .stopped
    }
  }
}
