extension LyricsFormatDetector {
  /// The lines of a text file counted by shape, for `textFormat`'s majority.
  struct LineShapeVotes {
    /// Lines that open with `[start,duration]`, by what their words look like.
    var krc = 0
    var yrc = 0
    var qrc = 0
    var durationOnly = 0
    /// Of the `durationOnly` lines, those whose second number is not below the first: all of a
    /// Lyricify Lines file (`[start,end]`), only the first seconds of a QRC one.
    var endAfterStart = 0
    /// Lyricify Syllable's `[property]word(start,duration)…`.
    var lys = 0
    /// Lines that open with an LRC stamp: shaped like ESLyric (text, then a stamp: at the end
    /// of the line, as each word is followed by its end, or only inside it); shaped like LRC
    /// only (several stamps before the text, bare stamps, `<…>` word stamps); or one stamp and
    /// text, which both read alike.
    var eslyricEnded = 0
    var eslyricInner = 0
    var lrcOnly = 0
    var enhancedLRC = 0
    var plain = 0

    mutating func count(lrcLineRest rest: Substring) {
      let text = rest.drop { $0 == " " || $0 == "\t" }
      let body = Self.afterLeadingStamps(text) ?? text
      let severalStamps = body.startIndex != text.startIndex
      if body.isEmpty {
        // Only stamps: LRC's "blank the display at these times" (ESLyric has no run of empty
        // words without text). One stamp alone is a blank line in both: no vote.
        if severalStamps { lrcOnly += 1 }
        return
      }
      if let open = Self.lastStampStart(in: body) {
        // LRC text may quote a stamp (`[75:00.00] is fine too`), but seldom at the very end.
        let end = Self.stampEnd(body, at: open)
        if let end, body[end...].allSatisfy({ $0 == " " || $0 == "\t" }) {
          eslyricEnded += 1
        } else {
          eslyricInner += 1
        }
      } else if severalStamps {
        lrcOnly += 1  // `[t1][t2]text`: one line per stamp in LRC, the first only in ESLyric
      } else if body.contains("<"), body.contains(">") {
        enhancedLRC += 1
      } else {
        plain += 1
      }
    }

    /// Where the last LRC stamp inside `body` (which opens with text) starts.
    static func lastStampStart(in body: Substring) -> Substring.Index? {
      var found: Substring.Index?
      var index = body.startIndex
      while let open = body[index...].firstIndex(of: "[") {
        if open > body.startIndex, stampEnd(body, at: open) != nil { found = open }
        index = body.index(after: open)
      }
      return found
    }

    /// The index after the `[m:ss…]` stamp that opens at `open`, as `lrcStampEnd` tells one.
    /// It reads only the stamp's own characters, so a line full of `[` stays linear.
    static func stampEnd(_ text: Substring, at open: Substring.Index) -> Substring.Index? {
      var index = text.index(after: open)
      var hasColon = false
      while index < text.endIndex {
        let character = text[index]
        if character == "]" {
          return hasColon ? text.index(after: index) : nil
        }
        guard character.isNumber || character == ":" || character == "." else { return nil }
        if index == text.index(after: open), !character.isNumber { return nil }
        if character == ":" { hasColon = true }
        index = text.index(after: index)
      }
      return nil
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

    /// The format with the most weight. A line only one format reads right weighs 2, a line
    /// both read alike 1, and ESLyric needs a line that ends with a stamp: an ESLyric file may
    /// hold a plain line per lyric (a translation on the same stamp) or words without an end
    /// stamp, but an LRC file with as many lines that quote stamps is not seen.
    var winner: LyricsFormat {
      let durationLines = krc + yrc + qrc + durationOnly
      let lrcLines = eslyricEnded + eslyricInner + lrcOnly + enhancedLRC + plain
      if lys > durationLines, lys > lrcLines { return .lys }
      if durationLines > lrcLines {
        if krc > 0, krc >= yrc, krc >= qrc { return .krc }
        if yrc > 0, yrc >= qrc { return .yrc }
        if endAfterStart > krc + yrc + qrc, endAfterStart * 2 > durationOnly { return .lyl }
        return .qrc
      }
      if eslyricEnded > 0,
        eslyricEnded * 2 + eslyricInner > (lrcOnly + enhancedLRC) * 2 + plain
      {
        return .eslyric
      }
      return enhancedLRC > 0 ? .enhancedLRC : .lrc
    }
  }
}
