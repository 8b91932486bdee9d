/// Kugou's binary `.krc`: the magic `krc1`, then zlib data with every byte XORed with a fixed
/// 16-byte key (byte i with key[i % 16]); inside, KRC text in UTF-8 (maybe with a BOM).
public enum BinaryKRC {
  static let magic = Array("krc1".utf8)
  static let key: [UInt8] = [
    0x40, 0x47, 0x61, 0x77, 0x5E, 0x32, 0x74, 0x47, 0x51, 0x36, 0x31, 0x2D, 0xCE, 0xD2, 0x6E, 0x69,
  ]

  /// The KRC text's UTF-8 bytes.
  public static func decode(_ bytes: [UInt8]) throws(LyricsContainerError) -> [UInt8] {
    guard bytes.starts(with: magic) else { throw .badMagic(format: "binary KRC", expected: "krc1") }
    var text = try ZlibCalls.inflate(xor(bytes.dropFirst(magic.count)))
    if text.starts(with: [0xEF, 0xBB, 0xBF]) { text.removeFirst(3) }
    return text
  }

  /// The binary form of KRC text (what `decode` reads back).
  public static func encode(_ text: String) throws(LyricsContainerError) -> [UInt8] {
    magic + xor(try ZlibCalls.deflate(Array(text.utf8))[...])
  }

  static func xor(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
    var output = [UInt8](repeating: 0, count: bytes.count)
    for (index, byte) in bytes.enumerated() { output[index] = byte ^ key[index & 0x0F] }
    return output
  }
}
