import Clocks
import Dispatch
import EventStream
import Locking
import LyricsCore
import Playback
import PlayerContract
import SystemSupport

/// The one session wiring, run by `lyricpip play` and by a sync script alike: a position source
/// (`FollowablePlayer`, with a `PlayerQueue` and `PlayerVolume` when the player is our own) and lyrics (`SessionTrack`, `LyricsProvider`) into the `SyncScheduler`, its
/// changes out to a presenter and as events. Which clock, which front end and which event sink
/// are the caller's choice: a `SystemClock`, the windows or the terminal and the `--events`
/// writer for `play`; a `ManualClock`, stand-ins and the transcript for a script.
///
/// It is the only writer of the scheduler's state (timeline, offset): front ends are told, and
/// commands come in through the methods of `LyricsSession+Commands`. What the front end reads
/// the lyrics' time from is one `DisplayClock`, which the scheduler makes at every plan and the
/// session hands to the presenter whole (`clockChanged`), in order with the changes.
///
/// Threads: engine events arrive on the engine's threads and scheduler changes on the clock's;
/// both are handled right there (the presenter and the sink are thread-safe). `waitUntilEnded`
/// blocks the caller until the queue has played out or `quit`.
public final class LyricsSession: Sendable {
  // Internal, not private: the session's extensions in other files (`+EditedLyrics`) use it.
  struct State {
    var tracks: [SessionTrack]
    var currentIndex: Int?
    var currentLyrics = Lyrics()
    var currentLyricsFile: String?
    var currentStatus = LyricsStatus(.notFound)
    /// What a lookup answered per queue index, for a track played again.
    var answeredStatus: [Int: LyricsStatus] = [:]
    /// The line last reported shown (its `line` event written), -1 before the first.
    var shownLine = -1
    /// After the lyrics file was edited: the line on display then, which the new lyrics
    /// announce again to the front end but not as a second `line` event.
    var quietLine: Int?
    var failures = 0
    /// Where the run was asked to start, until it plays there (`startRequest`).
    var startRequest: StartRequest?
    var listeners: [@Sendable (PlayerEvent) -> Void] = []
    var lineListeners: [@Sendable (Int) -> Void] = []
  }

  /// What is followed and commanded: our own player, or one followed over MPRIS.
  public let engine: any FollowablePlayer
  /// The queue the session fills: nil for a followed player, which keeps its own.
  public let queue: (any PlayerQueue<PlayerItem>)?
  /// The volume the windows set: nil for a followed player, whose volume is its own business.
  public let volumeControl: (any PlayerVolume)?
  let presenter: LyricsPresenter
  private let events: SessionEventSink?
  private let lyricsProvider: LyricsProvider?
  /// The live offset a track starts with: `--offset` plus what the user set for it last time.
  private let startOffsetMs: @Sendable (TrackInfo) -> Int
  /// Tells the user (stderr in the app).
  let say: @Sendable (String) -> Void
  let scheduler: SyncScheduler
  /// SDL's video driver for the `ready` event's `video` (nil: no windows, no key).
  private let video: String?
  /// The strip's window for the `ready` event's `strip` (nil: no windows, no key).
  private let strip: String?
  let state: Mutex<State>
  /// The current lyrics file, watched for edits (`reloadsEditedLyrics`); nil otherwise.
  let lyricsFileWatch: FileReplacementWatch?
  private let ended = DispatchSemaphore(value: 0)

