import Testing

@testable import LyricsOnline

@Suite("name normalisation")
struct NameNormalizerTests {
  @Test(arguments: [
    ("Beyoncé", "beyonce"),
    ("Sigur Rós", "sigur ros"),
    ("  Don't   Stop  ", "dont stop"),
    ("Rock & Roll", "rock and roll"),
    ("ÅNGSTRÖM", "angstrom"),
    ("Hello, World!", "hello world"),
    ("東京事変", "東京事変"),
  ])
  func normalizedFoldsCaseAccentsAndPunctuation(input: String, expected: String) {
    #expect(NameNormalizer.normalized(input) == expected)
  }

  @Test func bracketedEditionNotesAreNotTheTitle() {
    let title = NameNormalizer.title("Let It Be (Remastered 2009)")
    #expect(title.core == "let it be")
    #expect(title.versions.isEmpty)
    #expect(NameNormalizer.title("Yesterday - Remastered 2009").core == "yesterday")
    #expect(NameNormalizer.title("Song [Deluxe Edition]").core == "song")
  }

  @Test func aDashThatIsPartOfTheNameStays() {
    #expect(NameNormalizer.title("Part One - The Beginning").core == "part one the beginning")
  }

  @Test func versionsAreFoundInBracketsAndTails() {
    #expect(NameNormalizer.title("Song (Live at Wembley)").versions == [.live])
    #expect(NameNormalizer.title("Song - Live").versions == [.live])
    #expect(NameNormalizer.title("Song (Club Remix)").versions == [.remix])
    #expect(NameNormalizer.title("Song (Instrumental)").versions == [.instrumental])
    #expect(NameNormalizer.title("Song (Live) [Remix]").versions == [.live, .remix])
    #expect(NameNormalizer.title("Song").versions.isEmpty)
  }

  @Test func creditsInTitlesAreNotTheTitle() {
    #expect(NameNormalizer.title("Song feat. Someone").core == "song")
    #expect(NameNormalizer.title("Song (feat. Someone)").core == "song")
    #expect(NameNormalizer.title("Song ft. Someone Else").core == "song")
    // A title that is only the word stays itself.
    #expect(NameNormalizer.title("Featuring").core == "featuring")
  }

  @Test func multiArtistCreditsSplit() {
    #expect(NameNormalizer.artists("Alpha & Beta") == ["alpha", "beta"])
    #expect(NameNormalizer.artists("Alpha / Beta") == ["alpha", "beta"])
    #expect(NameNormalizer.artists("Alpha feat. Beta") == ["alpha", "beta"])
    #expect(NameNormalizer.artists("Alpha ft. Beta, Gamma") == ["alpha", "beta", "gamma"])
    #expect(NameNormalizer.artists("Alpha x Beta") == ["alpha", "beta"])
    #expect(NameNormalizer.artists("Alpha (feat. Beta)") == ["alpha", "beta"])
    #expect(NameNormalizer.artists("Florence + the Machine") == ["florence", "the machine"])
    #expect(NameNormalizer.artists("Björk") == ["bjork"])
  }

  @Test func searchTermsDropWhatNoRecordNameHolds() {
    #expect(NameNormalizer.searchTitle("Song (Remastered 2011)") == "Song")
    #expect(NameNormalizer.searchTitle("Song feat. X") == "Song")
    #expect(NameNormalizer.searchTitle("Don't Stop - Live") == "Don't Stop")
    #expect(NameNormalizer.searchArtist("Alpha feat. Beta") == "Alpha")
    #expect(NameNormalizer.searchArtist("Alpha/Beta") == "Alpha")
    #expect(NameNormalizer.searchArtist("Alpha, Beta") == "Alpha")
    #expect(NameNormalizer.searchArtist("Sigur Rós") == "Sigur Rós")
  }

  @Test func albumsLeaveEditionsOut() {
    #expect(NameNormalizer.album("Abbey Road (Remastered)") == "abbey road")
    #expect(NameNormalizer.album("Abbey Road") == "abbey road")
  }
}

@Suite("name normalisation across scripts")
struct NameNormalizerScriptTests {
  @Test func fullWidthFormsAndTheIdeographicSpaceReadAsASCII() {
    #expect(NameNormalizer.foldingScripts("ＡＢＣ　ｘｙｚ（１２）／＆") == "ABC xyz(12)/&")
  }

  @Test func traditionalCharactersReadAsSimplified() {
    #expect(NameNormalizer.foldingScripts("晚風與燈 現場") == "晚风与灯 现场")
    #expect(NameNormalizer.foldingScripts("東京事変") == "东京事変")
  }

  @Test func theTableHasOneSimplifiedFormForEachTraditionalOne() {
    var seen: Set<Unicode.Scalar> = []
    for pair in TraditionalToSimplified.pairs.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
      let scalars = Array(pair.unicodeScalars)
      #expect(scalars.count == 2 && scalars[0] != scalars[1], "\(pair)")
      #expect(seen.insert(scalars[0]).inserted, "\(pair) twice")
    }
    for simplified in TraditionalToSimplified.table.values {
      #expect(TraditionalToSimplified.table[simplified] == nil, "\(simplified) maps on")
    }
  }

  @Test(arguments: [
    ("Song (Live版)", VersionTag.live), ("歌 (现场)", .live), ("歌 - 伴奏", .instrumental),
    ("歌 (纯音乐)", .instrumental), ("歌 (翻自 某人)", .cover), ("Song (Cover)", .cover),
    ("Song (Acoustic)", .acoustic), ("노래 (라이브)", .live), ("歌 (不插电版)", .acoustic),
    ("Song (Remix)", .remix), ("うた (カバー)", .cover),
  ])
  func theExtendedVocabularyReadsMoreMarkers(title: String, tag: VersionTag) {
    #expect(NameNormalizer.title(title, vocabulary: .extended).versions == [tag])
  }

  @Test func theBasicVocabularyIsAsBefore() {
    #expect(NameNormalizer.title("Song (Cover)").versions.isEmpty)
    #expect(NameNormalizer.title("歌 (现场)").versions.isEmpty)
    #expect(NameNormalizer.title("歌 - 伴奏").core == "歌 伴奏")
    #expect(NameNormalizer.title("歌 - 伴奏", vocabulary: .extended).core == "歌")
  }
}
