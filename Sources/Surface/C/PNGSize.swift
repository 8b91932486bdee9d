import SystemSupport

/// Reads a PNG's pixel size from its header (the IHDR chunk) without decoding it: the strip's
/// aspect comes from the placeholder picture, never from a constant.
public enum PNGSize {
  public struct Invalid: Error, Equatable, CustomStringConvertible {
    public var path: String
    public var description: String { "\(path): not a PNG picture" }
  }

  /// The file cannot be read: missing, a directory, no permission (`reason` says which).
  public struct Unreadable: Error, Equatable, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var isMissing: Bool { reason == Self.missing }
    public var description: String { "cannot read \(path): \(reason)" }
    static let missing = "no such file"
  }

  public static func read(path: String) throws -> (width: Int, height: Int) {
    // The header is all that is needed. Read with the system's calls: Foundation's reader
    // throws a CocoaError whose text is a dump, not a sentence.
    let header: [UInt8]
    do {
      header = try PosixFile(readingAt: path).read(upTo: 24)
    } catch {
      let missing = FileKind.at(path) == .missing
      throw Unreadable(path: path, reason: missing ? Unreadable.missing : error.message)
    }
    return try parse(header, path: path)
  }

  /// Signature (8 bytes), IHDR length (4), "IHDR" (4), width (4, big-endian), height (4).
  static func parse(_ bytes: [UInt8], path: String) throws -> (width: Int, height: Int) {
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    guard bytes.count >= 24, Array(bytes[0..<8]) == signature,
      Array(bytes[12..<16]) == Array("IHDR".utf8)
    else { throw Invalid(path: path) }
    func bigEndian(_ offset: Int) -> Int {
      bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
    }
    let size = (width: bigEndian(16), height: bigEndian(20))
    guard size.width > 0, size.height > 0 else { throw Invalid(path: path) }
    return size
  }
}
