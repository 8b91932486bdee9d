/// The C library's text for an error number, which every system error of this program carries
/// (what Foundation's `localizedDescription` gave, without loading libFoundation). `Errno` is
/// the typed form; these are for messages built from a raw number.
public enum SystemError {
  /// `strerror(code)`.
  public static func message(_ code: Int32) -> String {
    Errno(rawValue: code).description
  }

  /// The message of the last failed call on this thread (`errno`); read it right after the call.
  public static var last: String { Errno.current.description }
}
