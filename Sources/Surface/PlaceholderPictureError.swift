/// The strip's placeholder picture (`pip-placeholder.png`, installed with lyricpip) cannot be
/// used. The strip takes its shape from it (`StripGeometry`), so no strip is made; the message
/// names the file and how to get it back, and the front end adds what works without windows.
public struct PlaceholderPictureError: Error, Equatable, CustomStringConvertible {
  public var path: String
  /// Why, when the file is there: the system's reason, or that it is not a PNG. Nil: missing.
  public var reason: String?

  public init(path: String, reason: String?) {
    self.path = path
    self.reason = reason
  }

  /// From `PNGSize.read`'s error for the picture at `path`.
  init(path: String, readError error: any Error) {
    switch error {
    case let unreadable as PNGSize.Unreadable:
      self.init(path: path, reason: unreadable.isMissing ? nil : unreadable.reason)
    case is PNGSize.Invalid:
      self.init(path: path, reason: "not a PNG picture")
    default:
      self.init(path: path, reason: "\(error)")
    }
  }

  /// Throws when the picture at `path` cannot shape a strip (a read of its header): what a
  /// strip made later would fail on, checked before anything else starts.
  public static func check(path: String) throws(PlaceholderPictureError) {
    do {
      _ = try PNGSize.read(path: path)
    } catch {
      throw PlaceholderPictureError(path: path, readError: error)
    }
  }

  public var description: String {
    let problem = reason.map { "cannot be used (\($0))" } ?? "is missing"
    return "the strip's placeholder picture \(path) \(problem): it is installed with lyricpip, "
      + "and the strip is shaped by it (reinstall lyricpip, or set LYRICPIP_ASSETS to a folder "
      + "that holds pip-placeholder.png)"
  }
}
