import Locking
import SystemSupport

/// A descriptor the window loop answers when it becomes readable, without blocking on it and
/// without polling it in a busy loop: a reader thread waits in `poll` on the descriptor (and on a
/// pipe that ends the watch), and when it is readable posts `onReadable` to the loop (which wakes
/// it like any post) and waits until the loop has run it before it polls again: the loop reads
/// what came, so the descriptor is not readable again until something new arrives. For a second
/// connection the loop does not own (the native Wayland strip's). `stop()` (or the watch's end)
/// ends the thread.
public final class LoopFileWatch: Sendable {
  private struct State {
    /// The loop has run the last `onReadable` posted: the thread may poll again.
    var handled = true
    var stopped = false
  }

  public let fileDescriptor: Int32
  private let state = Mutex(State())
  private let handledCondition = Condition()
  private let stopPipe: WakePipe

  init?(
    fileDescriptor: Int32, mailbox: SurfaceMailbox,
    onReadable: @escaping @WindowLoop @Sendable () -> Void
  ) {
    guard let stopPipe = WakePipe() else { return nil }
    self.fileDescriptor = fileDescriptor
    self.stopPipe = stopPipe
    let started = DetachedThread.start(name: "lyricpip-fdwatch") { [self] in
      run(mailbox: mailbox, onReadable: onReadable)
    }
    guard started else { return nil }
  }

  /// Ends the watch; `onReadable` is not posted again. Any thread.
  public func stop() {
    handledCondition.withLock {
      state.withLock { $0.stopped = true }
      handledCondition.broadcast()
    }
    stopPipe.signal()
  }

  public var isStopped: Bool { state.withLock { $0.stopped } }

  private func run(mailbox: SurfaceMailbox, onReadable: @escaping @WindowLoop @Sendable () -> Void)
  {
    while !isStopped {
      var descriptors = [
        PollDescriptor(fd: fileDescriptor, events: Poll.readable),
        PollDescriptor(fd: stopPipe.fd, events: Poll.readable),
      ]
      guard case .success(let ready) = Poll.wait(&descriptors, timeoutMs: -1) else { return }
      if ready == 0 { continue }  // a signal: poll again
      if descriptors[1].returned != 0 || isStopped { return }
      let returned = descriptors[0].returned
      guard returned & (Poll.readable | Poll.hungUpOrFailed) != 0 else { continue }
      handledCondition.withLock { state.withLock { $0.handled = false } }
      mailbox.post { [self] _ in
        if !isStopped { onReadable() }
        handledCondition.withLock {
          state.withLock { $0.handled = true }
          handledCondition.broadcast()
        }
      }
      handledCondition.withLock {
        while !state.withLock({ $0.handled || $0.stopped }) { handledCondition.wait() }
      }
      // A descriptor that hung up stays readable: the loop was told once; it stops the watch.
      if returned & Poll.hungUpOrFailed != 0 { return }
    }
  }
}

extension SDLEventLoop {
  /// Runs `onReadable` on the loop whenever `fileDescriptor` has something to read (see
  /// `LoopFileWatch`); nil when no thread or pipe could be had.
  public func watch(
    fileDescriptor: Int32, onReadable: @escaping @WindowLoop @Sendable () -> Void
  ) -> LoopFileWatch? {
    LoopFileWatch(fileDescriptor: fileDescriptor, mailbox: mailbox, onReadable: onReadable)
  }
}
