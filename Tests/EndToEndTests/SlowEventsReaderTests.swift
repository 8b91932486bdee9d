import Foundation
import Glibc
import TestSupport
import Testing

/// `lyricpip play --no-window --events FIFO` with a reader that stops reading for a while, its
/// pipe made small so that it fills: the terminal display stays on time and no event is lost.
@Suite(.timeLimit(.minutes(5))) struct SlowEventsReaderTests {
  /// Lines every 250 ms from 0.5 s, long enough (about 330 bytes an event) that the 4 KiB pipe
  /// is full after a dozen of them.
  static let lineCount = 20
  static func lineMs(_ index: Int) -> Int { 500 + index * 250 }
  static func lineText(_ index: Int) -> String {
    "line \(index)" + String(repeating: " la", count: 100)
  }

  /// Each line printed by the player, with the moment it reached this process.
  final class ArrivalLog: @unchecked Sendable {
    private let lock = NSLock()
    private var pending = ""
    private var lines: [(at: TimeInterval, text: String)] = []
    func take(_ data: Data) {
      let now = ProcessInfo.processInfo.systemUptime
      lock.withLock {
        pending += String(decoding: data, as: UTF8.self)
        while let end = pending.firstIndex(of: "\n") {
          lines.append((now, String(pending[..<end])))
          pending = String(pending[pending.index(after: end)...])
        }
      }
    }
    var all: [(at: TimeInterval, text: String)] { lock.withLock { lines } }
  }

  @Test func aPausedReaderNeitherDelaysTheDisplayNorLosesEvents() throws {
    let folder = try Paths.makeTemporaryDirectory()
    let audio = folder.appendingPathComponent("tone.wav").path
    try ToneFile.write(to: audio, seconds: 6)
    let lyricsPath = folder.appendingPathComponent("tone.lrc").path
    let lrc = (0..<Self.lineCount).map { index in
      let ms = Self.lineMs(index)
      return String(format: "[%02d:%02d.%02d]", ms / 60_000, ms / 1000 % 60, ms % 1000 / 10)
        + Self.lineText(index)
    }.joined(separator: "\n")
    try lrc.write(toFile: lyricsPath, atomically: true, encoding: .utf8)
    let fifo = folder.appendingPathComponent("events.fifo").path
    try #require(mkfifo(fifo, 0o600) == 0)
    let reader = open(fifo, O_RDONLY | O_NONBLOCK)
    try #require(reader >= 0)
    defer { close(reader) }
    // F_SETPIPE_SZ (1031): a 4 KiB pipe, which a dozen line events fill.
    try #require(fcntl(reader, 1031, 4096) >= 4096)

    let process = Process()
    process.executableURL = URL(fileURLWithPath: Paths.lyricpipBinary)
    process.arguments = [
      "play", audio, "--lyrics", lyricsPath, "--no-window", "--audio", "null", "--events", fifo,
    ]
    let output = Pipe()
    let arrivals = ArrivalLog()
    output.fileHandleForReading.readabilityHandler = { arrivals.take($0.availableData) }
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    defer { if process.isRunning { process.terminate() } }

    // The reader reads nothing for 4.5 s (the pipe fills at about line 10, 2.75 s in), then
    // everything until the player closes the stream.
    Thread.sleep(forTimeInterval: 4.5)
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    let deadline = Date().addingTimeInterval(30)
    while Date() < deadline {
      var poller = pollfd(fd: reader, events: Int16(POLLIN), revents: 0)
      _ = poll(&poller, 1, 100)
      let count = read(reader, &buffer, buffer.count)
      if count > 0 { bytes += buffer[0..<count] } else if count == 0 && !process.isRunning { break }
    }
    process.waitUntilExit()
    output.fileHandleForReading.readabilityHandler = nil
    #expect(process.terminationStatus == 0)

    // Every line event, in order.
    let events = String(decoding: bytes, as: UTF8.self).split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
    let lineIndices = events.filter { $0["event"] as? String == "line" }.compactMap {
      $0["index"] as? Int
    }
    #expect(lineIndices == Array(0..<Self.lineCount))

    // The terminal lines on time: each as far after the first as the lyrics say, within 200 ms.
    let printed = arrivals.all.filter { $0.text.hasPrefix("line ") }
    #expect(printed.map(\.text) == (0..<Self.lineCount).map(Self.lineText))
    let first = try #require(printed.first).at
    for (index, line) in printed.enumerated() {
      let late = (line.at - first) - Double(Self.lineMs(index) - Self.lineMs(0)) / 1000
      #expect(abs(late) < 0.2, "line \(index) printed \(Int(late * 1000)) ms off")
    }
  }

  /// A reader that opens the FIFO and never reads: the player still plays to the end and exits,
  /// at most 2 s later than it would have (the events it could not write are given up).
  @Test func aReaderThatNeverReadsDelaysTheExitTwoSecondsAtMost() throws {
    let folder = try Paths.makeTemporaryDirectory()
    let audio = folder.appendingPathComponent("short.wav").path
    try ToneFile.write(to: audio, seconds: 1.5)
    // 20 lines of 600 characters in the first second: three times what the pipe holds.
    let lyricsPath = folder.appendingPathComponent("short.lrc").path
    let lrc = (0..<20).map { index in
      "[00:00.\(10 + index * 4)]line \(index)" + String(repeating: " la", count: 200)
    }.joined(separator: "\n")
    try lrc.write(toFile: lyricsPath, atomically: true, encoding: .utf8)
    let fifo = folder.appendingPathComponent("events.fifo").path
    try #require(mkfifo(fifo, 0o600) == 0)
    let reader = open(fifo, O_RDONLY | O_NONBLOCK)
    try #require(reader >= 0)
    defer { close(reader) }
    try #require(fcntl(reader, 1031, 4096) >= 4096)

    let started = Date()
    let result = try ProcessRunner.run(
      Paths.lyricpipBinary,
      ["play", audio, "--lyrics", lyricsPath, "--no-window", "--audio", "null", "--events", fifo],
      timeout: 20)
    let took = Date().timeIntervalSince(started)
    #expect(result.status == 0, "\(result.stderr)")
    // 1.5 s of sound, the start-up, and the 2 s the writer is given at most.
    #expect(took >= 1.5 && took < 5.5, "the player took \(took) s")
  }
}
