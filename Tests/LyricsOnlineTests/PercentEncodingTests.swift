import Testing

@testable import LyricsOnline

@Suite("percent-encoding")
struct PercentEncodingTests {
  @Test func reservedCharactersCannotChangeTheQuery() {
    #expect(PercentEncoding.encode("A&B=C+D#E/F?G") == "A%26B%3DC%2BD%23E%2FF%3FG")
    #expect(PercentEncoding.encode("two words") == "two%20words")
    #expect(PercentEncoding.encode("safe-._~") == "safe-._~")
  }

  @Test func nonASCIIIsItsUTF8Bytes() {
    #expect(PercentEncoding.encode("é") == "%C3%A9")
    #expect(PercentEncoding.encode("東") == "%E6%9D%B1")
  }

  @Test func theDocumentedExampleRequest() throws {
    let client = try LRCLIBClient(baseURL: "https://lrclib.net/", userAgent: "test")
    let url = client.url(
      "/api/get",
      [
        ("artist_name", "Borislav Slavov"), ("track_name", "I Want to Live"),
        ("album_name", "Baldur's Gate 3 (Original Game Soundtrack)"), ("duration", "233"),
      ])
    #expect(
      url == "https://lrclib.net/api/get?artist_name=Borislav%20Slavov&track_name=I%20Want%20to"
        + "%20Live&album_name=Baldur%27s%20Gate%203%20%28Original%20Game%20Soundtrack%29"
        + "&duration=233")
  }

  @Test func onlyHTTPBaseURLsAreTaken() {
    #expect(throws: LRCLIBClient.BadURL.self) {
      try LRCLIBClient(baseURL: "ftp://example", userAgent: "t")
    }
    #expect(throws: LRCLIBClient.BadURL.self) {
      try LRCLIBClient(baseURL: "lrclib.net", userAgent: "t")
    }
  }
}
