import ProviderAnswers

/// A lyrics service other than LRCLIB as the clients ask it: its base URL, the transport, the
/// User-Agent naming lyricpip and the same bounds as LRCLIB's (3 s to connect, 8 s in all, 1 MiB
/// of body). Only the User-Agent and `Accept` are sent: no cookie, no referrer, no address
/// header, nothing that pretends to be another client.
public struct ServiceEndpoint: Sendable {
  /// Scheme, host and optional path prefix, without a trailing slash.
  public let baseURL: String
  public let transport: any HTTPTransport
  public let userAgent: String
  public var connectTimeoutMs = 3_000
  public var totalTimeoutMs = 8_000
  public var maxBodyBytes = 1 << 20

  /// Refuses a base URL that is not `http://` or `https://` (LRCLIB's rule and error).
  public init(baseURL: String, transport: any HTTPTransport, userAgent: String)
    throws(LRCLIBClient.BadURL)
  {
    let lowered = baseURL.lowercased()
    guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://"),
      !baseURL.contains(where: { $0.isWhitespace })
    else { throw LRCLIBClient.BadURL(url: baseURL) }
    var trimmed = baseURL
    while trimmed.hasSuffix("/") { trimmed.removeLast() }
    self.baseURL = trimmed
    self.transport = transport
    self.userAgent = userAgent
  }

  /// The host, for messages.
  public var host: String {
    let parts = baseURL.split(separator: "/", maxSplits: 2, omittingEmptySubsequences: true)
    return parts.count > 1 ? String(parts[1]) : baseURL
  }

  /// The URL of a call, the query percent-encoded.
  public func url(_ path: String, _ query: [(name: String, value: String)]) -> String {
    baseURL + path + "?" + PercentEncoding.query(query)
  }

  /// The GET request of a call: `Accept: application/json`, then `headers`, with this
  /// endpoint's User-Agent and bounds.
  public func request(
    _ path: String, _ query: [(name: String, value: String)], headers: [String] = []
  ) -> HTTPRequest {
    HTTPRequest(
      url: url(path, query), headers: ["Accept: application/json"] + headers,
      userAgent: userAgent, connectTimeoutMs: connectTimeoutMs, totalTimeoutMs: totalTimeoutMs,
      maxBodyBytes: maxBodyBytes)
  }

  /// One GET: the response whatever its status, except a 5xx, which is the service unavailable
  /// now; no response at all is a failure.
  func get(_ path: String, _ query: [(name: String, value: String)]) throws(ProviderFailure)
    -> HTTPResponse
  {
    let request = request(path, query)
    let response: HTTPResponse
    do {
      response = try transport.get(request)
    } catch {
      throw .failed(LookupFailure(.network(error.kind), "\(host): \(error.message)"))
    }
    if let refusal = ProviderRefusal(httpStatus: response.status) { throw .unavailable(refusal) }
    return response
  }

  /// The body of a response read by a service's reader. A status other than 200 is a failure,
  /// unless its body is the service's refusal (NetEase may send its codes so).
  func read<Value>(
    _ response: HTTPResponse, _ reader: ([UInt8]) throws(ProviderAnswerError) -> Value
  ) throws(ProviderFailure) -> Value {
    guard response.status == 200 else {
      do {
        _ = try reader(response.body)
      } catch {
        if case .unavailable(let refusal) = error { throw .unavailable(refusal) }
      }
      throw .failed(
        LookupFailure(.server(status: response.status), "\(host): HTTP \(response.status)"))
    }
    do {
      return try reader(response.body)
    } catch {
      throw failure(error)
    }
  }

  /// A reader's error as the clients report it. A service's own status code is reported as a
  /// server status, its number the service's (the message says which).
  func failure(_ error: ProviderAnswerError) -> ProviderFailure {
    switch error {
    case .unavailable(let refusal): .unavailable(refusal)
    case .failed(let code, _): .failed(LookupFailure(.server(status: code), "\(host): \(error)"))
    case .malformed: .failed(LookupFailure(.malformed, "\(host): \(error)"))
    }
  }
}
