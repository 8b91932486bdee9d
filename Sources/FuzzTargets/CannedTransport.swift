import LyricsOnline

/// Answers every request with the same 200 body, so that the bytes reach LRCLIB's reader as a
/// server's answer would, without a network.
struct CannedTransport: HTTPTransport {
  var body: [UInt8]

  func get(_ request: HTTPRequest) throws(HTTPFailure) -> HTTPResponse {
    HTTPResponse(status: 200, body: body)
  }
}
