/// What the player is doing.
public enum PlayerState: String, Sendable {
  case playing, paused, stopped, ended
}

/// Something the player reports to its observers.
public enum PlayerEvent: Equatable, Sendable {
  /// A new track is current (its position starts at 0, or wherever it was sought).
  case trackChanged(index: Int, info: TrackInfo)
  case stateChanged(PlayerState, positionNanos: Int64)
  case sought(positionNanos: Int64)
  /// The heard position started moving (the output really started): plan from it now.
  case outputStarted
  /// The sound server went away; the output tries to get it back, keeping the position.
  case outputLost(String)
  /// No sound server answered at start; the output waits for one, and plays once it answers
  /// (`outputReconnected`).
  case outputWaiting(String)
  case outputReconnected
  /// The sound server ran out of audio while playing: a gap was heard. `count`: how many so far.
  case outputUnderflow(count: Int)
  /// Shuffle or repeat changed.
  case orderChanged(shuffled: Bool, repeatMode: RepeatMode)
  /// The volume changed (0 to 1), whoever set it.
  case volumeChanged(Double)
  /// A track of the queue could not be opened and was skipped.
  case trackFailed(path: String, message: String)
  /// A track ended before its length (a read error, or its file cut short while it played);
  /// the queue goes on as at any end.
  case trackEndedEarly(path: String, message: String)
}

/// One entry of the player's queue: how to open its audio.
public struct PlayerItem: Sendable {
  public var path: String
  let open: @Sendable (AudioFormat) throws -> PCMSource
  /// The decoder the first open takes, for a file that was already open; see `file(_:opened:)`.
  private let opened: OpenedDecoder?

  public init(path: String, open: @escaping @Sendable (AudioFormat) throws -> PCMSource) {
    self.init(path: path, opened: nil, open: open)
  }

  private init(
    path: String, opened: OpenedDecoder?,
    open: @escaping @Sendable (AudioFormat) throws -> PCMSource
  ) {
    self.path = path
    self.opened = opened
    self.open = open
  }

  /// An audio file, decoded by FFmpeg. `opened`, when given, is the file's decoder already
  /// open (the check before playing): the first open takes it instead of opening the file again.
  public static func file(_ path: String, opened: OpenedDecoder? = nil) -> PlayerItem {
    PlayerItem(path: path, opened: opened) { format in
      if let decoder = opened?.take(for: format) { return decoder }
      return try AudioDecoder(path: path, format: format)
    }
  }

  /// Closes the decoder kept for the first open, if there is one: this entry will not be the
  /// first to play, and keeping it would hold the file open for nothing.
  public func releaseOpened() {
    opened?.release()
  }

  /// Silence of a given length (lyrics without audio).
  public static func silence(name: String, durationNanos: Int64) -> PlayerItem {
    PlayerItem(path: name) { format in
      SilentSource(name: name, durationNanos: durationNanos, format: format)
    }
  }
}
