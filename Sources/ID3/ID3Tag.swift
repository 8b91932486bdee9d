/// The ID3v2 tag at the start of a file (versions 2.2, 2.3 and 2.4), read from its bytes.
///
/// What the versions differ in, and how it is handled:
/// - the tag size is syncsafe in all three; frame sizes are syncsafe only in 2.4 (3 bytes in
///   2.2, 4 plain big-endian bytes in 2.3);
/// - unsynchronisation: in 2.2 and 2.3 the tag-level flag covers the whole tag after its
///   header, and frame sizes count the bytes after it is undone; in 2.4 it is applied frame by
///   frame (the frame's own flag, or the tag flag meaning "every frame");
/// - the extended header (2.3, 2.4) is skipped; 2.2's compression flag has no defined scheme,
///   so such a tag is not read;
/// - a compressed or encrypted frame is skipped with a diagnostic rather than misread.
///
/// Damage never traps: a size that points past the end or bytes that are not a frame header
/// end the walk with a diagnostic, keeping the frames read before it.
public struct ID3Tag: Equatable, Sendable {
  /// 2, 3 or 4 (ID3v2.2, v2.3, v2.4).
  public var majorVersion: Int
  /// The frames kept, in tag order.
  public var frames: [ID3Frame]
  /// What was skipped or could not be read, one line each.
  public var diagnostics: [String]

  /// The size of the tag header (and of the 2.4 footer).
  public static let headerSize = 10

  /// The whole tag's size (header and body) from its first 10 bytes; nil when they are not
  /// an ID3v2 tag header.
  public static func declaredSize(_ header: [UInt8]) -> Int? {
    guard header.count >= headerSize, header.starts(with: Array("ID3".utf8)),
      let size = ID3Bytes.syncsafe(header, at: 6)
    else { return nil }
    return headerSize + size
  }

  /// Reads the tag at the start of `bytes`, keeping only frames whose id is in `ids` (all
  /// when nil, which keeps large pictures too). Nil when `bytes` does not start with an ID3v2
  /// tag header. `bytes` may stop short of the declared size (a capped read): the frames that
  /// fit are read and a diagnostic says the rest was not.
  public static func parse(_ bytes: [UInt8], keeping ids: Set<String>? = nil) -> ID3Tag? {
    guard let declared = declaredSize(bytes) else { return nil }
    let major = Int(bytes[3])
    var tag = ID3Tag(majorVersion: major, frames: [], diagnostics: [])
    guard (2...4).contains(major) else {
      tag.diagnostics.append("ID3v2.\(major) tag: version not supported; not read")
      return tag
    }
    let flags = bytes[5]
    if major == 2, flags & 0x40 != 0 {
      tag.diagnostics.append("ID3v2.2 tag is compressed (no defined scheme); not read")
      return tag
    }
    let end = min(declared, bytes.count)
    if declared > bytes.count {
      tag.diagnostics.append(
        "tag declares \(declared) bytes but only \(bytes.count) were read; frames past them skipped"
      )
    }
    let tagUnsynchronised = flags & 0x80 != 0
    var body = Array(bytes[headerSize..<end])
    if tagUnsynchronised, major < 4 {
      body = ID3Bytes.removingUnsynchronisation(body[...])
    }
    var start = 0
    if major >= 3, flags & 0x40 != 0 {
      guard let skipped = extendedHeaderSize(body, major: major) else {
        tag.diagnostics.append("extended header is larger than the tag; frames not read")
        return tag
      }
      start = skipped
    }
    let reader = FrameWalker(
      body: body, major: major, tagUnsynchronised: tagUnsynchronised, ids: ids)
    reader.walk(from: start, into: &tag)
    return tag
  }

  /// The bytes the extended header takes at the start of `body`; nil when they do not fit.
  /// ID3v2.3 gives a plain size that leaves out its own 4 bytes; 2.4 a syncsafe size of the
  /// whole header.
  private static func extendedHeaderSize(_ body: [UInt8], major: Int) -> Int? {
    let size =
      major == 3
      ? ID3Bytes.bigEndian(body, at: 0, count: 4).map { $0 + 4 }
      : ID3Bytes.syncsafe(body, at: 0)
    guard let size, size >= 4, size <= body.count else { return nil }
    return size
  }
}
