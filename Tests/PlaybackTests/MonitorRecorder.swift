import Foundation
import Locking
import LyricsCore
import SystemSupport
import TestSupport

/// Records what the private PulseAudio server plays (`parec` on `test.monitor`, mono s16 at
/// 48 kHz) and gives each sample a CLOCK_MONOTONIC time: every read is stamped, and the time of
/// sample 0 is the lower envelope of (read time − audio before it), as scripts/bench-sync does.
final class MonitorRecorder: @unchecked Sendable {
  static let rate = 48_000
  private let process = Process()
  private struct Recording {
    var data = Data()
    var baseNanos: Int64?
  }
  private let recording = Mutex(Recording())
  private let finished = DispatchSemaphore(value: 0)

  /// `source`: the monitor to record; `server`: a server address (nil: `PULSE_SERVER`'s).
  init(source: String = "test.monitor", server: String? = nil) throws {
    process.executableURL = URL(fileURLWithPath: "/usr/bin/parec")
    process.arguments =
      (server.map { ["-s", $0] } ?? []) + [
        "-d", source, "--format=s16le", "--rate=\(Self.rate)", "--channels=1",
        "--latency-msec=2", "--raw",
      ]
    let pipe = Pipe()
    process.standardOutput = pipe
    // parec's complaints are not ours to print, and its holding our stderr could keep
    // `swift test` waiting after the tests end.
    process.standardError = FileHandle.nullDevice
    try process.run()
    // Our copy of the write end must go, or the reader never sees the end of parec's output.
    try? pipe.fileHandleForWriting.close()
    let handle = pipe.fileHandleForReading
    Thread.detachNewThread { [self] in
      while true {
        let chunk = handle.availableData
        let now = SystemClock.monotonicNanos()
        if chunk.isEmpty { break }
        recording.withLock {
          $0.data.append(chunk)
          let before = Int64($0.data.count / 2) * 1_000_000_000 / Int64(Self.rate)
          $0.baseNanos = min($0.baseNanos ?? Int64.max, now - before)
        }
      }
      finished.signal()
    }
  }

  /// Stops recording and returns the samples with the monotonic time of the first one.
  func stop() -> (samples: [Int16], startNanos: Int64) {
    process.terminate()
    // parec has exited when its output ends (waitUntilExit can hang off the main thread).
    _ = finished.wait(timeout: .now() + 5)
    return recording.withLock {
      let samples = $0.data.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
      return (samples, $0.baseNanos ?? 0)
    }
  }

  /// Stops once the recording ends in `quiet` seconds of silence after some sound, or after
  /// `timeout` seconds: the end of what was played has come through the server and the monitor
  /// (whose delay grows with the machine's load, so that no fixed pause is enough).
  func stopAfterTheSoundEnds(quiet: Double = 0.1, timeout: Double = 5) -> (
    samples: [Int16], startNanos: Int64
  ) {
    _ = poll(timeout: timeout, interval: 0.01) { endsInSilence(seconds: quiet) }
    return stop()
  }

  /// Whether some sound was recorded and the last `seconds` of the recording are silent.
  private func endsInSilence(seconds: Double, threshold: Int16 = 1000) -> Bool {
    recording.withLock {
      $0.data.withUnsafeBytes { bytes in
        let samples = bytes.bindMemory(to: Int16.self)
        guard let loud = samples.lastIndex(where: { abs(Int32($0)) >= Int32(threshold) }) else {
          return false
        }
        return samples.count - 1 - loud >= Int(seconds * Double(Self.rate))
      }
    }
  }

  /// Seconds of sound: 5 ms windows whose peak reaches `threshold` (a sine crosses zero, so
  /// single samples would undercount).
  static func loudSeconds(_ samples: [Int16], threshold: Int16 = 1000) -> Double {
    let window = rate / 200
    var loudWindows = 0
    var start = 0
    while start < samples.count {
      let slice = samples[start..<min(samples.count, start + window)]
      if slice.contains(where: { abs(Int32($0)) >= Int32(threshold) }) { loudWindows += 1 }
      start += window
    }
    return Double(loudWindows * window) / Double(rate)
  }

  /// Sample indexes where sound starts after at least `quiet` seconds of silence.
  static func onsets(_ samples: [Int16], threshold: Int16 = 8000, quiet: Double = 0.3) -> [Int] {
    var result: [Int] = []
    var last = -Int(quiet * Double(rate)) - 1
    for (index, sample) in samples.enumerated() where abs(Int32(sample)) >= Int32(threshold) {
      if index - last > Int(quiet * Double(rate)) { result.append(index) }
      last = index
    }
    return result
  }

  /// Longest run of silence, in seconds, between the first and last loud samples.
  static func longestInnerSilence(_ samples: [Int16], threshold: Int16 = 1000) -> Double {
    let loud = samples.indices.filter { abs(Int32(samples[$0])) >= Int32(threshold) }
    guard loud.count > 1 else { return 0 }
    let gaps = zip(loud, loud.dropFirst()).map { $1 - $0 }
    return Double(gaps.max() ?? 0) / Double(rate)
  }
}
