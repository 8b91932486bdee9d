import Clocks
import Playback

/// What a sync script plays, made by the caller (`PlayerMedia` for `script`): the items
/// of its queue and our player, in virtual or real time. SyncScripts reaches the sound only
/// through this, never the decoders or the outputs themselves.
public protocol MediaFactory: Sendable {
  /// The item of an audio file, checked first: the failure names the file and says why it
  /// cannot be played.
  func audioItem(path: String) throws(AudioProbe.Failure) -> PlayerItem
  /// A silent item of `durationNanos` (lyrics without audio).
  func silence(name: String, durationNanos: Int64) -> PlayerItem
  /// Our player in virtual time, its output driven by `clock`.
  func virtualPlayer(clock: ManualClock) -> any PlaybackEngine
  /// Our player on the real sound output (PulseAudio, else ALSA) on `clock`; nil when neither
  /// opens.
  func realTimePlayer(clock: EventClock) -> (any ClosablePlaybackEngine)?
}

/// A player whose sound output is the caller's to close once the run is over.
public protocol ClosablePlaybackEngine: PlaybackEngine {
  /// Stops the sound and closes the output.
  func shutdown()
}

extension Player: ClosablePlaybackEngine {}
