import Testing

@testable import Desktop

/// Which player `follow` follows: `--player`, else the newest to start playing, never lyricpip
/// itself nor an ignored one.
@Suite struct PlayerChooserTests {
  let mpv = "org.mpris.MediaPlayer2.mpv"
  let vlc = "org.mpris.MediaPlayer2.vlc.instance42"
  let spotify = "org.mpris.MediaPlayer2.spotify"

  @Test func theOnePlayingIsChosenOverAPausedOne() {
    var chooser = PlayerChooser()
    chooser.appeared(mpv)
    chooser.statusChanged(mpv, to: .paused)
    chooser.appeared(spotify)
    chooser.statusChanged(spotify, to: .playing)
    #expect(chooser.choose() == spotify)
  }

  @Test func twoPlayingTheOneThatStartedLastWins() {
    var chooser = PlayerChooser()
    chooser.statusChanged(mpv, to: .playing)
    #expect(chooser.choose() == mpv)
    chooser.statusChanged(spotify, to: .playing)
    #expect(chooser.choose() == spotify)
    // mpv pausing and playing again makes it the newest start.
    chooser.statusChanged(mpv, to: .paused)
    chooser.statusChanged(mpv, to: .playing)
    #expect(chooser.choose() == mpv)
  }

  @Test func aPausedFollowedPlayerStaysFollowedUntilAnotherPlays() {
    var chooser = PlayerChooser()
    chooser.statusChanged(mpv, to: .playing)
    chooser.statusChanged(spotify, to: .paused)
    #expect(chooser.choose() == mpv)
    chooser.statusChanged(mpv, to: .paused)
    #expect(chooser.choose() == mpv)
    chooser.statusChanged(mpv, to: .stopped)
    #expect(chooser.choose() == mpv)
    chooser.vanished(mpv)
    #expect(chooser.choose() == spotify)
    chooser.vanished(spotify)
    #expect(chooser.choose() == nil)
  }

  @Test func aStoppedPlayerIsNotPickedUpUnlessItPlays() {
    var chooser = PlayerChooser()
    chooser.appeared(mpv)
    chooser.statusChanged(mpv, to: .stopped)
    #expect(chooser.choose() == nil)
    chooser.statusChanged(mpv, to: .playing)
    #expect(chooser.choose() == mpv)
  }

  @Test func lyricpipsOwnPlayerIsNeverFollowed() {
    var chooser = PlayerChooser()
    chooser.statusChanged("org.mpris.MediaPlayer2.lyricpip", to: .playing)
    chooser.statusChanged("org.mpris.MediaPlayer2.lyricpip.instance77", to: .playing)
    #expect(chooser.choose() == nil)
    // Not even when asked for by name.
    var pinned = PlayerChooser(pinned: "lyricpip")
    pinned.statusChanged("org.mpris.MediaPlayer2.lyricpip", to: .playing)
    #expect(pinned.choose() == nil)
    // A player whose name only starts the same way is another player.
    chooser.statusChanged("org.mpris.MediaPlayer2.lyricpipx", to: .playing)
    #expect(chooser.choose() == "org.mpris.MediaPlayer2.lyricpipx")
  }

  @Test func pinnedByBusNameSuffixOrIdentityEvenWhileAnotherPlays() {
    var chooser = PlayerChooser(pinned: "vlc")
    chooser.statusChanged(mpv, to: .playing)
    chooser.statusChanged(vlc, to: .paused)
    #expect(chooser.choose() == vlc)

    var byIdentity = PlayerChooser(pinned: "spotify")
    byIdentity.statusChanged(mpv, to: .playing)
    #expect(byIdentity.choose() == nil)
    byIdentity.appeared("org.mpris.MediaPlayer2.chromium.instance9")
    byIdentity.identified("org.mpris.MediaPlayer2.chromium.instance9", as: "Spotify")
    byIdentity.statusChanged("org.mpris.MediaPlayer2.chromium.instance9", to: .stopped)
    #expect(byIdentity.choose() == "org.mpris.MediaPlayer2.chromium.instance9")
  }

  @Test func ignoredPlayersAreNeverChosen() {
    var chooser = PlayerChooser(ignored: ["Firefox", "kdeconnect"])
    chooser.identified("org.mpris.MediaPlayer2.firefox.instance_1_2", as: "Firefox")
    chooser.statusChanged("org.mpris.MediaPlayer2.firefox.instance_1_2", to: .playing)
    chooser.statusChanged("org.mpris.MediaPlayer2.kdeconnect.mpris_000001", to: .playing)
    #expect(chooser.choose() == nil)
    chooser.statusChanged(mpv, to: .paused)
    #expect(chooser.choose() == mpv)
  }
}
