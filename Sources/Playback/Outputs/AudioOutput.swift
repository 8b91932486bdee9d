/// Where decoded audio goes, and the one authority on what is heard.
///
/// The player talks to an output in "epochs": `flush(epoch:startingAt:)` drops all queued audio
/// and says that the samples written next (tagged with that epoch) start at a given track frame.
/// A write tagged with an older epoch is dropped, so a decoder thread that raced a seek can never
/// play stale audio. The heard position is reported in track frames of the current epoch.
///
/// Real-time outputs (`PulseOutput`, `ALSAOutput`, `NullOutput`) are fed by the player's decoder
/// thread through the blocking `write`; a `ClockDrivenOutput` (`VirtualTimeOutput`) pulls audio
/// itself as its clock advances. Every method may be called from any thread.
///
/// `flush`, `setPaused` and `heardFrame` must return promptly, whatever the device or server
/// does: the player calls them for the window, the desktop controls and the scheduler. An
/// output that talks to a server sends such requests and does not wait for the answer; only
/// `write` and `drain` (the decoder thread's) wait, and a flush or `close` wakes them.
public protocol AudioOutput: AnyObject, Sendable {
  /// "pulse", "alsa", "null" or "virtual": the `output` of the `ready` event.
  var name: String { get }
  var format: AudioFormat { get }
  /// Whether nothing written is ever heard (the null output). The player then writes what it
  /// decoded in one part instead of small ones: small parts exist so that a volume change is
  /// heard soon, and each part is a wake of the decoder thread.
  var isSilent: Bool { get }

  /// Connects to the device or server. Throws `AudioOutputError.unavailable` when there is none.
  func open() throws
  /// Disconnects; wakes any blocked `write` or `drain`. The output may not be used afterwards.
  func close()

  /// Queues interleaved samples of `epoch`; blocks while the output's buffer is full. Returns
  /// false when the samples were dropped (stale epoch, closed, or failed).
  func write(_ samples: [Float], epoch: Int) -> Bool
  /// Blocks until everything written in `epoch` has been heard. Returns false when interrupted
  /// (a flush to a newer epoch, or close).
  func drain(epoch: Int) -> Bool
  /// Drops queued audio; the next samples, tagged `epoch`, start at track frame `frame`.
  func flush(epoch: Int, startingAt frame: Int64)
  /// Pauses (corks) or resumes the sound without dropping what is queued.
  func setPaused(_ paused: Bool)

  /// The track frame being heard now, and whether it is moving.
  func heardFrame() -> (frame: Int64, isAdvancing: Bool)

  /// Called (on a thread of the output's choosing) when something happens the player should
  /// know about: the sound really started, the server went away or came back.
  func setEventHandler(_ handler: @escaping @Sendable (AudioOutputEvent) -> Void)
}

extension AudioOutput {
  public var isSilent: Bool { false }
}

/// Things an output reports on its own.
public enum AudioOutputEvent: Equatable, Sendable {
  /// The heard position started moving (the stream really started playing); plan from it now.
  case started
  /// The connection to the sound server was lost; the output is trying to get it back.
  case lost(String)
  /// No sound server answered when the output opened; it keeps trying and reports
  /// `.reconnected` when one does.
  case waiting(String)
  /// The connection is back (or there at last); playback continues from the kept position.
  case reconnected
  /// The sound server ran out of audio while playing (a gap was heard); `count` is how many
  /// times since the output was made.
  case underflow(count: Int)
  /// The output dropped its queue but kept the heard position (a device that cannot pause);
  /// the player should decode again from there.
  case resync
}

/// Why an output cannot play.
public enum AudioOutputError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No sound server or device answers; the message says what to start or install.
  case unavailable(String)
  /// The device or server refused something; the library's own message.
  case failed(String)

  public var description: String {
    switch self {
    case .unavailable(let message), .failed(let message): message
    }
  }
}

/// An output that is not fed by a thread but pulls audio itself as its clock advances, so a
/// virtual clock can drive the whole player deterministically.
public protocol ClockDrivenOutput: AudioOutput {
  /// Installs (or removes, with nil) the puller the output reads audio from. Held weakly: the
  /// puller (the player) owns the output.
  func setSource(_ source: PullSource?)
}

/// What a `ClockDrivenOutput` pulls from: the player.
public protocol PullSource: AnyObject, Sendable {
  /// Up to `maxFrames` frames of the current epoch; an empty array means the track has ended.
  /// A chunk tagged with an epoch other than the output's (such as `Player.noEpoch`, while a
  /// flush is on its way) carries nothing for it: the output asks again later.
  func pull(maxFrames: Int) -> (samples: [Float], epoch: Int)
  /// Everything of `epoch` up to its end has been heard.
  func endHeard(epoch: Int)
}
