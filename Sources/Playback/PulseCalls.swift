import CPulse
import Glibc

// Every call into libpulse goes through this file. `PulseMainloop` owns the threaded mainloop
// (its thread runs every callback), `PulseConnection` owns one context and its playback stream.
// Callbacks only record what happened and wake waiters (`pa_threaded_mainloop_signal`); they
// never call out of this module with the mainloop lock held.

/// A libpulse failure with libpulse's own message.
struct PulseError: Error, CustomStringConvertible {
  var description: String

  init(_ operation: String, code: Int32) {
    description = "\(operation): " + String(cString: pa_strerror(code))
  }
}

/// The threaded mainloop: one thread for all of libpulse's callbacks, and the lock that guards
/// every libpulse object.
final class PulseMainloop: @unchecked Sendable {
  let pointer: OpaquePointer

  init() throws {
    guard let mainloop = pa_threaded_mainloop_new() else {
      throw PulseError("create mainloop", code: Int32(PA_ERR_INTERNAL.rawValue))
    }
    pointer = mainloop
    pa_threaded_mainloop_set_name(mainloop, "lyricpip.pulse")
    guard pa_threaded_mainloop_start(mainloop) >= 0 else {
      pa_threaded_mainloop_free(mainloop)
      throw PulseError("start mainloop", code: Int32(PA_ERR_INTERNAL.rawValue))
    }
  }

  deinit {
    pa_threaded_mainloop_stop(pointer)
    pa_threaded_mainloop_free(pointer)
  }

  func lock() { pa_threaded_mainloop_lock(pointer) }
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

/// What the callbacks of one connection observed. Read and written under the mainloop lock.
final class PulseConnectionState {
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
  /// Called on the mainloop thread when the stream's time becomes trustworthy.
  var onTrusted: (() -> Void)?
  var onLost: (() -> Void)?
  let mainloop: PulseMainloop

  init(mainloop: PulseMainloop) { self.mainloop = mainloop }
}

/// A context connected to the server with one float playback stream. Every method must be
/// called with the mainloop lock held.
final class PulseConnection {
  let mainloop: PulseMainloop
  let state: PulseConnectionState
  private let context: OpaquePointer
  private var stream: OpaquePointer?
  private var spec: pa_sample_spec
  private let unmanagedState: Unmanaged<PulseConnectionState>

