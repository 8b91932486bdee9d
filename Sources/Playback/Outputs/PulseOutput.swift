import Dispatch
import SystemSupport

/// Plays through PulseAudio with the asynchronous API, and reports the heard position from
/// `pa_stream_get_time` (the server's interpolated clock, its latency subtracted), not from a
/// count of bytes written.
///
/// - Pause corks the stream; seek flushes it. Neither waits for the server: the request is sent
///   and libpulse runs a stream's operations in order. After a flush the write index returns to
///   the read index; a timing update asked for right after it says that stream time, which is
///   where the epoch's first sample plays, so heard frame = epoch start frame + (stream time
///   heard − that stream time). Until its answer arrives the position stands still at the
///   epoch's start.
/// - The clock is trusted only after the server said the stream started *and* a timing update
///   came after that (at start the interpolated clock was seen to run up to 1.2 s ahead). Before
///   that the position stands still at the epoch start and is reported as not advancing; when it
///   becomes trusted, a `.started` event tells the player to re-plan.
/// - When the server goes away, a reconnect thread tries again every half second; once back it
///   reports `.reconnected` at the last heard frame, and the player seeks there, so the song goes
///   on where it was heard.
/// - Every wait for the server is bounded: connecting gives up after 5 s; a write or drain waits
///   in slices and checks its epoch between them. A server that stops answering (SIGSTOP, a hung
///   machine) therefore holds only the decoder thread's write, never a caller of `flush`,
///   `setPaused` or `heardFrame`.
///
/// Threads: libpulse's own mainloop thread runs the callbacks; they touch only the connection's
/// `PulseConnectionState` and queue events onto `eventQueue` (see `connectionEvent`). Callers
/// (the decoder thread, the player, the reconnect thread, the event queue) take the mainloop
/// lock, which guards all the state below and is never held while waiting for the server (a
/// wait releases it). Nothing on the mainloop thread holds a strong reference to this object,
/// so it is never released there (its `deinit` takes the mainloop lock).
// @unchecked: its state is guarded by the C mainloop lock, which the compiler cannot see.
public final class PulseOutput: AudioOutput, @unchecked Sendable {
  public let name = "pulse"
  public let format: AudioFormat
  private let clientName: String
  private let mainloop: PulseMainloop
  private let eventQueue = DispatchQueue(label: "lyricpip.pulse.events")
  /// Wakes the reconnect thread early when the output is closed.
  private let reconnectWake = Condition()

  // Guarded by the mainloop lock.
  private var connection: PulseConnection?
  private var clock = EpochClock()
  /// Stream time (µs) at which the epoch's first sample plays; nil until the timing update
  /// asked for at the flush has answered.
  private var epochStartMicros: Int64? = 0
  /// The timing update that will say `epochStartMicros`.
  private var epochTiming: PulseOperation?
  private var paused = true
  /// Set by a flush: the epoch's position stands still until its first audio is written, and
  /// then the player must hear that it moves again (`.started`), or nobody would plan from it.
  private var announceFirstWrite = false
  private var closed = false
  private var reconnecting = false
  /// The server's underflow callbacks since the output was made, over every connection.
  private var underflows = 0
  /// Why no server answered at `openWaitingForServer`, until the first write says so to the
  /// player (`.waiting`): by then the player and whoever listens to it are wired.
  private var unannouncedWait: String?
  private var handler: (@Sendable (AudioOutputEvent) -> Void)?

  private let server: String?

  /// How long a write waits for room before it checks its epoch again anyway.
  private static let writeSliceMicros: UInt64 = 500_000

  /// - Parameter server: a server address such as `unix:/run/user/1000/pulse/native`; nil (the
  ///   default) connects where libpulse would (`PULSE_SERVER`, then the user's server).
  public init(
    format: AudioFormat = .standard, clientName: String = "lyricpip", server: String? = nil
  ) throws {
    self.format = format
    self.clientName = clientName
    self.server = server
    do {
      mainloop = try PulseMainloop()
    } catch {
      throw AudioOutputError.unavailable("\(error)")
    }
  }

  deinit {
    mainloop.withLock {
      closed = true
      epochTiming = nil
      connection?.close()
      connection = nil
    }
  }

