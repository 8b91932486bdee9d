import Foundation

/// The local stand-in for Kugou's and NetEase's hosts (`scripts/provider-test-server`), started
/// by a test on 127.0.0.1 with a free port, answering each path as the test says, and stopped
/// when the test lets it go. Nothing reaches the internet.
public final class ProviderTestServer: @unchecked Sendable {
  // @unchecked: `process` is set up in init and only killed after; Process is thread-safe.
  public struct StartFailure: Error, CustomStringConvertible {
    public var description: String
  }

  /// What one path answers.
  public enum Reply: Sendable {
    case answer(status: Int, body: String)
    /// The request is taken and never answered.
    case hang

    /// A 200 with this body.
    public static func ok(_ body: String) -> Reply { .answer(status: 200, body: body) }
  }

  /// One request as the server saw it.
  public struct LoggedRequest: Decodable, Sendable {
    public var path: String
    public var query: [String: String]
    /// Every header, its name lower-cased.
    public var headers: [String: String]
  }

  /// The variables that point lyricpip at Kugou, NetEase and the AMLL mirror.
  public static let urlVariables = [
    "LYRICPIP_KUGOU_URL", "LYRICPIP_NETEASE_URL", "LYRICPIP_AMLL_URL",
  ]

  public let baseURL: String
  private let logPath: String
  private let routesPath: String
  private let process: Process

  /// `routes` maps a path to its answer; a key `PATH?NAME=VALUE` answers only the requests of
  /// that path with that query value, before the key of the path alone.
  public init(routes: [String: Reply]) throws {
    let folder = FileManager.default.temporaryDirectory
    let id = UUID().uuidString
    routesPath = folder.appendingPathComponent("provider-routes-\(id).json").path
    logPath = folder.appendingPathComponent("provider-log-\(id).jsonl").path
    var table: [String: Any] = [:]
    for (path, reply) in routes {
      switch reply {
      case .answer(let status, let body): table[path] = ["status": status, "body": body]
      case .hang: table[path] = ["hang": true]
      }
    }
    try JSONSerialization.data(withJSONObject: table).write(to: URL(fileURLWithPath: routesPath))
    let script = Paths.packageRoot.appendingPathComponent("scripts/provider-test-server").path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script, "--routes", routesPath, "--log", logPath]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    guard let line = FirstLine(output.fileHandleForReading).wait(seconds: 20),
      let port = Int(line)
    else {
      Self.end(process)
      throw StartFailure(description: "the test provider server did not say its port")
    }
    self.process = process
    baseURL = "http://127.0.0.1:\(port)"
  }

  deinit {
    Self.end(process)
    try? FileManager.default.removeItem(atPath: logPath)
    try? FileManager.default.removeItem(atPath: routesPath)
  }

  private static func end(_ process: Process) { TestServerProcess.end(process) }

  /// The requests received so far, in order.
  public func requests() -> [LoggedRequest] { TestServerProcess.requests(loggedAt: logPath) }
}
