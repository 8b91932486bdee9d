import LyricsContainers
import LyricsCore
import Testing

/// `convert` keeps or warns: for documents holding everything the model can, in every writable
/// format, each part that does not read back as written is named by a loss of the conversion.
/// (`RoundTripTests` checks the other half: what a format can hold reads back unchanged.)
@Suite("Convert keeps or warns")
struct ConvertLossesTests {
  @Test("every part lost in writing is warned about", arguments: LyricsFormat.writable)
  func lossesWarned(format: LyricsFormat) throws {
    var unwarned: [String] = []
    for seed in 0..<150 {
      var generator = RichDocumentGenerator(seed: UInt64(seed))
      let lyrics = generator.document()
      let written = try #require(LyricsDocumentWriter.write(lyrics, as: format))
      let document = try read(Array(written.text.utf8), format: format)
      #expect(!document.result.hasErrors, "seed \(seed): \(document.result.diagnostics)")
      for (part, detail) in LostPart.differences(lyrics, document.result.lyrics)
      where !written.losses.contains(where: part.isNamed(by:)) {
        unwarned.append(
          "seed \(seed): \(part) lost without a warning (\(detail)); warned: \(written.losses)")
      }
    }
    #expect(unwarned.isEmpty, "\(format):\n\(unwarned.prefix(5).joined(separator: "\n"))")
  }

  @Test("enhanced LRC keeps two singers' lines with one start and one text")
  func duetLinesKept() throws {
    let lyrics = Lyrics(lines: [
      LyricLine(
        ms: 1000, text: "la la", words: [LyricWord(ms: 1000, text: "la la")],
        endMs: 1500, agent: "v1"),
      LyricLine(
        ms: 1000, text: "la la", words: [LyricWord(ms: 1000, text: "la la")],
        endMs: 1500, agent: "v2"),
    ])
    let written = try #require(LyricsDocumentWriter.write(lyrics, as: .enhancedLRC))
    #expect(written.losses.isEmpty, "\(written.losses)")
    #expect(try read(Array(written.text.utf8), format: .enhancedLRC).result.lyrics == lyrics)
  }

  @Test("a translation equal to its line is warned about where it cannot be kept")
  func equalTranslationWarned() throws {
    let lyrics = Lyrics(lines: [LyricLine(ms: 1000, text: "hello", translation: "hello")])
    for format in [LyricsFormat.lrc, .enhancedLRC] {
      let written = try #require(LyricsDocumentWriter.write(lyrics, as: format))
      let reread = try read(Array(written.text.utf8), format: format).result.lyrics
      #expect(reread.lines.first?.translation == nil)
      #expect(
        written.losses.contains { $0.contains("translation") }, "\(format): \(written.losses)")
    }
  }
}

/// A part of a document that can be lost in writing, and the words a loss names it with.
enum LostPart: String, CaseIterable {
  case lines, times, words, lineEnds, translation, romanisation, agent, background
  case backgroundExtras, credits, metadata

  /// What the sentences of `LyricsFormat.losses(writing:)` say for this part.
  var keywords: [String] {
    switch self {
    case .lines: ["translation in its line's writing system", "start with another"]
    case .times: ["before 0:00"]
    case .words: ["word timing", "word ends"]
    case .lineEnds: ["end time", "word timing", "no end"]
    case .translation: ["translation"]
    case .romanisation: ["romanisation"]
    case .agent: ["singer"]
    case .background: ["background"]
    case .backgroundExtras: ["background vocals' own"]
    case .credits: ["credit"]
    case .metadata: ["metadata", "offset"]
    }
  }

  func isNamed(by loss: String) -> Bool { keywords.contains { loss.contains($0) } }

  /// Words with the end each one has in effect: its own, else the next word's start, else the
  /// line's end. A format that writes only starts (enhanced LRC) holds the same times as one
  /// that writes each end when the ends meet the next starts.
  static func withEffectiveEnds(_ background: LyricBackground) -> LyricBackground {
    var copy = background
    copy.words = effective(background.words, lineEndMs: background.endMs)
    return copy
  }

  static func effective(_ words: [LyricWord], lineEndMs: Int?) -> [LyricWord] {
    words.indices.map { index in
      var word = words[index]
      word.endMs =
        word.endMs ?? (index + 1 < words.count ? words[index + 1].ms : lineEndMs)
      return word
    }
  }

  /// The parts in which `reread` differs from `original`, each with an example. Line parts are
  /// compared only when the lines themselves (start and text) read back alike.
  static func differences(_ original: Lyrics, _ reread: Lyrics) -> [(LostPart, String)] {
    var found: [(LostPart, String)] = []
    func note(_ part: LostPart, _ detail: @autoclosure () -> String) {
      if !found.contains(where: { $0.0 == part }) { found.append((part, detail())) }
    }
    if original.credits != reread.credits { note(.credits, "\(reread.credits)") }
    var metadata = original.metadata
    var rereadMetadata = reread.metadata
    metadata["offset"] = nil
    rereadMetadata["offset"] = nil
    if metadata != rereadMetadata || original.offsetMs != reread.offsetMs {
      note(.metadata, "\(reread.metadata) offset \(reread.offsetMs)")
    }
    let texts = original.lines.map(\.text)
    guard texts == reread.lines.map(\.text) else {
      note(
        .lines,
        "\(original.lines.map { "\($0.ms) \($0.text) \($0.agent ?? "") \($0.translation ?? "")" })"
          + " became \(reread.lines.map { "\($0.ms) \($0.text) \($0.translation ?? "")" })")
      return found
    }
    for (line, back) in zip(original.lines, reread.lines) {
      if line.ms != back.ms { note(.times, "\(line.ms) became \(back.ms)") }
      if Self.effective(line.words, lineEndMs: line.endMs)
        != Self.effective(back.words, lineEndMs: back.endMs)
      {
        note(.words, "\(line.words) became \(back.words)")
      }
      if line.endMs != back.endMs {
        note(
          .lineEnds, "\(line.text): \(line.endMs ?? -1) became \(back.endMs ?? -1), \(line.words)")
      }
      if line.translation != back.translation {
        note(.translation, "\(line.translation ?? "nil") became \(back.translation ?? "nil")")
      }
      if line.romanisation != back.romanisation { note(.romanisation, "\(line.text)") }
      if line.agent != back.agent {
        note(.agent, "\(line.agent ?? "nil") became \(back.agent ?? "nil")")
      }
      var background = line.background
      var backBackground = back.background
      if background?.translation != backBackground?.translation
        || background?.romanisation != backBackground?.romanisation
      {
        note(.backgroundExtras, "\(line.text)")
      }
      background?.translation = nil
      background?.romanisation = nil
      backBackground?.translation = nil
      backBackground?.romanisation = nil
      background = background.map(Self.withEffectiveEnds)
      backBackground = backBackground.map(Self.withEffectiveEnds)
      if background != backBackground {
        note(
          .background,
          "\(String(describing: background)) became \(String(describing: backBackground))")
      }
    }
    return found
  }
}