  public func open() throws {
    try mainloop.withLock {
      guard connection == nil else { return }
      do {
        connection = try connect()
        // A new stream's write index is 0.
        epochStartMicros = 0
      } catch {
        throw AudioOutputError.unavailable("\(error)")
      }
    }
  }

  /// Like `open`, but a server that is not there yet is no error: the output plays nothing, its
  /// position stands still, and the reconnect thread keeps trying (with back-off) until one
  /// answers; then `.reconnected` tells the player to play from where it stands. Returns why no
  /// server answered now (nil: connected). The first write reports `.waiting` with that reason.
  public func openWaitingForServer() -> String? {
    mainloop.withLock {
      guard connection == nil, !reconnecting else { return nil }
      do {
        connection = try connect()
        epochStartMicros = 0
        return nil
      } catch {
        let reason = "\(error)"
        unannouncedWait = reason
        reconnecting = true
        startReconnecting()
        return reason
      }
    }
  }

  /// Called with the lock held (it is released while the server is waited for).
  private func connect() throws -> PulseConnection {
    // The mainloop thread gets only this closure: it queues the event and touches nothing
    // else; the weak reference is loaded on the event queue.
    let deliver: @Sendable (PulseConnectionEvent) -> Void = { [weak self] event in
      self?.connectionEvent(event)
    }
    let queue = eventQueue
    return try PulseConnection(
      mainloop: mainloop, format: format, name: clientName, server: server,
      post: { event in queue.async { deliver(event) } })
  }

  public func close() {
    mainloop.withLock {
      closed = true
      epochTiming = nil
      connection?.close()
      connection = nil
      mainloop.signal()
    }
    reconnectWake.withLock { reconnectWake.broadcast() }
  }

  public func setEventHandler(_ handler: @escaping @Sendable (AudioOutputEvent) -> Void) {
    mainloop.withLock { self.handler = handler }
  }

