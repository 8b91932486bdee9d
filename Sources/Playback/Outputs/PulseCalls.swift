internal import CPulse
import Glibc
import Locking
import SystemSupport

// Every call into libpulse goes through this file. `PulseMainloop` owns the threaded mainloop
// (its thread runs every callback), `PulseConnection` owns one context and its playback stream.
// Callbacks only record what happened (in `PulseConnectionState`, under its own mutex), wake
// waiters (`pa_threaded_mainloop_signal`) and hand events to `PulseConnectionState.post`, which
// must only queue them for another thread. No callback forms a strong reference to an object
// whose release could stop or free the mainloop: that would be illegal on the mainloop's thread.
// Every wait for the server is bounded (`waitForServer`).

/// A libpulse failure with libpulse's own message.
struct PulseError: Error, CustomStringConvertible {
  var description: String

  init(_ operation: String, code: Int32) {
    description = "\(operation): " + String(cString: pa_strerror(code))
  }
}

/// The threaded mainloop: one thread for all of libpulse's callbacks, and the lock that guards
/// every libpulse object.
// @unchecked: owns a pa_threaded_mainloop, whose lock (below) guards every libpulse call.
final class PulseMainloop: @unchecked Sendable {
  let pointer: OpaquePointer

  /// - Parameter start: starts the mainloop's thread (libpulse's `pa_threaded_mainloop_start`);
  ///   a test passes one that fails, to check that a failed setup frees the mainloop once.
  init(start: (OpaquePointer) -> Int32 = { pa_threaded_mainloop_start($0) }) throws {
    guard let mainloop = pa_threaded_mainloop_new() else {
      throw PulseError("create mainloop", code: Int32(PA_ERR_INTERNAL.rawValue))
    }
    pointer = mainloop
    pa_threaded_mainloop_set_name(mainloop, "lyricpip.pulse")
    // On failure `deinit` runs (self is fully initialised) and frees the mainloop; stopping a
    // mainloop that never started is allowed.
    guard start(mainloop) >= 0 else {
      throw PulseError("start mainloop", code: Int32(PA_ERR_INTERNAL.rawValue))
    }
  }

  deinit {
    // Stopping joins the mainloop's thread: from that thread it would wait for itself.
    precondition(!isInMainloopThread, "the PulseAudio mainloop released on its own thread")
    pa_threaded_mainloop_stop(pointer)
    pa_threaded_mainloop_free(pointer)
  }

  /// True on the mainloop's own thread (inside a callback), where its lock may not be taken.
  var isInMainloopThread: Bool { pa_threaded_mainloop_in_thread(pointer) != 0 }

  func lock() {
    precondition(!isInMainloopThread, "the PulseAudio mainloop lock taken on its own thread")
    pa_threaded_mainloop_lock(pointer)
  }
  func unlock() { pa_threaded_mainloop_unlock(pointer) }
  /// Releases the lock until some callback or thread signals. Lock held on entry and exit.
  func wait() { pa_threaded_mainloop_wait(pointer) }
  func signal() { pa_threaded_mainloop_signal(pointer, 0) }

  func withLock<T>(_ body: () throws -> T) rethrows -> T {
    lock()
    defer { unlock() }
    return try body()
  }

  var api: UnsafeMutablePointer<pa_mainloop_api>? { pa_threaded_mainloop_get_api(pointer) }
}

/// Something a connection's callbacks report, handed to another thread by
/// `PulseConnectionState.post`.
enum PulseConnectionEvent: Sendable {
  /// The stream's time is trustworthy and moving: a timing update after the server started it
  /// (the first time, or again after an underrun).
  case trusted
  /// The context failed after having been ready: the server went away.
  case lost
  /// The server ran out of this stream's audio while playing it (an underrun: a gap heard).
  case underflow
}

