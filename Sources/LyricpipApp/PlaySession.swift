import Dispatch
import FoundationEssentials
import LyricsCore
import Playback
import Synchronization

/// One playing session: wires the player, the sync scheduler, a presenter and the event writer.
/// The same wiring serves `lyricpip play` (system clock, real output) and a sync-script runner
/// (manual clock, `VirtualTimeOutput`).
///
/// Threads: player events arrive on the player's threads and scheduler changes on the clock's;
/// both are handled right there (the presenter and the writer are thread-safe). `waitUntilEnded`
/// blocks the caller (the main thread of the command) until the queue has played out.
public final class PlaySession: @unchecked Sendable {
  /// A track of the queue with its lyrics (empty when none were found).
  public struct Track: Sendable {
    public var item: PlayerItem
    public var lyrics: Lyrics
    /// The lyrics file the lyrics were read from; nil for embedded lyrics or none.
    public var lyricsFile: String?

    public init(item: PlayerItem, lyrics: Lyrics, lyricsFile: String? = nil) {
      self.item = item
      self.lyrics = lyrics
      self.lyricsFile = lyricsFile
    }
  }

  public let player: Player
  public let scheduler: SyncScheduler
  private let presenter: LyricsPresenter
  public let events: EventWriter?
  private let ended = DispatchSemaphore(value: 0)
  private struct State {
    var tracks: [Track]
    var currentIndex: Int?
    var currentLyrics = Lyrics()
    var failures = 0
  }
  private let state: Mutex<State>

  public init(
    player: Player, tracks: [Track], presenter: LyricsPresenter, events: EventWriter?,
    offsetMs: Int = 0, latencyNanos: Int64 = 0
  ) {
    self.player = player
    self.state = Mutex(State(tracks: tracks))
    self.presenter = presenter
    self.events = events
    let relay = ChangeRelay()
    scheduler = SyncScheduler(
      timeline: Timeline(lyrics: Lyrics()), source: player, clock: player.clock,
      offsetMs: offsetMs, latencyNanos: latencyNanos
    ) { change in relay.session?.show(change) }
    relay.session = self
    player.addObserver { [weak self] event in self?.handle(event) }
  }

  /// Loads the queue, moves to `startNanos` and plays.
  public func start(atNanos startNanos: Int64 = 0) {
    player.load(state.withLock { $0.tracks.map(\.item) })
    scheduler.start()
    if startNanos > 0 { player.seek(toNanos: startNanos) }
    player.play()
  }

  /// Blocks until the last track has ended (or `quit`).
  public func waitUntilEnded() {
    ended.wait()
  }

  /// Ends `waitUntilEnded` now (the desktop's Quit without windows).
  public func quit() {
    ended.signal()
  }

  /// Adds tracks at the end of the queue and plays the first of them (a file opened from the
  /// desktop, or handed over by a second `lyricpip FILE`).
  public func open(_ newTracks: [Track]) {
    guard !newTracks.isEmpty else { return }
    let (items, first) = state.withLock {
      let first = $0.tracks.count
      $0.tracks += newTracks
      return ($0.tracks.map(\.item), first)
    }
    player.load(items, startIndex: first)
    player.play()
  }

  /// The lyrics file of the track playing now, if its lyrics came from one.
  public var currentLyricsFile: String? {
    state.withLock { state in
      state.currentIndex.flatMap { $0 < state.tracks.count ? state.tracks[$0].lyricsFile : nil }
    }
  }

  /// Puts `lyrics` in place of the current track's, with the scheduler's live offset set to
  /// `offsetMs` at the same moment: the same lines with part of the offset moved into the file
  /// (a saved offset), so what is on display does not move.
  public func replaceCurrentLyrics(_ lyrics: Lyrics, offsetMs: Int) {
    state.withLock {
      if let index = $0.currentIndex, index < $0.tracks.count { $0.tracks[index].lyrics = lyrics }
      $0.currentLyrics = lyrics
    }
    scheduler.replaceTimeline(Timeline(lyrics: lyrics), offsetMs: offsetMs)
  }

