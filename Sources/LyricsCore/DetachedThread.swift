import Glibc

/// Starts a named, detached POSIX thread running `body` (in place of Foundation's `Thread`, which
/// would load libFoundation; see `Condition`).
public enum DetachedThread {
  /// Stack for our own threads: they decode audio in small chunks and wait; glibc's default is
  /// 8 MB of address space (only touched pages are resident, but there is no need for it).
  public static let stackBytes = 512 * 1024

  /// Starts the thread; false (and `body` never runs) when the system refused to create it.
  @discardableResult
  public static func start(name: String, _ body: @escaping @Sendable () -> Void) -> Bool {
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    pthread_attr_setstacksize(&attributes, stackBytes)
    let context = Unmanaged.passRetained(ThreadStart(name: name, body: body)).toOpaque()
    var thread = pthread_t()
    let status = pthread_create(&thread, &attributes, threadEntry, context)
    if status != 0 { Unmanaged<ThreadStart>.fromOpaque(context).release() }
    return status == 0
  }
}

/// What a new thread runs, handed over through pthread_create's context pointer.
private final class ThreadStart: Sendable {
  let name: String
  let body: @Sendable () -> Void
  init(name: String, body: @escaping @Sendable () -> Void) {
    self.name = name
    self.body = body
  }
}

private func threadEntry(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
  guard let context else { return nil }
  let start = Unmanaged<ThreadStart>.fromOpaque(context).takeRetainedValue()
  nameThisThread(start.name)
  start.body()
  return nil
}

/// Names the calling thread (what `top -H` and debuggers show). `pthread_setname_np` is not
/// visible from Swift's Glibc module; the kernel's file does the same. Linux keeps 15 bytes.
private func nameThisThread(_ name: String) {
  let file = open("/proc/thread-self/comm", O_WRONLY)
  guard file >= 0 else { return }
  defer { close(file) }
  let bytes = Array(name.utf8.prefix(15))
  _ = bytes.withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
}
