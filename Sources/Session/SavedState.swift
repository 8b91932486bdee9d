/// What lyricpip remembers between runs: window places, live offset changes per track, and where
/// the user left off. Everything is optional, so a missing piece means "the default".
public struct SavedState: Codable, Equatable, Sendable {
  /// Marks a file as ours; a JSON file without it is foreign and is not read.
  public static let formatName = "lyricpip-state"
  public static let currentVersion = 1

  public var format: String = SavedState.formatName
  public var version: Int = SavedState.currentVersion
  /// The floating strip's place and size.
  public var strip: WindowGeometry?
  /// The monitor the strip was on (nil in files written before it was kept, or off X11).
  public var stripMonitor: ScreenMonitor?
  /// The main window's place and size.
  public var mainWindow: WindowGeometry?
  /// Live offset changes (`+`/`-` keys, `offset` in scripts) by track path, in milliseconds on
  /// top of the lyrics file's own `[offset:]`. The lyrics file is rewritten only when the user
  /// saves the offset into it (Ctrl+S), and then the change kept here for the track drops to 0.
  public var trackOffsetsMs: [String: Int] = [:]
  /// The last track played and the position reached.
  public var lastTrack: TrackPosition?
  /// Whether the strip was locked at the last exit (nil in files written before it was kept).
  public var stripLocked: Bool?
  /// The queue at the last exit (nil in files written before it was kept).
  public var queue: SavedQueue?
  /// The lyrics the user chose for a track in the main window's picker, by track path: the
  /// automatic lookup never overrides it (nil in files written before choices were kept).
  public var lyricsChoices: [String: LyricsChoice]?
  /// The player's volume at the last exit, 0 to 1 (nil: full, as before it was kept).
  public var volume: Double?

  public init(
    strip: WindowGeometry? = nil, mainWindow: WindowGeometry? = nil,
    trackOffsetsMs: [String: Int] = [:], lastTrack: TrackPosition? = nil, stripLocked: Bool? = nil
  ) {
    self.strip = strip
    self.mainWindow = mainWindow
    self.trackOffsetsMs = trackOffsetsMs
    self.lastTrack = lastTrack
    self.stripLocked = stripLocked
  }
}

/// The lyrics a user chose for a track.
public enum LyricsChoice: Codable, Equatable, Sendable {
  /// An LRCLIB record, by its id.
  case lrclib(id: Int)
  /// Another provider's lyrics (`kugou`, `netease`, `amll`), by that provider's own id.
  case provider(name: String, id: String)
  /// "No lyrics for this track".
  case noLyrics
}

/// A window's place and size in screen pixels.
public struct WindowGeometry: Codable, Equatable, Sendable {
  public var x: Int
  public var y: Int
  public var width: Int
  public var height: Int

  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }
}

/// A track and a position in it.
public struct TrackPosition: Codable, Equatable, Sendable {
  public var path: String
  public var positionMs: Int

  public init(path: String, positionMs: Int) {
    self.path = path
    self.positionMs = positionMs
  }
}
