/// The byte-level encodings of ID3v2: big-endian and "syncsafe" integers (7 bits a byte, so a
/// size never looks like an MPEG sync word) and unsynchronisation. Every read is bounds-checked
/// and returns nil past the end instead of trapping.
enum ID3Bytes {
  /// A big-endian unsigned integer of `count` bytes (at most 4) at `offset`.
  static func bigEndian(_ bytes: [UInt8], at offset: Int, count: Int) -> Int? {
    guard count <= 4, offset >= 0, offset <= bytes.count - count else { return nil }
    var value = 0
    for index in offset..<(offset + count) { value = value << 8 | Int(bytes[index]) }
    return value
  }

  /// A 4-byte syncsafe integer at `offset`; nil past the end or when a byte has its top bit set
  /// (then it is not syncsafe).
  static func syncsafe(_ bytes: [UInt8], at offset: Int) -> Int? {
    guard offset >= 0, offset <= bytes.count - 4 else { return nil }
    var value = 0
    for index in offset..<(offset + 4) {
      guard bytes[index] & 0x80 == 0 else { return nil }
      value = value << 7 | Int(bytes[index])
    }
    return value
  }

  /// Undoes unsynchronisation: the writer put a 0x00 after every 0xFF that could be mistaken
  /// for a sync word, so every `FF 00` reads back as `FF`.
  static func removingUnsynchronisation(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count)
    var previousWasFF = false
    for byte in bytes {
      if previousWasFF, byte == 0 {
        previousWasFF = false
        continue
      }
      result.append(byte)
      previousWasFF = byte == 0xFF
    }
    return result
  }
}
