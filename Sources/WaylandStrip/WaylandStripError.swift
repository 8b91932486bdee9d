/// Why the native strip's connection, surface or buffers could not be made or kept.
public enum WaylandStripError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Connecting or waiting on the compositor failed (`WaylandConnectionError` says how).
  case connection(WaylandConnectionError)
  /// The compositor does not offer an interface the strip needs.
  case missingGlobal(interface: String)
  /// The shared memory for the buffers could not be made (`step` names the call).
  case sharedMemory(step: String, reason: String)
  /// The compositor closed the layer surface (its output went away): make a new one.
  case closed
  /// A surface or buffer size that is not at least one by one. Layer shell's protocol makes a
  /// zero width without both side anchors an error (`invalid_size`) that ends the whole
  /// connection; sway 1.7 happens to let it pass, a stricter compositor need not.
  case invalidSize(width: Int, height: Int)

  public var description: String {
    switch self {
    case .connection(let error):
      error.description
    case .missingGlobal(let interface):
      "the Wayland compositor does not offer \(interface)"
    case .sharedMemory(let step, let reason):
      "cannot make the strip's shared memory (\(step)): \(reason)"
    case .closed:
      "the compositor closed the strip's layer surface"
    case .invalidSize(let width, let height):
      "\(width)×\(height) is not a size for the strip's surface"
    }
  }
}
