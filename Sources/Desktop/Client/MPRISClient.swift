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
  private let connection: BusConnection
  let thread: BusThread
  /// What other threads asked for since the thread last looked.
  private let requests = Mutex<[Request]>([])
  /// The unique name of this connection: the follower's own, never followed.
  public let uniqueName: String

  /// Connects to the session bus; throws when there is none, or when it does not take the
  /// connection within `MPRISClientLoop.busTimeoutMicros`. Every later call waits as long at
  /// most (the subscriptions' too, through the connection's method-call timeout).
  public init() throws(DesktopBusError) {
    connection = try BusConnection()
    connection.setMethodCallTimeout(micros: MPRISClientLoop.busTimeoutMicros)
    try connection.waitUntilReady(timeoutMicros: MPRISClientLoop.busTimeoutMicros)
    thread = try BusThread()
    uniqueName = try connection.uniqueName()
  }

  deinit { stop() }

  /// The well-known name every MPRIS player takes a name under.
  public static let namePrefix = "org.mpris.MediaPlayer2."

  /// Subscribes, lists the players and starts the thread; `onEvent` hears everything after.
  public func start(onEvent: @escaping @Sendable (MPRISClientEvent) -> Void)
    throws(DesktopBusError)
  {
    let loop = MPRISClientLoop(connection: connection, client: self, onEvent: onEvent)
    try loop.subscribe()
    try thread.start(name: "lyricpip.follow", what: "follow") { [loop] in loop.run() }
  }

  public func readPosition(of busName: String, request: Int) {
    enqueue(.position(busName: busName, request: request))
  }

  public func send(_ command: MPRISCommand, to busName: String) {
    enqueue(.command(command, busName: busName))
  }

  private func enqueue(_ request: Request) {
    requests.withLock { $0.append(request) }
    thread.wake()
  }

  /// Ends the thread and waits for it.
  public func stop() { thread.stop() }

  /// The thread: what was asked for since the last time.
  func takeRequests() -> [Request] {
    requests.withLock { requests in
      defer { requests = [] }
      return requests
    }
  }
}
