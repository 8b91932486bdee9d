import RunOptions
import Settings
import Testing

/// The settings keys a flag of `play` decides, which a SIGHUP then leaves unmentioned: each strip
/// flag and `--replaygain` counts as its key, and no key counts when no flag is given.
@Suite(.tags(.sanitized)) struct SettingsGivenAsFlagsTests {
  func keys(_ arguments: [String]) throws -> Set<String> {
    SettingsChange.keysGivenAsFlags(try #require(try PlayOptions.parse(arguments + ["a.ogg"])))
  }

  @Test(arguments: [
    (["--controls", "full"], SettingKey.controls),
    (["--opacity", "0.5"], SettingKey.opacity),
    (["--font", "Serif"], SettingKey.fontFamily),
    (["--font-size", "30"], SettingKey.fontSize),
    (["--background", "none"], SettingKey.background),
    (["--look", "karaoke"], SettingKey.look),
    (["--second-line", "next"], SettingKey.secondLine),
    (["--replaygain", "album"], SettingKey.replayGain),
  ])
  func eachFlagCountsAsItsKey(arguments: [String], key: SettingKey) throws {
    #expect(try keys(arguments) == [key.name])
  }

  @Test func withoutFlagsNoKeyIsGiven() throws {
    #expect(try keys(["--offset", "200", "--pip"]).isEmpty)
  }
}
