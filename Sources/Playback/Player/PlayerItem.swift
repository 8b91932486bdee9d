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
