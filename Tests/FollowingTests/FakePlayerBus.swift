import Desktop
import Locking

/// The players' bus as the engine sees it, with the requests it made kept for the test to
/// answer (through the engine's `handle`, as the real client's thread would).
final class FakePlayerBus: MPRISPlayerBus {
  struct Sent: Equatable {
    var command: MPRISCommand
    var busName: String
  }
  private let state = Mutex<(reads: [(String, Int)], sent: [Sent])>(([], []))

  func readPosition(of busName: String, request: Int) {
    state.withLock { $0.reads.append((busName, request)) }
  }

  func send(_ command: MPRISCommand, to busName: String) {
    state.withLock { $0.sent.append(Sent(command: command, busName: busName)) }
  }

  /// The reads not answered yet, oldest first; taken.
  func takeReads() -> [(busName: String, request: Int)] {
    state.withLock { state in
      defer { state.reads = [] }
      return state.reads.map { (busName: $0.0, request: $0.1) }
    }
  }

  var sent: [Sent] { state.withLock { $0.sent } }
}
