import Clocks
import Desktop
import PlayerContract
import Testing

@testable import Following

/// A followed player is followed and commanded, nothing more: it has no queue of ours to fill
/// and no volume of ours to set, so it does not pretend to (it once had `load`, `append` and
/// `setVolume` that did nothing); the session leaves both out for it.
@Suite struct FollowedPlayerShapeTests {
  @Test func aFollowedPlayerIsOnlyAPositionSourceAndATransport() {
    let engine: AnyObject = FollowedPlayerEngine(
      bus: FakePlayerBus(), clock: ManualClock(), chooser: PlayerChooser())
    #expect(engine is any FollowablePlayer)
    #expect(!(engine is any PlayerQueue))
    #expect(!(engine is any PlayerVolume))
  }
}
