import LyricsCore

/// NetEase's LRC as its answers carry it (`lrc`, `tlyric`, `romalrc`, `ytlrc`, `yromalrc`):
/// LRC that may open with the JSON credit lines YRC has, which the LRC reader would take as
/// untagged text. They are taken out as credits first. (The `[mm:ss:xx]` and `[mm:ss:xxx]`
/// stamps some answers have need nothing here: the LRC reader reads a third field of two digits
/// as hundredths, of three as milliseconds.)
enum NetEaseLRCText {
  static func parse(_ text: String) -> LRCParseResult {
    var kept: [Substring] = []
    var credits: [LyricCredit] = []
    for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      if line.first(where: { !$0.isWhitespace }) == "{",
        let credit = LyricCredit(netEaseCreditLine: Array(line.utf8))
      {
        credits.append(credit)
      } else {
        kept.append(line)
      }
    }
    var result = LRCParser.parse(kept.joined(separator: "\n"))
    result.lyrics.credits += credits
    return result
  }
}
