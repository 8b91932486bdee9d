import Glibc

/// The C library's text for an error number, which every system error of this program carries
/// (what Foundation's `localizedDescription` gave, without loading libFoundation).
public enum SystemError {
  /// `strerror(code)`.
  public static func message(_ code: Int32) -> String {
    String(cString: strerror(code))
  }

  /// The message of the last failed call on this thread (`errno`); read it right after the call.
  public static var last: String { message(errno) }
}
