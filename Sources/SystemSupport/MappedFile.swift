import Glibc

/// A regular file mapped read-only into memory, unmapped on deinit. Reading it is loading from
/// memory: its pages are the page cache's, resident once touched and shared with every other
/// process that maps the file; nothing is copied and no call is made per read.
public final class MappedFile: @unchecked Sendable {  // Its fields never change after `init`.
  public let bytes: UnsafeRawBufferPointer

  init(descriptor: Int32, size: Int, path: String) throws(PosixFile.Failure) {
    guard size > 0 else { throw PosixFile.Failure(message: "\(path): the file is empty") }
    guard let memory = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0),
      memory != MAP_FAILED
    else { throw PosixFile.Failure(message: "\(path): \(SystemError.last)") }
    bytes = UnsafeRawBufferPointer(start: memory, count: size)
  }

  deinit {
    munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
  }
}

extension PosixFile {
  /// Maps the whole file, which must be a regular one, read-only.
  public func mapped(path: String) throws(Failure) -> MappedFile {
    let (kind, size) = try status()
    guard kind == .regular else { throw Failure(message: "\(path): not a regular file") }
    return try MappedFile(descriptor: descriptor, size: size, path: path)
  }
}
