import Foundation

/// The audio most black-box tests play: a sine tone made with the ffmpeg command line, written
/// where the test says (the extension picks the format), tagged as it says. Each test used to
/// spell out the same ffmpeg call and the check of its status.
public enum ToneFile {
  public struct Failed: Error, CustomStringConvertible {
    public var description: String
  }

  /// A tone of `frequency` Hz lasting `seconds` at `path`, with `tags` (`title`, `artist`, …;
  /// written in the order of their keys, so a file comes out the same every time); returns
  /// `path`.
  @discardableResult
  public static func write(
    to path: String, seconds: Double, frequency: Int = 440,
    tags: [String: String] = [:]
  ) throws -> String {
    var arguments = [
      "-v", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=\(frequency):duration=\(seconds)",
    ]
    for (key, value) in tags.sorted(by: { $0.key < $1.key }) {
      arguments += ["-metadata", "\(key)=\(value)"]
    }
    let made = try ProcessRunner.run("ffmpeg", arguments + [path])
    guard made.status == 0 else { throw Failed(description: "ffmpeg: \(made.stderr)") }
    return path
  }
}
