import LyricpipApp
import LyricsOnline
import Settings
import Testing

@Suite struct OnlineSettingsTests {
  @Test func theOnlineKeysAreRead() {
    let config = AppConfig.parse(
      "online = off\nlrclib-url = https://lyrics.example.org/\nduration-tolerance = 4.5\n",
      file: "config")
    #expect(config.warnings.isEmpty)
    #expect(!config.online.enabled)
    #expect(config.online.lrclibURL == "https://lyrics.example.org/")
    #expect(config.online.durationToleranceSeconds == 4.5)
  }

  @Test func theDefaultsAskLRCLIBWithinTwoSeconds() {
    let settings = AppConfig.parse("", file: "config").online
    #expect(settings.enabled)
    #expect(settings.durationToleranceSeconds == 2)
    #expect(settings.serverURL(environment: [:]) == "https://lrclib.net")
  }

  @Test func theEnvironmentWinsOverTheFile() {
    var settings = OnlineSettings()
    settings.lrclibURL = "https://file.example"
    #expect(settings.serverURL(environment: [:]) == "https://file.example")
    #expect(
      settings.serverURL(environment: ["LYRICPIP_LRCLIB_URL": "http://127.0.0.1:1"])
        == "http://127.0.0.1:1")
  }

  @Test func badValuesAreNamedAndKeepTheDefault() {
    let config = AppConfig.parse(
      "online = musixmatch\nlrclib-url = ftp://x\nduration-tolerance = 99\n", file: "config")
    #expect(config.warnings.count == 3)
    #expect(
      config.warnings.first
        == "config:1: online must list lrclib, kugou, netease or amll (comma or space "
        + "separated), or be off; 'musixmatch' is none of them; keeping the default")
    #expect(config.online == OnlineSettings())
  }

  @Test func onlineTakesAListInOrderOfPreference() {
    let cases: [(String, [OnlineProvider])] = [
      ("lrclib, kugou, netease, amll", [.lrclib, .kugou, .netease, .amll]),
      ("netease kugou", [.netease, .kugou]),
      ("Kugou,NetEase", [.kugou, .netease]),
      ("amll ,  lrclib", [.amll, .lrclib]),
      ("kugou, kugou", [.kugou]),
      ("off", []),
      ("OFF", []),
    ]
    for (value, providers) in cases {
      let config = AppConfig.parse("online = \(value)\n", file: "config")
      #expect(config.warnings.isEmpty, "\(value)")
      #expect(config.online.providers == providers, "\(value)")
      #expect(config.online.enabled == !providers.isEmpty, "\(value)")
    }
  }

  /// One unknown name (or `off` among names) costs the whole line: the default, LRCLIB alone,
  /// and a warning naming the word.
  @Test func anUnknownProviderIsNamedAndTheDefaultKept() {
    for (value, word) in [("kugou, qq", "qq"), ("kugou off", "off"), ("netease,,kugu", "kugu")] {
      let config = AppConfig.parse("online = \(value)\n", file: "config")
      #expect(config.online.providers == [.lrclib], "\(value)")
      #expect(config.warnings.count == 1)
      #expect(config.warnings.first?.contains("'\(word)' is none of them") == true, "\(value)")
    }
  }

  @Test func eachProviderHasAServerTheEnvironmentWinsOver() {
    var settings = OnlineSettings()
    #expect(settings.url(of: .kugou, environment: [:]) == "https://lyrics.kugou.com")
    #expect(settings.url(of: .netease, environment: [:]) == "https://music.163.com")
    #expect(
      settings.url(of: .amll, environment: [:])
        == "https://raw.githubusercontent.com/amll-dev/amll-ttml-db/main")
    let config = AppConfig.parse(
      "kugou-url = http://k.example\nnetease-url = http://n.example\namll-url = http://a.example\n",
      file: "config")
    #expect(config.warnings.isEmpty)
    settings = config.online
    #expect(settings.url(of: .kugou, environment: [:]) == "http://k.example")
    #expect(settings.url(of: .netease, environment: [:]) == "http://n.example")
    #expect(settings.url(of: .amll, environment: [:]) == "http://a.example")
    let environment = [
      "LYRICPIP_KUGOU_URL": "http://127.0.0.1:1", "LYRICPIP_NETEASE_URL": "http://127.0.0.1:2",
      "LYRICPIP_AMLL_URL": "http://127.0.0.1:3",
    ]
    #expect(settings.url(of: .kugou, environment: environment) == "http://127.0.0.1:1")
    #expect(settings.url(of: .netease, environment: environment) == "http://127.0.0.1:2")
    #expect(settings.url(of: .amll, environment: environment) == "http://127.0.0.1:3")
    let bad = AppConfig.parse("kugou-url = ftp://k\n", file: "config")
    #expect(
      bad.warnings == [
        "config:1: kugou-url must be an http:// or https:// URL, not 'ftp://k'; keeping the default"
      ])
  }
}
