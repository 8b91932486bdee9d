import Clocks
import Locking
import PlayerContract
import SystemSupport

/// Plays a queue of tracks through an `AudioOutput` and knows what is heard.
///
/// Threads, locks and what may block where:
/// - `bookkeeping` (a `Mutex`) holds the queue, the player's state, the epoch and the observers. It is
///   only ever held for bookkeeping: no file is opened, no sample decoded and no output called
///   under it, so `heardPosition()` (read by the window, MPRIS and the scheduler) never waits
///   behind a slow file or a stalled sound server.
/// - `decoding` (a `Mutex`) holds the current `PCMSource` and the epoch its next samples belong
///   to. It is held while a chunk is decoded or the source sought (work on the file, bounded by
///   one chunk). Lock order: `decoding`, then `bookkeeping`; never the other way round.
/// - Opening a track (FFmpeg's probe) happens with no lock held. Each open carries the
///   `openGeneration` it started in; when a newer load or skip started meanwhile, its result is
///   dropped, so a slow open can never replace a newer choice.
/// - The output is called with no player lock held. The calls are decided under `bookkeeping` and
///   queued there (`pendingCalls`), then made in that order by whichever thread gets to them
///   first (`runOutputCalls`), so the output hears them in the order the player decided them.
///   Until a flush reached the output, `heardPosition()` reports the new epoch's start.
/// - With a real-time output (pulse, ALSA, null) the player owns one **decoder thread**, started
///   on the first `play()` and ended by `shutdown()`. It decodes under `decoding`, then writes
///   to the output with no lock held (a write blocks while the output's buffer is full), and at
///   the end of a track waits for the output to drain before moving to the next one. It writes
///   an epoch's samples only once that epoch's flush reached the output. It sleeps on
///   `wake` (with a timeout) while there is nothing to decode.
/// - With a `ClockDrivenOutput` (`VirtualTimeOutput`) there is no thread: the output pulls audio
///   (`pull`) and reports the end (`endHeard`) from its clock's callbacks.
/// - Observers run with no lock held, on the thread that caused the event (the caller's thread
///   for commands, the decoder or clock thread for track ends, an output's thread for its
///   events).
///
/// Seeking, skipping and stopping flush the output into a new *epoch*, so audio decoded before
/// the command but written after it is dropped by the output rather than heard. A track that
/// ends on its own is followed gaplessly (`Player+Gapless.swift`): the next one, opened ahead,
/// goes on in the same epoch, and becomes current when its first sample is heard.
public final class Player: HeardPositionSource, PullSource, Sendable {
  public let output: AudioOutput
  public let clock: EventClock
  /// Frames written to the output at a time (and read per call when the output pulls): the
  /// volume and ReplayGain are applied as each goes out, so a change is heard within one. A
  /// silent output (`isSilent`) takes each decoded burst whole.
  private let chunkFrames = 2048
  /// Frames the decoder thread decodes at once, then hands out `chunkFrames` at a time. One
  /// decoding burst instead of four halves the decoder thread's CPU (caches are cold at every
  /// wake: docs/benchmarks.md, "Decoding ahead"); the first reads of an epoch (a start, a seek,
  /// a skip) stay small until that much is written, so the output's prebuffer fills, and the
  /// sound starts, as soon as before.
  private let decodeAheadFrames = 8192
  let bookkeeping = Mutex(PlayerBook())
  let decoding = Mutex(Decoding())
  /// Wakes the decoder thread when the state may let it work.
  let wake = WakeSignal()

  /// The epoch tag of a pulled chunk that belongs to no epoch (the player is between a command
  /// and its flush reaching the output): the output keeps pulling later.
  public static let noEpoch = -1

  /// - Parameters:
  ///   - output: opened by the caller (so "no sound server" is reported before playing).
  ///   - clock: the clock the heard position and scheduling live in.
  public init(output: AudioOutput, clock: EventClock) {
    self.output = output
    self.clock = clock
    if let pulling = output as? ClockDrivenOutput { pulling.setSource(self) }
    output.setEventHandler { [weak self] event in self?.outputEvent(event) }
  }

  // MARK: Observing

  /// Adds an observer of every `PlayerEvent`.
  public func addObserver(_ observer: @escaping @Sendable (PlayerEvent) -> Void) {
    bookkeeping.withLock { $0.observers.append(observer) }
  }

