import Synchronization

/// The reads a thread that watches the strip's connection makes for the window loop (Surface's
/// `LoopFileWatch`): it reads the socket into the queues itself, and tells the loop only when
/// the loop has something to do. Events of the default queue (input, configures, outputs)
/// always tell it; the pacing queue's (frame callbacks, buffer releases, one pair a frame)
/// only while a frame waits for them (`wantPacingEvents`): otherwise the next present hands
/// them out (`WaylandConnection.dispatchPacing()`). Telling the loop of every frame callback
/// cost a wake of the watch thread and one of the loop per frame, which made the native strip
/// dearer than the X11 one.
///
/// libwayland's reads are thread-safe (its `prepare_read` protocol, which the loop's own
/// dispatches follow too); this thread never dispatches, so every listener still runs on the
/// loop's thread.
public final class WaylandReader: @unchecked Sendable {
  // Unchecked: the pointers are used only through libwayland's thread-safe read calls, and
  // the flag is atomic.
  private let display: OpaquePointer
  private let pacingQueue: OpaquePointer?
  private let pacingWanted = Atomic<Bool>(false)

  init(display: OpaquePointer, pacingQueue: OpaquePointer?) {
    self.display = display
    self.pacingQueue = pacingQueue
  }

  /// The connection's end: the reader holds the display (and the pacing queue) for as long as
  /// a watch thread may read, which can outlive `WaylandConnection` by the thread's last turn.
  deinit {
    if let pacingQueue { WaylandCalls.destroyQueue(pacingQueue) }
    WaylandCalls.disconnect(display)
  }

  public var fileDescriptor: Int32 { WaylandCalls.fileDescriptor(display) }

  /// Whether the loop is to be told of pacing events from now on (a frame waits for its
  /// frame callback or a released buffer). The caller sets it before it looks at the pacing
  /// queue (`dispatchPacing`), so that events read in meanwhile are either seen there or
  /// told of.
  public func wantPacingEvents(_ wanted: Bool) {
    pacingWanted.store(wanted, ordering: .sequentiallyConsistent)
  }

  public var wantsPacingEvents: Bool { pacingWanted.load(ordering: .sequentiallyConsistent) }

  /// Before the thread polls: true when a read is prepared; false when the default queue
  /// holds events already (the loop is to be told; nothing was prepared).
  public func prepare() -> Bool { WaylandCalls.prepareRead(display) }

  /// Gives up the prepared read (the poll ended without the socket readable).
  public func cancel() { WaylandCalls.cancelRead(display) }

  /// The socket is readable: reads it into the queues (the prepared read); whether the loop
  /// is to be told (events for it, or a failed read, which its dispatch reports).
  public func read() -> Bool {
    guard WaylandCalls.readEvents(display) else { return true }
    guard WaylandCalls.prepareRead(display) else { return true }
    WaylandCalls.cancelRead(display)
    guard let pacingQueue else { return false }
    return wantsPacingEvents && WaylandCalls.queueHasEvents(display, pacingQueue)
  }
}
