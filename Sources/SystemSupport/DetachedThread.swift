internal import CPthread
import Glibc

/// Starts a named, detached POSIX thread running `body` (in place of Foundation's `Thread`, which
/// would load libFoundation and, with it, ICU: about 6 MB resident).
public enum DetachedThread {
  /// Starts the thread; false (and `body` never runs) when the system refused to create it.
  /// `body` is handed over (`sending`): what it captures belongs to the new thread from now on.
  @discardableResult
  public static func start(name: String, _ body: sending @escaping () -> Void) -> Bool {
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    // glibc's default stack (8 MB of address space): only the touched pages are resident (about
    // 20 KB measured), and FFmpeg's decoders, which run on it, expect a full-size stack.
    let context = Unmanaged.passRetained(ThreadStart(name: name, body: body)).toOpaque()
    var thread = pthread_t()
    let status = pthread_create(&thread, &attributes, threadEntry, context)
    if status != 0 { Unmanaged<ThreadStart>.fromOpaque(context).release() }
    return status == 0
  }
}

/// What a new thread runs, handed over through pthread_create's context pointer.
private final class ThreadStart {
  let name: String
  let body: () -> Void
  init(name: String, body: @escaping () -> Void) {
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

/// Names the calling thread (what `top -H` and debuggers show). Linux keeps 15 bytes and refuses
/// a longer name, so the name is cut to fit (at a character boundary).
private func nameThisThread(_ name: String) {
  var bytes = 0
  var fitting = ""
  for character in name {
    bytes += character.utf8.count
    if bytes > 15 { break }
    fitting.append(character)
  }
  _ = lyricpip_name_this_thread(fitting)
}
