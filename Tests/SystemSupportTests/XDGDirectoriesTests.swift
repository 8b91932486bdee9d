import SystemSupport
import Testing

@Suite("XDG base directories")
struct XDGDirectoriesTests {
  @Test("an absolute XDG variable wins; else the default under HOME")
  func variablesAndDefaults() {
    let set = XDGDirectories(environment: [
      "HOME": "/h", "XDG_CONFIG_HOME": "/c", "XDG_STATE_HOME": "/s", "XDG_DATA_HOME": "/d",
    ])
    #expect(set.config == "/c")
    #expect(set.state == "/s")
    #expect(set.data == "/d")
    let defaults = XDGDirectories(environment: ["HOME": "/h"])
    #expect(defaults.config == "/h/.config")
    #expect(defaults.state == "/h/.local/state")
    #expect(defaults.data == "/h/.local/share")
  }

  @Test("a relative value is ignored, as the XDG rules say; no absolute HOME: nothing")
  func relativeValues() {
    let relative = XDGDirectories(environment: ["HOME": "/h", "XDG_STATE_HOME": "s"])
    #expect(relative.state == "/h/.local/state")
    let noHome = XDGDirectories(environment: ["HOME": "h", "XDG_DATA_HOME": "d"])
    #expect(noHome.home == nil)
    #expect(noHome.data == nil)
    #expect(XDGDirectories(environment: [:]).config == nil)
  }
}
