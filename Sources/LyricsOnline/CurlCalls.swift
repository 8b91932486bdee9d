import CCurl
import Glibc

// Every libcurl call of the program is in this file. libcurl is opened on first use (see
// Sources/CCurl/shim.h); its handles are owned by final classes that free them in deinit.

/// libcurl's function table, loaded and globally initialised once, on the first request.
final class CurlLibrary: @unchecked Sendable {
  // @unchecked: the table is written once, before `shared` is published, and only read after;
  // the functions it points at may be called from any thread (each easy handle stays on one).
  let table: UnsafeMutablePointer<lyricpip_curl_api>
  let version: String

  private init(table: UnsafeMutablePointer<lyricpip_curl_api>) {
    self.table = table
    version = String(cString: lyricpip_curl_version(table))
  }

  deinit {
    table.deallocate()
  }

  /// The library, or why it cannot be had. A Swift global: initialised once, thread-safely.
  static let shared: Result<CurlLibrary, HTTPFailure> = load(files: fileNames)

  /// The environment variable naming the file to open in place of the usual ones: the tests
  /// point it at a file that is not there to see the lookup without libcurl.
  static let fileVariable = "LYRICPIP_LIBCURL"

  /// libcurl's GnuTLS build first: FFmpeg has GnuTLS loaded and initialised already, so it
  /// costs less than the OpenSSL build (measured in docs/benchmarks.md); either will do.
  private static var fileNames: [String] {
    guard let value = getenv(fileVariable), value.pointee != 0 else {
      return ["libcurl-gnutls.so.4", "libcurl.so.4"]
    }
    return [String(cString: value)]
  }

  private static func load(files: [String]) -> Result<CurlLibrary, HTTPFailure> {
    var problems: [String] = []
    for file in files {
      switch load(file: file) {
      case .success(let library): return .success(library)
      case .failure(let failure): problems.append(failure.message)
      }
    }
    return .failure(
      HTTPFailure(.libraryMissing, "libcurl is not available: \(problems.joined(separator: "; "))"))
  }

  private static func load(file: String) -> Result<CurlLibrary, HTTPFailure> {
    let table = UnsafeMutablePointer<lyricpip_curl_api>.allocate(capacity: 1)
    table.initialize(to: lyricpip_curl_api())
    var error = [CChar](repeating: 0, count: 512)
    guard lyricpip_curl_load(table, file, &error, error.count) == 0 else {
      table.deallocate()
      let text = String(
        decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      return .failure(HTTPFailure(.libraryMissing, text))
    }
    let library = CurlLibrary(table: table)
    let code = lyricpip_curl_global_init(table, Int(CURL_GLOBAL_DEFAULT))
    guard code == CURLE_OK else {
      return .failure(
        HTTPFailure(.libraryMissing, "curl_global_init: \(library.message(code))"))
    }
    return .success(library)
  }

  /// libcurl's text for `code`.
  func message(_ code: CURLcode) -> String {
    guard let text = lyricpip_curl_strerror(table, code) else {
      return "libcurl error \(code.rawValue)"
    }
    return String(cString: text)
  }
}

/// Bytes received so far, refused past the limit. Reached from libcurl's write callback.
private final class ReceivedBody {
  var bytes: [UInt8] = []
  let limit: Int
  var overflowed = false

  init(limit: Int) {
    self.limit = limit
  }
}

/// libcurl's write callback: appends, or stops the transfer (by taking less than it was given)
/// once the body would pass its limit.
private func receive(
  _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int,
  _ context: UnsafeMutableRawPointer?
) -> Int {
  guard let context else { return 0 }
  let body = Unmanaged<ReceivedBody>.fromOpaque(context).takeUnretainedValue()
  let length = size * count
  guard body.bytes.count + length <= body.limit else {
    body.overflowed = true
    return 0
  }
  if let data, length > 0 {
    data.withMemoryRebound(to: UInt8.self, capacity: length) {
      body.bytes.append(contentsOf: UnsafeBufferPointer(start: $0, count: length))
    }
  }
  return length
}

/// One easy handle and its header list, for one request on one thread.
private final class CurlEasy {
  let library: CurlLibrary
  let handle: UnsafeMutableRawPointer
  var headerList: UnsafeMutablePointer<curl_slist>?

  init(library: CurlLibrary) throws(HTTPFailure) {
    guard let handle = lyricpip_curl_easy_init(library.table) else {
      throw HTTPFailure(.other, "curl_easy_init failed")
    }
    self.library = library
    self.handle = handle
  }

  deinit {
    lyricpip_curl_easy_cleanup(library.table, handle)
    if let headerList { lyricpip_curl_slist_free_all(library.table, headerList) }
  }

  func set(_ option: CURLoption, _ value: Int) throws(HTTPFailure) {
    try check(lyricpip_curl_setopt_long(library.table, handle, option, value), option)
  }

