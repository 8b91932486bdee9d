/// This process's `/proc/self/status`, one field at a time.
public enum ProcessStatus {
  /// The value of the field `name` (`VmRSS`, `TracerPid`, …) with the spaces before it taken
  /// off (`"52460 kB"`, `"0"`); nil when the file cannot be read or has no such field.
  public static func field(_ name: String) -> Substring? {
    guard let status = try? PosixFile(readingAt: "/proc/self/status").read(upTo: 1 << 16) else {
      return nil
    }
    let prefix = name + ":"
    for line in String(decoding: status, as: UTF8.self).split(separator: "\n")
    where line.hasPrefix(prefix) {
      return line.dropFirst(prefix.count).trimmingPrefix(while: \.isWhitespace)
    }
    return nil
  }
}
