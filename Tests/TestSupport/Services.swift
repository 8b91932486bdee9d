import Foundation

/// The desktop services a test may need, started by `scripts/with-services` (which `make test`
/// uses) and announced in `LYRICPIP_SERVICES`.
public enum Service: String, Sendable, CaseIterable {
  case pulse
  case x11
  case dbus
  /// A private sway (scripts/with-sway, nested in an Xvfb of its own): `WAYLAND_DISPLAY` and
  /// `SWAYSOCK` name it. Only the `.wayland` suites run under it (docs/testing.md).
  case sway
  /// A private KWin in its virtual mode (scripts/with-kwin): `WAYLAND_DISPLAY` names it. Only
  /// the `.kwin` suites run under it, and only there (`isAvailable`: a phase of `make test` of
  /// their own, skipped by the others; docs/testing.md).
  case kwin
  /// sway's XWayland (`scripts/with-sway --xwayland`): `DISPLAY` names it. Only the
  /// `.xwayland` suites run under it.
  case xwayland

  /// Whether the service is up for this test run.
  public var isAvailable: Bool {
    let listed = ProcessInfo.processInfo.environment["LYRICPIP_SERVICES"] ?? ""
    return listed.split(separator: ",").contains { $0 == rawValue }
  }

  /// Whether a test that needs this service should run. Under `make test`
  /// (`LYRICPIP_REQUIRE_SERVICES=1`) it always runs, so a missing service fails the test loudly
  /// instead of skipping it; under a bare `swift test` it is skipped when the service is absent.
  public var shouldRun: Bool {
    isAvailable || ProcessInfo.processInfo.environment["LYRICPIP_REQUIRE_SERVICES"] == "1"
  }
}
