import Locking

@testable import LyricsOnline

/// A transport that answers from a table by path, or fails, and records every request.
final class FakeTransport: HTTPTransport {
  enum Reply: Sendable {
    case response(Int, String)
    case failure(HTTPFailure)
  }

  private let replies: [String: Reply]
  private let fallback: Reply
  private let log = Mutex<[HTTPRequest]>([])

  init(_ replies: [String: Reply] = [:], otherwise fallback: Reply = .response(404, notFound)) {
    self.replies = replies
    self.fallback = fallback
  }

  static let notFound =
    #"{"message":"Failed to find specified track","name":"TrackNotFound","statusCode":404}"#

  var requests: [HTTPRequest] { log.withLock { $0 } }
  var paths: [String] {
    requests.map {
      String($0.url.split(separator: "?").first ?? "").replacing("http://test", with: "")
    }
  }

  func get(_ request: HTTPRequest) throws(HTTPFailure) -> HTTPResponse {
    log.withLock { $0.append(request) }
    let path = String(request.url.split(separator: "?").first ?? "").replacing(
      "http://test", with: "")
    switch replies[path] ?? fallback {
    case .response(let status, let body):
      return HTTPResponse(status: status, body: Array(body.utf8))
    case .failure(let failure): throw failure
    }
  }
}

/// Warnings collected from a cache.
final class Warnings: Sendable {
  private let list = Mutex<[String]>([])
  var all: [String] { list.withLock { $0 } }
  func add(_ text: String) { list.withLock { $0.append(text) } }
}
