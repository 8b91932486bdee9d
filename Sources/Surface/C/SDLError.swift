/// An SDL, SDL_ttf or libpng call failed; `message` is the library's own text
/// (`SDL_GetError`, libpng's image message), `operation` names the call.
public struct SDLError: Error, Equatable, Sendable, CustomStringConvertible {
  public var operation: String
  public var message: String

  public init(operation: String, message: String) {
    self.operation = operation
    self.message = message
  }

  public var description: String { "\(operation) failed: \(message)" }
}

/// No display to open a window on (DISPLAY unset, X server unreachable, no video driver).
/// It states the fact; what the user can do instead is the app's to say.
public struct NoDisplayError: Error, Equatable, Sendable, CustomStringConvertible {
  /// SDL's own explanation.
  public var detail: String

  public init(detail: String) { self.detail = detail }

  public var description: String {
    "no display for a window (\(detail))"
  }
}
