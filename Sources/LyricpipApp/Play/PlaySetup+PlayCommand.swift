import CommandLineOptions
import PlaySetup
import RunOptions
import Session

extension QueueResume {
  /// Where the queue starts with `options`' `--shuffle` and `--repeat` over the saved queue's.
  static func order(_ options: PlayOptions, resuming queue: SavedQueue?, count: Int) -> Start {
    order(
      shuffle: options.shuffle, repeatMode: options.repeatMode, resuming: queue, count: count)
  }
}

extension PlayCommand.Failure {
  /// The queue's failure with its exit status.
  init(_ failure: QueueFailure) {
    let status: ExitStatus =
      switch failure.status {
      case .unreadableInput: .unreadableInput
      case .serviceUnavailable: .serviceUnavailable
      }
    self.init(status: status, message: failure.message)
  }
}
