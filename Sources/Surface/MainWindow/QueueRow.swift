/// One track of the queue as the main window's queue view lists it. Until its tags are read the
/// title is the file's name and the rest is unknown.
public struct QueueRow: Equatable, Sendable {
  public var title: String
  public var artist: String
  public var durationMs: Int?

  public init(title: String, artist: String = "", durationMs: Int? = nil) {
    self.title = title
    self.artist = artist
    self.durationMs = durationMs
  }
}

/// What the queue view shows, and which row the keys move over.
struct MainQueueState: Equatable {
  /// The row the ↑/↓ keys and the wheel move; Enter plays it.
  var selection = 0
}