/// What the callbacks of one connection observed. The callbacks run on the mainloop thread and
/// callers read it with the mainloop lock held; the mutex makes each access safe on its own.
final class PulseConnectionState: Sendable {
  struct Observed {
    var contextFailed = false
    var contextReady = false
    var streamReady = false
    var streamFailed = false
    /// The server started playing (initial start, or after an underrun or a flush's prebuffer).
    var started = false
    /// A timing update arrived after `started`: from now on `pa_stream_get_time` is trusted.
    /// (Right after a start the interpolated clock was seen to run ahead of the sound.)
    var trusted = false
    /// The last timing update, not interpolated: the stream time heard at `monoNanos`
    /// (read index minus the sink's latency), and whether the stream was playing.
    var snapshot: (heardMicros: Int64, monoNanos: Int64, playing: Bool)?
    /// A drain is under way: the server reports the stream running out at its end as an
    /// underflow too (before its drain answer), and that one is no gap.
    var draining = false
  }

  let observed = Mutex(Observed())
  /// Called on the mainloop thread: must only queue the event for another thread.
  let post: @Sendable (PulseConnectionEvent) -> Void
  /// The mainloop to wake (`pa_threaded_mainloop_signal` may be called from its thread).
  private nonisolated(unsafe) let mainloop: OpaquePointer

  init(mainloop: PulseMainloop, post: @escaping @Sendable (PulseConnectionEvent) -> Void) {
    self.mainloop = mainloop.pointer
    self.post = post
  }

  func signal() { pa_threaded_mainloop_signal(mainloop, 0) }

  var current: Observed { observed.withLock { $0 } }

  func update(_ change: (inout Observed) -> Void) { observed.withLock { change(&$0) } }
}

/// A context connected to the server with one float playback stream. Every method must be
/// called with the mainloop lock held, never on the mainloop's thread.
final class PulseConnection {
  let mainloop: PulseMainloop
  let state: PulseConnectionState
  private let context: OpaquePointer
  private var stream: OpaquePointer?
  private var spec: pa_sample_spec
  private let unmanagedState: Unmanaged<PulseConnectionState>

  /// How long connecting may take before the server counts as not answering.
  static let connectTimeoutMicros: UInt64 = 5_000_000

  /// Connects (waiting until ready, failed, or `connectTimeoutMicros`) and opens a playback
  /// stream, corked.
  /// - Parameters:
  ///   - server: a server address (`unix:/path`); nil = the default (`PULSE_SERVER`).
  ///   - post: told of events, on the mainloop thread (see `PulseConnectionState.post`).
  init(
    mainloop: PulseMainloop, format: AudioFormat, name: String, server: String?,
    post: @escaping @Sendable (PulseConnectionEvent) -> Void
  ) throws {
    self.mainloop = mainloop
    state = PulseConnectionState(mainloop: mainloop, post: post)
    unmanagedState = Unmanaged.passRetained(state)
    spec = pa_sample_spec(
      format: PA_SAMPLE_FLOAT32LE, rate: UInt32(format.sampleRate),
      channels: UInt8(format.channels))
    guard let context = pa_context_new(mainloop.api, name) else {
      unmanagedState.release()
      throw PulseError("create context", code: Int32(PA_ERR_INTERNAL.rawValue))
    }
    self.context = context
    let userdata = unmanagedState.toOpaque()
    pa_context_set_state_callback(
      context,
      { context, userdata in
        guard let context, let userdata else { return }
        let state = Unmanaged<PulseConnectionState>.fromOpaque(userdata).takeUnretainedValue()
        var lost = false
        switch pa_context_get_state(context) {
        case PA_CONTEXT_READY: state.update { $0.contextReady = true }
        case PA_CONTEXT_FAILED, PA_CONTEXT_TERMINATED:
          state.update {
            lost = $0.contextReady
            $0.contextFailed = true
          }
        default: break
        }
        if lost { state.post(.lost) }
        state.signal()
      }, userdata)
    guard pa_context_connect(context, server, PA_CONTEXT_NOAUTOSPAWN, nil) >= 0 else {
      let error = PulseError("connect", code: pa_context_errno(context))
      close()
      throw error
    }
    let answered = waitForServer(atMostMicros: Self.connectTimeoutMicros) {
      let now = state.current
      return now.contextReady || now.contextFailed
    }
    let now = state.current
    guard answered, now.contextReady, !now.contextFailed else {
      let error =
        answered
        ? PulseError("connect", code: pa_context_errno(context))
        : PulseError(timeout: "connect", micros: Self.connectTimeoutMicros)
      close()
      throw error
    }
    try openStream(format: format)
  }

