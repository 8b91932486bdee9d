import RunOptions
import Settings
import Surface
import TestSupport
import Testing

/// The strip's look in the settings file and on the command line: a built-in look, the keys
/// over it (in any order), and bad values that keep the default with a warning naming both.
@Suite(.tags(.sanitized)) struct LookSettingsTests {
  @Test func theKeysChangeTheChosenLookWhateverTheirOrder() {
    let config = AppConfig.parse(
      """
      outline-width = 5
      fill-colour = #FF000080
      look = karaoke
      background = none
      text-color = 00ff00
      outline-colour = #123456
      shadow = yes
      """, file: "config")
    #expect(config.warnings.isEmpty, "\(config.warnings)")
    #expect(config.strip.background == StripBackground.none)
    #expect(config.strip.lookName == .karaoke)
    let look = config.strip.look
    #expect(look.textColour == RGBA(0, 255, 0))
    #expect(look.fillColour == RGBA(255, 0, 0, 128))
    #expect(look.outlineColour == RGBA(0x12, 0x34, 0x56))
    #expect(look.outlineWidth == 5)
    #expect(look.shadow)
  }

  @Test func withoutKeysTheStripLooksAsItAlwaysDid() {
    let config = AppConfig.parse("", file: "config")
    #expect(config.strip.background == .placeholder)
    #expect(config.strip.look == StripLook.named(.classic))
    #expect(StripLook.named(.classic).outlineWidth == 0)
    #expect(StripLook.named(.classic).shadow)
    #expect(StripLook.named(.karaoke).outlineWidth > 0)
    #expect(StripLook.named(.karaoke) != StripLook.named(.classic))
  }

  @Test func badValuesNameTheKeyAndTheValueAndKeepTheDefault() {
    let config = AppConfig.parse(
      """
      background = glass
      look = disco
      text-colour = red
      fill-colour = #12345
      outline-colour = #12345X
      outline-width = 9
      shadow = maybe
      """, file: "config")
    let expected = [
      "config:1: background must be placeholder or none, not 'glass'; keeping the default",
      "config:2: look must be classic or karaoke, not 'disco'; keeping the default",
      "config:3: text-colour must be a colour written #RRGGBB or #RRGGBBAA, not 'red'; "
        + "keeping the default",
      "config:4: fill-colour must be a colour written #RRGGBB or #RRGGBBAA, not '#12345'; "
        + "keeping the default",
      "config:5: outline-colour must be a colour written #RRGGBB or #RRGGBBAA, not '#12345X'; "
        + "keeping the default",
      "config:6: outline-width must be whole pixels from 0 to 8, not '9'; keeping the default",
      "config:7: shadow must be yes or no, not 'maybe'; keeping the default",
    ]
    #expect(config.warnings == expected)
    #expect(config.strip.background == .placeholder)
    #expect(config.strip.look == StripLook.named(.classic))
  }

  @Test func flagsChooseTheBackgroundAndTheLook() throws {
    let options = try #require(
      try PlayOptions.parse(["--background", "none", "--look", "karaoke", "song.ogg"]))
    #expect(options.background == StripBackground.none)
    #expect(options.look == .karaoke)
    #expect(throws: PlayOptions.UsageError.self) { try PlayOptions.parse(["--background", "x"]) }
    #expect(throws: PlayOptions.UsageError.self) { try PlayOptions.parse(["--look", "x"]) }
  }
}
