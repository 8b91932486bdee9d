/// Why `play` cannot start with the files it was given, said in one line; the app turns
/// `status` into its exit status (`PlayCommand.Failure`).
public struct QueueFailure: Error, Sendable {
  public enum Status: Sendable {
    /// A file could not be read: missing, a directory, unreadable, not audio.
    case unreadableInput
    /// The machine could not do it (no thread to open the files on).
    case serviceUnavailable
  }

  public var status: Status
  public var message: String

  public init(status: Status, message: String) {
    self.status = status
    self.message = message
  }
}
