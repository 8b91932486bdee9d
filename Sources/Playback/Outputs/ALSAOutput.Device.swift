import Dispatch
import Locking
import SystemSupport

extension ALSAOutput {
  /// The PCM of an `ALSAOutput`, owned by a thread of its own that makes every alsa-lib call
  /// (see `ALSAOutput`). Callers only touch `state` and wait on `wake`; the thread takes its
  /// work from `state` with `State.next`, calls alsa-lib with no lock held, and records what
  /// came of it.
  final class Device: Sendable {
    let name: String
    let format: AudioFormat
    private let latencyMicros: UInt32
    private let state = Mutex(State())
    /// Moves whenever `state` changes in a way a waiter (the decoder, `open`, `close`, the
    /// PCM's thread) looks at.
    private let wake = WakeSignal()
    private let eventQueue = DispatchQueue(label: "lyricpip.alsa.events")

    /// How long `open` waits for the device to open: a `pulse` plugin whose server does not
    /// answer would hold it.
    private static let openTimeoutSeconds = 5.0
    /// How long `close` waits for the thread to let the device go before it returns anyway.
    private static let closeTimeoutSeconds = 1.0

    init(name: String, format: AudioFormat, latencyMicros: UInt32) {
      self.name = name
      self.format = format
      self.latencyMicros = latencyMicros
    }

    /// Pieces of a quarter of the latency: a flush that races a piece lets at most that through.
    private var pieceFrames: Int {
      max(256, Int(Int64(latencyMicros) * Int64(format.sampleRate) / 4_000_000))
    }
    /// About a quarter of the device latency: how often the thread looks again.
    private var periodSeconds: Double { Double(latencyMicros) / 4_000_000 }
    /// A reading older than this says nothing about now (the thread is held in alsa-lib).
    private var staleNanos: Int64 { Int64(latencyMicros) * 2_000 }
    private var now: Int64 { SystemClock.monotonicNanos() }

    // MARK: Callers

    func open() throws {
      let start: Bool = state.withLock { s in
        guard !s.threadStarted, !s.closed else { return false }
        s.threadStarted = true
        s.opened = nil
        return true
      }
      if start {
        let started = DetachedThread.start(name: "lyricpip.alsa") { self.run() }
        if !started {
          state.withLock { s in
            s.threadStarted = false
            s.opened = .failure(.unavailable("cannot start the ALSA thread"))
          }
        }
      }
      let deadline = now + Int64(Self.openTimeoutSeconds * 1e9)
      while true {
        let seen = wake.generation
        let opened: Result<Void, AudioOutputError>? = state.withLock { s in
          s.closed ? .failure(.unavailable("the ALSA output is closed")) : s.opened
        }
        if let opened { return try opened.get() }
        let left = deadline - now
        if left <= 0 {
          state.withLock { $0.closed = true }
          wake.signal()
          throw AudioOutputError.unavailable(
            "the ALSA device \(name) did not open within \(Int(Self.openTimeoutSeconds)) s")
        }
        wake.wait(after: seen, seconds: Double(left) / 1e9)
      }
    }

    func close() {
      let started: Bool = state.withLock { s in
        s.closed = true
        return s.threadStarted
      }
      wake.signal()
      guard started else { return }
      // Usually the device is closed when this returns; a thread held in alsa-lib closes it
      // when it gets out.
      let deadline = now + Int64(Self.closeTimeoutSeconds * 1e9)
      while now < deadline {
        let seen = wake.generation
        if state.withLock({ $0.threadEnded }) { return }
        wake.wait(after: seen, seconds: Double(deadline - now) / 1e9)
      }
    }

    func setEventHandler(_ handler: @escaping @Sendable (AudioOutputEvent) -> Void) {
      state.withLock { $0.handler = handler }
    }

    func write(_ samples: [Float], epoch writeEpoch: Int) -> Bool {
      let frames = samples.count / format.channels
      guard frames > 0 else { return true }
      let chunk = Array(samples[0..<(frames * format.channels)])
      while true {
        let seen = wake.generation
        let accepted: Bool? = state.withLock { s in
          guard !s.closed, s.clock.accepts(writeEpoch), case .success = s.opened else {
            return false
          }
          // Waits while a piece is already waiting for the device: the device's buffer (full,
          // while the thread is blocked handing it a piece) is what holds the decoder back.
          guard s.pendingFrames < pieceFrames else { return nil }
          s.pending.append(chunk)
          s.pendingFrames += frames
          return true
        }
        if let accepted {
          if accepted { wake.signal() }
          return accepted
        }
        wake.wait(after: seen, seconds: periodSeconds)
      }
    }

    func drain(epoch drainEpoch: Int) -> Bool {
      state.withLock { s in
        if s.clock.accepts(drainEpoch) { s.drainEpoch = drainEpoch }
      }
      wake.signal()
      while true {
        let seen = wake.generation
        let done: Bool? = state.withLock { s in
          guard !s.closed, s.clock.accepts(drainEpoch) else { return false }
          return s.drainedEpoch == drainEpoch ? true : nil
        }
        if let done { return done }
        wake.wait(after: seen, seconds: periodSeconds)
      }
    }

