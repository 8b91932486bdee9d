/// What the desktop sees of the player: MPRIS reads this state and sends its commands here. The
/// app implements it over the real `Player` (so this module knows no playback code).
///
/// Threads: every method is called on the MPRIS bus thread; an implementation must be safe to
/// call there while the player runs on its own threads.
public protocol MPRISPlayerControl: AnyObject, Sendable {
  /// Whether `raise` can bring a window forward (false without windows).
  var canRaise: Bool { get }
  func state() -> MPRISState
  /// The position heard now in the current track, µs.
  func positionMicros() -> Int64
  func play()
  func pause()
  func stop()
  func next()
  func previous()
  func seek(toMicros micros: Int64)
  /// 0…1.
  func setVolume(_ volume: Double)
  func setShuffle(_ on: Bool)
  func setLoopStatus(_ status: MPRISState.LoopStatus)
  /// Adds the files to the queue and plays the first of them; throws with a message a user can
  /// read when one cannot be played.
  func open(paths: [String]) throws
  func raise()
  func quit()
  /// The lyric line on display now (`org.lyricpip.Lyrics1`'s `Line`).
  func currentLine() -> LyricsBusLine
  /// The live lyrics offset, ms (positive: lyrics sooner).
  func offsetMs() -> Int
}

/// The player's state as MPRIS publishes it.
public struct MPRISState: Equatable, Sendable {
  public enum Status: String, Sendable {
    case playing = "Playing"
    case paused = "Paused"
    case stopped = "Stopped"
  }

  /// MPRIS's names for the repeat modes.
  public enum LoopStatus: String, Sendable {
    case none = "None"
    case track = "Track"
    case playlist = "Playlist"
  }

  public var status: Status
  public var track: MPRISTrack?
  public var volume: Double
  public var shuffle: Bool
  public var loopStatus: LoopStatus
  public var canGoNext: Bool
  public var canGoPrevious: Bool

  public init(
    status: Status = .stopped, track: MPRISTrack? = nil, volume: Double = 1,
    shuffle: Bool = false, loopStatus: LoopStatus = .none, canGoNext: Bool = false,
    canGoPrevious: Bool = false
  ) {
    self.status = status
    self.track = track
    self.volume = volume
    self.shuffle = shuffle
    self.loopStatus = loopStatus
    self.canGoNext = canGoNext
    self.canGoPrevious = canGoPrevious
  }
}

/// The current track: its place in the queue (for the MPRIS track id) and its tags.
public struct MPRISTrack: Equatable, Sendable {
  public var index: Int
  public var path: String
  public var title: String?
  public var artist: String?
  public var album: String?
  public var lengthMicros: Int64?
  /// The whole lyrics as plain text, one line each (`xesam:asText`); nil without lyrics.
  public var lyricsText: String?
  /// The cover as a `file://` URI of a local copy (`mpris:artUrl`); nil without one.
  public var artURL: String?

  public init(
    index: Int, path: String, title: String? = nil, artist: String? = nil, album: String? = nil,
    lengthMicros: Int64? = nil, lyricsText: String? = nil, artURL: String? = nil
  ) {
    self.lyricsText = lyricsText
    self.artURL = artURL
    self.index = index
    self.path = path
    self.title = title
    self.artist = artist
    self.album = album
    self.lengthMicros = lengthMicros
  }

  /// The MPRIS track id: an object path of our own, one per place in the queue.
  public var trackID: String { "/org/lyricpip/Track/\(index)" }
}
