import SystemSupport

/// Finds the synchronised lyrics in the ID3v2 tag at the start of an audio file (MP3, and
/// other files that carry an ID3v2 tag first). FFmpeg does not expose `SYLT`, so it is read
/// here. The file is only read, and at most `readCap` bytes of it.
public enum ID3SyncedLyricsReader {
  /// The tag is at the start; a tag larger than this (cover art) is read up to here only.
  public static let readCap = 4 * 1024 * 1024

  /// The frame chosen, if any, and what was skipped on the way, one line each.
  public struct Result: Equatable, Sendable {
    public var lyrics: ID3SyncedLyrics?
    public var diagnostics: [String]

    public init(lyrics: ID3SyncedLyrics? = nil, diagnostics: [String] = []) {
      self.lyrics = lyrics
      self.diagnostics = diagnostics
    }
  }

  /// The file's best synchronised lyrics. A file that cannot be read or has no ID3v2 tag
  /// gives an empty result without a diagnostic (it is simply not a source).
  public static func read(path: String, cap: Int = readCap) -> Result {
    guard let file = try? PosixFile(readingAt: path),
      let status = try? file.status(), status.kind == .regular,
      let header = try? file.read(upTo: ID3Tag.headerSize),
      let declared = ID3Tag.declaredSize(header),
      let rest = try? file.read(upTo: max(0, min(declared, cap) - header.count))
    else { return Result() }
    return find(in: header + rest)
  }

  /// The best synchronised lyrics in a tag's bytes (which may stop before the tag's end).
  public static func find(in bytes: [UInt8]) -> Result {
    guard let tag = ID3Tag.parse(bytes, keeping: ["SYLT", "SLT"]) else { return Result() }
    var result = Result(diagnostics: tag.diagnostics)
    var found: [ID3SyncedLyrics] = []
    for frame in tag.frames {
      do {
        found.append(try ID3SyncedLyrics.parse(frame.body, diagnostics: &result.diagnostics))
      } catch {
        result.diagnostics.append("frame \(frame.id): \(error); skipped")
      }
    }
    result.lyrics = best(of: found)
    return result
  }

  /// The frame to use: lyrics first, then a text transcription, then "other" content; within
  /// one kind, the first with entries in tag order. Chords, events, URLs and the like are not
  /// lyrics and are never chosen.
  static func best(of frames: [ID3SyncedLyrics]) -> ID3SyncedLyrics? {
    for contentType: UInt8 in [1, 2, 0] {
      if let frame = frames.first(where: { $0.contentType == contentType && !$0.entries.isEmpty }) {
        return frame
      }
    }
    return nil
  }
}