  func set(_ option: CURLoption, _ value: String) throws(HTTPFailure) {
    try check(lyricpip_curl_setopt_string(library.table, handle, option, value), option)
  }

  func setLimit(_ option: CURLoption, _ value: Int) throws(HTTPFailure) {
    try check(
      lyricpip_curl_setopt_offset(library.table, handle, option, curl_off_t(value)), option)
  }

  func setHeaders(_ lines: [String]) throws(HTTPFailure) {
    for line in lines {
      guard let appended = lyricpip_curl_slist_append(library.table, headerList, line) else {
        throw HTTPFailure(.other, "curl_slist_append failed")
      }
      headerList = appended
    }
    try check(
      lyricpip_curl_setopt_list(library.table, handle, CURLOPT_HTTPHEADER, headerList),
      CURLOPT_HTTPHEADER)
  }

  func perform(into body: ReceivedBody) -> CURLcode {
    let context = Unmanaged.passUnretained(body).toOpaque()
    guard lyricpip_curl_setopt_write(library.table, handle, receive) == CURLE_OK,
      lyricpip_curl_setopt_pointer(library.table, handle, CURLOPT_WRITEDATA, context)
        == CURLE_OK
    else { return CURLE_FAILED_INIT }
    return withExtendedLifetime(body) { lyricpip_curl_easy_perform(library.table, handle) }
  }

  func responseCode() -> Int {
    var code = 0
    _ = lyricpip_curl_getinfo_long(library.table, handle, CURLINFO_RESPONSE_CODE, &code)
    return code
  }

  private func check(_ code: CURLcode, _ option: CURLoption) throws(HTTPFailure) {
    guard code == CURLE_OK else {
      throw HTTPFailure(
        .other, "curl_easy_setopt(\(option.rawValue)): \(library.message(code))")
    }
  }
}

/// HTTP through libcurl: one easy handle per request, on the calling thread. TLS is verified
/// (peer and host name); only http and https are spoken, at most three redirects followed.
public struct CurlTransport: HTTPTransport {
  public init() {}

  /// libcurl's version; nil when it cannot be loaded.
  public static var libraryVersion: String? { try? CurlLibrary.shared.get().version }

  public func get(_ request: HTTPRequest) throws(HTTPFailure) -> HTTPResponse {
    let library = try CurlLibrary.shared.get()
    let easy = try CurlEasy(library: library)
    try easy.set(CURLOPT_URL, request.url)
    // libcurl must not use signals in a threaded program (its name lookups then run on its
    // threaded resolver, which the timeouts still bound).
    try easy.set(CURLOPT_NOSIGNAL, 1)
    try easy.set(CURLOPT_HTTPGET, 1)
    try easy.set(CURLOPT_CONNECTTIMEOUT_MS, request.connectTimeoutMs)
    try easy.set(CURLOPT_TIMEOUT_MS, request.totalTimeoutMs)
    try easy.set(CURLOPT_SSL_VERIFYPEER, 1)
    try easy.set(CURLOPT_SSL_VERIFYHOST, 2)
    try easy.set(CURLOPT_PROTOCOLS_STR, "http,https")
    try easy.set(CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
    try easy.set(CURLOPT_FOLLOWLOCATION, 1)
    try easy.set(CURLOPT_MAXREDIRS, 3)
    // A declared length over the limit is refused before the body is read.
    try easy.setLimit(CURLOPT_MAXFILESIZE_LARGE, request.maxBodyBytes)
    try easy.set(CURLOPT_USERAGENT, request.userAgent)
    try easy.setHeaders(request.headers)
    let body = ReceivedBody(limit: request.maxBodyBytes)
    let code = easy.perform(into: body)
    guard code == CURLE_OK else {
      throw failure(code, overflowed: body.overflowed, request: request, library: library)
    }
    return HTTPResponse(status: easy.responseCode(), body: body.bytes)
  }

  private func failure(
    _ code: CURLcode, overflowed: Bool, request: HTTPRequest, library: CurlLibrary
  ) -> HTTPFailure {
    let message = library.message(code)
    switch code {
    case CURLE_FILESIZE_EXCEEDED:
      return HTTPFailure(.tooLarge, "response over \(request.maxBodyBytes) bytes refused")
    case CURLE_WRITE_ERROR where overflowed:
      return HTTPFailure(.tooLarge, "response over \(request.maxBodyBytes) bytes refused")
    case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
      return HTTPFailure(.couldNotResolve, message)
    case CURLE_COULDNT_CONNECT:
      return HTTPFailure(.couldNotConnect, message)
    case CURLE_OPERATION_TIMEDOUT:
      return HTTPFailure(.timedOut, message)
    case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE:
      return HTTPFailure(.tls, message)
    default:
      return HTTPFailure(.other, message)
    }
  }
}
