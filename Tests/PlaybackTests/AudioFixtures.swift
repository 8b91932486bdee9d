import Foundation
import TestSupport

/// Small audio files made with the ffmpeg command line for one test: a 440 Hz sine, tagged.
enum AudioFixtures {
  struct Failed: Error, CustomStringConvertible {
    var description: String
  }

  /// Makes `name` (its extension picks the format) in a fresh directory and returns its path.
  static func sine(
    _ name: String, seconds: Double = 1, rate: Int = 44_100, channels: Int = 2,
    tags: [String: String] = [:]
  ) throws -> String {
    let directory = try Paths.makeTemporaryDirectory()
    let path = directory.appendingPathComponent(name).path
    var arguments = [
      "-v", "error", "-y", "-f", "lavfi", "-i",
      "sine=frequency=440:duration=\(seconds):sample_rate=\(rate)", "-ac", "\(channels)",
    ]
    for (key, value) in tags.sorted(by: { $0.key < $1.key }) {
      arguments += ["-metadata", "\(key)=\(value)"]
    }
    try run("ffmpeg", arguments + [path])
    return path
  }

  /// `path` encoded by the ffmpeg command line as `format` (`mp3`: LAME, `opus`: libopus),
  /// beside it.
  static func encoded(_ path: String, as format: String) throws -> String {
    let target = URL(fileURLWithPath: path).deletingPathExtension().path + "." + format
    let codec = format == "opus" ? ["-c:a", "libopus", "-b:a", "128k"] : ["-b:a", "192k"]
    try run("ffmpeg", ["-v", "error", "-y", "-i", path] + codec + [target])
    return target
  }

  /// A file with a video stream and no audio (an image).
  static func imageOnly(_ name: String) throws -> String {
    let path = try Paths.makeTemporaryDirectory().appendingPathComponent(name).path
    try run(
      "ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "color=c=red:s=16x16:d=1", path])
    return path
  }

  /// A file with `text` in it.
  static func text(_ name: String, _ text: String) throws -> String {
    let path = try Paths.makeTemporaryDirectory().appendingPathComponent(name).path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// Copies the first `fraction` of a file's bytes to a new file: a truncated download.
  static func truncated(_ path: String, fraction: Double) throws -> String {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let name = "truncated-" + URL(fileURLWithPath: path).lastPathComponent
    let target = try Paths.makeTemporaryDirectory().appendingPathComponent(name).path
    try data.prefix(Int(Double(data.count) * fraction)).write(to: URL(fileURLWithPath: target))
    return target
  }

  static func run(_ tool: String, _ arguments: [String]) throws {
    let result = try ProcessRunner.run(tool, arguments)
    guard result.status == 0 else {
      throw Failed(description: "\(tool) failed: \(result.stderr)")
    }
  }
}

extension AudioFixtures {
  /// A WAV of `seconds` of silence with a 4 ms full-scale 3 kHz burst at each time in `clicks`.
  static func clicks(at clicks: [Double], seconds: Double, rate: Int = 48_000) throws -> String {
    var samples = [Int16](repeating: 0, count: Int(seconds * Double(rate)))
    for click in clicks {
      let start = Int((click * Double(rate)).rounded())
      for offset in 0..<(rate / 250) where start + offset < samples.count {
        samples[start + offset] = (offset * 6_000 / rate) % 2 == 0 ? 30_000 : -30_000
      }
    }
    return try wav(samples, rate: rate, name: "clicks.wav")
  }

  /// A mono 16-bit WAV of `samples` named `name` in a fresh directory.
  static func wav(_ samples: [Int16], rate: Int = 48_000, name: String) throws -> String {
    var wav = Data()
    func append<T: FixedWidthInteger>(_ value: T) {
      withUnsafeBytes(of: value.littleEndian) { wav.append(contentsOf: $0) }
    }
    let bytes = samples.count * 2
    wav.append(contentsOf: Array("RIFF".utf8))
    append(UInt32(36 + bytes))
    wav.append(contentsOf: Array("WAVEfmt ".utf8))
    append(UInt32(16))
    append(UInt16(1))
    append(UInt16(1))
    append(UInt32(rate))
    append(UInt32(rate * 2))
    append(UInt16(2))
    append(UInt16(16))
    wav.append(contentsOf: Array("data".utf8))
    append(UInt32(bytes))
    samples.withUnsafeBytes { wav.append(contentsOf: $0) }
    let path = try Paths.makeTemporaryDirectory().appendingPathComponent(name).path
    try wav.write(to: URL(fileURLWithPath: path))
    return path
  }

  /// A continuous tone whose pitch rises from 200 Hz to 3 kHz over `seconds`, at amplitude
  /// `level` of full scale: unlike a steady sine, no stretch of it looks like another, so where
  /// a recording lines up with it tells its place to the sample.
  static func sweep(seconds: Double, rate: Int = 48_000, level: Double = 0.5) -> [Int16] {
    let count = Int(seconds * Double(rate))
    let (low, high) = (200.0, 3_000.0)
    return (0..<count).map { index in
      let time = Double(index) / Double(rate)
      let phase = 2 * Double.pi * (low * time + (high - low) * time * time / (2 * seconds))
      return Int16((sin(phase) * level * 32_767).rounded())
    }
  }
}
