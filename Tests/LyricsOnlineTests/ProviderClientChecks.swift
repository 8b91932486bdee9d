import ProviderAnswers
import TestSupport
import Testing

@testable import LyricsOnline

/// What the Kugou and NetEase clients' tests share: the User-Agent, the headers a request must
/// never carry, and reading an answer's lyrics.
enum ProviderClientChecks {
  static let userAgent = LRCLIBClient.userAgent(version: "0.0-test")

  /// Headers that would pretend to be someone else (an address, a session, a page of the
  /// service's own site).
  static let spoofingHeaders = ["x-real-ip", "x-forwarded-for", "cookie", "referer", "origin"]

  static func expectHonestHeaders(
    _ requests: [ProviderTestServer.LoggedRequest],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    for request in requests {
      #expect(request.headers["user-agent"] == userAgent, sourceLocation: sourceLocation)
      for name in spoofingHeaders {
        #expect(request.headers[name] == nil, "\(name) sent", sourceLocation: sourceLocation)
      }
    }
  }

  struct NotLyrics: Error, CustomStringConvertible {
    var answer: ProviderLyricsAnswer
    var description: String { "expected lyrics, got \(answer)" }
  }

  static func lyrics(_ answer: ProviderLyricsAnswer) throws -> ProviderLyrics {
    guard case .lyrics(let found) = answer else { throw NotLyrics(answer: answer) }
    return found
  }

  /// The failure a call throws, or nil when it answered.
  static func failure(_ call: () throws(ProviderFailure) -> ProviderLyricsAnswer)
    -> ProviderFailure?
  {
    do {
      _ = try call()
      return nil
    } catch {
      return error
    }
  }
}