  /// - Parameters:
  ///   - engine: the position source and the transport; `queue` and `volume` the same player
  ///     when it is our own, nil for a followed one.
  ///   - offsetMs: the live offset of every track (`--offset`); `trackOffsetMs` adds a track's
  ///     own on top.
  ///   - lyricsProvider: asked for the lyrics of a track that has none given.
  ///   - say: one line for the user (stderr); the same message also goes out as an event.
  ///   - video: the windows' video driver (`x11`, `wayland`), written in `ready` as `video`.
  ///   - strip: the strip's window (`layer-shell`, `x11`), written in `ready` as `strip`.
  ///   - reloadsEditedLyrics: watch the current track's lyrics file and show it again when it is
  ///     saved (`play` and `follow`; a script's lyrics stay as its transcript expects).
  public init(
    engine: any FollowablePlayer, queue: (any PlayerQueue<PlayerItem>)?,
    volume: (any PlayerVolume)?, clock: EventClock, tracks: [SessionTrack],
    presenter: LyricsPresenter, events: SessionEventSink?, offsetMs: Int = 0,
    latencyNanos: Int64 = 0, lyricsProvider: LyricsProvider? = nil,
    trackOffsetMs: @escaping @Sendable (TrackInfo) -> Int = { _ in 0 },
    video: String? = nil, strip: String? = nil, reloadsEditedLyrics: Bool = false,
    say: @escaping @Sendable (String) -> Void
  ) {
    self.video = video
    self.strip = strip
    self.engine = engine
    self.queue = queue
    self.volumeControl = volume
    self.presenter = presenter
    self.events = events
    self.lyricsProvider = lyricsProvider
    self.startOffsetMs = { offsetMs + trackOffsetMs($0) }
    self.say = say
    state = Mutex(State(tracks: tracks))
    let relay = ChangeRelay()
    scheduler = SyncScheduler(
      timeline: Timeline(lyrics: Lyrics()), source: engine, clock: clock, offsetMs: offsetMs,
      latencyNanos: latencyNanos,
      onClock: { display in relay.session?.presenter.clockChanged(display) }
    ) { change in relay.session?.show(change) }
    lyricsFileWatch =
      reloadsEditedLyrics
      ? FileReplacementWatch { path in relay.session?.lyricsFileSaved(path) } : nil
    relay.session = self
    engine.addObserver { [weak self] event in self?.handle(event) }
  }

  // MARK: - Running

  /// Loads the queue (the track at `startIndex` becomes current: its `ready` event).
  public func load(startIndex: Int = 0) {
    queue?.load(state.withLock { $0.tracks.map(\.item) }, startIndex: startIndex)
  }

  /// Starts following the position: announces what is on display and every change after.
  public func begin() {
    scheduler.start()
  }

  /// Loads the queue, moves to `startNanos` in the track at `startIndex` and plays (`lyricpip
  /// play`).
  public func start(atNanos startNanos: Int64 = 0, startIndex: Int = 0) {
    willStart(atNanos: startNanos, startIndex: startIndex)
    load(startIndex: startIndex)
    begin()
    if startNanos > 0 { engine.seek(toNanos: startNanos) }
    engine.play()
  }

