import Clocks
import LyricsCore
import SystemSupport

/// Plays a queue of tracks through an `AudioOutput` and knows what is heard.
///
/// Threads and ownership:
/// - All state lives in this object, guarded by `condition` (a `Condition`). The current
///   `PCMSource` (decoder) is read and sought only under it.
/// - With a real-time output (pulse, ALSA, null) the player owns one **decoder thread**, started
///   on the first `play()` and ended by `shutdown()`: it reads the source under the lock, then
///   writes to the output *without* the lock (a write blocks while the output's buffer is full),
///   and at the end of a track waits for the output to drain before moving to the next one.
/// - With a `ClockDrivenOutput` (`VirtualTimeOutput`) there is no thread: the output pulls audio
///   (`pull`) and reports the end (`endHeard`) from its clock's callbacks.
/// - Lock order is player, then output: the player calls the output with its lock held; an output
///   never calls the player with its own lock held.
/// - Observers run without the lock, on the thread that caused the event (the caller's thread for
///   commands, the decoder or clock thread for track ends, an output's thread for its events).
///
/// Seeking, skipping and stopping flush the output into a new *epoch*, so audio decoded before
/// the command but written after it is dropped by the output rather than heard.
public final class Player: HeardPositionSource, PullSource, @unchecked Sendable {
  public let output: AudioOutput
  public let clock: EventClock
  /// Frames read from the source per chunk.
  private let chunkFrames = 2048