  public var state: PlayerState { bookkeeping.withLock { $0.playerState } }
  /// Index of the current track in the queue.
  public var currentIndex: Int? { bookkeeping.withLock { $0.index } }
  public var currentTrack: TrackInfo? { bookkeeping.withLock { $0.info } }
  public var durationNanos: Int64? { currentTrack?.durationNanos }
  public var queue: [String] { bookkeeping.withLock { $0.items.map(\.path) } }

  /// The position heard now in the current track; it advances only while playing and only once
  /// the output really started. Never waits for the output's server.
  /// Until a gapless switch is announced, the position stays at the end of the track before.
  public func heardPosition() -> HeardPosition {
    let book = bookkeeping.withLock { book in
      (
        pending: book.flushPending, epochStart: book.epochStartFrame,
        playing: book.playerState == .playing, trackStart: book.trackStartFrame,
        nextSwitch: book.switches.first?.startFrame
      )
    }
    guard !book.pending else {
      return HeardPosition(nanos: output.format.nanos(frames: book.epochStart), isAdvancing: false)
    }
    let heard = output.heardFrame()
    let frame = min(heard.frame, book.nextSwitch ?? .max)
    return HeardPosition(
      nanos: output.format.nanos(frames: frame - book.trackStart),
      isAdvancing: heard.isAdvancing && book.playing && frame == heard.frame)
  }

  /// Volume from 0 (silent) to 1 (as decoded), applied to the samples from the next decoded
  /// chunk on. Setting it reports `volumeChanged` when it changed.
  public var volume: Double {
    get { bookkeeping.withLock { $0.volume } }
    set { setVolume(newValue) }
  }

  /// Sets the volume (clamped to 0…1); observers hear `volumeChanged` when it changed.
  public func setVolume(_ newValue: Double) {
    let clamped = newValue.isNaN ? 1 : min(1, max(0, newValue))
    let changed: Bool = bookkeeping.withLock { book in
      guard book.volume != clamped else { return false }
      book.volume = clamped
      return true
    }
    if changed { deliver([.volumeChanged(clamped)]) }
  }

  /// Which ReplayGain tags the samples follow (default: the track's); applies from the next
  /// decoded chunk.
  public var replayGain: ReplayGainMode {
    get { bookkeeping.withLock { $0.replayGain } }
    set { bookkeeping.withLock { $0.replayGain = newValue } }
  }

  // MARK: Commands

  /// Replaces the queue and makes `startIndex` current (stopped). Tracks that cannot be opened
  /// are skipped with a `trackFailed` event.
  public func load(_ newItems: [PlayerItem], startIndex: Int = 0) {
    var events: [PlayerEvent] = []
    bookkeeping.withLock { book in
      book.items = newItems
      book.order.reset(count: newItems.count, current: startIndex)
      book.playerState = .stopped
      book.hasSource = false
      book.openGeneration += 1
      book.pendingCalls.append(.setPaused(true))
    }
    runOutputCalls()
    open(from: startIndex, step: 1, events: &events)
    deliver(events)
  }

  public func play() {
    var events: [PlayerEvent] = []
    let reopen: Int? = bookkeeping.withLock { book in
      if book.playerState == .ended { return book.order.first ?? 0 }
      return book.hasSource ? nil : book.index ?? 0
    }
    if let reopen { open(from: reopen, step: 1, events: &events) }
    let heard = heardPosition().nanos
    let needsThread: Bool = bookkeeping.withLock { book in
      guard book.hasSource, book.playerState != .playing else { return false }
      book.setState(.playing, positionNanos: heard, events: &events)
      book.pendingCalls.append(.setPaused(false))
      let start = !book.decoderThreadStarted && !(output is ClockDrivenOutput)
      book.decoderThreadStarted = book.decoderThreadStarted || start
      return start
    }
    runOutputCalls()
    // Observers hear "playing" before the decoder thread can report anything later.
    deliver(events)
    if needsThread { startDecoderThread() }
    armSwitchWatch()
  }

  public func pause() {
    var events: [PlayerEvent] = []
    let heard = heardPosition().nanos
    bookkeeping.withLock { book in
      guard book.playerState == .playing else { return }
      book.pendingCalls.append(.setPaused(true))
      book.setState(.paused, positionNanos: heard, events: &events)
    }
    runOutputCalls()
    deliver(events)
  }

  /// Moves to `nanos` in the current track (clamped to the track); lands on the exact sample.
  public func seek(toNanos nanos: Int64) { seek(toNanos: nanos, announce: true) }

