import Testing

@testable import Desktop

/// The MPRIS properties computed from the player's state, and what a change signals.
@Suite struct MPRISPropertiesTests {
  let track = MPRISTrack(
    index: 2, path: "/music/song.flac", title: "Song", artist: "Someone", album: "Record",
    lengthMicros: 180_000_000)

  func value(_ key: String, in entries: [DBusValue.Entry]) -> DBusValue? {
    entries.first { $0.key == key }?.value
  }

  @Test func metadataHasTheTrackIdLengthTagsAndURL() throws {
    guard case .dictionary(let entries) = MPRISProperties.metadata(track) else {
      Issue.record("metadata is not a dictionary")
      return
    }
    #expect(value("mpris:trackid", in: entries) == .objectPath("/org/lyricpip/Track/2"))
    #expect(value("mpris:length", in: entries) == .int64(180_000_000))
    #expect(value("xesam:title", in: entries) == .string("Song"))
    #expect(value("xesam:artist", in: entries) == .strings(["Someone"]))
    #expect(value("xesam:album", in: entries) == .string("Record"))
    #expect(value("xesam:url", in: entries) == .string("file:///music/song.flac"))
  }

  @Test func anUntaggedTrackIsTitledByItsFileNameAndNoTrackHasTheReservedId() {
    let untagged = MPRISTrack(index: 0, path: "/music/untitled.wav")
    guard case .dictionary(let entries) = MPRISProperties.metadata(untagged) else {
      Issue.record("metadata is not a dictionary")
      return
    }
    #expect(value("xesam:title", in: entries) == .string("untitled.wav"))
    #expect(value("xesam:artist", in: entries) == nil)
    #expect(
      MPRISProperties.metadata(nil)
        == .dictionary([
          .init(key: "mpris:trackid", value: .objectPath(MPRISProperties.noTrack))
        ]))
  }

  @Test func aPauseChangesOnlyThePlaybackStatus() {
    let playing = MPRISState(status: .playing, track: track, canGoPrevious: true)
    var paused = playing
    paused.status = .paused
    let changes = MPRISProperties.changes(
      from: MPRISProperties.player(playing), to: MPRISProperties.player(paused))
    #expect(changes == [.init(key: "PlaybackStatus", value: .string("Paused"))])
  }

  @Test func aNewTrackChangesTheMetadataAndWhatCanBeDone() {
    let first = MPRISState(status: .playing, track: track, canGoNext: true, canGoPrevious: true)
    var last = first
    last.track = MPRISTrack(index: 3, path: "/music/next.flac")
    last.canGoNext = false
    let keys = MPRISProperties.changes(
      from: MPRISProperties.player(first), to: MPRISProperties.player(last)
    ).map(\.key)
    #expect(keys == ["Metadata", "CanGoNext", "CanSeek"])
  }

  @Test func positionIsOnlyThereWhenAsked() {
    let state = MPRISState(status: .paused, track: track)
    #expect(value("Position", in: MPRISProperties.player(state)) == nil)
    #expect(
      value("Position", in: MPRISProperties.player(state, positionMicros: 5_000_000))
        == .int64(5_000_000))
  }

  @Test func variantsCarryTheSignatureOfWhatTheyHold() {
    #expect(DBusValue.wrapping(.double(0.5)).signature == "v")
    #expect(DBusValue.strings(["file"]).signature == "as")
    #expect(DBusValue.dictionary([]).signature == "a{sv}")
    #expect(DBusValue.objectPath("/a").signature == "o")
  }
}

@Suite struct LyricsPropertiesTests {
  @Test func theLineIsAnIssxxStructWithEmptyTranslationAndMinusOneEnd() {
    let line = LyricsBusLine(index: 3, text: "雨", translation: nil, startMs: 1_500, endMs: nil)
    #expect(line.value.signature == "(issxx)")
    #expect(
      line.value == .structure([.int32(3), .string("雨"), .string(""), .int64(1_500), .int64(-1)]))
    let entries = LyricsProperties.all(line: .none, offsetMs: -250, locked: true)
    #expect(entries.map(\.key) == ["Line", "OffsetMs", "Locked"])
    #expect(entries[1].value == .int64(-250))
    #expect(entries[2].value == .bool(true))
  }

  @Test func metadataCarriesTheLyricsAsText() {
    let track = MPRISTrack(index: 0, path: "/a.ogg", lyricsText: "one\ntwo")
    guard case .dictionary(let entries) = MPRISProperties.metadata(track) else {
      Issue.record("metadata is not a dictionary")
      return
    }
    #expect(entries.first { $0.key == "xesam:asText" }?.value == .string("one\ntwo"))
    let without = MPRISTrack(index: 0, path: "/a.ogg")
    guard case .dictionary(let plain) = MPRISProperties.metadata(without) else { return }
    #expect(!plain.contains { $0.key == "xesam:asText" })
  }
}
