import Dispatch
import Locking
import SystemSupport

/// The thread one bus connection is used on, shared by the MPRIS service and the MPRIS client:
/// its loop polls the bus socket and a wake pipe, lets its owner do the work other threads
/// asked for, and processes what the bus delivered; `stop` wakes it to end and waits for it.
///
/// Threads: `start`, `wake` and `stop` on any thread; `run` and `ended` on the bus thread only.
final class BusThread: Sendable {
  private struct Flags {
    var running = false
    var stopping = false
  }
  private let wakePipe: WakePipe
  private let flags = Mutex(Flags())
  private let finished = DispatchSemaphore(value: 0)

  init() throws(DesktopBusError) {
    guard let wakePipe = WakePipe() else { throw SDBus.failure(-Errno.current.rawValue, "pipe") }
    self.wakePipe = wakePipe
  }

  /// Starts the thread named `name` on `body`; throws, naming `what`, when there is none.
  func start(name: String, what: String, _ body: sending @escaping () -> Void)
    throws(DesktopBusError)
  {
    flags.withLock { $0.running = true }
    guard DetachedThread.start(name: name, body) else {
      flags.withLock { $0.running = false }
      throw DesktopBusError(operation: "starting the \(what) thread", message: "no thread")
    }
  }

  /// Any thread: there is work for the loop (or it must stop).
  func wake() { wakePipe.signal() }

  /// Any thread: ends the loop and waits until its owner said `ended`. Nothing to wait for
  /// when it never started.
  func stop() {
    let wasRunning = flags.withLock { flags in
      flags.stopping = true
      defer { flags.running = false }
      return flags.running
    }
    guard wasRunning else { return }
    wakePipe.signal()
    finished.wait()
  }

  /// The bus thread: until `stop`, `step` (the work asked for since the last time), then every
  /// message the bus has, then a sleep until the socket or the wake pipe has something. A
  /// failure of the bus ends it by throwing.
  func run(on connection: BusConnection, step: () throws(DesktopBusError) -> Void)
    throws(DesktopBusError)
  {
    while !isStopping {
      try step()
      if try connection.process() { continue }
      let setup = try connection.pollSetup()
      var fds = [
        PollDescriptor(fd: setup.fd, events: setup.events),
        PollDescriptor(fd: wakePipe.fd, events: Poll.readable),
      ]
      if case .failure(let error) = Poll.wait(&fds, timeoutMs: setup.timeoutMs) {
        throw SDBus.failure(-error.rawValue, "poll")
      }
      if fds[1].returned != 0 { wakePipe.drain() }
    }
  }

  /// Whether `stop` was called (the bus thread, between two connections, waits on this).
  var isStopping: Bool { flags.withLock { $0.stopping } }
  /// The wake pipe's end to poll, and its draining, for a wait of the bus thread's own (a
  /// new connection's attempts).
  var wakeFD: Int32 { wakePipe.fd }
  func drainWake() { wakePipe.drain() }

  /// The bus thread, last: its owner let go of what it used; `stop` may return.
  func ended() { finished.signal() }
}