  public func write(_ samples: [Float], epoch writeEpoch: Int) -> Bool {
    let frameBytes = format.bytesPerFrame
    return samples.withUnsafeBytes { bytes in
      mainloop.withLock {
        var offset = 0
        while offset < bytes.count {
          guard !closed, clock.accepts(writeEpoch) else { return false }
          resolveEpochStart()
          guard let connection, connection.isAlive else {
            if let reason = unannouncedWait {
              unannouncedWait = nil
              post(.waiting(reason))
            }
            // Lost: wait for the reconnect thread (or a flush or close) to wake us.
            mainloop.wait()
            continue
          }
          let room = min(connection.writableBytes, bytes.count - offset) / frameBytes * frameBytes
          guard room > 0 else {
            _ = connection.waitForServer(atMostMicros: Self.writeSliceMicros) {
              closed || !clock.accepts(writeEpoch) || !connection.isAlive
                || connection.writableBytes >= frameBytes
            }
            continue
          }
          let slice = UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + room)])
          guard connection.write(slice) else { continue }
          offset += room
          clock.wrote(frames: Int64(room / frameBytes))
        }
        announceStartIfDue()
        return true
      }
    }
  }

  public func drain(epoch drainEpoch: Int) -> Bool {
    mainloop.withLock {
      while !closed && clock.accepts(drainEpoch) {
        guard let connection, connection.isAlive else {
          mainloop.wait()
          continue
        }
        let done = connection.drain {
          !closed && clock.accepts(drainEpoch) && connection.isAlive
        }
        if done && clock.accepts(drainEpoch) && !closed {
          // Everything written has been played.
          clock.heardAll()
          return true
        }
        if done { return false }
      }
      return false
    }
  }

  /// Does not wait for the server: see the type's notes.
  public func flush(epoch newEpoch: Int, startingAt frame: Int64) {
    mainloop.withLock {
      clock.flush(epoch: newEpoch, startingAt: frame)
      announceFirstWrite = true
      epochStartMicros = nil
      epochTiming = connection?.flush()
      mainloop.signal()
    }
  }

  /// Does not wait for the server: see the type's notes.
  public func setPaused(_ newPaused: Bool) {
    mainloop.withLock {
      guard newPaused != paused else { return }
      paused = newPaused
      connection?.cork(newPaused)
      mainloop.signal()
    }
  }

  public func heardFrame() -> (frame: Int64, isAdvancing: Bool) {
    mainloop.withLock { heardLocked() }
  }

  /// Called with the lock held.
  private func heardLocked() -> (frame: Int64, isAdvancing: Bool) {
    resolveEpochStart()
    guard let connection, connection.isAlive, connection.isTrusted,
      let start = epochStartMicros, let heard = connection.heardMicros(corked: paused)
    else { return (clock.heardFrame, false) }
    clock.heard(frames: format.frames(nanos: (heard - start) * 1000))
    return (clock.heardFrame, !paused && clock.isBehind)
  }

  /// Once the timing update asked for at the flush has answered, the write index it brought
  /// (moved on by libpulse for every write since) minus what this epoch wrote is where the
  /// epoch's first sample plays. Called with the lock held.
  private func resolveEpochStart() {
    guard epochStartMicros == nil, let timing = epochTiming, !timing.isRunning,
      let connection
    else { return }
    epochTiming = nil
    let written = format.nanos(frames: clock.writtenFrames) / 1000
    if timing.isDone, let index = connection.writeIndexMicros {
      epochStartMicros = index - written
    } else if let heard = connection.heardMicros {
      // No answer (cancelled): the best guess is that the epoch starts where the sound is now.
      epochStartMicros = heard
    } else {
      epochTiming = connection.requestTiming()
    }
    announceStartIfDue()
  }

  /// Tells the player the epoch's position moves, once: after its first audio is written, its
  /// start is known and the stream is trusted (before that the server's own start says it).
  /// Called with the lock held.
  private func announceStartIfDue() {
    guard announceFirstWrite, !paused, clock.writtenFrames > 0, epochStartMicros != nil,
      connection?.isTrusted == true
    else { return }
    announceFirstWrite = false
    post(.started)
  }

  /// Delivers an event off the mainloop thread. Called with the lock held.
  private func post(_ event: AudioOutputEvent) {
    guard let handler else { return }
    eventQueue.async { handler(event) }
  }

  /// On the event queue: what a connection's callbacks reported.
  private func connectionEvent(_ event: PulseConnectionEvent) {
    mainloop.withLock {
      switch event {
      case .trusted:
        // This is the epoch's announcement (or, after an underrun, the news that the sound
        // flows again), unless its start is not known yet.
        if epochStartMicros != nil {
          announceFirstWrite = false
          post(.started)
        }
      case .lost:
        connectionLost()
      case .underflow:
        underflows += 1
        post(.underflow(count: underflows))
      }
    }
  }

  /// Lock held: the context failed after having been ready.
  private func connectionLost() {
    guard !closed, !reconnecting else { return }
    reconnecting = true
    post(.lost("the PulseAudio server went away"))
    mainloop.signal()
    startReconnecting()
  }

  /// Lock held.
  private func startReconnecting() {
    DetachedThread.start(name: "lyricpip.pulse.reconnect") { [weak self] in self?.reconnectLoop() }
  }

  /// How long the reconnect thread waits before its first attempt; each failed attempt doubles
  /// the pause, up to `longestReconnectPauseSeconds`.
  private static let reconnectPauseSeconds = 0.5
  /// A server that stays away for minutes is still found within 2 s of its start, and a client
  /// trying every 2 s costs nothing.
  private static let longestReconnectPauseSeconds = 2.0

  /// Tries to connect again, after a pause that doubles up to 2 s, until it works or the output
  /// is closed. Each attempt is bounded (`PulseConnection.connectTimeoutMicros`); the lock is
  /// released while an attempt waits for the server, and the pause is taken without it.
  private func reconnectLoop() {
    var pause = Self.reconnectPauseSeconds
    while true {
      let isClosed = mainloop.withLock { closed }
      if isClosed { return }
      reconnectWake.withLock { _ = reconnectWake.wait(seconds: pause) }
      pause = min(pause * 2, Self.longestReconnectPauseSeconds)
      let done: Bool = mainloop.withLock {
        if closed { return true }
        connection?.close()
        connection = nil
        epochTiming = nil
        guard let fresh = try? connect() else { return false }
        guard !closed else {
          fresh.close()
          return true
        }
        connection = fresh
        // Keep the position that was heard when the server went away.
        clock.rebaseAtHeard()
        // A new stream's write index is 0.
        epochStartMicros = 0
        if !paused { fresh.cork(false) }
        reconnecting = false
        unannouncedWait = nil
        post(.reconnected)
        mainloop.signal()
        return true
      }
      if done { return }
    }
  }
}