    func flush(epoch newEpoch: Int, startingAt frame: Int64) {
      state.withLock { s in
        s.clock.flush(epoch: newEpoch, startingAt: frame)
        s.dropPending()
        s.reading = nil
        s.running = false
        s.commands.append(.drop(epoch: newEpoch))
      }
      wake.signal()
    }

    func setPaused(_ newPaused: Bool) {
      let changed: Bool = state.withLock { s in
        guard newPaused != s.paused else { return false }
        s.paused = newPaused
        s.commands.append(.pause(newPaused))
        return true
      }
      if changed { wake.signal() }
    }

    func heardFrame() -> (frame: Int64, isAdvancing: Bool) {
      let instant = now
      return state.withLock { s in
        s.heard(now: instant, format: format, staleNanos: staleNanos)
      }
    }

    // MARK: The PCM's thread

    private func run() {
      let pcm: ALSAPCM
      do {
        pcm = try ALSAPCM(device: name, format: format, latencyMicros: latencyMicros)
      } catch {
        end(opened: .failure(.unavailable("\(error)")))
        return
      }
      state.withLock { $0.opened = .success(()) }
      wake.signal()
      serve(pcm)
      // `pcm` goes here: its deinit closes the device on this thread.
    }

    private func end(opened: Result<Void, AudioOutputError>? = nil) {
      state.withLock { s in
        if let opened { s.opened = opened }
        s.threadEnded = true
      }
      wake.signal()
    }

    /// Carries out the callers' requests until the output is closed.
    private func serve(_ pcm: ALSAPCM) {
      // Whether the device holds audio since the last drop (the pulse plugin dislikes a
      // needless drop).
      var holdsAudio = false
      defer { end() }
      while true {
        let seen = wake.generation
        let step = state.withLock { $0.next(pieceFrames: pieceFrames, channels: format.channels) }
        switch step {
        case .close:
          if holdsAudio { pcm.drop() }
          return
        case .command(.drop(let epoch)):
          if holdsAudio { pcm.drop() }
          holdsAudio = false
          state.withLock { $0.deviceEpoch = epoch }
        case .command(.pause(let paused)):
          if pcm.pause(paused) {
            if paused { read(pcm) }
          } else if paused {
            resync(pcm)
            holdsAudio = false
          }
        case .write(let samples, let epoch):
          let taken = samples.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { pcm.write($0, frames: samples.count / format.channels) } ?? 0
          }
          if taken > 0 { holdsAudio = true }
          let isRunning = pcm.isRunning
          let delay = pcm.delay()
          let instant = now
          state.withLock { s in
            guard s.clock.accepts(epoch), s.deviceIsCurrent else { return }
            s.took(frames: taken, channels: format.channels)
            s.clock.wrote(frames: Int64(taken))
            s.record(delay: delay, isRunning: isRunning, atNanos: instant)
            if let handler = s.noticeStart(isRunning: isRunning) { post(.started, to: handler) }
          }
          wake.signal()
          if taken == 0 { wake.wait(after: seen, seconds: periodSeconds) }
        case .drain(let epoch):
          pcm.start()
          let isRunning = pcm.isRunning
          // Ran dry: all played (the `pulse` plugin then keeps reporting a stale delay).
          let delay = pcm.ranDry ? 0 : pcm.delay() ?? 0
          let instant = now
          let done: Bool = state.withLock { s in
            guard s.clock.accepts(epoch), s.deviceIsCurrent else { return false }
            if let handler = s.noticeStart(isRunning: isRunning) { post(.started, to: handler) }
            guard delay <= 0 else {
              s.record(delay: delay, isRunning: isRunning, atNanos: instant)
              return false
            }
            s.clock.heardAll()
            s.drainedEpoch = epoch
            return true
          }
          if done {
            wake.signal()
          } else {
            wake.wait(after: seen, seconds: periodSeconds)
          }
        case .idle(let playing):
          if playing && holdsAudio { read(pcm) }
          wake.wait(after: seen, seconds: playing ? periodSeconds : 1)
        }
      }
    }

    /// Reads the device's delay into the shared state.
    private func read(_ pcm: ALSAPCM) {
      let isRunning = pcm.isRunning
      let delay = pcm.delay()
      let instant = now
      state.withLock { s in
        guard s.deviceIsCurrent else { return }
        s.record(delay: delay, isRunning: isRunning, atNanos: instant)
      }
    }

    /// The device cannot pause: drop its queue, keep the heard position, and have the player
    /// decode again from there when it resumes.
    private func resync(_ pcm: ALSAPCM) {
      let delay = pcm.delay()
      let instant = now
      state.withLock { s in
        guard s.deviceIsCurrent, s.paused else { return }
        s.record(delay: delay, isRunning: false, atNanos: instant)
        s.clock.rebaseAtHeard()
        s.dropPending()
        s.reading = nil
        s.running = false
        if let handler = s.handler { post(.resync, to: handler) }
      }
      pcm.drop()
    }

    private func post(
      _ event: AudioOutputEvent, to handler: @escaping @Sendable (AudioOutputEvent) -> Void
    ) {
      eventQueue.async { handler(event) }
    }
  }
}
