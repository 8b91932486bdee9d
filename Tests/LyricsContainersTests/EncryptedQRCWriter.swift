@testable import LyricsContainers

/// The encrypt direction of QQ Music's QRC, for fixtures and round trips (lyricpip itself only
/// reads it): zlib, zero padding to whole blocks, QQ's triple DES as E(K1) D(K2) E(K3); the local
/// file adds the `[offset:0]` header and the XOR layer.
enum EncryptedQRCWriter {
  static func cipherText(_ payload: [UInt8]) throws -> [UInt8] {
    var data = try ZlibCalls.deflate(payload)
    data += [UInt8](repeating: 0, count: (8 - data.count % 8) % 8)
    EncryptedQRC.tripleDES(&data, decrypting: false)
    return data
  }

  /// The hex form, upper case as QQ's servers send it.
  static func hex(_ payload: [UInt8]) throws -> [UInt8] {
    Array(try cipherText(payload).map(EncryptedQRC.hex2).joined().utf8)
  }

  static func localFile(_ payload: [UInt8]) throws -> [UInt8] {
    QMC1Mask.apply((EncryptedQRC.localHeader + (try cipherText(payload)))[...])
  }

  /// QQ's XML wrapper around QRC text, escaped as QQ escapes it (`&`, `"`, `<`, `>` and line
  /// breaks as references).
  static func wrapper(_ qrc: String) -> [UInt8] {
    var escaped = ""
    for character in qrc {
      switch character {
      case "&": escaped += "&amp;"
      case "\"": escaped += "&quot;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\n": escaped += "&#10;"
      default: escaped.append(character)
      }
    }
    return Array(
      """
      <?xml version="1.0" encoding="utf-8"?>
      <QrcInfos>
      <QrcHeadInfo SaveTime="0" Version="100"/>
      <LyricInfo LyricCount="1">
      <Lyric_1 LyricType="1" LyricContent="\(escaped)"/>
      </LyricInfo>
      </QrcInfos>

      """.utf8)
  }
}
