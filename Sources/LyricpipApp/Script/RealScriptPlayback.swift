import Dispatch
import FoundationEssentials
import LyricsCore
import Playback
import Session
import Synchronization
import SystemSupport

/// The real `Player` on the real sound output and the real `SyncScheduler`, both on a
/// `SystemClock`, as a `clock real` script drives them.
///
/// Threads: the player reports on its threads and the scheduler on the clock's; every change is
/// carried to the host's thread (`ScriptHost.post`, or `whenLineShown` for a new line) and only
/// there updates `state`/`shown` and calls `onChange`, so the session and the transcript see the
/// changes in one order on one thread. Player calls are thread-safe.
final class RealScriptPlayback: ScriptPlayback, @unchecked Sendable {
  let lyrics: Lyrics
  /// Known once the track is loaded, before the run starts.
  private(set) var durationMs = 0
  var onChange: ((PlaybackChange) -> Void)?
  private let player: Player
  /// The thread and windows the run lives on.
  let host: ScriptHost
  private var scheduler: SyncScheduler?
  // Confined to the host's thread.
  private var shown = -1
  private var state = PlayerState.stopped

  private init(lyrics: Lyrics, player: Player, host: ScriptHost) {
    self.lyrics = lyrics
    self.player = player
    self.host = host
  }

  /// Reads the lyrics and checks the audio (exit 2), opens the sound output (exit 69: PulseAudio,
  /// else ALSA) and loads the track, before anything plays.
  /// `makeHost` is called once the output is open, so a missing sound server is reported first.
  static func make(
    script: SyncScript, folder: URL, clock: SystemClock, makeHost: () -> ScriptHost
  ) throws(ScriptRun.LoadError) -> RealScriptPlayback {
    let lyrics = try VirtualScriptPlayback.readLyrics(
      VirtualScriptPlayback.resolve(script.lyricsPath, in: folder), named: script.lyricsPath)
    let format = AudioFormat.standard
    let item: PlayerItem
    if let audio = script.audioPath {
      let path = VirtualScriptPlayback.resolve(audio, in: folder)
      do {
        _ = try AudioDecoder(path: path, format: format).info
      } catch {
        throw ScriptRun.LoadError(
          message: "cannot play \(audio): \(PlayCommand.describe(error, path: path))",
          status: .unreadableInput)
      }
      item = .file(path)
    } else {
      let length = VirtualScriptPlayback.silentLengthMs(lyrics)
      item = .silence(name: "silence", durationNanos: Int64(length) * 1_000_000)
    }
    let output = try openOutput(format: format)
    let host = makeHost()
    let player = Player(output: output, clock: clock)
    let playback = RealScriptPlayback(lyrics: lyrics, player: player, host: host)
    playback.connect(clock: clock)
    player.load([item])
    guard player.currentTrack != nil else {
      player.shutdown()
      throw ScriptRun.LoadError(
        message: "cannot play \(script.audioPath ?? "the silent track")", status: .unreadableInput)
    }
    playback.durationMs = Int((player.durationNanos ?? 0) / 1_000_000)
    playback.warmUp()
    return playback
  }

  /// PulseAudio, else ALSA, else exit 69 naming what to start.
  private static func openOutput(format: AudioFormat) throws(ScriptRun.LoadError) -> AudioOutput {
    if let pulse = try? OutputChooser.openPulse(format: format) { return pulse }
    if let alsa = try? OutputChooser.openALSA(format: format) { return alsa }
    throw ScriptRun.LoadError(
      message:
        "clock real needs a sound output: no PulseAudio server answers and no ALSA device "
        + "opens; start PulseAudio ('pulseaudio --start', package pulseaudio) or connect a "
        + "sound device, or use clock virtual",
      status: .serviceUnavailable)
  }