  private func openStream(format: AudioFormat) throws {
    var map = pa_channel_map()
    pa_channel_map_init_auto(&map, UInt32(format.channels), PA_CHANNEL_MAP_DEFAULT)
    guard let stream = pa_stream_new(context, "lyricpip", &spec, &map) else {
      let error = PulseError("create stream", code: pa_context_errno(context))
      close()
      throw error
    }
    self.stream = stream
    let userdata = unmanagedState.toOpaque()
    pa_stream_set_state_callback(
      stream,
      { stream, userdata in
        guard let stream, let userdata else { return }
        let state = Unmanaged<PulseConnectionState>.fromOpaque(userdata).takeUnretainedValue()
        switch pa_stream_get_state(stream) {
        case PA_STREAM_READY: state.update { $0.streamReady = true }
        case PA_STREAM_FAILED, PA_STREAM_TERMINATED: state.update { $0.streamFailed = true }
        default: break
        }
        state.signal()
      }, userdata)
    pa_stream_set_write_callback(
      stream,
      { _, _, userdata in
        guard let userdata else { return }
        Unmanaged<PulseConnectionState>.fromOpaque(userdata).takeUnretainedValue().signal()
      }, userdata)
    pa_stream_set_started_callback(
      stream,
      { stream, userdata in
        guard let stream, let userdata else { return }
        let state = Unmanaged<PulseConnectionState>.fromOpaque(userdata).takeUnretainedValue()
        StartupTrace.mark("stream started")
        state.update { $0.started = true }
        // Trust the clock only after a timing update that follows the start.
        let operation = pa_stream_update_timing_info(
          stream,
          { _, _, userdata in
            guard let userdata else { return }
            let state = Unmanaged<PulseConnectionState>.fromOpaque(userdata)
              .takeUnretainedValue()
            // Every start, not only the first: after an underrun the server stops the stream
            // and the heard position stands still; when the stream starts again, this is the
            // one thing that says it moves, and the player must re-plan from it.
            var trustedNow = false
            state.update {
              trustedNow = $0.started
              if trustedNow { $0.trusted = true }
            }
            if trustedNow { state.post(.trusted) }
            state.signal()
          }, userdata)
        if let operation { pa_operation_unref(operation) }
        state.signal()
      }, userdata)
    pa_stream_set_underflow_callback(
      stream,
      { _, userdata in
        guard let userdata else { return }
        let state = Unmanaged<PulseConnectionState>.fromOpaque(userdata).takeUnretainedValue()
        if !state.current.draining { state.post(.underflow) }
      }, userdata)
    pa_stream_set_latency_update_callback(
      stream,
      { stream, userdata in
        guard let stream, let userdata else { return }
        let state = Unmanaged<PulseConnectionState>.fromOpaque(userdata).takeUnretainedValue()
        if let info = pa_stream_get_timing_info(stream), info.pointee.read_index_corrupt == 0,
          let spec = pa_stream_get_sample_spec(stream),
          let read = PulseTime.micros(
            pa_bytes_to_usec(UInt64(max(0, info.pointee.read_index)), spec)),
          let transport = PulseTime.micros(info.pointee.transport_usec),
          let sinkMicros = PulseTime.micros(info.pointee.sink_usec)
        {
          // Measured by the server a transport delay before it arrived here.
          let measured = SystemClock.monotonicNanos() - transport * 1000
          let playing = info.pointee.playing != 0
          state.update { $0.snapshot = (read - sinkMicros, measured, playing) }
        }
        state.signal()
      }, userdata)
    // About 25 ms in the server's buffer: a seek or pause is heard at once, and the sink runs with
    // a small latency (with ADJUST_LATENCY the sink follows the stream's request).
    let bytesPerSecond = UInt32(format.sampleRate * format.bytesPerFrame)
    var attributes = pa_buffer_attr(
      maxlength: UInt32.max, tlength: bytesPerSecond / 10, prebuf: UInt32.max,
      minreq: UInt32.max, fragsize: UInt32.max)
    let flags = pa_stream_flags_t(
      rawValue: PA_STREAM_INTERPOLATE_TIMING.rawValue | PA_STREAM_AUTO_TIMING_UPDATE.rawValue
        | PA_STREAM_ADJUST_LATENCY.rawValue | PA_STREAM_START_CORKED.rawValue)
    guard pa_stream_connect_playback(stream, nil, &attributes, flags, nil, nil) >= 0 else {
      let error = PulseError("connect stream", code: pa_context_errno(context))
      close()
      throw error
    }
    let answered = waitForServer(atMostMicros: Self.connectTimeoutMicros) {
      let now = state.current
      return now.streamReady || now.streamFailed || now.contextFailed
    }
    let now = state.current
    guard answered, now.streamReady, !now.streamFailed, !now.contextFailed else {
      let error =
        answered
        ? PulseError("connect stream", code: pa_context_errno(context))
        : PulseError(timeout: "connect stream", micros: Self.connectTimeoutMicros)
      close()
      throw error
    }
  }

