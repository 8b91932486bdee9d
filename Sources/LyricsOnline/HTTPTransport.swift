/// One HTTP GET, as the lookup needs it: bounded in time and in size.
public struct HTTPRequest: Sendable, Equatable {
  public var url: String
  /// Extra header lines (`Name: value`).
  public var headers: [String]
  public var userAgent: String
  public var connectTimeoutMs: Int
  public var totalTimeoutMs: Int
  /// A body over this many bytes is refused (the transfer stops there).
  public var maxBodyBytes: Int

  public init(
    url: String, headers: [String] = [], userAgent: String, connectTimeoutMs: Int = 3_000,
    totalTimeoutMs: Int = 8_000, maxBodyBytes: Int = 1 << 20
  ) {
    self.url = url
    self.headers = headers
    self.userAgent = userAgent
    self.connectTimeoutMs = connectTimeoutMs
    self.totalTimeoutMs = totalTimeoutMs
    self.maxBodyBytes = maxBodyBytes
  }
}

/// A response that arrived whole: any status, the body within the size limit.
public struct HTTPResponse: Sendable, Equatable {
  public var status: Int
  public var body: [UInt8]

  public init(status: Int, body: [UInt8]) {
    self.status = status
    self.body = body
  }
}

/// Why no response arrived; `message` is the HTTP library's own text.
public struct HTTPFailure: Error, Sendable, Equatable, CustomStringConvertible {
  public enum Kind: Sendable, Equatable {
    /// libcurl could not be loaded: a service missing, not a network problem.
    case libraryMissing
    case couldNotResolve
    case couldNotConnect
    case timedOut
    case tooLarge
    case tls
    case other
  }

  public var kind: Kind
  public var message: String

  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  public var description: String { message }
}

/// Carries requests to a server. `CurlTransport` in the program; tests may count or refuse.
/// `get` blocks the calling thread (never call it with a lock held that others need); every
/// wait inside it is bounded by the request's timeouts.
public protocol HTTPTransport: Sendable {
  func get(_ request: HTTPRequest) throws(HTTPFailure) -> HTTPResponse
}
