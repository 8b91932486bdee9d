import Glibc

/// A file descriptor written to without a buffer, so each write is out at once (as Foundation's
/// `FileHandle` did; this keeps the program off libFoundation, see `Condition`). Write errors are
/// ignored: a closed pipe or a full disk must not stop the player.
public final class OutputFile: Sendable {
  public struct OpenError: Error, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "cannot write \(path): \(reason)" }
  }

  public static let standardOutput = OutputFile(descriptor: STDOUT_FILENO, owned: false)
  public static let standardError = OutputFile(descriptor: STDERR_FILENO, owned: false)

  public let fileDescriptor: Int32
  private let owned: Bool

  private init(descriptor: Int32, owned: Bool) {
    self.fileDescriptor = descriptor
    self.owned = owned
  }

  /// Creates or truncates the file at `path` for writing.
  public convenience init(truncating path: String) throws(OpenError) {
    switch SystemCalls.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666) {
    case .success(let descriptor): self.init(descriptor: descriptor, owned: true)
    case .failure(let error): throw OpenError(path: path, reason: error.description)
    }
  }

  deinit {
    if owned { SystemCalls.close(fileDescriptor) }
  }

  /// Whether the descriptor is a terminal (`isatty`): where a status line may be redrawn.
  public var isTerminal: Bool { isatty(fileDescriptor) == 1 }

  /// Writes all of `text`'s UTF-8 bytes (retrying short or interrupted writes).
  public func write(_ text: String) {
    write(Array(text.utf8))
  }

  /// Writes all of `bytes` (retrying short or interrupted writes).
  public func write(_ bytes: [UInt8]) {
    _ = bytes.withUnsafeBytes { writeAll($0, to: fileDescriptor) }
  }

  /// Writes all of `bytes` (retrying short or interrupted writes).
  public func write(_ bytes: UnsafeRawBufferPointer) {
    _ = writeAll(bytes, to: fileDescriptor)
  }
}
