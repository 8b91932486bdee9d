import Testing

@testable import Library

@Suite struct PlaylistReaderTests {
  @Test func m3uWithExtinfCommentsAndCRLF() {
    let text =
      "\u{FEFF}#EXTM3U\r\n#EXTINF:123,Artist - One\r\n01 one.mp3\r\n\r\n# a comment\r\n"
      + "/abs/two.ogg\r\n#EXTINF:-1,\r\nfile:///x/thr%20ee.flac\r\n"
    let entries = M3UReader.entries(Array(text.utf8))
    #expect(
      entries == [
        PlaylistEntry(location: "01 one.mp3", title: "Artist - One", line: 3),
        PlaylistEntry(location: "/abs/two.ogg", line: 6),
        PlaylistEntry(location: "file:///x/thr%20ee.flac", line: 8),
      ])
  }

  @Test func latin1M3U() {
    // "Café.mp3" in Latin-1, as old Windows players wrote .m3u.
    let bytes: [UInt8] = Array("Caf".utf8) + [0xE9] + Array(".mp3\n".utf8)
    #expect(M3UReader.entries(bytes).map(\.location) == ["Café.mp3"])
  }

  @Test func plsInTheOrderOfItsNumbers() {
    let text = """
      [playlist]
      File2=b.ogg
      Title2=Bee
      File1=a.ogg
      NumberOfEntries=2
      Version=2
      """
    let entries = PLSReader.entries(Array(text.utf8))
    #expect(entries.map(\.location) == ["a.ogg", "b.ogg"])
    #expect(entries.map(\.title) == [nil, "Bee"])
    #expect(entries.map(\.line) == [4, 2])
  }

  @Test func xspfLocationsAndTitles() throws {
    let text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <playlist version="1" xmlns="http://xspf.org/ns/0/">
        <title>not a track</title>
        <trackList>
          <track><location>file:///m/a%20b.flac</location><title>AB</title></track>
          <track><title>no location</title></track>
          <track><location> sub/c%C3%A9.ogg </location><location>alt.ogg</location></track>
        </trackList>
      </playlist>
      """
    let entries = try XSPFReader.entries(Array(text.utf8))
    #expect(entries.map(\.location) == ["file:///m/a%20b.flac", "sub/cé.ogg"])
    #expect(entries.map(\.title) == ["AB", nil])
  }

  @Test func brokenXSPFSaysWhere() {
    let text = "<playlist>\n<trackList>\n<track>\n</playlist>"
    #expect(throws: XSPFReader.Malformed.self) { try XSPFReader.entries(Array(text.utf8)) }
  }

  @Test func xspfEntitiesAreNotExpanded() throws {
    let text = """
      <?xml version="1.0"?>
      <!DOCTYPE playlist [<!ENTITY e SYSTEM "file:///etc/passwd">]>
      <playlist><trackList><track><location>&e;x.ogg</location></track></trackList></playlist>
      """
    let entries = try XSPFReader.entries(Array(text.utf8))
    #expect(entries.map(\.location) == ["x.ogg"])
  }

  @Test func entriesResolveAgainstThePlaylistFolder() {
    let folder = "/music/lists"
    #expect(
      PlaylistEntry(location: "a.mp3", line: 1).path(relativeTo: folder) == "/music/lists/a.mp3")
    #expect(
      PlaylistEntry(location: "../b.mp3", line: 1).path(relativeTo: folder)
        == "/music/lists/../b.mp3")
    #expect(PlaylistEntry(location: "/c.mp3", line: 1).path(relativeTo: folder) == "/c.mp3")
    #expect(
      PlaylistEntry(location: "file:///d%20e.mp3", line: 1).path(relativeTo: folder) == "/d e.mp3")
    #expect(PlaylistEntry(location: "http://radio/x", line: 1).path(relativeTo: folder) == nil)
    #expect(
      PlaylistEntry(location: "C:\\x.mp3", line: 1).path(relativeTo: folder)
        == "/music/lists/C:\\x.mp3")
  }

  @Test func kindsByExtension() {
    #expect(PlaylistKind(path: "/a/b.M3U8") == .m3u)
    #expect(PlaylistKind(path: "b.pls") == .pls)
    #expect(PlaylistKind(path: "b.xspf") == .xspf)
    #expect(PlaylistKind(path: "b.mp3") == nil)
    #expect(PlaylistKind(path: "/a.m3u/b") == nil)
  }
}
