/// Why a service's answer gave no lyrics and no candidates. "Unavailable now" is its own case:
/// the caller goes on to the next provider and backs off, and never records the track as having
/// no lyrics, which is an answer (`ProviderLyricsAnswer.noLyrics`, an empty candidate list), not an
/// error.
public enum ProviderAnswerError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The service refused to answer for now.
  case unavailable(ProviderRefusal)
  /// The service answered with a status of its own that means neither lyrics nor a refusal
  /// (a bad request, an unknown song).
  case failed(code: Int, message: String?)
  /// The bytes are not what the service sends: not JSON, not its shape, content that is not
  /// base64, a KRC that does not unpack.
  case malformed(String)

  public var description: String {
    switch self {
    case .unavailable(let refusal): "unavailable now: \(refusal)"
    case .failed(let code, let message):
      "the service answered \(code)" + (message.map { ": \($0)" } ?? "")
    case .malformed(let reason): "not an answer the service sends: \(reason)"
    }
  }
}
