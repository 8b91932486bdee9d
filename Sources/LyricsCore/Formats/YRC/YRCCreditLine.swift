import FoundationEssentials

/// One of YRC's JSON credit lines: `{"t": ms, "c": [{"tx": text, "li": image, "or": link}]}`.
/// The pieces' texts joined are the credit ("作词: " + "Brent Kutzle").
struct YRCCreditLine: Codable {
  struct Piece: Codable {
    var tx: String
  }

  var t: Int?
  var c: [Piece]

  static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> LyricCredit? {
    guard let line = try? JSONDecoder().decode(YRCCreditLine.self, from: Data(bytes)) else {
      return nil
    }
    return LyricCredit(ms: line.t, text: line.c.map(\.tx).joined())
  }

  /// The credit as one JSON line, its text as a single piece.
  static func encode(_ credit: LyricCredit) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let line = YRCCreditLine(t: credit.ms ?? 0, c: [Piece(tx: HeaderTag.oneLine(credit.text))])
    guard let data = try? encoder.encode(line) else { return "" }
    return String(decoding: data, as: UTF8.self)
  }
}

extension LyricCredit {
  /// One of NetEase's JSON credit lines (`{"t":0,"c":[{"tx":"作词: "},{"tx":"…"}]}`), which its
  /// LRC answers open with as YRC does; nil when `utf8` is not one. Public for the readers of
  /// NetEase's answers, which take them out of the LRC before the LRC reader sees it.
  public init?(netEaseCreditLine utf8: [UInt8]) {
    guard
      let credit = utf8.withUnsafeBufferPointer({ bytes in YRCCreditLine.decode(bytes) })
    else { return nil }
    self = credit
  }
}