  /// Connects (blocking until ready or failed) and opens a playback stream, corked.
  /// - Parameter server: a server address (`unix:/path`); nil = the default (`PULSE_SERVER`).
  init(mainloop: PulseMainloop, format: AudioFormat, name: String, server: String?) throws {
    self.mainloop = mainloop
    state = PulseConnectionState(mainloop: mainloop)
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
        switch pa_context_get_state(context) {
        case PA_CONTEXT_READY: state.contextReady = true
        case PA_CONTEXT_FAILED, PA_CONTEXT_TERMINATED:
          let wasReady = state.contextReady
          state.contextFailed = true
          if wasReady { state.onLost?() }
        default: break
        }
        state.mainloop.signal()
      }, userdata)
    guard pa_context_connect(context, server, PA_CONTEXT_NOAUTOSPAWN, nil) >= 0 else {
      let error = PulseError("connect", code: pa_context_errno(context))
      close()
      throw error
    }
    while !state.contextReady && !state.contextFailed { mainloop.wait() }
    guard state.contextReady, !state.contextFailed else {
      let error = PulseError("connect", code: pa_context_errno(context))
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
        case PA_STREAM_READY: state.streamReady = true
        case PA_STREAM_FAILED, PA_STREAM_TERMINATED: state.streamFailed = true
        default: break
        }
        state.mainloop.signal()
      }, userdata)
    pa_stream_set_write_callback(
      stream,
      { _, _, userdata in
        guard let userdata else { return }
        Unmanaged<PulseConnectionState>.fromOpaque(userdata).takeUnretainedValue().mainloop
          .signal()
      }, userdata)
    pa_stream_set_started_callback(
      stream,
      { stream, userdata in
        guard let stream, let userdata else { return }
        let state = Unmanaged<PulseConnectionState>.fromOpaque(userdata).takeUnretainedValue()
        state.started = true
        // Trust the clock only after a timing update that follows the start.
        let operation = pa_stream_update_timing_info(
          stream,
          { _, _, userdata in
            guard let userdata else { return }
            let state = Unmanaged<PulseConnectionState>.fromOpaque(userdata)
              .takeUnretainedValue()
            guard state.started, !state.trusted else { return }
            state.trusted = true
            state.onTrusted?()
            state.mainloop.signal()
          }, userdata)
        if let operation { pa_operation_unref(operation) }
        state.mainloop.signal()
      }, userdata)
    pa_stream_set_latency_update_callback(
      stream,
      { stream, userdata in
        guard let stream, let userdata else { return }
        let state = Unmanaged<PulseConnectionState>.fromOpaque(userdata).takeUnretainedValue()
        if let info = pa_stream_get_timing_info(stream), info.pointee.read_index_corrupt == 0,
          let spec = pa_stream_get_sample_spec(stream)
        {
          let read = Int64(pa_bytes_to_usec(UInt64(max(0, info.pointee.read_index)), spec))
          // Measured by the server a transport delay before it arrived here.
          let measured = monotonicNanos() - Int64(info.pointee.transport_usec) * 1000
          state.snapshot = (
            read - Int64(info.pointee.sink_usec), measured, info.pointee.playing != 0
          )
        }
        state.mainloop.signal()
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
    while !state.streamReady && !state.streamFailed && !state.contextFailed { mainloop.wait() }
    guard state.streamReady, !state.streamFailed, !state.contextFailed else {
      let error = PulseError("connect stream", code: pa_context_errno(context))
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

  var isAlive: Bool { !closed && !state.contextFailed && !state.streamFailed && stream != nil }

  var writableBytes: Int {
    guard let stream, isAlive else { return 0 }
    let size = pa_stream_writable_size(stream)
    return size == Int.max ? 0 : size
  }

  func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard let stream, isAlive else { return false }
    return pa_stream_write(stream, bytes.baseAddress, bytes.count, nil, 0, PA_SEEK_RELATIVE) >= 0
  }

  /// Runs an operation and waits for it, while `keepWaiting` holds; cancels it otherwise.
  /// Returns true when it completed.
  @discardableResult
  private func complete(
    _ operation: OpaquePointer?, while keepWaiting: () -> Bool = { true }
  ) -> Bool {
    guard let operation else { return false }
    defer { pa_operation_unref(operation) }
    while pa_operation_get_state(operation) == PA_OPERATION_RUNNING {
      guard isAlive, keepWaiting() else {
        pa_operation_cancel(operation)
        return false
      }
      mainloop.wait()
    }
    return pa_operation_get_state(operation) == PA_OPERATION_DONE
  }

  private static let signalOnSuccess: pa_stream_success_cb_t = { _, _, userdata in
    guard let userdata else { return }
    Unmanaged<PulseConnectionState>.fromOpaque(userdata).takeUnretainedValue().mainloop.signal()
  }

  func cork(_ corked: Bool) {
    guard let stream, isAlive else { return }
    complete(
      pa_stream_cork(stream, corked ? 1 : 0, Self.signalOnSuccess, unmanagedState.toOpaque()))
  }

  /// Drops what is queued in the server; the write index goes back to the read index.
  func flush() {
    guard let stream, isAlive else { return }
    // Trust is kept: the run-ahead is a start-up effect, and after a flush of a running stream
    // the server does not always say "started" again. The old snapshot no longer applies.
    state.snapshot = nil
    complete(pa_stream_flush(stream, Self.signalOnSuccess, unmanagedState.toOpaque()))
  }

  /// Asks for fresh timing info and waits for it.
  func updateTiming() {
    guard let stream, isAlive else { return }
    complete(pa_stream_update_timing_info(stream, Self.signalOnSuccess, unmanagedState.toOpaque()))
  }

  /// Waits until everything written has been played, while `keepWaiting` holds.
  func drain(while keepWaiting: () -> Bool) -> Bool {
    guard let stream, isAlive else { return false }
    return complete(
      pa_stream_drain(stream, Self.signalOnSuccess, unmanagedState.toOpaque()),
      while: keepWaiting)
  }

  /// The stream's write index in microseconds of audio (where the next write will play).
  var writeIndexMicros: Int64? {
    guard let stream, isAlive, let info = pa_stream_get_timing_info(stream),
      info.pointee.write_index_corrupt == 0
    else { return nil }
    return Int64(pa_bytes_to_usec(UInt64(max(0, info.pointee.write_index)), &spec))
  }

  /// Whether the last timing update said the stream is playing.
  var timingSaysPlaying: Bool {
    guard let stream, isAlive, let info = pa_stream_get_timing_info(stream) else { return false }
    return info.pointee.playing != 0
  }

  /// The stream time heard now: `pa_stream_get_time`, except where libpulse's interpolation is
  /// known to run ahead (after a start it holds a value reached while nothing played, until the
  /// sound catches up): when it is more than `runAheadMicros` ahead of the last real timing
  /// update moved on by the monotonic clock, that estimate is used instead. Nil before the first
  /// timing information.
  func heardMicros(corked: Bool) -> Int64? {
    guard let interpolated = heardMicros else { return nil }
    guard !corked, let snapshot = state.snapshot, snapshot.playing else { return interpolated }
    let estimate = snapshot.heardMicros + (monotonicNanos() - snapshot.monoNanos) / 1000
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
    return Int64(micros)
  }
}

/// CLOCK_MONOTONIC in nanoseconds (the scale of `SystemClock`).
func monotonicNanos() -> Int64 {
  var spec = timespec()
  clock_gettime(CLOCK_MONOTONIC, &spec)
  return Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec)
}
