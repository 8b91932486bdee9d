import Clocks
import Playback

/// The media of `lyricpip script`: our `Player` on a `VirtualTimeOutput` (clock virtual) or on
/// the sound server (clock real), FFmpeg's decoder for the script's audio.
public struct PlayerMedia: MediaFactory {
  public init() {}

  public func audioItem(path: String) throws(AudioProbe.Failure) -> PlayerItem {
    _ = try AudioProbe.probe(path)
    return .file(path)
  }

  public func silence(name: String, durationNanos: Int64) -> PlayerItem {
    .silence(name: name, durationNanos: durationNanos)
  }

  public func virtualPlayer(clock: ManualClock) -> any PlaybackEngine {
    Player(output: VirtualTimeOutput(clock: clock), clock: clock)
  }

  public func realTimePlayer(clock: EventClock) -> (any ClosablePlaybackEngine)? {
    SoundOutputs.openPulseOrALSA(format: .standard).map { Player(output: $0, clock: clock) }
  }
}
