import Clocks
import FoundationEssentials
import LyricsCore
import LyricsFiles
import Playback
import Session
import Synchronization

/// The real `Player` (on a `VirtualTimeOutput`) and the real `SyncScheduler`, driven by the
/// script's `ManualClock`: a script run plays the track exactly as the app does, only in virtual
/// time, with no thread and no sleeping.
///
/// Confinement: everything runs on the runner's thread (the manual clock runs due work inside
/// `advance`, on the caller's thread), which is why the class is `@unchecked Sendable`.
final class VirtualScriptPlayback: ScriptPlayback, @unchecked Sendable {
  let lyrics: Lyrics
  let durationMs: Int
  var onChange: ((PlaybackChange) -> Void)?
  private let player: Player
  private var scheduler: SyncScheduler?
  private var shown = Timeline.Position(line: -1, word: nil)
  private var state = PlayerState.stopped

  private init(lyrics: Lyrics, player: Player, durationMs: Int) {
    self.lyrics = lyrics
    self.player = player
    self.durationMs = durationMs
  }

  /// The `ScriptRun.PlaybackFactory`: reads the lyrics and opens the audio (or a silent track).
  static func make(script: SyncScript, folder: URL, clock: ManualClock) throws(ScriptRun.LoadError)
    -> ScriptPlayback
  {
    let lyricsPath = resolve(script.lyricsPath, in: folder)
    let lyrics = try readLyrics(lyricsPath, named: script.lyricsPath)
    let player = Player(output: VirtualTimeOutput(clock: clock), clock: clock)
    let item: PlayerItem
    if let audio = script.audioPath {
      item = .file(resolve(audio, in: folder))
    } else {
      item = .silence(name: "silence", durationNanos: Int64(silentLengthMs(lyrics)) * 1_000_000)
    }
    let failures = FailureLog()
    player.addObserver { event in
      if case .trackFailed(_, let message) = event { failures.add(message) }
    }
    player.load([item])
    if let message = failures.first {
      throw ScriptRun.LoadError(
        message: "cannot play \(script.audioPath ?? "the silent track"): \(message)",
        status: .unreadableInput)
    }
    let durationMs = Int((player.durationNanos ?? 0) / 1_000_000)
    let playback = VirtualScriptPlayback(lyrics: lyrics, player: player, durationMs: durationMs)
    playback.connect(clock: clock)
    return playback
  }

  private func connect(clock: ManualClock) {
    let scheduler = SyncScheduler(
      timeline: Timeline(lyrics: lyrics), source: player, clock: clock
    ) { [weak self] change in self?.displayChanged(change) }
    self.scheduler = scheduler
    player.addObserver { [weak self] event in self?.playerEvent(event) }
  }

  func begin() { scheduler?.start() }

  var activity: PlaybackActivity { PlaybackActivity(state) }

  var positionMs: Int { player.heardPosition().milliseconds }
  var displayedLine: Int { shown.line }

  func play() { player.play() }
  func pause() { player.pause() }
  func seek(toMs ms: Int) { player.seek(toNanos: Int64(ms) * 1_000_000) }
  func stop() { player.stop() }

  func changeOffset(byMs ms: Int) {
    guard let scheduler else { return }
    let total = scheduler.offsetMs + ms
    onChange?(.offset(totalMs: total))
    scheduler.offsetMs = total
  }

  private func playerEvent(_ event: PlayerEvent) {
    switch event {
    case .stateChanged(let newState, let positionNanos):
      state = newState
      onChange?(.state(activity, posMs: Self.ms(positionNanos)))
      scheduler?.replan()
    case .sought(let positionNanos):
      onChange?(.seek(posMs: Self.ms(positionNanos)))
      scheduler?.replan()
    case .trackChanged, .outputStarted, .outputReconnected:
      scheduler?.replan()
    case .outputLost, .trackFailed:
      break
    }
  }

  private func displayChanged(_ change: SyncScheduler.Change) {
    let posMs = change.heard.milliseconds
    shown = change.position
    if change.lineChanged {
      onChange?(.line(index: change.position.line, posMs: posMs))
    }
    if let word = change.position.word, change.lineChanged || word != change.previous.word {
      onChange?(.word(line: change.position.line, word: word, posMs: posMs))
    }
  }

  private static func ms(_ nanos: Int64) -> Int {
    HeardPosition(nanos: nanos, isAdvancing: false).milliseconds
  }

  // MARK: - Loading

  static func resolve(_ path: String, in folder: URL) -> String {
    path.hasPrefix("/") ? path : folder.appendingPathComponent(path).path
  }

  static func readLyrics(_ path: String, named name: String) throws(ScriptRun.LoadError)
    -> Lyrics
  {
    do {
      let bytes = try LyricsFileReader.read(path: path)
      return try LRCParser.parse(bytes: bytes).result.lyrics
    } catch let error as LyricsFileReader.ReadError {
      throw ScriptRun.LoadError(message: "\(name): \(error.description)", status: .unreadableInput)
    } catch {
      throw ScriptRun.LoadError(message: "\(name): \(error)", status: .unreadableInput)
    }
  }

  /// A silent track lasts to `[length:]`, or to the last line + 5 s (sync-script.md).
  static func silentLengthMs(_ lyrics: Lyrics) -> Int {
    if let length = lyrics.metadata["length"], let ms = lengthMs(length) { return ms }
    return max(0, (lyrics.lines.last?.endMs ?? lyrics.lines.last?.ms ?? 0)) + 5_000
  }

  /// `[length:]` as `mm:ss`, `mm:ss.xx` or `hh:mm:ss`.
  static func lengthMs(_ text: String) -> Int? {
    let parts = text.split(separator: ":")
    guard (2...3).contains(parts.count) else { return nil }
    var total = 0
    for part in parts.dropLast() {
      guard let value = Int(part), value >= 0 else { return nil }
      total = total * 60 + value
    }
    guard let seconds = ScriptTime.parse(String(parts[parts.count - 1])) else { return nil }
    return total * 60_000 + seconds
  }
}

/// Messages collected from the player's observer (a `@Sendable` closure) during loading.
private final class FailureLog: Sendable {
  private let messages = Mutex<[String]>([])
  func add(_ message: String) { messages.withLock { $0.append(message) } }
  var first: String? { messages.withLock { $0.first } }
}