  private func seek(toNanos nanos: Int64, announce: Bool) {
    var events: [PlayerEvent] = []
    let format = output.format
    decoding.withLock { current in
      guard bookkeeping.withLock({ $0.hasSource }) else { return }
      current.returnToCurrentTrack()
      guard let source = current.source else { return }
      var target = max(0, nanos)
      if let duration = source.info.durationNanos { target = min(target, duration) }
      let frame = format.frames(nanos: target)
      do {
        try source.seek(toFrame: frame)
      } catch {
        events.append(.trackFailed(path: source.info.path, message: "\(error)"))
        return
      }
      let epoch = bookkeeping.withLock { book in
        let epoch = book.newEpoch(startingAt: frame)
        if book.playerState == .ended {
          book.setState(.paused, positionNanos: format.nanos(frames: frame), events: &events)
        }
        if announce { events.append(.sought(positionNanos: format.nanos(frames: frame))) }
        return epoch
      }
      current.begin(epoch: epoch, at: frame)
    }
    runOutputCalls()
    deliver(events)
  }

  /// The next track; after the last one the player ends.
  public func next() {
    var events: [PlayerEvent] = []
    let target = bookkeeping.withLock { $0.skip(after: $0.index) }
    advance(to: target, events: &events)
    deliver(events)
  }

  /// The previous track in the play order, or the start of this one after its first 3 seconds
  /// or on the first track.
  public func previous() {
    let heard = heardPosition().nanos
    let target = bookkeeping.withLock { book in book.order.previous(before: book.index ?? 0) }
    guard let target, heard <= 3_000_000_000 else {
      seek(toNanos: 0)
      return
    }
    var events: [PlayerEvent] = []
    open(from: target, step: -1, events: &events)
    deliver(events)
  }

  /// Stops and rewinds the current track. A track that cannot rewind is closed (and reported):
  /// the next `play()` opens it again from its start, so the position 0 reported is the truth.
  public func stop() {
    var events: [PlayerEvent] = []
    decoding.withLock { current in
      guard bookkeeping.withLock({ $0.playerState != .stopped }) else { return }
      current.returnToCurrentTrack()
      var rewound = true
      if let source = current.source {
        do {
          try source.seek(toFrame: 0)
        } catch {
          events.append(.trackFailed(path: source.info.path, message: "\(error)"))
          rewound = false
        }
      }
      let epoch = bookkeeping.withLock { book in
        book.pendingCalls.append(.setPaused(true))
        if !rewound { book.hasSource = false }
        let epoch = book.newEpoch(startingAt: 0)
        book.setState(.stopped, positionNanos: 0, events: &events)
        return epoch
      }
      current.begin(epoch: epoch, at: 0)
      if !rewound { current.source = nil }
    }
    runOutputCalls()
    deliver(events)
  }

  /// Ends the decoder thread and closes the output. The player is unusable afterwards.
  public func shutdown() {
    bookkeeping.withLock { $0.shuttingDown = true }
    wake.signal()
    output.close()
  }

  // MARK: PullSource (for a ClockDrivenOutput)

  public func pull(maxFrames: Int) -> (samples: [Float], epoch: Int) {
    // No thread of its own here: the next track is opened in this call, so a virtual clock
    // sees the same order of events every run.
    if let wanted = upcomingWanted() { openUpcoming(wanted.key, wanted.item) }
    guard let plan = decodePlan() else { return ([], Self.noEpoch) }
    guard let chunk = readChunk(plan, maxFrames: maxFrames) else { return ([], Self.noEpoch) }
    return (chunk, plan.epoch)
  }

  public func endHeard(epoch endedEpoch: Int) {
    var events: [PlayerEvent] = []
    // Everything of the epoch was heard, so any gapless switch in it was heard too.
    let target: Int? = decoding.withLock { current in
      bookkeeping.withLock { book in
        guard endedEpoch == book.epoch, book.endedEpoch == endedEpoch else { return nil }
        let count = book.announceSwitches(heardUpTo: .max, events: &events)
        current.finished.removeFirst(min(count, current.finished.count))
        return book.entry(after: book.index)
      }
    }
    guard let target else { return }
    advance(to: target, events: &events)
    deliver(events)
  }

  // MARK: Internals

  /// Opens track `target`, or ends the player after the last one.
  private func advance(to target: Int, events: inout [PlayerEvent]) {
    let count = bookkeeping.withLock { $0.items.count }
    if target < count {
      open(from: target, step: 1, events: &events)
    } else {
      finish(generation: nil, events: &events)
    }
  }

