import SystemSupport

/// Keeps the keyboard's Compose table (dead keys and Compose sequences for typing text) out of
/// memory. SDL's X11 video opens Xlib's input method at start, for text input, and Xlib's local
/// input method then reads the locale's whole table (en_US.UTF-8's, also C.UTF-8's: thousands of
/// sequences) into the heap and keeps it: about 0.5 MB resident at the strip's peak
/// (docs/benchmarks.md, "Memory by mapping"). lyricpip's windows take no text input: they read
/// no SDL text events, and keys come as key codes and key symbols, which the table does not
/// change. So the table is read from an empty file (`XCOMPOSEFILE`, which libxkbcommon, used by
/// SDL's Wayland video for the same table, reads too).
///
/// Xlib reads it only from the environment. It is set once at start, while the process has one
/// thread (`setenv` beside threads that read the environment is not safe), and only when the
/// user has not set it; lyricpip starts no other program that would inherit it.
public enum ComposeTable {
  static let variable = "XCOMPOSEFILE"
  static let emptyFile = "/dev/null"

  /// Call first thing in `main`, before any thread starts.
  public static func leaveUnloaded() {
    guard let value = value(given: SystemProcess.environment(variable)) else { return }
    SystemProcess.setEnvironmentIfUnset(variable, to: value)
  }

  /// What to set `XCOMPOSEFILE` to when it is `current`: nil (leave it) when the user chose a
  /// table.
  static func value(given current: String?) -> String? {
    current == nil ? emptyFile : nil
  }
}