  // Guarded by `condition`.
  private let condition = Condition()
  private var items: [PlayerItem] = []
  private var index: Int?
  private var source: PCMSource?
  private var playerState = PlayerState.stopped
  private var epoch = 0
  private var gain: Float = 1
  private var observers: [@Sendable (PlayerEvent) -> Void] = []
  private var decoderThreadStarted = false
  private var shuttingDown = false
  /// The source of `epoch` has ended; the decoder thread waits for the output to drain.
  private var sourceEnded = false

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
    condition.withLock { observers.append(observer) }
  }

  public var state: PlayerState { condition.withLock { playerState } }
  /// Index of the current track in the queue.
  public var currentIndex: Int? { condition.withLock { index } }
  public var currentTrack: TrackInfo? { condition.withLock { source?.info } }
  public var durationNanos: Int64? { currentTrack?.durationNanos }
  public var queue: [String] { condition.withLock { items.map(\.path) } }

  /// The position heard now in the current track; it advances only while playing and only once
  /// the output really started.
  public func heardPosition() -> HeardPosition {
    condition.withLock {
      let heard = output.heardFrame()
      return HeardPosition(
        nanos: output.format.nanos(frames: heard.frame),
        isAdvancing: heard.isAdvancing && playerState == .playing)
    }
  }

  /// Volume from 0 (silent) to 1 (as decoded), applied to the samples.
  public var volume: Float {
    get { condition.withLock { gain } }
    set { condition.withLock { gain = min(1, max(0, newValue)) } }
  }

  // MARK: Commands

  /// Replaces the queue and makes `startIndex` current (stopped). Tracks that cannot be opened
  /// are skipped with a `trackFailed` event.
  public func load(_ newItems: [PlayerItem], startIndex: Int = 0) {
    transaction { events in
      items = newItems
      playerState = .stopped
      output.setPaused(true)
      open(from: startIndex, step: 1, events: &events)
    }
  }

  public func play() {
    let needsThread: Bool = transaction { events in
      if source == nil || playerState == .ended {
        if playerState == .ended, let current = index, current + 1 >= items.count {
          open(from: 0, step: 1, events: &events)
        } else if source == nil {
          open(from: index ?? 0, step: 1, events: &events)
        }
      }
      guard source != nil, playerState != .playing else { return false }
      setState(.playing, events: &events)
      output.setPaused(false)
      condition.broadcast()
      let start = !decoderThreadStarted && !(output is ClockDrivenOutput)
      decoderThreadStarted = decoderThreadStarted || start
      return start
    }
    if needsThread { startDecoderThread() }
  }

  public func pause() {
    transaction { events in
      guard playerState == .playing else { return }
      output.setPaused(true)
      setState(.paused, events: &events)
    }
  }

  /// Moves to `nanos` in the current track (clamped to the track); lands on the exact sample.
  public func seek(toNanos nanos: Int64) { seek(toNanos: nanos, announce: true) }

  private func seek(toNanos nanos: Int64, announce: Bool) {
    transaction { events in
      guard let source else { return }
      var target = max(0, nanos)
      if let duration = source.info.durationNanos { target = min(target, duration) }
      let frame = output.format.frames(nanos: target)
      do {
        try source.seek(toFrame: frame)
      } catch {
        events.append(.trackFailed(path: source.info.path, message: "\(error)"))
        return
      }
      newEpoch(startingAt: frame)
      if playerState == .ended { setState(.paused, events: &events) }
      if announce { events.append(.sought(positionNanos: output.format.nanos(frames: frame))) }
    }
  }

  /// The next track; after the last one the player ends.
  public func next() {
    transaction { events in
      let target = (index ?? -1) + 1
      if target < items.count {
        open(from: target, step: 1, events: &events)
      } else {
        finish(events: &events)
      }
    }
  }

  /// The previous track, or the start of this one after its first 3 seconds or on the first track.
  public func previous() {
    let restart: Bool = condition.withLock {
      let heard = output.format.nanos(frames: output.heardFrame().frame)
      return (index ?? 0) == 0 || heard > 3_000_000_000
    }
    if restart {
      seek(toNanos: 0)
      return
    }
    transaction { events in open(from: (index ?? 1) - 1, step: -1, events: &events) }
  }

  /// Stops and rewinds the current track.
  public func stop() {
    transaction { events in
      guard playerState != .stopped else { return }
      output.setPaused(true)
      try? source?.seek(toFrame: 0)
      newEpoch(startingAt: 0)
      setState(.stopped, events: &events)
    }
  }

  /// Ends the decoder thread and closes the output. The player is unusable afterwards.
  public func shutdown() {
    condition.withLock {
      shuttingDown = true
      condition.broadcast()
    }
    output.close()
  }

  // MARK: PullSource (for a ClockDrivenOutput)

  public func pull(maxFrames: Int) -> (samples: [Float], epoch: Int) {
    condition.withLock {
      guard let source else { return ([], epoch) }
      var samples = source.read(maxFrames: maxFrames)
      if samples.isEmpty { sourceEnded = true }
      applyGain(&samples)
      return (samples, epoch)
    }
  }

  public func endHeard(epoch endedEpoch: Int) {
    transaction { events in
      guard endedEpoch == epoch, sourceEnded else { return }
      let target = (index ?? -1) + 1
      if target < items.count {
        open(from: target, step: 1, events: &events)
      } else {
        finish(events: &events)
      }
    }
  }

  // MARK: Internals (called with the lock held)

  /// Runs `body` under the lock, then delivers the events it collected without the lock.
  @discardableResult
  private func transaction<T>(_ body: (inout [PlayerEvent]) -> T) -> T {
    var events: [PlayerEvent] = []
    let (result, targets): (T, [@Sendable (PlayerEvent) -> Void]) = condition.withLock {
      let result = body(&events)
      return (result, observers)
    }
    for event in events {
      for observer in targets { observer(event) }
    }
    return result
  }

  private func setState(_ newState: PlayerState, events: inout [PlayerEvent]) {
    guard newState != playerState else { return }
    playerState = newState
    let nanos = output.format.nanos(frames: output.heardFrame().frame)
    events.append(.stateChanged(newState, positionNanos: nanos))
  }

  private func newEpoch(startingAt frame: Int64) {
    epoch += 1
    sourceEnded = false
    output.flush(epoch: epoch, startingAt: frame)
    condition.broadcast()
  }

  /// Opens the first track that opens, from `start` in direction `step`; ends when none does.
  private func open(from start: Int, step: Int, events: inout [PlayerEvent]) {
    var candidate = start
    while candidate >= 0 && candidate < items.count {
      let item = items[candidate]
      do {
        let opened = try item.open(output.format)
        source = opened
        index = candidate
        newEpoch(startingAt: 0)
        events.append(.trackChanged(index: candidate, info: opened.info))
        return
      } catch {
        events.append(.trackFailed(path: item.path, message: "\(error)"))
        candidate += step
      }
    }
    finish(events: &events)
  }

  private func finish(events: inout [PlayerEvent]) {
    output.setPaused(true)
    setState(.ended, events: &events)
  }

  private func applyGain(_ samples: inout [Float]) {
    guard gain != 1 else { return }
    for position in samples.indices { samples[position] *= gain }
  }

  private func outputEvent(_ event: AudioOutputEvent) {
    let mapped: PlayerEvent? =
      switch event {
      case .started: .outputStarted
      case .lost(let message): .outputLost(message)
      case .reconnected: .outputReconnected
      case .resync: nil
      }
    if let mapped { transaction { events in events.append(mapped) } }
    if event == .reconnected || event == .resync {
      // The audio queued in the lost server is gone: decode again from what was heard last.
      seek(toNanos: heardPosition().nanos, announce: false)
    }
  }

  // MARK: The decoder thread (real-time outputs)

  private func startDecoderThread() {
    DetachedThread.start(name: "lyricpip.decoder") { [weak self] in
      while let player = self, player.decodeStep() {}
    }
  }

  /// One step of the decoder thread; false when it should end.
  private func decodeStep() -> Bool {
    let work: (samples: [Float], epoch: Int)? = condition.withLock {
      while !shuttingDown && (playerState != .playing || source == nil || sourceEnded) {
        condition.wait()
      }
      guard !shuttingDown, let source else { return nil }
      var samples = source.read(maxFrames: chunkFrames)
      if samples.isEmpty { sourceEnded = true }
      applyGain(&samples)
      return (samples, epoch)
    }
    guard let work else { return false }
    if work.samples.isEmpty {
      if output.drain(epoch: work.epoch) { endHeard(epoch: work.epoch) }
    } else {
      _ = output.write(work.samples, epoch: work.epoch)
    }
    return true
  }
}