  /// Opens the first track that opens, from `start` on in the play order (backwards for a
  /// negative `step`), with no lock held; ends when none does. Dropped (with what it opened)
  /// when a newer load or skip started.
  private func open(from start: Int, step: Int, events: inout [PlayerEvent]) {
    let (generation, items, order) = bookkeeping.withLock { book in
      book.openGeneration += 1
      return (book.openGeneration, book.items, book.order)
    }
    var candidate = start
    var tries = 0
    while candidate >= 0 && candidate < items.count && tries < items.count {
      tries += 1
      let item = items[candidate]
      do {
        let opened = try item.open(output.format)
        install(opened, index: candidate, generation: generation, events: &events)
        runOutputCalls()
        return
      } catch {
        events.append(.trackFailed(path: item.path, message: "\(error)"))
        let following = step > 0 ? order.next(after: candidate) : order.previous(before: candidate)
        candidate = following ?? -1
      }
    }
    finish(generation: generation, events: &events)
  }

  /// Makes `opened` the current source, unless a newer open started since `generation`.
  private func install(
    _ opened: PCMSource, index: Int, generation: Int, events: inout [PlayerEvent]
  ) {
    let info = opened.info
    let handed = HandedSource(opened)
    // The track it replaces is closed under `decoding` only (never under `bookkeeping`).
    decoding.withLock { current in
      let epoch: Int? = bookkeeping.withLock { book in
        guard book.openGeneration == generation else { return nil }
        book.index = index
        book.info = info
        book.hasSource = true
        events.append(.trackChanged(index: index, info: info))
        return book.newEpoch(startingAt: 0)
      }
      guard let epoch else { return }
      current.finished = []
      current.source = handed.source
      current.begin(epoch: epoch, at: 0)
    }
  }

  /// Ends the player (the queue ran out), unless a newer open started since `generation`.
  private func finish(generation: Int?, events: inout [PlayerEvent]) {
    let heard = heardPosition().nanos
    bookkeeping.withLock { book in
      guard generation.map({ $0 == book.openGeneration }) ?? true else { return }
      book.pendingCalls.append(.setPaused(true))
      book.setState(.ended, positionNanos: heard, events: &events)
    }
    runOutputCalls()
  }

  func deliver(_ events: [PlayerEvent]) {
    guard !events.isEmpty else { return }
    let targets = bookkeeping.withLock { $0.observers }
    for event in events {
      for observer in targets { observer(event) }
    }
  }

  /// Makes the output calls decided so far, in order, with no lock held. One thread at a time
  /// makes them; a thread that finds another at it leaves its calls to that one.
  private func runOutputCalls() {
    while true {
      let call: OutputCall? = bookkeeping.withLock { book in
        guard !book.callingOutput, !book.pendingCalls.isEmpty else { return nil }
        book.callingOutput = true
        return book.pendingCalls.removeFirst()
      }
      guard let call else {
        // Every change of the state ends here (load, play, pause, seek, stop, a skip, the end):
        // the decoder thread, asleep with no timeout while it has nothing to do, looks again.
        wake.signal()
        return
      }
      switch call {
      case .flush(let epoch, let frame): output.flush(epoch: epoch, startingAt: frame)
      case .setPaused(let paused): output.setPaused(paused)
      }
      bookkeeping.withLock { book in
        book.callingOutput = false
        if case .flush(let epoch, _) = call { book.flushedEpoch = epoch }
      }
      wake.signal()
    }
  }

  private func outputEvent(_ event: AudioOutputEvent) {
    let mapped: PlayerEvent? =
      switch event {
      case .started: .outputStarted
      case .lost(let message): .outputLost(message)
      case .waiting(let message): .outputWaiting(message)
      case .reconnected: .outputReconnected
      case .underflow(let count): .outputUnderflow(count: count)
      case .resync: nil
      }
    if let mapped { deliver([mapped]) }
    if event == .started { armSwitchWatch() }
    if event == .reconnected || event == .resync {
      // The audio queued in the lost server is gone: decode again from what was heard last.
      seek(toNanos: heardPosition().nanos, announce: false)
    }
  }

  // MARK: Decoding (the decoder thread, or the pulling output)

  /// What may be decoded now: the epoch whose flush reached the output, the volume and the
  /// ReplayGain mode. Nil when nothing may (no source, its end reached, or a flush still on its
  /// way to the output).
  private func decodePlan() -> ChunkPlan? {
    bookkeeping.withLock { book in
      guard book.hasSource, !book.flushPending, book.endedEpoch != book.epoch else { return nil }
      return ChunkPlan(epoch: book.epoch, volume: Float(book.volume), replayGain: book.replayGain)
    }
  }

