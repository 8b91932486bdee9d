extension LyricsFormatDetector {
  /// The lines of a text file counted by shape, for `textFormat`'s majority.
  struct LineShapeVotes {
    /// Lines that open with `[start,duration]`, by what their words look like.
    var krc = 0
    var yrc = 0
    var qrc = 0
    var durationOnly = 0
    /// Lines that open with an LRC stamp: shaped like ESLyric (text, then a stamp that ends
    /// the line); shaped like LRC only (several stamps before the text, bare stamps, `<…>`
    /// word stamps); or one stamp and text, which both read alike.
    var eslyric = 0
    var lrcOnly = 0
    var enhancedLRC = 0
    var plain = 0

    mutating func count(lrcLineRest rest: Substring) {
      let text = rest.drop { $0 == " " || $0 == "\t" }
      if text.isEmpty {
        plain += 1
        return
      }
      if let afterStamps = Self.afterLeadingStamps(text), afterStamps.isEmpty {
        // Only stamps: LRC's "blank the display at these times" (ESLyric has no empty word
        // run without text).
        lrcOnly += 1
        return
      }
      // ESLyric: text, then a stamp that ends the line (each word is followed by its end).
      // LRC text may quote a stamp (`[75:00.00] is fine too`), but not at the very end.
      let trimmedRest = rest.reversed().drop { $0 == " " || $0 == "\t" }
      if trimmedRest.first == "]", let open = rest.lastIndex(of: "["),
        LyricsFormatDetector.lrcStampEnd(rest[open...]) != nil,
        rest[..<open].contains(where: { !($0 == " " || $0 == "\t") })
      {
        eslyric += 1
      } else if Self.afterLeadingStamps(text) != nil {
        lrcOnly += 1  // `[t1][t2]text`: one line per stamp in LRC, the first only in ESLyric
      } else if rest.contains("<"), rest.contains(">") {
        enhancedLRC += 1
      } else {
        plain += 1
      }
    }

    /// The text after one or more stamps at the start of `text`; nil when it does not open
    /// with a stamp.
    static func afterLeadingStamps(_ text: Substring) -> Substring? {
      var rest = text
      var found = false
      while let end = LyricsFormatDetector.lrcStampEnd(rest) {
        found = true
        rest = rest[end...].drop { $0 == " " || $0 == "\t" }
      }
      return found ? rest : nil
    }

    /// The format with the most lines. ESLyric's lines count twice against LRC's plain ones:
    /// an ESLyric file may hold a plain line per lyric (a translation on the same stamp), but
    /// an LRC file with as many lines ending in a quoted stamp is not seen.
    var winner: LyricsFormat {
      let durationLines = krc + yrc + qrc + durationOnly
      let lrcLines = eslyric + lrcOnly + enhancedLRC + plain
      if durationLines > lrcLines {
        if krc > 0, krc >= yrc, krc >= qrc { return .krc }
        if yrc > 0, yrc >= qrc { return .yrc }
        return .qrc
      }
      if eslyric * 2 > (lrcOnly + enhancedLRC) * 2 + plain { return .eslyric }
      return enhancedLRC > 0 ? .enhancedLRC : .lrc
    }
  }
}
