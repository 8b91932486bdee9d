import LyricsCore

/// QQ Music's encrypted QRC, in its two forms:
///
/// - the **hex form** its servers send (and people save): the cipher text as hexadecimal text;
/// - the **local file** its desktop client keeps (`.qrc`): binary, every byte XORed with QQ's
///   fixed 128-byte key (the one of its old "QMC1" audio files); under it, the 11-byte header
///   `[offset:0]\n`, then the cipher text.
///
/// The cipher text is QQ's triple DES (`QQMusicDES`, ECB, the published key
/// `!@#)(*$%123ZXC!@!@#)(NHL` as K1 K2 K3, decrypted as D(K3) E(K2) D(K1)), over a zlib stream
/// zero-padded to whole 8-byte blocks. What it inflates to is read by `QRCPayload`.
public enum EncryptedQRC {
  static let tripleKey = Array("!@#)(*$%123ZXC!@!@#)(NHL".utf8)
  /// `[offset:0]\n` under the XOR layer: how a local file starts.
  public static let localFileMagic = LyricsFormatDetector.qrcLocalMagic
  static let localHeader = Array("[offset:0]\n".utf8)

  /// True when `bytes` start as a local file does.
  public static func isLocalFile(_ bytes: some Collection<UInt8>) -> Bool {
    bytes.starts(with: localFileMagic)
  }

  /// The decrypted, inflated payload (UTF-8 XML or text) of the hex form.
  public static func decryptHex(_ bytes: [UInt8]) throws(LyricsContainerError) -> [UInt8] {
    try inflate(decipher(hexBytes(bytes)))
  }

  /// The decrypted, inflated payload of a local file.
  public static func decryptLocalFile(_ bytes: [UInt8]) throws(LyricsContainerError) -> [UInt8] {
    guard isLocalFile(bytes) else {
      throw .encryptedQRC("the file does not start with QQ Music's encrypted '[offset:0]' header")
    }
    let plain = QMC1Mask.apply(bytes[...])
    return try inflate(decipher(Array(plain.dropFirst(localHeader.count))))
  }

  /// Triple DES over whole blocks, in either direction (the test support encrypts with it).
  static func tripleDES(_ data: inout [UInt8], decrypting: Bool) {
    let keys = [tripleKey[0..<8], tripleKey[8..<16], tripleKey[16..<24]]
    let stages: [QQMusicDES] =
      decrypting
      ? [
        QQMusicDES(key: keys[2], direction: .decrypt),
        QQMusicDES(key: keys[1], direction: .encrypt),
        QQMusicDES(key: keys[0], direction: .decrypt),
      ]
      : [
        QQMusicDES(key: keys[0], direction: .encrypt),
        QQMusicDES(key: keys[1], direction: .decrypt),
        QQMusicDES(key: keys[2], direction: .encrypt),
      ]
    for offset in stride(from: 0, to: data.count - data.count % 8, by: 8) {
      for stage in stages { stage.crypt(&data, at: offset) }
    }
  }

  static func decipher(_ cipherText: [UInt8]) throws(LyricsContainerError) -> [UInt8] {
    guard !cipherText.isEmpty else { throw .encryptedQRC("no cipher text") }
    guard cipherText.count % 8 == 0 else {
      throw .encryptedQRC(
        "\(cipherText.count) bytes of cipher text are not whole 8-byte blocks (truncated?)")
    }
    var data = cipherText
    tripleDES(&data, decrypting: true)
    return data
  }

  /// zlib's two header bytes are checked first: if they are wrong, the key was (or the bytes
  /// are not QQ's), which deserves a plainer message than zlib's "incorrect header check".
  static func inflate(_ data: [UInt8]) throws(LyricsContainerError) -> [UInt8] {
    guard data.count >= 2, data[0] & 0x0F == 8, (UInt16(data[0]) << 8 | UInt16(data[1])) % 31 == 0
    else {
      throw .encryptedQRC(
        "the decrypted data is not zlib data: not QQ Music's key or cipher, or a damaged file")
    }
    do {
      return try ZlibCalls.inflate(data)
    } catch .compressed(let message) {
      throw .encryptedQRC("damaged compressed data after decryption: \(message)")
    } catch {
      throw error
    }
  }

  /// Hexadecimal digits to bytes; ASCII white space (line breaks in a saved answer) and a
  /// UTF-8 byte-order mark are skipped.
  static func hexBytes(_ text: [UInt8]) throws(LyricsContainerError) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(text.count / 2)
    var high: UInt8?
    let start = text.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    for offset in start..<text.count {
      let byte = text[offset]
      if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { continue }
      guard let nibble = hexValue(byte) else {
        throw .encryptedQRC("not hexadecimal text: byte 0x\(hex2(byte)) at offset \(offset)")
      }
      if let first = high {
        output.append(first << 4 | nibble)
        high = nil
      } else {
        high = nibble
      }
    }
    guard high == nil else {
      throw .encryptedQRC("an odd number of hexadecimal digits (truncated?)")
    }
    return output
  }

  static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  static func hex2(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
  }
}
