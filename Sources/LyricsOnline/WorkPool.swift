import Locking
import SystemSupport

/// At most `limit` named threads working through a queue of jobs; a thread is started when a
/// job comes and none is free, and ends when the queue is empty. Jobs run in the order given.
final class WorkPool: Sendable {
  private struct State {
    var jobs: [@Sendable () -> Void] = []
    var next = 0
    var running = 0
  }

  private let name: String
  private let limit: Int
  private let state = Mutex(State())

  init(name: String, limit: Int) {
    self.name = name
    self.limit = limit
  }

  func submit(_ job: @escaping @Sendable () -> Void) {
    let startsThread = state.withLock { state in
      state.jobs.append(job)
      guard state.running < limit else { return false }
      state.running += 1
      return true
    }
    guard startsThread else { return }
    if !DetachedThread.start(name: name, { [self] in work() }) {
      // No thread to be had: run the jobs here rather than never.
      work()
    }
  }

  private func work() {
    while let job = takeJob() { job() }
  }

  /// The next job, or nil (and this thread no longer counted) when there is none.
  private func takeJob() -> (@Sendable () -> Void)? {
    state.withLock { state in
      guard state.next < state.jobs.count else {
        state.jobs.removeAll()
        state.next = 0
        state.running -= 1
        return nil
      }
      let job = state.jobs[state.next]
      state.next += 1
      return job
    }
  }
}