  /// Tells the user (stderr) and the event stream (an `error` event) what went wrong.
  public func reportError(_ message: String) {
    printError(message)
    events?.write("error", [("message", .string(message))])
  }

  /// How many tracks could not be played.
  public var failedTracks: Int { state.withLock { $0.failures } }

  private func handle(_ event: PlayerEvent) {
    switch event {
    case .trackChanged(let index, let info):
      let lyrics = state.withLock {
        $0.currentIndex = index
        $0.currentLyrics = index < $0.tracks.count ? $0.tracks[index].lyrics : Lyrics()
        return $0.currentLyrics
      }
      presenter.trackChanged(info, lyrics: lyrics)
      events?.write(
        "ready",
        [
          ("track", .string(info.path)),
          ("durationMs", .int(Int((info.durationNanos ?? 0) / 1_000_000))),
          ("lines", .int(lyrics.lines.count)), ("output", .string(player.output.name)),
        ])
      scheduler.setTimeline(Timeline(lyrics: lyrics))
    case .stateChanged(let state, let positionNanos):
      events?.write(
        "state", [("state", .string(state.rawValue)), ("posMs", .int(Self.ms(positionNanos)))])
      presenter.stateChanged(state, positionNanos: positionNanos)
      scheduler.replan()
      if state == .ended {
        presenter.finish()
        ended.signal()
      }
    case .sought(let positionNanos):
      events?.write("seek", [("posMs", .int(Self.ms(positionNanos)))])
      scheduler.replan()
    case .outputStarted:
      scheduler.replan()
    case .outputLost(let message):
      printError("sound server lost (\(message)); reconnecting, keeping the position")
      events?.write("output", [("state", .string("lost")), ("message", .string(message))])
    case .outputReconnected:
      let position = player.heardPosition().nanos
      printError("sound server back; playing on from \(TerminalPresenter.clock(position))")
      events?.write(
        "output", [("state", .string("reconnected")), ("posMs", .int(Self.ms(position)))])
      scheduler.replan()
    case .trackFailed(let path, let message):
      state.withLock { $0.failures += 1 }
      reportError("cannot play \(path): \(message)")
    }
  }

  private func show(_ change: SyncScheduler.Change) {
    let lyrics = state.withLock { $0.currentLyrics }
    let line = change.position.line
    let lyricLine = line >= 0 && line < lyrics.lines.count ? lyrics.lines[line] : nil
    let display = LyricsDisplay(
      lineIndex: line, wordIndex: change.position.word, text: lyricLine?.text ?? "",
      translation: lyricLine?.translation, lineChanged: change.lineChanged,
      heardNanos: change.heard.nanos)
    let wordChanged = change.position.word != nil && change.position != change.previous
    presenter.show(display) { [weak self] in
      guard let self, let events = self.events else { return }
      let heard = Self.ms(self.player.heardPosition().nanos)
      if change.lineChanged {
        events.write(
          "line",
          [
            ("index", .int(line)), ("ms", .int(lyricLine?.ms ?? 0)), ("posMs", .int(heard)),
            ("text", .string(lyricLine?.text ?? "")),
          ], stamped: true)
      }
      if wordChanged, let word = change.position.word {
        events.write("word", [("index", .int(line)), ("word", .int(word)), ("posMs", .int(heard))])
      }
    }
  }

  static func ms(_ nanos: Int64) -> Int {
    HeardPosition(nanos: nanos, isAdvancing: false).milliseconds
  }
}

/// Lets the scheduler's callback reach the session, which is created after the scheduler.
private final class ChangeRelay: Sendable {
  private struct Target {
    weak var session: PlaySession?
  }
  private let target = Mutex(Target())

  var session: PlaySession? {
    get { target.withLock { $0.session } }
    set { target.withLock { $0.session = newValue } }
  }
}