  /// Disconnects; safe to call twice.
  func close() {
    if let stream {
      pa_stream_set_state_callback(stream, nil, nil)
      pa_stream_set_write_callback(stream, nil, nil)
      pa_stream_set_started_callback(stream, nil, nil)
      pa_stream_set_latency_update_callback(stream, nil, nil)
      pa_stream_set_underflow_callback(stream, nil, nil)
      pa_stream_disconnect(stream)
      pa_stream_unref(stream)
      self.stream = nil
    }
    if !closed {
      pa_context_set_state_callback(context, nil, nil)
      pa_context_disconnect(context)
      pa_context_unref(context)
      closed = true
      unmanagedState.release()
    }
  }

  private var closed = false

  /// Must be closed (or released with the mainloop lock held).
  deinit { close() }

  var isAlive: Bool {
    guard !closed, stream != nil else { return false }
    let now = state.current
    return !now.contextFailed && !now.streamFailed
  }

  /// The stream's time can be trusted (see `PulseConnectionState.Observed.trusted`).
  var isTrusted: Bool { state.current.trusted }

  var writableBytes: Int {
    guard let stream, isAlive else { return 0 }
    let size = pa_stream_writable_size(stream)
    return size == Int.max ? 0 : size
  }

  func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard let stream, isAlive else { return false }
    return pa_stream_write(stream, bytes.baseAddress, bytes.count, nil, 0, PA_SEEK_RELATIVE) >= 0
  }

  /// Releases the lock until a callback or another thread signals, or at most `micros` passed
  /// (a timer on the mainloop wakes this waiter: libpulse's own wait has no timeout). Lock held
  /// on entry and exit. Returns as soon as `done` holds; false when the time ran out first.
  func waitForServer(atMostMicros micros: UInt64, until done: () -> Bool) -> Bool {
    if done() { return true }
    let deadline = pa_rtclock_now() + micros
    let timer = pa_context_rttime_new(
      context, deadline,
      { _, _, _, userdata in
        guard let userdata else { return }
        pa_threaded_mainloop_signal(OpaquePointer(userdata), 0)
      }, UnsafeMutableRawPointer(mainloop.pointer))
    defer {
      if let timer, let free = mainloop.api?.pointee.time_free { free(timer) }
    }
    while !done() {
      guard pa_rtclock_now() < deadline else { return false }
      mainloop.wait()
    }
    return true
  }

  /// Asks the server to cork or uncork without waiting for its answer: operations on a stream
  /// run in the order they were sent, and a lost connection is reconciled by the reconnect.
  func cork(_ corked: Bool) {
    guard let stream, isAlive else { return }
    if let operation = pa_stream_cork(stream, corked ? 1 : 0, nil, nil) {
      pa_operation_unref(operation)
    }
  }

  /// Drops what is queued in the server (the write index goes back to the read index), and asks
  /// for a timing update after it, without waiting: the returned operation is done when the
  /// write index (`writeIndexMicros`) says where the first sample written after the flush plays.
  func flush() -> PulseOperation? {
    guard let stream, isAlive else { return nil }
    // Trust is kept: the run-ahead is a start-up effect, and after a flush of a running stream
    // the server does not always say "started" again. The old snapshot no longer applies.
    state.update { $0.snapshot = nil }
    if let operation = pa_stream_flush(stream, nil, nil) { pa_operation_unref(operation) }
    return requestTiming()
  }

  /// Asks for fresh timing information without waiting for it.
  func requestTiming() -> PulseOperation? {
    guard let stream, isAlive else { return nil }
    return PulseOperation(
      pa_stream_update_timing_info(stream, Self.signalOnSuccess, unmanagedState.toOpaque()))
  }

  private static let signalOnSuccess: pa_stream_success_cb_t = { _, _, userdata in
    guard let userdata else { return }
    Unmanaged<PulseConnectionState>.fromOpaque(userdata).takeUnretainedValue().signal()
  }

  /// How long one wait for a drain lasts before `keepWaiting` is asked again, even if nothing
  /// woke the waiter: a stopped server must not hold the decoder thread beyond a check.
  static let drainSliceMicros: UInt64 = 500_000

  /// Waits until everything written has been played, while `keepWaiting` holds (asked at every
  /// wake-up and at least every `drainSliceMicros`). False when it did not complete.
  func drain(while keepWaiting: () -> Bool) -> Bool {
    guard let stream, isAlive else { return false }
    // Set before the request: the callbacks run only while this thread waits (lock released).
    state.update { $0.draining = true }
    defer { state.update { $0.draining = false } }
    guard
      let operation = PulseOperation(
        pa_stream_drain(stream, Self.signalOnSuccess, unmanagedState.toOpaque()))
    else { return false }
    while operation.isRunning {
      guard isAlive, keepWaiting() else {
        operation.cancel()
        return false
      }
      _ = waitForServer(atMostMicros: Self.drainSliceMicros) {
        !operation.isRunning || !isAlive || !keepWaiting()
      }
    }
    return operation.isDone
  }

  /// The stream's write index in microseconds of audio (where the next write will play).
  var writeIndexMicros: Int64? {
    guard let stream, isAlive, let info = pa_stream_get_timing_info(stream),
      info.pointee.write_index_corrupt == 0
    else { return nil }
    return PulseTime.micros(pa_bytes_to_usec(UInt64(max(0, info.pointee.write_index)), &spec))
  }

  /// The stream time heard now: `pa_stream_get_time`, except where libpulse's interpolation is
  /// known to run ahead (after a start it holds a value reached while nothing played, until the
  /// sound catches up): when it is more than `runAheadMicros` ahead of the last real timing
  /// update moved on by the monotonic clock, that estimate is used instead. Nil before the first
  /// timing information.
  func heardMicros(corked: Bool) -> Int64? {
    guard let interpolated = heardMicros else { return nil }
    guard !corked, let snapshot = state.current.snapshot, snapshot.playing else {
      return interpolated
    }
    let estimate = snapshot.heardMicros + (SystemClock.monotonicNanos() - snapshot.monoNanos) / 1000
    return interpolated - estimate > Self.runAheadMicros ? estimate : interpolated
  }

  /// More than any honest disagreement between the two clocks (they agree within a millisecond
  /// or two); the start-up run-ahead is hundreds of milliseconds.
  static let runAheadMicros: Int64 = 5_000

  /// `pa_stream_get_time`: the stream time being heard now (latency subtracted), interpolated.
  var heardMicros: Int64? {
    guard let stream, isAlive else { return nil }
    var micros: pa_usec_t = 0
    guard pa_stream_get_time(stream, &micros) >= 0 else { return nil }
    return PulseTime.micros(micros)
  }
}

/// One pending libpulse operation. Use and release it with the mainloop lock held.
final class PulseOperation {
  private let pointer: OpaquePointer

  init?(_ operation: OpaquePointer?) {
    guard let operation else { return nil }
    pointer = operation
  }

  deinit { pa_operation_unref(pointer) }

  var isRunning: Bool { pa_operation_get_state(pointer) == PA_OPERATION_RUNNING }
  var isDone: Bool { pa_operation_get_state(pointer) == PA_OPERATION_DONE }
  func cancel() { pa_operation_cancel(pointer) }
}

extension PulseError {
  /// The server did not answer in time (it may be stopped or overloaded).
  init(timeout operation: String, micros: UInt64) {
    description =
      "\(operation): the PulseAudio server did not answer within \(micros / 1_000_000) s"
  }
}
