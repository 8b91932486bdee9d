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
