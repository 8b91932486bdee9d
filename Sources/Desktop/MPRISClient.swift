import Dispatch
import Glibc
import Locking
import SystemSupport

/// The other MPRIS players on the session bus, watched for `lyricpip follow`: which are there
/// (`ListNames`, then `NameOwnerChanged`, no polling), their `Identity`, process, Player
/// properties (`GetAll`, then `PropertiesChanged`) and `Seeked`; reads `Position` and sends
/// transport commands when asked.
///
/// Threads: its own connection, used only by its own thread (`lyricpip.follow`), which polls
/// the bus socket and a wake pipe. Every call it makes is asynchronous with a timeout, so a
/// player that does not answer holds up nothing. `onEvent` runs on that thread; requests from
/// other threads (`readPosition`, `send`) are queued under a lock and the thread woken.
public final class MPRISClient: MPRISPlayerBus {
  enum Request {
    case position(busName: String, request: Int)
    case command(MPRISCommand, busName: String)
  }
  private struct State {
    var requests: [Request] = []
    var stopping = false
    var running = false
  }

  private let connection: BusConnection
  private let wake: WakePipe
  private let state = Mutex(State())
  private let finished = DispatchSemaphore(value: 0)
  /// The unique name of this connection: the follower's own, never followed.
  public let uniqueName: String

  /// Connects to the session bus; throws when there is none.
  public init() throws(DesktopBusError) {
    connection = try BusConnection()
    guard let wake = WakePipe() else { throw SDBus.failure(-errno, "pipe") }
    self.wake = wake
    uniqueName = try connection.uniqueName()
  }

  deinit { stop() }

  /// The well-known name every MPRIS player takes a name under.
  public static let namePrefix = "org.mpris.MediaPlayer2."

  /// Takes a well-known name for this connection (one follower per session); false when
  /// another process has it.
  public func claim(_ name: String) throws(DesktopBusError) -> Bool {
    try connection.requestName(name)
  }

  /// Subscribes, lists the players and starts the thread; `onEvent` hears everything after.
  public func start(onEvent: @escaping @Sendable (MPRISClientEvent) -> Void)
    throws(DesktopBusError)
  {
    let loop = MPRISClientLoop(connection: connection, client: self, onEvent: onEvent)
    try loop.subscribe()
    state.withLock { $0.running = true }
    guard DetachedThread.start(name: "lyricpip.follow", { [loop] in loop.run() }) else {
      state.withLock { $0.running = false }
      throw DesktopBusError(operation: "starting the follow thread", message: "no thread")
    }
  }

  public func readPosition(of busName: String, request: Int) {
    enqueue(.position(busName: busName, request: request))
  }

  public func send(_ command: MPRISCommand, to busName: String) {
    enqueue(.command(command, busName: busName))
  }

  private func enqueue(_ request: Request) {
    state.withLock { $0.requests.append(request) }
    wake.signal()
  }

  /// Ends the thread and waits for it.
  public func stop() {
    let wasRunning = state.withLock { state in
      state.stopping = true
      defer { state.running = false }
      return state.running
    }
    guard wasRunning else { return }
    wake.signal()
    finished.wait()
  }

  // MARK: For the thread

  func takeRequests() -> (requests: [Request], stopping: Bool) {
    state.withLock { state in
      defer { state.requests = [] }
      return (state.requests, state.stopping)
    }
  }

  var wakeFD: Int32 { wake.fd }
  func drainWake() { wake.drain() }
  func loopEnded() { finished.signal() }
}
