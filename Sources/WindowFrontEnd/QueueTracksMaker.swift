import SessionWiring

/// Files and folders dropped on the main window as the session's tracks (the app's
/// `QueueTracks`: playlists and folders walked, the files checked); warnings go to `warn`.
public typealias QueueTracksMaker =
  @Sendable (_ paths: [String], _ warn: (String) -> Void) -> Result<
    [SessionTrack], QueueTracksRefusal
  >

/// Why none of the dropped files was added, said in one line.
public struct QueueTracksRefusal: Error, Sendable {
  public var message: String

  public init(message: String) {
    self.message = message
  }
}