  /// Stops following the position (at the end of a run).
  public func end() {
    scheduler.stop()
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
  public func open(_ newTracks: [SessionTrack]) {
    guard !newTracks.isEmpty else { return }
    let (items, first) = state.withLock { state in
      let first = state.tracks.count
      state.tracks += newTracks
      return (state.tracks.map(\.item), first)
    }
    queue?.load(items, startIndex: first)
    engine.play()
  }

  /// Plays the track at `index` of the queue from its start (a click in the queue view).
  public func play(at index: Int) {
    let items = state.withLock { $0.tracks.map(\.item) }
    guard items.indices.contains(index) else { return }
    queue?.load(items, startIndex: index)
    engine.play()
  }

  /// Adds tracks at the end of the queue (files dropped onto a window) without changing what
  /// plays; when nothing plays (the queue ran out, or never started), the first of them plays.
  public func append(_ newTracks: [SessionTrack]) {
    guard !newTracks.isEmpty else { return }
    guard engine.state != .ended, engine.currentTrack != nil else {
      open(newTracks)
      return
    }
    state.withLock { $0.tracks += newTracks }
    queue?.append(newTracks.map(\.item))
  }

  /// Calls `listener` for every engine event once the session has handled it (events written,
  /// before the scheduler replans): the picture-in-picture controller re-reads the state there.
  public func addPlaybackListener(_ listener: @escaping @Sendable (PlayerEvent) -> Void) {
    state.withLock { $0.listeners.append(listener) }
  }

  /// Calls `listener` with the index of each new line once it is shown (right after its `line`
  /// event is written), in the order they were shown: the desktop publishes it.
  public func addLineListener(_ listener: @escaping @Sendable (Int) -> Void) {
    state.withLock { $0.lineListeners.append(listener) }
  }

  // MARK: - What is on

  /// The line on display now (-1: none yet), as the scheduler last decided it.
  public var currentLine: Int { scheduler.current.line }
  /// The line whose `line` event was written last: what the user has seen.
  public var shownLine: Int { state.withLock { $0.shownLine } }
  /// The live offset, milliseconds.
  public var offsetMs: Int { scheduler.offsetMs }
  /// The display clock as last made (what the front end was last given, or a clock that keeps
  /// the same time).
  public var displayClock: DisplayClock { scheduler.displayClock }
  public var currentLyrics: Lyrics { state.withLock { $0.currentLyrics } }
  public var hasLyrics: Bool { state.withLock { !$0.currentLyrics.lines.isEmpty } }
  /// The lyrics file of the track playing now, if its lyrics came from one.
  public var currentLyricsFile: String? { state.withLock { $0.currentLyricsFile } }
  /// The files of the queue, in queue order (the saved state keeps them).
  public var queuePaths: [String] { state.withLock { $0.tracks.map(\.item.path) } }
  /// The queue index of the track playing now.
  public var currentTrackIndex: Int? { state.withLock { $0.currentIndex } }
  /// Where the current lyrics came from, or why there are no lines.
  public var currentStatus: LyricsStatus { state.withLock { $0.currentStatus } }
  /// How many tracks could not be played.
  public var failedTracks: Int { state.withLock { $0.failures } }

  /// Sets the live offset: the scheduler re-plans, and the front end gets the new clock.
  func setLiveOffset(_ ms: Int) {
    scheduler.offsetMs = ms
  }

  // MARK: - Lyrics

  /// Puts `lyrics` in place of the current track's, with the live offset set to `offsetMs` at
  /// the same moment: the same lines with part of the offset moved into the file (a saved
  /// offset), so what is on display does not move.
  public func replaceCurrentLyrics(_ lyrics: Lyrics, offsetMs: Int) {
    state.withLock { state in
      if let index = state.currentIndex, index < state.tracks.count {
        state.tracks[index].lyrics = lyrics
      }
      state.currentLyrics = lyrics
    }
    scheduler.replaceTimeline(Timeline(lyrics: lyrics), offsetMs: offsetMs)
  }

  /// Lyrics found for the track at `index` after it started (a lookup answering mid-song, or the
  /// user's choice): when it is still the current one, they are shown from the line at the heard
  /// position. An answer without lines only changes what the windows say (and clears lines on
  /// display, for a "no lyrics" choice). The index may lie past the queue: a followed player's
  /// tracks are not in it.
  public func lyricsArrived(_ found: FoundLyrics, forTrackAt index: Int) {
    let hasLines = !found.lyrics.lines.isEmpty
    let (current, hadLines): (Bool, Bool) = state.withLock { state in
      state.answeredStatus[index] = found.status
      if hasLines, index < state.tracks.count {
        state.tracks[index].lyrics = found.lyrics
        state.tracks[index].lyricsFile = found.file
      }
      guard state.currentIndex == index else { return (false, false) }
      let hadLines = !state.currentLyrics.lines.isEmpty
      state.currentStatus = found.status
      if hasLines || hadLines {
        state.currentLyrics = found.lyrics
        state.currentLyricsFile = found.file
      }
      return (true, hadLines)
    }
    guard current, let info = engine.currentTrack else { return }
    guard hasLines || hadLines else {
      announceStatus(found.status)
      return
    }
    presenter.trackChanged(info, lyrics: found.lyrics)
    announceStatus(found.status)
    // Stamped: the time from the answer to the line on screen is measured from it.
    emit(.lyrics(lines: found.lyrics.lines.count, path: found.file, reloaded: false))
    scheduler.setTimeline(Timeline(lyrics: found.lyrics))
    watchCurrentLyricsFile()
  }

  /// Tells the front end and the event stream (`lyrics-status`) what a lookup is doing or found.
  private func announceStatus(_ status: LyricsStatus) {
    presenter.lyricsStatusChanged(status)
    emit(.lyricsStatus(status))
  }

  // MARK: - Events

  /// Writes `event` to the session's sink (a front end's own events: `main`, `offset-saved`).
  public func emit(_ event: SessionEvent) {
    events?.emit(event)
  }

  /// Tells the user and the event stream (an `error` event) what went wrong.
  public func reportError(_ message: String) {
    say(message)
    emit(.error(message: message))
  }

  /// The `ready` event of the current track, written again (a run that starts recording after
  /// the track was loaded).
  public func announceReady() {
    guard let info = engine.currentTrack else { return }
    let (label, lines) = state.withLock { state in
      let index = state.currentIndex ?? 0
      let label = index < state.tracks.count ? state.tracks[index].label : info.path
      return (label, state.currentLyrics.lines.count)
    }
    emit(
      .ready(
        track: label, durationMs: (info.durationNanos ?? 0).wholeMilliseconds, lines: lines,
        output: engine.outputName, video: video, strip: strip))
  }

  private func handle(_ event: PlayerEvent) {
    switch event {
    case .trackChanged(let index, let info):
      trackChanged(index: index, info: info)
      notifyListeners(event)
    case .stateChanged(let newState, let positionNanos):
      if newState != .stopped { state.withLock { $0.startRequest = nil } }
      emit(.state(newState, posMs: positionNanos.wholeMilliseconds))
      presenter.stateChanged(newState, positionNanos: positionNanos)
      notifyListeners(event)
      scheduler.replan()
      if newState == .ended {
        presenter.finish()
        ended.signal()
      }
    case .sought(let positionNanos):
      emit(.seek(posMs: positionNanos.wholeMilliseconds))
      notifyListeners(event)
      scheduler.replan()
    case .outputStarted:
      scheduler.replan()
    case .outputLost(let message):
      say("sound server lost (\(message)); reconnecting, keeping the position")
      emit(.output(.lost(message: message)))
    case .outputWaiting(let message):
      // Said on stderr by whoever opened the output (it knows what else it tried).
      emit(.output(.waiting(message: message)))
    case .outputReconnected:
      let heard = engine.heardPosition()
      say("sound server back; playing on from \(Self.clock(heard.nanos))")
      emit(.output(.reconnected(posMs: heard.nanos.wholeMilliseconds)))
      scheduler.replan()
    case .outputUnderflow(let count):
      // Only an event: a loaded machine may underrun often, and stderr is for what to act on.
      emit(.output(.underflow(count: count)))
    case .orderChanged(let shuffled, let repeatMode):
      emit(.order(shuffle: shuffled, repeatMode: repeatMode))
      notifyListeners(event)
    case .volumeChanged:
      notifyListeners(event)
    case .trackFailed(let path, let message):
      state.withLock {
        $0.failures += 1
        $0.startRequest = nil
      }
      reportError("cannot play \(path): \(message)")
    case .trackEndedEarly(let path, let message):
      // Not a failure (the exit status counts those): what could be read was played.
      reportError("\(path) ended early: \(message)")
    }
  }

  /// A new current track: the front end is told first, then its `ready` event, then the
  /// scheduler gets its lines and its live offset in one step (one plan, against the new lines).
  private func trackChanged(index: Int, info: TrackInfo) {
    let asking = lyricsProvider
    let (track, status): (SessionTrack?, LyricsStatus) = state.withLock { state in
      state.currentIndex = index
      let track = index < state.tracks.count ? state.tracks[index] : nil
      state.currentLyrics = track?.lyrics ?? Lyrics()
      state.currentLyricsFile = track?.lyricsFile
      state.shownLine = -1
      let status: LyricsStatus
      if let answered = state.answeredStatus[index], !answered.isPending {
        status = answered
      } else if let lyrics = track?.lyrics, let text = lyrics.untimedText, lyrics.isUntimed {
        status = LyricsStatus(.plain(text), source: track?.source)
      } else if let lyrics = track?.lyrics {
        status = LyricsStatus(lyrics.lines.isEmpty ? .notFound : .timed, source: track?.source)
      } else {
        status = LyricsStatus(.notFound)
      }
      state.currentStatus = status
      return (track, status)
    }
    let lyrics = track?.lyrics ?? Lyrics()
    let offset = startOffsetMs(info)
    presenter.trackChanged(info, lyrics: lyrics)
    announceReady()
    let asks = track?.lyrics == nil && asking != nil
    let pending = asks ? asking?.pendingStatus(for: info) : nil
    if let pending {
      state.withLock { $0.currentStatus = pending }
      announceStatus(pending)
    } else {
      // Only what a lookup says is an event; the front end is told every track's.
      presenter.lyricsStatusChanged(status)
    }
    scheduler.setTimeline(Timeline(lyrics: lyrics), offsetMs: offset)
    watchCurrentLyricsFile()
    if asks, let asking {
      asking.findLyrics(for: info) { [weak self] found in
        self?.lyricsArrived(found ?? .none(LyricsStatus(.notFound)), forTrackAt: index)
      }
    }
  }

  private func notifyListeners(_ event: PlayerEvent) {
    for listener in state.withLock({ $0.listeners }) { listener(event) }
  }

  /// A scheduler change: to the front end, and once it is shown, the `line` and `word` events
  /// with the position heard at that moment.
  private func show(_ change: SyncScheduler.Change) {
    let lyrics = state.withLock { $0.currentLyrics }
    let line = change.position.line
    let lyricLine = lyrics.lines.indices.contains(line) ? lyrics.lines[line] : nil
    let display = LyricsDisplay(
      lineIndex: line, wordIndex: change.position.word, text: lyricLine?.text ?? "",
      translation: lyricLine?.translation, lineChanged: change.lineChanged,
      heardNanos: change.heard.nanos)
    let announcedBefore = change.lineChanged && isQuietAfterEdit(line)
    presenter.show(display) { [weak self] presentedAt in
      guard let self else { return }
      let heardMs = engine.heardPosition().nanos.wholeMilliseconds
      if change.lineChanged, !announcedBefore {
        let lineListeners = state.withLock {
          $0.shownLine = line
          return $0.lineListeners
        }
        defer { for listener in lineListeners { listener(line) } }
        // Before the first line: ms 0 and no text. An empty translation is none: the main
        // window draws nothing for it either.
        emit(
          .line(
            index: line, ms: lyricLine?.ms ?? 0, posMs: heardMs, text: lyricLine?.text ?? "",
            translation: lyricLine?.translation.flatMap { $0.isEmpty ? nil : $0 },
            presentedAt: presentedAt))
      }
      if change.wordChanged, let word = change.position.word {
        emit(.word(line: line, word: word, posMs: heardMs))
      }
    }
  }

  /// `mm:ss` of a position, as the terminal and the messages write it.
  public static func clock(_ nanos: Int64) -> String { DecimalText.clock(nanos: nanos) }
}

/// Lets the scheduler's callback reach the session, which is created after the scheduler. Weak,
/// so the scheduler (owned by the session) does not keep its owner alive.
private final class ChangeRelay: Sendable {
  private struct Target: Sendable {
    weak var session: LyricsSession?
  }
  private let target = Mutex(Target())

  var session: LyricsSession? {
    get { target.withLock { $0.session } }
    set { target.withLock { $0.session = newValue } }
  }
}
