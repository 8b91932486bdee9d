/// Which ReplayGain the player applies: the track's own, the album's (the track's when the album
/// has none), or none.
public enum ReplayGainMode: String, CaseIterable, Sendable {
  case track, album, off
}
