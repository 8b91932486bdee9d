import Glibc

/// The system calls this module makes on files and descriptors, each in one place: retried when
/// a signal interrupts it (EINTR: this is the only place this program handles that; `poll` alone
/// counts it as a wait that ended instead), open or closed to a test's
/// `SystemCallMock`, and failing with a typed `Errno` (swift-system's `Syscalls.swift` and
/// `valueOrErrno(retryOnInterrupt:)`).
enum SystemCalls {
  /// Makes `call` until a signal does not interrupt it; a negative result fails with `errno`.
  static func retryingInterrupts<Value: SignedInteger>(
    _ mocked: SystemCallMock.Call? = nil, path: String? = nil, _ call: () -> Value
  ) -> Result<Value, Errno> {
    valueOrErrno(mocked, path: path, retryOnInterrupt: true, call)
  }

  /// Makes `call` (first shown to the test's `SystemCallMock` as `mocked`); a negative result
  /// fails with `errno`. With `retryOnInterrupt` a signal's EINTR makes it again; without, the
  /// EINTR is the caller's to read (only `poll`, below, which counts it as a wait that ended).
  static func valueOrErrno<Value: SignedInteger>(
    _ mocked: SystemCallMock.Call?, path: String? = nil, retryOnInterrupt: Bool,
    _ call: () -> Value
  ) -> Result<Value, Errno> {
    while true {
      let value: Value
      if let mocked, let error = SystemCallMock.current?.intercept(mocked, path) {
        Errno.current = error
        value = -1
      } else {
        value = call()
      }
      if value >= 0 { return .success(value) }
      let error = Errno.current
      if error != .interrupted || !retryOnInterrupt { return .failure(error) }
    }
  }

  static func open(_ path: String, _ flags: Int32, _ mode: mode_t = 0) -> Result<Int32, Errno> {
    retryingInterrupts(.open, path: path) { Glibc.open(path, flags, mode) }
  }

  static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Result<
    Int, Errno
  > {
    retryingInterrupts(.read) { Glibc.read(descriptor, buffer.baseAddress, buffer.count) }
  }

  static func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Result<Int, Errno> {
    retryingInterrupts(.write) { Glibc.write(descriptor, bytes.baseAddress, bytes.count) }
  }

  static func fsync(_ descriptor: Int32) -> Result<Int32, Errno> {
    retryingInterrupts(.fsync) { Glibc.fsync(descriptor) }
  }

  static func fchmod(_ descriptor: Int32, _ mode: mode_t) -> Result<Int32, Errno> {
    retryingInterrupts(.fchmod) { Glibc.fchmod(descriptor, mode) }
  }

  static func rename(_ source: String, to target: String) -> Result<Int32, Errno> {
    retryingInterrupts(.rename, path: target) { Glibc.rename(source, target) }
  }

  static func link(_ existing: String, to new: String) -> Result<Int32, Errno> {
    retryingInterrupts(.link, path: new) { Glibc.link(existing, new) }
  }

  static func unlink(_ path: String) -> Result<Int32, Errno> {
    retryingInterrupts(.unlink, path: path) { Glibc.unlink(path) }
  }

  /// Not retried: on Linux the descriptor is gone even when `close` is interrupted, and a
  /// second close could close a descriptor another thread has just opened.
  static func close(_ descriptor: Int32) {
    _ = Glibc.close(descriptor)
  }

  /// Waits for `descriptors`. A signal ends the wait early as if nothing were ready (0), not
  /// retried: every caller loops and works out what is left of its own deadline, which a retry
  /// with the whole timeout would overrun.
  static func poll(_ descriptors: inout [pollfd], timeoutMs: Int32) -> Result<Int32, Errno> {
    let result = valueOrErrno(.poll, retryOnInterrupt: false) {
      Glibc.poll(&descriptors, nfds_t(descriptors.count), timeoutMs)
    }
    if case .failure(.interrupted) = result { return .success(0) }
    return result
  }
}
