import Settings
import TestSupport
import Testing

/// The table of settings keys reads each key into its own field: a key's example value is read
/// without a warning and changes that key alone (as a SIGHUP would name it), its other spellings
/// read the same, and a bad value or an unknown key gives the message it always gave.
@Suite(.tags(.sanitized)) struct SettingKeyTableTests {
  @Test(arguments: SettingKey.all.map(\.name))
  func eachKeyReadsItsExampleIntoItsOwnField(name: String) throws {
    let key = try #require(SettingKey.named(name))
    let config = AppConfig.parse("\(key.name) = \(key.example)\n", file: "config")
    #expect(config.warnings.isEmpty, "\(config.warnings)")
    #expect(SettingsChange.keys(from: AppConfig(), to: config) == [key.changeName])
    for alias in key.aliases {
      #expect(AppConfig.parse("\(alias) = \(key.example)\n", file: "config") == config, "\(alias)")
    }
  }

  @Test func theNamesAreLowercaseAndEachReadsOneKey() {
    let spellings = SettingKey.all.flatMap { [$0.name] + $0.aliases }
    #expect(Set(spellings).count == spellings.count, "a spelling is in the table twice")
    for spelling in spellings {
      #expect(spelling == spelling.lowercased() && !spelling.isEmpty, "\(spelling)")
      #expect(SettingKey.named(spelling) != nil)
    }
    for key in SettingKey.all {
      #expect(!key.help.isEmpty && !key.readers.isEmpty, "\(key.name)")
      #expect(SettingKey.named(key.changeName) != nil, "\(key.name) reported as an unknown key")
    }
  }

  @Test func anUnknownKeyIsNamedAndTheOthersStillRead() {
    let config = AppConfig.parse("colour = red\nopacity = 0.5\n", file: "/c/lyricpip/config")
    #expect(
      config.warnings == ["/c/lyricpip/config:1: unknown setting 'colour'; keeping the default"])
    #expect(config.strip.opacity == 0.5)
    #expect(SettingKey.named("colour") == nil)
  }

  /// Every message a bad value gets, as the parser gave them before the table (the colour keys
  /// name the key as written).
  @Test(arguments: [
    ("controls = loud", "controls must be hidden, minimal or full, not 'loud'"),
    ("opacity = 0.05", "opacity must be a number from 0.1 to 1, not '0.05'"),
    ("font =", "font-family needs a name"),
    ("font-size = 7", "font-size must be whole pixels from 8 to 400, not '7'"),
    ("second-line = both", "second-line must be next, translation or romanisation, not 'both'"),
    ("auto-enter = Never", "auto-enter must be focus-loss, minimize or never, not 'Never'"),
    ("auto-enter-when-paused = y", "auto-enter-when-paused must be yes or no, not 'y'"),
    ("grace-ms = 301", "grace-ms must be whole milliseconds from 0 to 300, not '301'"),
    (
      "online = on",
      "online must list lrclib, kugou, netease or amll (comma or space separated), or be off; "
        + "'on' is none of them"
    ),
    (
      "online =",
      "online must list lrclib, kugou, netease or amll (comma or space separated), or be off; '' is none of them"
    ),
    ("kugou-url = ftp://x", "kugou-url must be an http:// or https:// URL, not 'ftp://x'"),
    ("netease-url = x", "netease-url must be an http:// or https:// URL, not 'x'"),
    ("amll-url = file:///x", "amll-url must be an http:// or https:// URL, not 'file:///x'"),
    ("lrclib-url = ftp://x", "lrclib-url must be an http:// or https:// URL, not 'ftp://x'"),
    ("duration-tolerance = -1", "duration-tolerance must be seconds from 0 to 30, not '-1'"),
    ("locked = maybe", "locked must be yes or no, not 'maybe'"),
    ("background = box", "background must be placeholder or none, not 'box'"),
    ("look = neon", "look must be classic or karaoke, not 'neon'"),
    ("text-color = red", "text-color must be a colour written #RRGGBB or #RRGGBBAA, not 'red'"),
    ("fill-colour = #12", "fill-colour must be a colour written #RRGGBB or #RRGGBBAA, not '#12'"),
    (
      "outline-colour = #1A1A4",
      "outline-colour must be a colour written #RRGGBB or #RRGGBBAA, not '#1A1A4'"
    ),
    ("outline-width = 9", "outline-width must be whole pixels from 0 to 8, not '9'"),
    ("shadow = soft", "shadow must be yes or no, not 'soft'"),
    ("replaygain = loud", "replaygain must be track, album or off, not 'loud'"),
    (
      "lock-shortcut = L",
      "lock-shortcut must be modifiers and a key such as Ctrl+Alt+L, or none, not 'L'"
    ),
    ("hide-when-paused = sometimes", "hide-when-paused must be yes or no, not 'sometimes'"),
    ("hide-when-fullscreen = 2", "hide-when-fullscreen must be yes or no, not '2'"),
    ("fade-on-hover = slowly", "fade-on-hover must be yes or no, not 'slowly'"),
    ("scale = 9", "scale must be auto or a number from 0.5 to 4, not '9'"),
    ("follow-keep-while-paused = x", "follow-keep-while-paused must be yes or no, not 'x'"),
    ("follow-autostart = x", "follow-autostart must be yes or no, not 'x'"),
  ])
  func aBadValueKeepsTheDefaultAndSaysWhy(line: String, problem: String) {
    let config = AppConfig.parse(line + "\n", file: "config")
    #expect(config.warnings == ["config:1: \(problem); keeping the default"])
    var expected = AppConfig()
    expected.warnings = config.warnings
    #expect(config == expected)
  }

  @Test func theLooksKeysAreOneChangeNamedLook() {
    let colours = AppConfig.parse("text-colour = #FF0000\nshadow = no\n", file: "config")
    #expect(SettingsChange.keys(from: AppConfig(), to: colours) == ["look"])
    let all = AppConfig.parse(
      "look = karaoke\noutline-width = 2\nopacity = 0.5\nreplaygain = off\n", file: "config")
    #expect(SettingsChange.keys(from: AppConfig(), to: all) == ["opacity", "look", "replaygain"])
  }

  @Test func theReadersAreWrittenAsTheDocsSayThem() throws {
    #expect(SettingKey.controls.readersText == "windows")
    #expect(SettingKey.online.readersText == "play, follow, fetch")
    #expect(SettingKey.hideWhenPaused.readersText == "play's windows")
    #expect(SettingKey.followAutostart.readersText == "follow --autostart")
  }
}
