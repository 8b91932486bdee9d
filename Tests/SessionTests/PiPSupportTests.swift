import Session
import Testing

@Suite struct PiPSupportTests {
  @Test func x11WithAWindowManagerIsSupported() {
    let facts = DesktopFacts.from(environment: ["DISPLAY": ":99"])
    #expect(PiPSupport(facts: facts) == .supported)
  }

  @Test func xwaylandCountsAsX11() {
    let facts = DesktopFacts.from(environment: ["DISPLAY": ":0", "WAYLAND_DISPLAY": "wayland-0"])
    #expect(PiPSupport(facts: facts).isSupported)
  }

  @Test func pureWaylandIsNotSupportedAndSaysWhy() throws {
    let facts = DesktopFacts.from(environment: ["WAYLAND_DISPLAY": "wayland-0", "DISPLAY": ""])
    let support = PiPSupport(facts: facts)
    #expect(!support.isSupported)
    let reason = try #require(support.reason)
    #expect(reason.contains("Wayland"))
  }

  @Test func noDisplayIsNotSupported() throws {
    let support = PiPSupport(facts: DesktopFacts.from(environment: [:]))
    #expect(!support.isSupported)
    #expect(try #require(support.reason).contains("no display"))
  }

  @Test func aWindowManagerThatCannotKeepWindowsOnTopIsNotSupported() throws {
    let facts = DesktopFacts.from(environment: ["DISPLAY": ":1"], windowManagerKeepsOnTop: false)
    let support = PiPSupport(facts: facts)
    #expect(!support.isSupported)
    #expect(try #require(support.reason).contains("window manager"))
  }

  @Test func graceIsClampedToTheMaximum() {
    var settings = PiPSettings(graceMs: 5_000)
    #expect(settings.graceMs == PiPSettings.maximumGraceMs)
    settings.graceMs = -4
    #expect(settings.graceMs == 0)
    settings.graceMs = 120
    #expect(settings.graceMs == 120)
  }
}
