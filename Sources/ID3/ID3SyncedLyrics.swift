/// An ID3v2 synchronised lyrics frame (`SYLT`; `SLT` in ID3v2.2): texts each with the time it
/// starts, as the frame stores them.
///
/// The body: a text encoding byte, a 3-byte language, the timestamp format (1: MPEG frames,
/// 2: milliseconds), the content type (1 is lyrics), a terminated content descriptor, then
/// entries of a terminated text followed by a 4-byte big-endian timestamp until the end.
public struct ID3SyncedLyrics: Equatable, Sendable {
  public enum TimestampFormat: UInt8, Equatable, Sendable {
    /// Counts of MPEG audio frames since the start; `MPEGFrameTiming` turns them into time.
    case mpegFrames = 1
    case milliseconds = 2
  }

  /// One synchronised text: a line (often beginning with a line break) or a word or syllable.
  public struct Entry: Equatable, Sendable {
    public var text: String
    /// In the unit of `timestampFormat`.
    public var time: UInt32

    public init(text: String, time: UInt32) {
      self.text = text
      self.time = time
    }
  }

  /// ISO 639-2 code as written (`eng`, `XXX` when unknown).
  public var language: String
  public var timestampFormat: TimestampFormat
  /// 0 other, 1 lyrics, 2 text transcription, 3 movement or part name, 4 events, 5 chords,
  /// 6 trivia, 7 web page URLs, 8 image URLs.
  public var contentType: UInt8
  public var descriptor: String
  public var entries: [Entry]

  public init(
    language: String = "XXX", timestampFormat: TimestampFormat = .milliseconds,
    contentType: UInt8 = 1, descriptor: String = "", entries: [Entry] = []
  ) {
    self.language = language
    self.timestampFormat = timestampFormat
    self.contentType = contentType
    self.descriptor = descriptor
    self.entries = entries
  }

  /// Why a frame body cannot be read at all.
  public struct Invalid: Error, Equatable, CustomStringConvertible {
    public var description: String
  }

  /// Reads a frame body. A body cut short keeps the entries before the cut and adds a line to
  /// `diagnostics`; a body whose header cannot be read throws.
  public static func parse(
    _ body: [UInt8], diagnostics: inout [String]
  ) throws(Invalid) -> ID3SyncedLyrics {
    guard body.count >= 6 else {
      throw Invalid(description: "\(body.count)-byte body is too short for its header")
    }
    guard let encoding = ID3TextEncoding(rawValue: body[0]) else {
      throw Invalid(description: "unknown text encoding \(body[0])")
    }
    guard let format = TimestampFormat(rawValue: body[4]) else {
      throw Invalid(description: "unknown timestamp format \(body[4])")
    }
    var bigEndian = false
    let language = ID3TextEncoding.latin1.decode(body[1..<4], bigEndian: &bigEndian)
    guard let descriptor = encoding.terminatedString(in: body, at: 6, bigEndian: &bigEndian)
    else { throw Invalid(description: "content descriptor has no terminator") }
    var lyrics = ID3SyncedLyrics(
      language: language, timestampFormat: format, contentType: body[5],
      descriptor: descriptor.text)
    var offset = descriptor.next
    while offset < body.count {
      guard let text = encoding.terminatedString(in: body, at: offset, bigEndian: &bigEndian),
        let time = ID3Bytes.bigEndian(body, at: text.next, count: 4)
      else {
        diagnostics.append(
          "entry \(lyrics.entries.count + 1) is cut short; \(lyrics.entries.count) entries read")
        break
      }
      lyrics.entries.append(Entry(text: text.text, time: UInt32(time)))
      offset = text.next + 4
    }
    return lyrics
  }
}
