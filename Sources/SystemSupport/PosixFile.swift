import Glibc

/// A file open for reading. The descriptor is owned by this class and closed in `deinit`;
/// failures carry `strerror`'s message.
public final class PosixFile {
  public struct Failure: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
  }

  let descriptor: Int32

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

  /// Reads at most `limit` bytes (until end of file). `expectedSize` (the size `status()` gave)
  /// makes the array once, at that size, and reads straight into it: read in 64 KiB chunks
  /// appended to an array that doubles its way up, a 10 MB lyrics file touched three times its
  /// pages (6,000 more page faults for `check`) and every byte was copied twice. A file that is
  /// longer than expected is still read to its end (or the limit).
  public func read(upTo limit: Int, expectedSize: Int = 0) throws(Failure) -> [UInt8] {
    var result = [UInt8]()
    let expected = min(max(expectedSize, 0), limit)
    if expected > 0 {
      var failure: Errno?
      var ended = false
      result = [UInt8](unsafeUninitializedCapacity: expected) { buffer, count in
        let raw = UnsafeMutableRawBufferPointer(buffer)
        while count < expected {
          switch SystemCalls.read(
            descriptor, into: UnsafeMutableRawBufferPointer(rebasing: raw[count...]))
          {
          case .success(0):
            ended = true
            return
          case .success(let done): count += done
          case .failure(let error):
            failure = error
            return
          }
        }
      }
      if let failure { throw Failure(message: failure.description) }
      if ended { return result }
    }
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
