import Testing

@testable import Desktop

/// Reading another player's Metadata and Player properties from plain bus values.
@Suite struct MPRISTrackMetadataTests {
  @Test func theFieldsFollowUsesAreRead() {
    let metadata = MPRISTrackMetadata(
      .dictionary([
        .init(key: "mpris:trackid", value: .variant(.objectPath("/org/mpv/Track/1"))),
        .init(key: "xesam:title", value: .variant(.string("Song"))),
        .init(key: "xesam:artist", value: .variant(.strings(["A", "B"]))),
        .init(key: "xesam:album", value: .variant(.string("Record"))),
        .init(key: "mpris:length", value: .variant(.int64(181_000_000))),
        .init(key: "xesam:url", value: .variant(.string("file:///music/a%20b.flac"))),
        .init(key: "xesam:asText", value: .variant(.string("[00:01.00]hi"))),
        .init(key: "xesam:genre", value: .variant(.strings(["Pop"]))),
      ]))
    #expect(metadata.trackID == "/org/mpv/Track/1")
    #expect(metadata.title == "Song")
    #expect(metadata.artists == ["A", "B"])
    #expect(metadata.album == "Record")
    #expect(metadata.lengthMicros == 181_000_000)
    #expect(metadata.localPath == "/music/a b.flac")
    #expect(metadata.lyricsText == "[00:01.00]hi")
  }

  @Test func missingOrOddlyTypedKeysLeaveFieldsEmpty() {
    let metadata = MPRISTrackMetadata(
      .dictionary([
        .init(key: "xesam:title", value: .int32(3)),
        .init(key: "mpris:length", value: .int64(0)),
        .init(key: "xesam:url", value: .string("https://example.org/stream")),
        .init(key: "xesam:artist", value: .string("Solo")),
      ]))
    #expect(metadata.title == nil)
    #expect(metadata.lengthMicros == nil)
    #expect(metadata.localPath == nil)
    #expect(metadata.url == "https://example.org/stream")
    #expect(metadata.artists == ["Solo"])
    #expect(MPRISTrackMetadata(.string("not a dictionary")) == MPRISTrackMetadata())
  }

  @Test func aLengthOrLyricsAddedLaterIsTheSameTrack() {
    let first = MPRISTrackMetadata(trackID: "/t/1", title: "Song", url: "file:///a.flac")
    var later = first
    later.lengthMicros = 5_000_000
    later.lyricsText = "words"
    #expect(first.isSameTrack(as: later))
    var other = first
    other.trackID = "/t/2"
    #expect(!first.isSameTrack(as: other))
  }

  @Test func playerPropertiesKeepOnlyWhatWasSent() {
    let change = MPRISPlayerChange(
      properties: .dictionary([
        .init(key: "PlaybackStatus", value: .variant(.string("Paused"))),
        .init(key: "Rate", value: .variant(.double(1.5))),
        .init(key: "Volume", value: .variant(.double(0.3))),
      ]))
    #expect(change == MPRISPlayerChange(status: .paused, rate: 1.5))
    let nonsense = MPRISPlayerChange(
      properties: .dictionary([
        .init(key: "PlaybackStatus", value: .string("Dancing")),
        .init(key: "Rate", value: .double(0)),
      ]))
    #expect(nonsense.isEmpty)
  }
}
