import Playback
import PlayerContract
import SystemSupport

/// Checks an audio file before anything plays (exit 2 when it is not audio), for `play`, the
/// files the desktop opens and a script's `audio`: one place that opens the file to look and
/// says why it cannot be played.
public enum AudioProbe {
  /// The file cannot be played; `message` names it and says why.
  public struct Failure: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
  }

  /// The track's facts (length, tags, embedded lyrics) as the decoder reads them.
  public static func probe(_ path: String) throws(Failure) -> TrackInfo {
    try open(path).info
  }

  /// The file's decoder, open (its `info` holds the facts): for the track that plays first,
  /// which hands it to the player (`PlayerItem.file(_:opened:)`) instead of opening it again.
  public static func open(_ path: String) throws(Failure) -> AudioDecoder {
    do {
      return try AudioDecoder(path: path, format: .standard)
    } catch {
      throw Failure(message: describe(error, path: path))
    }
  }

  static func describe(_ error: Error, path: String) -> String {
    let kind = FileKind.at(path)
    if kind == .missing { return "\(path): no such file" }
    if kind == .directory { return "\(path) is a directory, not an audio file" }
    if let decoderError = error as? DecoderError {
      switch decoderError {
      case .notAudio: return "\(path) has no audio stream"
      case .unreadable(_, let reason): return "\(path) is not a readable audio file (\(reason))"
      case .seekFailed: return "\(decoderError)"
      }
    }
    return "\(path): \(error)"
  }
}
