extension LookupFailure {
  /// A few words for the windows, where the whole message (the host, the library's or the
  /// server's own text) would not fit: stderr and the `error` event keep the whole of it.
  public var shortReason: String {
    switch kind {
    case .network(.libraryMissing): return "libcurl is not installed"
    case .network(.couldNotResolve): return "the server's name does not resolve"
    case .network(.couldNotConnect): return "no connection to the server"
    case .network(.timedOut): return "the server did not answer in time"
    case .network(.tooLarge): return "the answer was too large"
    case .network(.tls): return "the secure connection failed"
    case .network(.other): return "a network error"
    case .server(let status): return "the server answered HTTP \(status)"
    case .malformed: return "the answer was not LRCLIB's"
    }
  }
}
