import Glibc

/// A system error number, typed, so a caller can tell a full disk (`noSpace`) from a read-only
/// one (`readOnlyFileSystem`), a missing file or a refused one, where a string could not (as
/// swift-system's `Errno`). Its description is the C library's sentence for it
/// (`strerror`, "No space left on device"), which is what users have always been shown.
public struct Errno: Error, RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  public var rawValue: Int32

  public init(rawValue: Int32) {
    self.rawValue = rawValue
  }

  /// The error of the last failed call on this thread; read it right after the call.
  public static var current: Errno {
    get { Errno(rawValue: errno) }
    set { errno = newValue.rawValue }
  }

  /// The sentence for users: `strerror`'s text.
  public var description: String { String(cString: strerror(rawValue)) }

  public static let notPermitted = Errno(rawValue: EPERM)
  public static let noSuchFile = Errno(rawValue: ENOENT)
  public static let interrupted = Errno(rawValue: EINTR)
  public static let ioError = Errno(rawValue: EIO)
  public static let badFileDescriptor = Errno(rawValue: EBADF)
  public static let wouldBlock = Errno(rawValue: EAGAIN)
  public static let noMemory = Errno(rawValue: ENOMEM)
  public static let permissionDenied = Errno(rawValue: EACCES)
  public static let fileExists = Errno(rawValue: EEXIST)
  public static let crossDevice = Errno(rawValue: EXDEV)
  public static let notDirectory = Errno(rawValue: ENOTDIR)
  public static let isDirectory = Errno(rawValue: EISDIR)
  public static let invalidArgument = Errno(rawValue: EINVAL)
  public static let tooManyOpenFiles = Errno(rawValue: EMFILE)
  public static let fileTooLarge = Errno(rawValue: EFBIG)
  public static let noSpace = Errno(rawValue: ENOSPC)
  public static let readOnlyFileSystem = Errno(rawValue: EROFS)
  public static let brokenPipe = Errno(rawValue: EPIPE)
  public static let notImplemented = Errno(rawValue: ENOSYS)
  public static let notSupported = Errno(rawValue: EOPNOTSUPP)
  public static let diskQuotaExceeded = Errno(rawValue: EDQUOT)
}
