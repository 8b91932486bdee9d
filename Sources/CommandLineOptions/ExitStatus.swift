import LyricsCore
import SystemSupport

/// The exit statuses of every command.
public enum ExitStatus: Int32, Sendable {
  case success = 0
  /// The work failed: check found errors, an expectation failed, playback failed.
  case failure = 1
  /// An input could not be read: missing, a directory, unreadable, not audio.
  case unreadableInput = 2
  /// Bad usage.
  case usage = 64
  /// A needed service is missing: no sound server or device, no display.
  case serviceUnavailable = 69
}
