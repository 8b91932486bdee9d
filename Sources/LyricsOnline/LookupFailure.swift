/// Why a lookup got no answer (as opposed to "not found", which is an answer).
public struct LookupFailure: Error, Sendable, Equatable, CustomStringConvertible {
  public enum Kind: Sendable, Equatable {
    /// No response: no network, DNS, refused, timed out, TLS, too large.
    case network(HTTPFailure.Kind)
    /// The server answered with an error status (5xx, or a 4xx other than "not found").
    case server(status: Int)
    /// The body was not the JSON LRCLIB sends.
    case malformed
  }

  public var kind: Kind
  /// One line: what went wrong, in the words of the library or the server where they have any.
  public var message: String

  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  public var description: String { message }

  /// libcurl could not be loaded: a service missing (exit 69 for `fetch`).
  public var isLibraryMissing: Bool { kind == .network(.libraryMissing) }
}
