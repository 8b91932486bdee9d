import Glibc

/// The system calls this module makes on files, each in one place: retried when a signal
/// interrupts it (EINTR, the only place this program retries that), open or closed to a test's
/// `SystemCallMock`, and failing with a typed `Errno` (swift-system's `Syscalls.swift` and
/// `valueOrErrno(retryOnInterrupt:)`).
enum SystemCalls {
  /// Makes `call` until a signal does not interrupt it; a negative result fails with `errno`.
  static func retryingInterrupts<Value: SignedInteger>(
    _ mocked: SystemCallMock.Call? = nil, path: String? = nil, _ call: () -> Value
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
      if error != .interrupted { return .failure(error) }
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

  /// Waits for `descriptors`; a signal restarts the wait with the whole timeout (the callers
  /// loop on their own deadlines).
  static func poll(_ descriptors: inout [pollfd], timeoutMs: Int32) -> Result<Int32, Errno> {
    retryingInterrupts(.poll) { Glibc.poll(&descriptors, nfds_t(descriptors.count), timeoutMs) }
  }
}
