import Glibc

/// A file open for reading. The descriptor is owned by this class and closed in `deinit`;
/// failures carry `strerror`'s message.
public final class PosixFile {
  public struct Failure: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
  }

  private let descriptor: Int32

  /// Opens `path` for reading without blocking, so a FIFO with no writer cannot hang us.
  public init(readingAt path: String) throws(Failure) {
    switch SystemCalls.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC) {
    case .success(let opened): descriptor = opened
    case .failure(let error): throw Failure(message: error.description)
    }
  }

  deinit {
    SystemCalls.close(descriptor)
  }

  public enum Kind: Sendable { case regular, directory, other }

  /// The kind and size of the open file.
  public func status() throws(Failure) -> (kind: Kind, size: Int) {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw Failure(message: Self.lastError()) }
    let type = info.st_mode & S_IFMT
    let kind: Kind = type == S_IFREG ? .regular : type == S_IFDIR ? .directory : .other
    return (kind, Int(info.st_size))
  }

  /// Reads at most `limit` bytes (until end of file).
  public func read(upTo limit: Int) throws(Failure) -> [UInt8] {
    var result = [UInt8]()
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while result.count < limit {
      let wanted = min(chunk.count, limit - result.count)
      let read = chunk.withUnsafeMutableBytes {
        SystemCalls.read(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: $0[..<wanted]))
      }
      let count: Int
      switch read {
      case .success(let done): count = done
      case .failure(let error): throw Failure(message: error.description)
      }
      if count == 0 { break }
      result.append(contentsOf: chunk[0..<count])
    }
    return result
  }

  private static func lastError() -> String { SystemError.last }
}
