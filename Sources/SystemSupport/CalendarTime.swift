import Glibc

/// A moment as UTC calendar fields (`gmtime_r`), which the standard library does not give
/// without Foundation's Calendar.
public struct CalendarTime: Sendable, Equatable {
  public var year: Int32
  /// 1–12.
  public var month: Int32
  public var day: Int32
  public var hour: Int32
  public var minute: Int32
  public var second: Int32

  /// The UTC fields of `secondsSince1970` (whole seconds).
  public static func utc(secondsSince1970: Int64) -> CalendarTime {
    var seconds = time_t(secondsSince1970)
    var fields = tm()
    gmtime_r(&seconds, &fields)
    return CalendarTime(
      year: fields.tm_year + 1900, month: fields.tm_mon + 1, day: fields.tm_mday,
      hour: fields.tm_hour, minute: fields.tm_min, second: fields.tm_sec)
  }
}
