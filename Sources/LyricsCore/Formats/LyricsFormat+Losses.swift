extension LyricsFormat {
  /// What writing `lyrics` in this format leaves out, one sentence each, for the warnings of a
  /// conversion ("word timing of 12 line(s) (plain LRC has none)"). Empty when nothing is lost.
  public func losses(writing lyrics: Lyrics) -> [String] {
    let lines = lyrics.lines
    func count(_ predicate: (LyricLine) -> Bool) -> Int { lines.filter(predicate).count }
    var lost: [String] = []
    func note(_ number: Int, _ what: String) {
      if number > 0 { lost.append("\(what) of \(number) line(s) (\(displayName) cannot hold it)") }
    }
    let keepsWords: Bool = self != .lrc && self != .lyl
    let keepsTranslation: Bool = [.lrc, .enhancedLRC, .krc, .ttml].contains(self)
    let keepsBackground: Bool = self == .ttml || self == .lys
    let keepsAgent: Bool = self == .ttml || self == .lys  // lys: v1 and v2 only, see below
    let keepsRomanisation: Bool = self == .ttml
    let keepsCredits: Bool = self == .yrc || self == .ttml
    if !keepsWords {
      note(count { !$0.words.isEmpty }, "word timing")
      if self != .lyl { note(count { $0.endMs != nil }, "the end time") }
    } else if self == .enhancedLRC {
      note(
        count { line in
          line.words.indices.contains { index in
            guard let end = line.words[index].endMs else { return false }
            let next = index + 1 < line.words.count ? line.words[index + 1].ms : line.endMs
            return end != next
          }
        }, "word ends apart from the next word's start")
    }
    if self == .eslyric || self == .enhancedLRC {
      // Their lines without words hold a start only.
      note(count { $0.words.isEmpty && $0.endMs != nil }, "the end time")
    }
    if !keepsTranslation { note(count { $0.translation != nil }, "the translation") }
    if self == .lrc || self == .enhancedLRC {
      // LRC holds a translation as a second line on its line's stamp, read back as one only
      // when it is plausibly a translation (`SameStampLines`): else it comes back a line.
      note(
        count { line in
          line.translation.map { !SameStampLines.isTranslation($0, of: line.text) } ?? false
        }, "a translation in its line's writing system")
    }
    if self == .enhancedLRC {
      // A2 holds timed background vocals and `v1:` voices before word stamps.
      note(count { $0.background.map { $0.words.isEmpty } ?? false }, "untimed background vocals")
      note(
        count { line in line.agent.map { !A2Voices.isAgentName($0) || line.words.isEmpty } ?? false
        },
        "a singer (agent) A2 cannot name")
    } else {
      if !keepsBackground { note(count { $0.background != nil }, "background vocals") }
      if !keepsAgent { note(count { $0.agent != nil }, "the singer (agent)") }
    }
    if !keepsRomanisation { note(count { $0.romanisation != nil }, "the romanisation") }
    if self != .ttml {
      note(
        count { $0.background.map { $0.translation != nil || $0.romanisation != nil } ?? false },
        "the background vocals' own translation or romanisation")
    }
    if !keepsCredits, !lyrics.credits.isEmpty {
      lost.append("\(lyrics.credits.count) credit(s) (\(displayName) cannot hold them)")
    }
    if self == .ttml, case let timed = lyrics.credits.filter({ $0.ms != nil }).count, timed > 0 {
      lost.append("the time of \(timed) credit(s) (TTML cannot hold it)")
    }
    if self == .lrc || self == .enhancedLRC,
      case let merged = LRCSameStartLoss.linesReadBackOtherwise(lyrics, as: self), merged > 0
    {
      lost.append(
        "\(merged) line(s) that start with another (\(displayName) reads them back as one line"
          + " or as a translation)")
    }
    lost += lyricifyLosses(writing: lyrics)
    if [.krc, .qrc, .yrc, .ttml, .eslyric, .lys, .lyl].contains(self) {
      let written = self == .ttml ? 0 : lyrics.offsetMs
      note(count { $0.ms + written < 0 }, "a time before 0:00 (written as 0)")
    }
    if self == .ttml {
      if lyrics.offsetMs != 0 { lost.append("the offset (applied to every time instead)") }
      let other = lyrics.metadata.keys.filter { $0 != "ti" && $0 != "language" && $0 != "offset" }
      if !other.isEmpty {
        lost.append(
          "metadata \(other.sorted().joined(separator: ", ")) (TTML here holds only the title and language)"
        )
      }
    }
    return lost
  }

  /// How the format is called in messages.
  public var displayName: String {
    switch self {
    case .lrc: "plain LRC"
    case .enhancedLRC: "enhanced LRC"
    case .krc: "KRC"
    case .qrc: "QRC"
    case .yrc: "YRC"
    case .ttml: "TTML"
    case .eslyric: "ESLyric"
    case .lrcx: "LRCX"
    case .lyricsfile: "lyricsfile"
    case .lys: "Lyricify Syllable"
    case .lyl: "Lyricify Lines"
    }
  }
}
