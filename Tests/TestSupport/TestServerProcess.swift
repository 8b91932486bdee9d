import Foundation

/// What the local stand-ins for the lyrics services (`LRCLIBTestServer`, `ProviderTestServer`)
/// do alike: end the server process, and read the requests it logged, one JSON object a line.
enum TestServerProcess {
  /// Ends the server by its process id. SIGKILL, not `terminate()`'s SIGTERM: a process started
  /// from a test thread inherits that thread's blocked signals, and SIGTERM then stays pending.
  static func end(_ process: Process) {
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }

  /// The requests logged at `path` so far, in order (none while the log is not there yet).
  static func requests<Request: Decodable>(loggedAt path: String) -> [Request] {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
    return text.split(separator: "\n").compactMap {
      try? JSONDecoder().decode(Request.self, from: Data($0.utf8))
    }
  }
}
