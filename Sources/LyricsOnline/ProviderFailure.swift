import ProviderAnswers

/// Why Kugou or NetEase gave no answer for a track (an answer is `ProviderLyricsAnswer`: lyrics,
/// instrumental, or no lyrics). `.unavailable` is the service refusing for now (NetEase's `-460`,
/// `405`, `-462`; an HTTP 5xx from either): the caller goes on to the next provider, asks this
/// one again only after `backOffSeconds`, and never records the track as having no lyrics.
/// `.failed` is everything else that is not an answer (no response, a status or a body the
/// service does not send).
public enum ProviderFailure: Error, Equatable, Sendable, CustomStringConvertible {
  case unavailable(ProviderRefusal)
  case failed(LookupFailure)

  /// How long to leave the provider alone after a refusal; nil for a failure, which the failure
  /// memory of the lookup handles as it does LRCLIB's.
  public var backOffSeconds: Int? {
    guard case .unavailable(let refusal) = self else { return nil }
    return refusal.backOffSeconds
  }

  public var description: String {
    switch self {
    case .unavailable(let refusal): "unavailable now: \(refusal)"
    case .failed(let failure): failure.message
    }
  }
}

extension ProviderRefusal {
  /// The wait before asking again: NetEase's rate limit has been seen to lift after about 20 s
  /// the first time and 50–60 s after that, so a minute; the other refusals are not about our
  /// pace, and a shorter wait keeps a passing outage from hiding the provider for long.
  public var backOffSeconds: Int { backsOffLonger ? 60 : 15 }
}
