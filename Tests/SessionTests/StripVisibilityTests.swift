import Session
import Testing

/// The show/hide rules: what holds the strip back, and the `strip` events' changes and reasons.
@Suite struct StripVisibilityTests {
  typealias Change = StripVisibility.Change

  @Test func aFullscreenWindowHidesTheStripAndItsEndShowsItAgain() {
    var rules = StripVisibility()
    #expect(rules.pipStarted(reason: "focus-lost") == Change(shown: true, reason: "focus-lost"))
    #expect(rules.setFullscreen(true) == Change(shown: false, reason: "fullscreen"))
    #expect(!rules.isOnScreen)
    #expect(rules.setFullscreen(true) == nil)
    #expect(rules.setFullscreen(false) == Change(shown: true, reason: "fullscreen-ended"))
    #expect(
      rules.pipStopped(reason: "focus-gained") == Change(shown: false, reason: "focus-gained"))
  }

  @Test func aPauseHidesOnlyWithHideWhenPaused() {
    var plain = StripVisibility()
    _ = plain.pipStarted(reason: "user")
    #expect(plain.setPaused(true) == nil)
    #expect(plain.isOnScreen)

    var rules = StripVisibility(hideWhenPaused: true)
    _ = rules.pipStarted(reason: "user")
    #expect(rules.setPaused(true) == Change(shown: false, reason: "paused"))
    #expect(rules.setPaused(false) == Change(shown: true, reason: "playing"))
  }

  /// `lyricpip follow`: the followed player's absence and the user's put-away hold the strip
  /// back like a pause, each with its reason, and a fullscreen window still comes first.
  @Test func theFollowedPlayerAndThePutAwayHoldTheStripBack() {
    var rules = StripVisibility(hideWhenPaused: true)
    _ = rules.pipStarted(reason: "user")
    #expect(rules.setFollowed(idle: true, putAway: false) == Change(shown: false, reason: "idle"))
    #expect(rules.setPaused(true) == nil)
    #expect(rules.heldBackBy == .idle)
    _ = rules.setPaused(false)
    #expect(
      rules.setFollowed(idle: false, putAway: false) == Change(shown: true, reason: "playing"))
    #expect(rules.setFollowed(idle: false, putAway: true) == Change(shown: false, reason: "user"))
    #expect(rules.setFollowed(idle: false, putAway: false) == Change(shown: true, reason: "user"))
    _ = rules.setFullscreen(true)
    _ = rules.setFollowed(idle: false, putAway: true)
    #expect(rules.heldBackBy == .fullscreen)
  }

  @Test func hideWhenFullscreenOffLeavesTheStripOverAFullscreenWindow() {
    var rules = StripVisibility(hideWhenFullscreen: false)
    _ = rules.pipStarted(reason: "user")
    #expect(rules.setFullscreen(true) == nil)
    #expect(rules.isOnScreen)
    #expect(rules.heldBackBy == nil)
  }

  /// Picture-in-picture that starts while a rule holds the strip back says so at once, and its
  /// end then says nothing (the strip was not on screen).
  @Test func aStartWhileHeldBackIsAHiddenStrip() {
    var rules = StripVisibility(hideWhenPaused: true)
    #expect(rules.setPaused(true) == nil)
    #expect(rules.heldBackBy == .paused)
    #expect(rules.pipStarted(reason: "minimized") == Change(shown: false, reason: "paused"))
    #expect(rules.pipStopped(reason: "unminimized") == nil)
  }

  /// Both rules at once: the strip shows only once neither holds it.
  @Test func theStripComesBackOnlyWhenNoRuleHoldsIt() {
    var rules = StripVisibility(hideWhenPaused: true)
    _ = rules.pipStarted(reason: "user")
    #expect(rules.setPaused(true) == Change(shown: false, reason: "paused"))
    #expect(rules.setFullscreen(true) == nil)
    #expect(rules.heldBackBy == .fullscreen)
    #expect(rules.setPaused(false) == nil)
    #expect(rules.setFullscreen(false) == Change(shown: true, reason: "fullscreen-ended"))
  }
}