  /// Starts the sound output before script time 0, silently, and pauses it again: the first start
  /// of a stream takes the server a while (1.7-1.9 s on the tests' private null sink) before the
  /// heard position moves, while a resume after a pause is heard at once. Without this, every
  /// position in the run would lag the script by that start-up time. It pauses where the sound
  /// started (a few ms in) rather than seeking back to 0, which would cost a flush and a second
  /// wait for the new audio to be heard. Gives up after 5 s.
  private func warmUp() {
    let started = DispatchSemaphore(value: 0)
    let once = Once()
    player.addObserver { event in
      if case .outputStarted = event, once.first() { started.signal() }
    }
    player.volume = 0
    player.play()
    _ = started.wait(timeout: .now() + .seconds(5))
    player.pause()
    player.volume = 1
  }

  var outputName: String { player.output.name }

  private func connect(clock: SystemClock) {
    let scheduler = SyncScheduler(
      timeline: Timeline(lyrics: lyrics), source: player, clock: clock
    ) { [weak self] change in self?.displayChanged(change) }
    self.scheduler = scheduler
    player.addObserver { [weak self] event in self?.playerEvent(event) }
  }

  /// Stops the player's threads and closes the output (at the end of the run).
  func shutdown() {
    scheduler?.stop()
    player.shutdown()
  }

  // MARK: - ScriptPlayback (host thread)

  func begin() { scheduler?.start() }

  var activity: PlaybackActivity { PlaybackActivity(state) }

  var positionMs: Int { player.heardPosition().milliseconds }
  var displayedLine: Int { shown }

  func play() { player.play() }
  func pause() { player.pause() }
  func seek(toMs ms: Int) { player.seek(toNanos: Int64(ms) * 1_000_000) }
  func stop() { player.stop() }

  func changeOffset(byMs ms: Int) {
    guard let scheduler else { return }
    let total = scheduler.offsetMs + ms
    onChange?(.offset(totalMs: total))
    scheduler.offsetMs = total
    host.offsetChanged(toMs: total)
  }

  // MARK: - From the player's and the clock's threads

  private func playerEvent(_ event: PlayerEvent) {
    switch event {
    case .stateChanged(let newState, let positionNanos):
      host.follow(player.heardPosition())
      host.post { [self] in
        state = newState
        onChange?(.state(activity, posMs: Self.ms(positionNanos)))
      }
      scheduler?.replan()
    case .sought(let positionNanos):
      host.follow(player.heardPosition())
      host.post { [self] in onChange?(.seek(posMs: Self.ms(positionNanos))) }
      scheduler?.replan()
    case .trackChanged(_, let info):
      host.trackLoaded(info, lyrics: lyrics)
      scheduler?.replan()
    case .outputStarted, .outputReconnected:
      host.follow(player.heardPosition())
      scheduler?.replan()
    case .outputLost(let message):
      printError("sound server lost (\(message)); reconnecting, keeping the position")
    case .trackFailed:
      break
    }
  }

  private func displayChanged(_ change: SyncScheduler.Change) {
    host.follow(player.heardPosition())
    let line = change.position.line
    let word = change.position.word
    let wordChanged = word != nil && (change.lineChanged || word != change.previous.word)
    // The heard position when the change reached the screen, as `play --events` writes it.
    let report: @Sendable () -> Void = { [self] in
      let posMs = player.heardPosition().milliseconds
      if change.lineChanged {
        shown = line
        onChange?(.line(index: line, posMs: posMs))
      }
      if wordChanged, let word { onChange?(.word(line: line, word: word, posMs: posMs)) }
    }
    if change.lineChanged { host.whenLineShown(line, report) } else { host.post(report) }
  }

  private static func ms(_ nanos: Int64) -> Int {
    HeardPosition(nanos: nanos, isAdvancing: false).milliseconds
  }
}

/// True the first time only (thread-safe).
private final class Once: Sendable {
  private let done = Atomic(false)
  func first() -> Bool {
    !done.exchange(true, ordering: .acquiringAndReleasing)
  }
}
