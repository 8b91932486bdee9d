extension LyricsSession {
  /// Where a run was asked to start: the queue index and the position in that track.
  public struct StartRequest: Sendable, Equatable {
    public var index: Int
    public var nanos: Int64
  }

  /// Where the run was asked to start, from `willStart` (or `start`) until the player plays,
  /// pauses or ends, or the track fails: the player's commands run on a thread of their own and
  /// its first file may take seconds to read, and meanwhile the saved state names this track
  /// and position, not the empty player's.
  public var startRequest: StartRequest? { state.withLock { $0.startRequest } }

  /// The run will start at `startNanos` of the track at `startIndex` (`start` says it too).
  public func willStart(atNanos startNanos: Int64, startIndex: Int) {
    state.withLock { $0.startRequest = StartRequest(index: startIndex, nanos: startNanos) }
  }

  /// Puts `tracks` in place of the queue given at init (the same files, now checked: their
  /// lyrics, the first one's open decoder), then `start`s.
  public func start(checked tracks: [SessionTrack], atNanos startNanos: Int64, startIndex: Int) {
    state.withLock { $0.tracks = tracks }
    start(atNanos: startNanos, startIndex: startIndex)
  }

  /// The run will not start (its first files failed their check): the queue is emptied, so that
  /// nothing is saved to resume.
  public func abandonStart() {
    state.withLock {
      $0.tracks = []
      $0.startRequest = nil
    }
  }
}
