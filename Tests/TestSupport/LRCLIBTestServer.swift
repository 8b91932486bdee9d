import Foundation

/// The local LRCLIB-compatible server (`scripts/lrclib-test-server`), started by a test on
/// 127.0.0.1 with a free port and stopped (by its own process) when the test lets it go. The
/// tests point the client or `LYRICPIP_LRCLIB_URL` at `baseURL`; nothing reaches the internet.
public final class LRCLIBTestServer: @unchecked Sendable {
  // @unchecked: `process` is set up in init and only terminated after; Process is thread-safe.
  public struct StartFailure: Error, CustomStringConvertible {
    public var description: String
  }

  /// One request as the server saw it.
  public struct LoggedRequest: Decodable, Sendable {
    public var path: String
    public var query: [String: String]
    public var userAgent: String?
    public var lrclibClient: String?
  }

  public let baseURL: String
  public let logPath: String
  private let process: Process

  /// Starts the server with the records of a JSON file and a mode for every request (`ok`,
  /// `status500`, `hang`, `slow:SECONDS`, `malformed`, `oversized`, `oversized-undeclared`).
  public init(records: String, mode: String = "ok") throws {
    let log = FileManager.default.temporaryDirectory
      .appendingPathComponent("lrclib-log-\(UUID().uuidString).jsonl").path
    let script = Paths.packageRoot.appendingPathComponent("scripts/lrclib-test-server").path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script, "--records", records, "--mode", mode, "--log", log]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let port = FirstLine(output.fileHandleForReading)
    guard let line = port.wait(seconds: 20), let number = Int(line) else {
      Self.end(process)
      throw StartFailure(description: "the test LRCLIB server did not say its port")
    }
    self.process = process
    baseURL = "http://127.0.0.1:\(number)"
    logPath = log
  }

  deinit {
    Self.end(process)
    try? FileManager.default.removeItem(atPath: logPath)
  }

  private static func end(_ process: Process) { TestServerProcess.end(process) }

  /// The requests received so far, in order.
  public func requests() -> [LoggedRequest] { TestServerProcess.requests(loggedAt: logPath) }

  /// A URL on 127.0.0.1 where nothing listens (a port bound, then let go): connection refused.
  public static func refusingURL() -> String {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, length) == 0 ? getsockname(descriptor, $0, &length) : -1
      }
    }
    return "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))"
  }

  /// The variable that points lyricpip at a server.
  public static let urlVariable = "LYRICPIP_LRCLIB_URL"

  /// Where a program under test is pointed when its test names no server: the discard port on
  /// the loopback interface, where nothing listens.
  public static let nowhere = "http://127.0.0.1:9"

  /// The file of records the lookup tests share.
  public static var standardRecords: String {
    Paths.packageRoot.appendingPathComponent("Tests/LyricsOnlineTests/Fixtures/lrclib-records.json")
      .path
  }
}

/// Reads a pipe up to its first newline on a background thread.
final class FirstLine: @unchecked Sendable {
  private var line: String?
  private let done = DispatchSemaphore(value: 0)

  init(_ handle: FileHandle) {
    Thread.detachNewThread { [self] in
      var bytes = Data()
      while true {
        let chunk = handle.availableData
        if chunk.isEmpty { break }
        bytes.append(chunk)
        if bytes.contains(0x0A) { break }
      }
      line = String(decoding: bytes, as: UTF8.self).split(separator: "\n").first.map(String.init)
      done.signal()
    }
  }

  func wait(seconds: Double) -> String? {
    guard done.wait(timeout: .now() + seconds) == .success else { return nil }
    return line
  }
}
