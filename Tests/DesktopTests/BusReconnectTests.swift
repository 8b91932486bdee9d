import Testing

@testable import Desktop

/// The name taken again on a bus that came back when another process holds the old one.
@Suite struct BusReconnectTests {
  @Test func aPlayerFallsBackToItsMPRISInstanceNameAndTheFollowerToOneOfItsOwn() {
    #expect(
      BusReconnect.fallbackName(for: MPRISService.plainName, pid: 42)
        == "org.mpris.MediaPlayer2.lyricpip.instance42")
    // The follower is no player: its fallback is not an MPRIS name, so MPRIS clients (and
    // followers) still do not list it.
    let follower = BusReconnect.fallbackName(for: "org.lyricpip.Follow", pid: 42)
    #expect(follower == "org.lyricpip.Follow.instance42")
    #expect(!follower.hasPrefix("org.mpris.MediaPlayer2."))
  }
}
