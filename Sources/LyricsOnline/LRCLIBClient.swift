import FoundationEssentials

/// LRCLIB's two reading calls, `GET /api/get` and `GET /api/search`, as its public API
/// documentation gives them. Blocking: call it from a lookup thread, never with a lock held.
public struct LRCLIBClient: Sendable {
  /// The public server.
  public static let publicServer = "https://lrclib.net"

  /// The base URL, the transport, the User-Agent and the bounds, as every service has them.
  public private(set) var endpoint: ServiceEndpoint
  /// Scheme, host and optional path prefix, without a trailing slash.
  public var baseURL: String { endpoint.baseURL }
  public var transport: any HTTPTransport { endpoint.transport }
  public var userAgent: String { endpoint.userAgent }
  public var connectTimeoutMs: Int {
    get { endpoint.connectTimeoutMs }
    set { endpoint.connectTimeoutMs = newValue }
  }
  public var totalTimeoutMs: Int {
    get { endpoint.totalTimeoutMs }
    set { endpoint.totalTimeoutMs = newValue }
  }
  public var maxBodyBytes: Int {
    get { endpoint.maxBodyBytes }
    set { endpoint.maxBodyBytes = newValue }
  }

  /// Refuses a base URL that is not `http://` or `https://`.
  public struct BadURL: Error, Equatable, CustomStringConvertible {
    public var url: String
    public var description: String { "not an http:// or https:// URL: \(url)" }
  }

  public init(
    baseURL: String = publicServer, transport: any HTTPTransport = CurlTransport(),
    userAgent: String
  ) throws(BadURL) {
    endpoint = try ServiceEndpoint(baseURL: baseURL, transport: transport, userAgent: userAgent)
  }

  /// The `User-Agent` (and `Lrclib-Client`) the documentation asks clients to send.
  public static func userAgent(version: String) -> String {
    "lyricpip v\(version) (a Linux music player with floating lyrics)"
  }

  /// `/api/get`: the server's best match for exactly these names (and the duration ±2 s);
  /// nil when it has none (404 `TrackNotFound`, or a record with nothing in it).
  public func get(_ track: TrackFacts) throws(LookupFailure) -> LRCLIBRecord? {
    var query: [(name: String, value: String)] = [
      ("track_name", track.title), ("artist_name", track.artist),
    ]
    if let album = track.album, !album.isEmpty { query.append(("album_name", album)) }
    if let seconds = track.wholeSeconds { query.append(("duration", String(seconds))) }
    guard let body = try fetch("/api/get", query) else { return nil }
    let record = try decode(LRCLIBRecord.self, from: body)
    return record.kind == nil ? nil : record
  }

  /// `/api/search` by title and first artist, as written but without what no record's name
  /// holds ("(Remastered 2011)", "feat. X"): at most 20 records, in the server's order.
  public func search(_ track: TrackFacts) throws(LookupFailure) -> [LRCLIBRecord] {
    let query: [(name: String, value: String)] = [
      ("track_name", NameNormalizer.searchTitle(track.title)),
      ("artist_name", NameNormalizer.searchArtist(track.artist)),
    ]
    guard let body = try fetch("/api/search", query) else { return [] }
    return try decode([LRCLIBRecord].self, from: body)
  }

  /// `/api/get/{id}`: one record by its LRCLIB id (a candidate the user chose); nil when the
  /// server no longer has it.
  public func record(id: Int) throws(LookupFailure) -> LRCLIBRecord? {
    guard let body = try fetch("/api/get/\(id)", []) else { return nil }
    let record = try decode(LRCLIBRecord.self, from: body)
    return record.kind == nil ? nil : record
  }

  /// The URL of a call, the query percent-encoded.
  public func url(_ path: String, _ query: [(name: String, value: String)]) -> String {
    endpoint.url(path, query)
  }

  /// The body of a 200; nil for a 404; a failure for anything else.
  private func fetch(
    _ path: String, _ query: [(name: String, value: String)]
  ) throws(LookupFailure) -> [UInt8]? {
    let request = endpoint.request(path, query, headers: ["Lrclib-Client: \(userAgent)"])
    let response: HTTPResponse
    do {
      response = try transport.get(request)
    } catch {
      throw LookupFailure(.network(error.kind), "\(host): \(error.message)")
    }
    switch response.status {
    case 200: return response.body
    case 404: return nil
    default:
      throw LookupFailure(
        .server(status: response.status),
        "\(host): HTTP \(response.status)\(Self.serverMessage(response.body))")
    }
  }

  private func decode<T: Decodable>(_ type: T.Type, from body: [UInt8]) throws(LookupFailure)
    -> T
  {
    do {
      return try JSONDecoder().decode(type, from: Data(body))
    } catch {
      throw LookupFailure(.malformed, "\(host): the answer is not LRCLIB's JSON (\(error))")
    }
  }

  /// The host, for messages.
  public var host: String { endpoint.host }

  /// `: message` from an LRCLIB error body (`{"name":…,"message":…}`), when it is one.
  private static func serverMessage(_ body: [UInt8]) -> String {
    struct ErrorBody: Decodable {
      var name: String?
      var message: String?
    }
    guard let decoded = try? JSONDecoder().decode(ErrorBody.self, from: Data(body)),
      let message = decoded.message ?? decoded.name
    else { return "" }
    return ": \(message.prefix(200))"
  }
}
