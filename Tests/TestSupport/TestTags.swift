// TestSupport is a plain library target, so `make release` builds it too, where the Testing module
// is not on the search path; the tags are only for test builds.
#if canImport(Testing)
  import Testing

  /// The tiers of the test run (docs/testing.md), declared at the suites themselves, so that moving
  /// or renaming a suite never means editing the Makefile: `scripts/tagged-suites TAG` reads these
  /// tags from the test sources and gives `swift test --filter` the pattern (this toolchain's
  /// `swift test` cannot filter by tag itself).
  extension Tag {
    /// Records what the sound server played, or waits on real time and real servers through long
    /// chains of steps: runs after the others, one test at a time, since on two cores a parallel
    /// run beside it measures the machine's load, not lyricpip.
    @Tag public static var realTime: Self

    /// Runs again under ThreadSanitizer and AddressSanitizer: in one process with no window and no
    /// real-time recording, or a command-line run of the (then sanitized) binary. Whole test
    /// targets of that kind are named in the Makefile (`SANITIZER_TARGETS`) instead.
    @Tag public static var sanitized: Self

    /// Needs a Wayland compositor: runs in a phase of its own under `scripts/with-sway` (a
    /// private sway), which the other phases do not start, so that no other suite's windows
    /// see a `WAYLAND_DISPLAY`.
    @Tag public static var wayland: Self

    /// Needs KWin (scripts/with-kwin, its virtual mode): a phase of `make test` of its own, after
    /// the sway one.
    @Tag public static var kwin: Self
    /// Needs the X11 strip under a Wayland compositor's XWayland: runs in a phase of its own
    /// under `scripts/with-sway --xwayland`, whose `DISPLAY` is sway's XWayland.
    @Tag public static var xwayland: Self
  }
#endif
