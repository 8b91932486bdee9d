/// A track's cover as it is stored: the bytes of a JPEG or PNG file, never decoded here.
public struct CoverPicture: Equatable, Sendable {
  public enum Format: String, Sendable {
    case jpeg
    case png

    /// The file name extension a copy of the picture gets.
    public var fileExtension: String { self == .jpeg ? "jpg" : "png" }
  }

  /// Where the picture was found.
  public enum Origin: Equatable, Sendable {
    /// The audio file's attached picture.
    case embedded
    /// A picture file beside the audio file (its path).
    case file(String)
  }

  public var bytes: [UInt8]
  public var format: Format
  public var origin: Origin

  /// Nil unless `bytes` start as a JPEG or a PNG file does: a tag may call anything a picture,
  /// and a `cover.jpg` may be a PNG, so the content decides, not the name.
  public init?(bytes: [UInt8], origin: Origin) {
    if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
      format = .jpeg
    } else if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
      format = .png
    } else {
      return nil
    }
    self.bytes = bytes
    self.origin = origin
  }

  /// A name that only this content gets (FNV-1a, 64 bits, and the length): the same cover,
  /// shared by every track of an album, is written to the cache once.
  public var contentName: String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex + "-\(bytes.count)."
      + format.fileExtension
  }
}
