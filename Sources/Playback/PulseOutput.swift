import Dispatch
import Glibc
import LyricsCore
import SystemSupport

/// Plays through PulseAudio with the asynchronous API, and reports the heard position from
/// `pa_stream_get_time` (the server's interpolated clock, its latency subtracted), not from a
/// count of bytes written.
///
/// - Pause corks the stream; seek flushes it. After a flush the write index returns to the read
///   index; its value (from a fresh timing update) is the stream time where the new epoch's first
///   sample plays, so heard frame = epoch start frame + (stream time heard − that stream time).
/// - The clock is trusted only after the server said the stream started *and* a timing update
///   came after that (DESIGN.md: at start the interpolated clock ran up to 1.2 s ahead). Before
///   that the position stands still at the epoch start and is reported as not advancing; when it
///   becomes trusted, a `.started` event tells the player to re-plan.
/// - When the server goes away, a reconnect thread tries again every half second; once back it
///   reports `.reconnected` at the last heard frame, and the player seeks there, so the song goes
///   on where it was heard.
///
/// Threads: libpulse's own mainloop thread runs the callbacks; callers (the decoder thread, the
/// player) take the mainloop lock, which guards all the state below. Events are delivered on a
/// private serial queue, never on the mainloop thread (it may not take its own lock).
public final class PulseOutput: AudioOutput, @unchecked Sendable {
  public let name = "pulse"
  public let format: AudioFormat
  private let clientName: String
  private let mainloop: PulseMainloop
  private let eventQueue = DispatchQueue(label: "lyricpip.pulse.events")

  // Guarded by the mainloop lock.
  private var connection: PulseConnection?
  private var epoch = 0
  private var baseFrame: Int64 = 0
  private var writtenFrames: Int64 = 0
  /// Stream time (µs) at which the epoch's first sample plays.
  private var epochStartMicros: Int64 = 0
  /// Highest frame reported in this epoch: the position never runs backwards.
  private var lastPlayedFrames: Int64 = 0
  private var paused = true
  /// Set by a flush: the epoch's position stands still until its first audio is written, and
  /// then the player must hear that it moves again (`.started`), or nobody would plan from it.
  private var announceFirstWrite = false
  private var closed = false
  private var reconnecting = false
  private var handler: (@Sendable (AudioOutputEvent) -> Void)?

  private let server: String?

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
      connection?.close()
      connection = nil
    }
  }

  public func open() throws {
    try mainloop.withLock {
      guard connection == nil else { return }
      do {
        connection = try connect()
      } catch {
        throw AudioOutputError.unavailable("\(error)")
      }
    }
  }

  /// Called with the lock held.
  private func connect() throws -> PulseConnection {
    let connection = try PulseConnection(
      mainloop: mainloop, format: format, name: clientName, server: server)
    connection.state.onTrusted = { [weak self] in
      // On the mainloop thread, lock held: this is the epoch's announcement.
      self?.announceFirstWrite = false
      self?.post(.started)
    }
    connection.state.onLost = { [weak self] in self?.connectionLost() }
    return connection
  }

  public func close() {
    mainloop.withLock {
      closed = true
      connection?.close()
      connection = nil
      mainloop.signal()
    }
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
          guard !closed, writeEpoch == epoch else { return false }
          guard let connection, connection.isAlive else {
            // Lost: wait for the reconnect thread (or a flush or close) to wake us.
            mainloop.wait()
            continue
          }
          let room = min(connection.writableBytes, bytes.count - offset) / frameBytes * frameBytes
          guard room > 0 else {
            mainloop.wait()
            continue
          }
          let slice = UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + room)])
          guard connection.write(slice) else { continue }
          offset += room
          writtenFrames += Int64(room / frameBytes)
        }
        // Before the stream is trusted the first `.started` comes from the server instead.
        if announceFirstWrite && !paused && writtenFrames > 0 && connection?.state.trusted == true {
          announceFirstWrite = false
          post(.started)
        }
        return true
      }
    }
  }

  public func drain(epoch drainEpoch: Int) -> Bool {
    mainloop.withLock {
      while !closed && drainEpoch == epoch {
        guard let connection, connection.isAlive else {
          mainloop.wait()
          continue
        }
        let done = connection.drain { !closed && drainEpoch == epoch && connection.isAlive }
        if done && drainEpoch == epoch && !closed {
          // Everything written has been played.
          lastPlayedFrames = writtenFrames
          return true
        }
        if done { return false }
      }
      return false
    }
  }

  public func flush(epoch newEpoch: Int, startingAt frame: Int64) {
    mainloop.withLock {
      epoch = newEpoch
      baseFrame = frame
      writtenFrames = 0
      lastPlayedFrames = 0
      announceFirstWrite = true
      if let connection, connection.isAlive {
        connection.flush()
        connection.updateTiming()
        epochStartMicros = connection.writeIndexMicros ?? connection.heardMicros ?? 0
      }
      mainloop.signal()
    }
  }

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
    guard let connection, connection.isAlive, connection.state.trusted,
      let heard = connection.heardMicros(corked: paused)
    else { return (baseFrame + lastPlayedFrames, false) }
    let played = format.frames(nanos: (heard - epochStartMicros) * 1000)
    lastPlayedFrames = max(lastPlayedFrames, min(max(0, played), writtenFrames))
    return (baseFrame + lastPlayedFrames, !paused && lastPlayedFrames < writtenFrames)
  }

  /// Delivers an event off the mainloop thread. Called with the lock held.
  private func post(_ event: AudioOutputEvent) {
    guard let handler else { return }
    eventQueue.async { handler(event) }
  }

  /// On the mainloop thread, when the context fails after having been ready.
  private func connectionLost() {
    guard !closed, !reconnecting else { return }
    reconnecting = true
    post(.lost("the PulseAudio server went away"))
    mainloop.signal()
    DetachedThread.start(name: "lyricpip.pulse.reconnect") { [weak self] in self?.reconnectLoop() }
  }

  /// Tries to connect again every half second until it works or the output is closed.
  private func reconnectLoop() {
    while true {
      usleep(500_000)
      let done: Bool = mainloop.withLock {
        if closed { return true }
        // Keep the position that was heard when the server went away.
        let kept = baseFrame + lastPlayedFrames
        connection?.close()
        connection = nil
        guard let fresh = try? connect() else { return false }
        connection = fresh
        baseFrame = kept
        writtenFrames = 0
        lastPlayedFrames = 0
        epochStartMicros = fresh.writeIndexMicros ?? 0
        if !paused { fresh.cork(false) }
        reconnecting = false
        post(.reconnected)
        mainloop.signal()
        return true
      }
      if done { return }
    }
  }
}