  /// Up to `maxFrames` frames of `plan.epoch`, the gain applied; empty at the end of the queue's
  /// last decoded track (then recorded); nil when the source moved on to another epoch
  /// meanwhile.
  private func readChunk(_ plan: ChunkPlan, maxFrames: Int) -> [Float]? {
    guard var chunk = readSamples(plan, maxFrames: maxFrames) else { return nil }
    return chunk.take(frames: maxFrames, channels: output.format.channels, plan: plan)
  }

  /// Up to `maxFrames` frames of `plan.epoch` as decoded, with the ReplayGain of the track they
  /// belong to; empty at the end of the queue's last decoded track (then recorded); nil when
  /// the source moved on to another epoch meanwhile. At the end of a track the next one, opened
  /// ahead, follows in the same chunk's place (gapless, never both in one chunk); the watch that
  /// announces it is armed once the lock is let go.
  private func readSamples(_ plan: ChunkPlan, maxFrames: Int) -> DecodedChunk? {
    var endedEarly: PlayerEvent?
    let read: (samples: [Float], gain: ReplayGain?, switched: Bool)? = decoding.withLock {
      current in
      guard current.epoch == plan.epoch, let source = current.source else { return nil }
      var samples = source.read(maxFrames: maxFrames)
      var switched = false
      if samples.isEmpty, let why = source.earlyEnd {
        endedEarly = .trackEndedEarly(path: source.info.path, message: why)
      }
      if samples.isEmpty, let next = current.upcoming, acceptSwitch(to: next, in: &current) {
        current.switchTo(next)
        samples = next.source.read(maxFrames: maxFrames)
        switched = true
      }
      if samples.isEmpty {
        bookkeeping.withLock { book in
          if book.epoch == plan.epoch { book.endedEpoch = plan.epoch }
        }
      }
      current.nextFrame += Int64(samples.count / output.format.channels)
      return (samples, current.source?.info.replayGain, switched)
    }
    if let endedEarly { deliver([endedEarly]) }
    guard let read else { return nil }
    if read.switched { armSwitchWatch() }
    return DecodedChunk(epoch: plan.epoch, samples: read.samples, replayGain: read.gain)
  }

  private func startDecoderThread() {
    DetachedThread.start(name: "lyricpip.decoder") { [weak self] in
      var ahead = DecodedAhead()
      while let player = self, player.decodeStep(&ahead) {}
    }
  }

  /// One step of the decoder thread; false when it should end. `ahead` is what it decoded and
  /// has not written yet (the thread's own).
  private func decodeStep(_ ahead: inout DecodedAhead) -> Bool {
    let seen = wake.generation
    let (stopping, playing) = bookkeeping.withLock { ($0.shuttingDown, $0.playerState == .playing) }
    if stopping { return false }
    guard playing, let plan = decodePlan() else {
      // Paused, stopped, ended or waiting for a flush: every change that could set it going
      // again ends in `runOutputCalls` or `shutdown`, which signal, so it sleeps without a
      // timeout (it woke twice a second for nothing while paused).
      wake.wait(after: seen)
      return true
    }
    var chunk: DecodedChunk
    if let kept = ahead.chunk, kept.epoch == plan.epoch, !kept.isEmpty {
      chunk = kept
    } else {
      let small = ahead.startsSmall(
        epoch: plan.epoch, frames: chunkFrames, within: decodeAheadFrames)
      guard
        let read = readSamples(plan, maxFrames: small ? chunkFrames : decodeAheadFrames)
      else {
        ahead.chunk = nil
        return true
      }
      if read.isEmpty {
        ahead.chunk = nil
        if output.drain(epoch: plan.epoch) { endHeard(epoch: plan.epoch) }
        return true
      }
      chunk = read
    }
    let partFrames = output.isSilent ? decodeAheadFrames : chunkFrames
    let samples = chunk.take(frames: partFrames, channels: output.format.channels, plan: plan)
    StartupTrace.mark("first chunk to the output")
    // A part the output refused (another epoch began) drops the rest with it.
    ahead.chunk = output.write(samples, epoch: plan.epoch) ? chunk : nil
    if let wanted = upcomingWanted() { openUpcomingInBackground(wanted.key, wanted.item) }
    return true
  }
}

/// What one decoded chunk belongs to and how loud it is played.
struct ChunkPlan {
  var epoch: Int
  var volume: Float
  var replayGain: ReplayGainMode
}
