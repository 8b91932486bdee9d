/// How a service refused to answer for now. None of these says anything about the track: the
/// same request may succeed later, or from elsewhere.
public enum ProviderRefusal: Equatable, Sendable, CustomStringConvertible {
  /// NetEase's `-460` ("Cheating"): the request looked like abuse, or came from outside the
  /// region the service serves.
  case suspectedAbuse
  /// NetEase's `405` ("too many requests, try again later"): slow down, for longer than after
  /// the other refusals.
  case rateLimited
  /// NetEase's `-462`: it asks for a verification (a captcha) that we will not answer.
  case verificationRequired
  /// An HTTP status from 500 to 599: the service is down or overloaded.
  case serverError(httpStatus: Int)

  /// The refusal an HTTP status means, for the caller that sees the status; nil for any status
  /// outside 500…599.
  public init?(httpStatus: Int) {
    guard (500...599).contains(httpStatus) else { return nil }
    self = .serverError(httpStatus: httpStatus)
  }

  /// Whether the back-off after this refusal is the longer one: a rate limit lifts after tens
  /// of seconds at the earliest, and asking sooner prolongs it.
  public var backsOffLonger: Bool { self == .rateLimited }

  public var description: String {
    switch self {
    case .suspectedAbuse: "the service suspects abuse or refuses this region (-460)"
    case .rateLimited: "too many requests (405)"
    case .verificationRequired: "the service asks for a verification (-462)"
    case .serverError(let status): "server error (HTTP \(status))"
    }
  }
}
