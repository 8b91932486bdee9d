import LyricpipApp
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
    #expect(config.warnings.first?.hasPrefix("config:1: online must be lrclib or off") == true)
    #expect(config.online == OnlineSettings())
  }
}
