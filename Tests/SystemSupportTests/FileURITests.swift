import Testing

@testable import SystemSupport

/// `file://` URIs both ways: what MPRIS clients and file managers send, and what we publish.
@Suite struct FileURITests {
  @Test(arguments: [
    ("/music/a b.mp3", "file:///music/a%20b.mp3"),
    ("/m/Ünïcode 歌.flac", "file:///m/%C3%9Cn%C3%AFcode%20%E6%AD%8C.flac"),
    ("/x/50%#?.ogg", "file:///x/50%25%23%3F.ogg"),
    ("/plain/song-1_2.~wav", "file:///plain/song-1_2.~wav"),
  ])
  func pathsBecomeURIsAndBack(_ path: String, _ uri: String) {
    #expect(FileURI.uri(forPath: path) == uri)
    #expect(FileURI.path(fromURI: uri) == path)
  }

  @Test func localhostIsLocal() {
    #expect(FileURI.path(fromURI: "file://localhost/a/b.ogg") == "/a/b.ogg")
  }

  @Test(arguments: [
    "http://example.com/a.mp3", "file://server/share/a.mp3", "file:///bad%2", "file:///bad%zz",
    "/just/a/path.mp3", "file://",
  ])
  func otherURIsAreRefused(_ uri: String) {
    #expect(FileURI.path(fromURI: uri) == nil)
  }
}
