import Locking

/// A decoder that is already open (the check of a file before anything plays), kept for the
/// player's first open of that file, so FFmpeg opens the file once rather than twice. It is
/// taken at most once: a later open of the same entry (a replay, a repeat) opens the file again.
public final class OpenedDecoder: Sendable {
  private let waiting: Mutex<AudioDecoder?>

  public init(_ decoder: sending AudioDecoder) {
    waiting = Mutex(decoder)
  }

  /// The decoder when it is still here and decodes to `format`; nil otherwise. Either way it is
  /// no longer kept (one made for another format would never be used).
  func take(for format: AudioFormat) -> AudioDecoder? {
    guard let decoder = takeOut(), decoder.format == format else { return nil }
    return decoder
  }

  /// Lets the decoder go (its file is closed) when it will not be the one that plays.
  public func release() {
    _ = takeOut()
  }

  /// Taken out under the lock and closed, when it is, after it: closing is a file operation.
  private func takeOut() -> AudioDecoder? {
    waiting.withLock { kept -> AudioDecoder? in
      let decoder = kept
      kept = nil
      return decoder
    }
  }
}
