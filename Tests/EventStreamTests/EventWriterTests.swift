import Foundation
import Glibc
import TestSupport
import Testing

@testable import EventStream

/// The `--events` writer against a reader that does not read: a FIFO whose pipe holds 4 KiB.
@Suite(.tags(.sanitized), .timeLimit(.minutes(5))) struct EventWriterTests {
  /// A FIFO opened for reading (without blocking) with its pipe shrunk to 4 KiB.
  struct SmallFIFO {
    let path: String
    let reader: Int32

    init() throws {
      path = try Paths.makeTemporaryDirectory().appendingPathComponent("events.fifo").path
      try #require(mkfifo(path, 0o600) == 0)
      reader = open(path, O_RDONLY | O_NONBLOCK)
      try #require(reader >= 0)
      // F_SETPIPE_SZ is 1031 in <linux/fcntl.h>.
      try #require(fcntl(reader, 1031, 4096) >= 4096)
    }

    /// Reads until every writer closed the FIFO, or `seconds` passed.
    func readToEnd(seconds: Double) -> String {
      var bytes: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 65_536)
      let deadline = Date().addingTimeInterval(seconds)
      while Date() < deadline {
        var poller = pollfd(fd: reader, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, 100) >= 0 else { break }
        let count = read(reader, &buffer, buffer.count)
        if count > 0 {
          bytes += buffer[0..<count]
        } else if count == 0 {
          break
        }
      }
      return String(decoding: bytes, as: UTF8.self)
    }
  }

  @Test func aStuckReaderCostsTheCallersNothingAndTheExitTwoSecondsAtMost() throws {
    let fifo = try SmallFIFO()
    defer { close(fifo.reader) }
    var writer: EventWriter? = try EventWriter.open(
      path: fifo.path, limits: .init(lines: 100, bytes: 1 << 20)
    ) { _ in JSONField("t", .int(0)) }
    let text = String(repeating: "la ", count: 30)
    let started = Date()
    for index in 0..<1_000 {
      writer?.emit(
        .line(index: index, ms: 0, posMs: 0, text: text, translation: nil, presentedAt: nil))
    }
    // 1000 events into a full pipe: the callers did not wait for it.
    #expect(Date().timeIntervalSince(started) < 0.5)
    let finishing = Date()
    #expect(writer?.finish() == false)
    let waited = Date().timeIntervalSince(finishing)
    #expect(waited >= 1.9 && waited < 3, "finish waited \(waited) s")
    writer = nil

    // The reader comes back: every event either comes out, in order, or is counted by a
    // dropped notice in its place.
    let lines = fifo.readToEnd(seconds: 10).split(separator: "\n").map(String.init)
    var next = 0
    var notices = 0
    for line in lines {
      let notice = "{\"event\":\"dropped\",\"count\":"
      if line.hasPrefix(notice) {
        let count = try #require(Int(line.dropFirst(notice.count).dropLast()))
        next += count
        notices += 1
      } else {
        #expect(line.hasPrefix("{\"event\":\"line\",\"index\":\(next),"), "\(line)")
        next += 1
      }
    }
    #expect(next == 1_000)
    #expect(notices >= 1)
    #expect(lines.count >= 100)
  }

  /// What a reader thread read, handed to the test when it is done.
  final class ReadResult: @unchecked Sendable {
    let done = DispatchSemaphore(value: 0)
    var text = ""
  }

  @Test func aReaderThatCatchesUpGetsEverythingInOrder() throws {
    let fifo = try SmallFIFO()
    defer { close(fifo.reader) }
    var writer: EventWriter? = try EventWriter.open(path: fifo.path) { _ in JSONField("t", .int(0))
    }
    let text = String(repeating: "la ", count: 30)
    for index in 0..<2_000 {
      writer?.emit(
        .line(index: index, ms: 0, posMs: 0, text: text, translation: nil, presentedAt: nil))
    }
    // Read only once everything is queued: the pipe was full all along. A thread of its own,
    // not a task: the tests beside this one may hold every thread of the shared pool.
    let result = ReadResult()
    let reader = Thread {
      result.text = fifo.readToEnd(seconds: 20)
      result.done.signal()
    }
    reader.start()
    #expect(writer?.finish(waitingAtMost: 20) == true)
    // Its descriptor closes with it, which ends the reading.
    writer = nil
    result.done.wait()
    let lines = result.text.split(separator: "\n")
    #expect(lines.count == 2_000)
    #expect(
      lines.enumerated().allSatisfy { $1.hasPrefix("{\"event\":\"line\",\"index\":\($0),") })
  }
}
