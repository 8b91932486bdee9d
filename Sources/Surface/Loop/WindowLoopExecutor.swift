import Locking

/// The executor of `WindowLoop`: hands jobs to the mailbox of the loop that runs now, which runs
/// them on its thread. Jobs enqueued before any loop exists wait here for the first one.
final class WindowLoopExecutor: SerialExecutor, Sendable {
  private struct State {
    var mailbox: SurfaceMailbox?
    var waiting: [UnownedJob] = []
  }

  private let state = Mutex(State())

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let mailbox = state.withLock { state -> SurfaceMailbox? in
      if state.mailbox == nil { state.waiting.append(job) }
      return state.mailbox
    }
    // Outside the lock: queueing wakes the loop through SDL.
    mailbox?.enqueue(job)
  }

  /// True only on the thread of the loop that runs now: what `assumeIsolated` and
  /// `preconditionIsolated` check when no job of this executor is running.
  func checkIsolated() {
    let mailbox = state.withLock { $0.mailbox }
    precondition(mailbox?.isLoopThread == true, "not on the window loop's thread")
  }

  /// The loop whose thread runs the jobs from now on; jobs already waiting go to it first.
  func attach(_ mailbox: SurfaceMailbox) {
    state.withLock { state in
      state.mailbox = mailbox
      // Under the lock, so no job enqueued after this can overtake them.
      for job in state.waiting { mailbox.enqueue(job) }
      state.waiting.removeAll()
    }
  }

  /// The loop is gone: new jobs wait for the next one.
  func detach(_ mailbox: SurfaceMailbox) {
    state.withLock { state in
      if state.mailbox === mailbox { state.mailbox = nil }
    }
  }
}
