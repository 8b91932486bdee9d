import LyricsCore
import Testing

@testable import Surface

/// The layout of the word-timed parts: duet lines placed by voice, the strip's second row, the
/// background vocals' size, place and fill, and the main window's note rows.
@Suite struct WordTimedLayoutTests {
  let duet = Lyrics(lines: [
    LyricLine(ms: 0, text: "first", agent: "v1"),
    LyricLine(ms: 1_000, text: "second", agent: "v2"),
    LyricLine(ms: 2_000, text: "both"),
    LyricLine(ms: 3_000, text: "third", agent: "v3"),
    LyricLine(ms: 4_000, text: "first again", agent: "v1"),
  ])

  @Test func theFirstAgentGoesLeftTheOthersRightAndLinesWithoutOneStayCentred() {
    let duets = DuetAlignment(lyrics: duet)
    #expect(duets.firstAgent == "v1")
    #expect(
      duet.lines.map(duets.alignment) == [.leading, .trailing, .centred, .trailing, .leading])
  }

  @Test func oneSingerOnEveryLineIsNotADuet() {
    let solo = Lyrics(lines: [
      LyricLine(ms: 0, text: "a", agent: "v1"), LyricLine(ms: 1_000, text: "b", agent: "v1"),
    ])
    let duets = DuetAlignment(lyrics: solo)
    #expect(duets.firstAgent == nil)
    #expect(solo.lines.map(duets.alignment) == [.centred, .centred])
    #expect(DuetAlignment(lyrics: nil).firstAgent == nil)
  }

  @Test func alignmentPlacesTextInItsBand() {
    #expect(LineAlignment.leading.x(ofWidth: 100, inBandFrom: 20, width: 500) == 20)
    #expect(LineAlignment.centred.x(ofWidth: 100, inBandFrom: 20, width: 500) == 220)
    #expect(LineAlignment.trailing.x(ofWidth: 100, inBandFrom: 20, width: 500) == 420)
    // Wider than the band: from its left edge, whatever the voice.
    #expect(LineAlignment.trailing.x(ofWidth: 600, inBandFrom: 20, width: 500) == 20)
    #expect(LineAlignment.centred.x(ofWidth: 600, inBandFrom: 20, width: 500) == 20)
  }

  @Test func theStripPlacesAFittingLineByVoiceAndScrollsALongOne() {
    let layout = StripLayout(width: 960, height: 192, fontSize: nil)
    let padding = layout.padding
    #expect(layout.mainX(ofWidth: 200, alignment: .leading, scrollX: 0) == padding)
    #expect(layout.mainX(ofWidth: 200, alignment: .centred, scrollX: 0) == (960 - 200) / 2)
    #expect(layout.mainX(ofWidth: 200, alignment: .trailing, scrollX: 0) == 960 - padding - 200)
    #expect(
      layout.mainX(ofWidth: layout.textWidth + 50, alignment: .trailing, scrollX: 30)
        == padding - 30)
  }

  let bilingual = [
    LyricLine(ms: 0, text: "你好", translation: "hello", romanisation: "ni hao"),
    LyricLine(ms: 0, text: "same moment"),
    LyricLine(ms: 1_000, text: ""),
    LyricLine(ms: 2_000, text: "世界"),
    LyricLine(ms: 3_000, text: "world", translation: ""),
  ]

  @Test func theSecondLineIsTheChosenPartElseTheNextLine() {
    #expect(SecondLine.translation.text(under: 0, of: bilingual) == "hello")
    #expect(SecondLine.romanisation.text(under: 0, of: bilingual) == "ni hao")
    // A line sung at the same moment comes first (it is on screen only there), else the next
    // line with text.
    #expect(SecondLine.next.text(under: 0, of: bilingual) == "same moment")
    #expect(SecondLine.next.text(under: 1, of: bilingual) == "世界")
    #expect(SecondLine.translation.text(under: 3, of: bilingual) == "world")
    #expect(SecondLine.romanisation.text(under: 3, of: bilingual) == "world")
    #expect(SecondLine.next.text(under: 4, of: bilingual) == "")
    #expect(SecondLine.next.text(under: 9, of: bilingual) == "")
  }

  @Test func theDefaultIsTodaysTranslationElseNext() {
    #expect(StripSettings().secondLine == .translation)
    // Exactly as before: a translation given, even an empty one, is what goes below.
    #expect(SecondLine.translation.text(under: 4, of: bilingual) == "")
  }

  @Test func backgroundVocalsAreSmallerAndTakeTheSecondRow() {
    let layout = StripLayout(width: 960, height: 200, fontSize: nil)
    #expect(layout.mainPixelSize == 64)
    #expect(layout.backgroundPixelSize == 38)
    #expect(layout.backgroundCenterY == layout.subCenterY)
    #expect(layout.backgroundCenterY > layout.mainCenterY + layout.mainPixelSize / 2)
  }

  @Test func backgroundVocalsFillByTheirOwnWords() {
    let background = LyricBackground(
      ms: 2_000, endMs: 3_000, text: "oh ah",
      words: [LyricWord(ms: 2_000, text: "oh "), LyricWord(ms: 2_500, text: "ah")])
    func fill(_ ms: Int) -> Int32 {
      BackgroundVocalsFill.fillX(
        background, mainLineEndMs: 5_000, lyricMs: ms, spans: [0..<30, 30..<50], width: 50)
    }
    #expect(fill(1_000) == 0)
    #expect(fill(2_250) == 15)
    #expect(fill(2_750) == 40)
    #expect(fill(3_500) == 50)
    func nextMove(_ ms: Int) -> Int? {
      BackgroundVocalsFill.nextMoveMs(
        background, words: WordsByTime(background.words), mainLineEndMs: 5_000, lyricMs: ms,
        spans: [0..<30, 30..<50], width: 50)
    }
    // Its first word fills 30 pixels in 500 ms: the first column is reached at 2_009 ms
    // (round(9 / 500 × 30) = 1). Its second word, 20 pixels in 500 ms, is at column 48 at
    // 2_950 ms and at 49 from 2_963 ms (round(463 / 500 × 20) = 19); at 2_999 ms it is full.
    #expect(nextMove(1_999) == 2_009)
    #expect(nextMove(2_950) == 2_963)
    #expect(nextMove(2_999) == nil)
    #expect(nextMove(3_000) == nil)
  }

  @Test func backgroundVocalsWithoutWordsFillAcrossTheirTime() {
    let timed = LyricBackground(ms: 1_000, endMs: 2_000, text: "(ooh)")
    #expect(
      BackgroundVocalsFill.fillX(
        timed, mainLineEndMs: 9_000, lyricMs: 1_500, spans: [0..<80], width: 80) == 40)
    // No end of its own: up to the main line's end.
    let open = LyricBackground(ms: 1_000, text: "(ooh)")
    #expect(
      BackgroundVocalsFill.fillX(
        open, mainLineEndMs: 3_000, lyricMs: 2_000, spans: [0..<80], width: 80) == 40)
  }

  @Test func backgroundVocalsShowTheirOwnTranslationOrRomanisationUnsung() {
    let background = LyricBackground(
      ms: 2_000, endMs: 3_000, text: "oh ah",
      words: [LyricWord(ms: 2_000, text: "oh "), LyricWord(ms: 2_500, text: "ah")],
      translation: "ô á", romanisation: "o a")
    let gap = BackgroundVocalsText.gap
    #expect(
      BackgroundVocalsText.segments(background, secondLine: .translation) == [
        "oh ", "ah", gap + "ô á",
      ])
    #expect(
      BackgroundVocalsText.segments(background, secondLine: .romanisation) == [
        "oh ", "ah", gap + "o a",
      ])
    #expect(BackgroundVocalsText.segments(background, secondLine: .next) == ["oh ", "ah"])
    let untimed = LyricBackground(ms: 2_000, text: "(ooh)", translation: "")
    #expect(BackgroundVocalsText.segments(untimed, secondLine: .translation) == ["(ooh)"])
    // The fill runs across the sung words only, never into the note after them.
    let spans = BackgroundVocalsText.sungSpans(background, of: [0..<30, 30..<50, 50..<90])
    #expect(spans == [0..<30, 30..<50])
    #expect(
      BackgroundVocalsFill.fillX(
        background, mainLineEndMs: 5_000, lyricMs: 3_500, spans: spans,
        width: spans.last?.upperBound ?? 0) == 50)
  }

  @Test func theMainWindowMakesRoomForEachKindOfNote() {
    #expect(MainLineAnnotations.rows(in: nil) == 0)
    #expect(MainLineAnnotations.rows(in: duet) == 0)
    #expect(MainLineAnnotations.rows(in: Lyrics(lines: bilingual)) == 2)
    #expect(MainLineAnnotations.texts(of: bilingual[0]) == ["ni hao", "hello"])
    #expect(MainLineAnnotations.texts(of: bilingual[4]).isEmpty)
    let plain = MainLayout(width: 800, height: 600)
    var noted = plain
    noted.annotationRows = 2
    #expect(noted.lineSpacing == plain.lineSpacing + 2 * noted.annotationStep)
    #expect(noted.annotationSize < plain.lineSize)
  }
}
