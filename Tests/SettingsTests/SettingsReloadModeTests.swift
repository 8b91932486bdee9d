import Locking
import Settings
import TestSupport
import Testing

/// What a SIGHUP does in each mode, in one process: the keys the mode reads and can change are
/// applied, the others it reads are named as needing a restart, the rest (and those a flag
/// decides) are not mentioned; a file with a mistake changes nothing.
@Suite(.tags(.sanitized)) struct SettingsReloadModeTests {
  let folder: TemporaryDirectory
  let path: String

  init() throws {
    folder = try TemporaryDirectory()
    path = folder.appendingPathComponent("config").path
  }

  /// What the reload said and applied.
  final class Record: Sendable {
    let outcomes = Mutex<[SettingsReload.Outcome]>([])
    let said = Mutex<[String]>([])
    let applied = Mutex<[AppConfig]>([])
  }

  func reload(
    _ text: String, readers: Set<SettingReader>, overridden: Set<String> = [],
    record: Record = Record()
  ) throws -> Record {
    try folder.write("config", text)
    let reload = SettingsReload(
      path: path, started: AppConfig(), readers: readers, overridden: overridden,
      apply: { config in record.applied.withLock { $0.append(config) } },
      report: { outcome in record.outcomes.withLock { $0.append(outcome) } },
      say: { line in record.said.withLock { $0.append(line) } })
    reload.reload()
    return record
  }

  static let everyMode = """
    opacity = 0.9
    grace-ms = 100
    text-colour = #00FF00
    replaygain = off
    online = off
    hide-when-paused = yes
    follow-ignore = firefox
    follow-keep-while-paused = yes
    follow-autostart = yes

    """

  @Test func playWithWindows() throws {
    let record = try reload(Self.everyMode, readers: [.play, .playWindows])
    #expect(
      record.outcomes.withLock { $0 } == [
        .reloaded(
          applied: ["opacity", "look", "replaygain", "hide-when-paused"],
          restart: ["grace-ms", "online"])
      ])
    #expect(
      record.said.withLock { $0 } == [
        "settings reloaded from \(path); applied: opacity, look, replaygain, hide-when-paused; "
          + "needs a restart: grace-ms, online"
      ])
    #expect(record.applied.withLock { $0.map(\.strip.opacity) } == [0.9])
  }

  @Test func playWithoutWindowsAndAFlagThatWins() throws {
    let record = try reload(Self.everyMode, readers: [.play], overridden: ["replaygain"])
    #expect(record.outcomes.withLock { $0 } == [.reloaded(applied: [], restart: ["online"])])
  }

  /// `--look` decides the look's name; the colour keys, reported as `look` too, still change
  /// the look over it.
  @Test func aFlagsLookIsNotReportedButTheColoursOverItAre() throws {
    let named = try reload(
      "look = karaoke\n", readers: [.play, .playWindows], overridden: ["look"])
    #expect(named.outcomes.withLock { $0 } == [.reloaded(applied: [], restart: [])])
    let coloured = try reload(
      "text-colour = #00FF00\n", readers: [.play, .playWindows], overridden: ["look"])
    #expect(coloured.outcomes.withLock { $0 } == [.reloaded(applied: ["look"], restart: [])])
  }

  @Test func followWithItsStrip() throws {
    let record = try reload(Self.everyMode, readers: [.follow, .followStrip])
    #expect(
      record.outcomes.withLock { $0 } == [
        .reloaded(
          applied: ["opacity", "look", "follow-ignore", "follow-keep-while-paused"],
          restart: ["grace-ms", "online"])
      ])
  }

  @Test func followWithoutAStrip() throws {
    let record = try reload(Self.everyMode, readers: [.follow])
    #expect(
      record.outcomes.withLock { $0 } == [
        .reloaded(applied: ["follow-ignore"], restart: ["online"])
      ])
  }

  @Test func aMistakeKeepsTheSettingsAndAnUnchangedFileAppliesNothing() throws {
    let record = try reload("replaygain = loud\n", readers: [.play])
    let warning =
      "the settings were not reloaded, the settings in use stay: \(path):1: replaygain must be"
      + " track, album or off, not 'loud'; keeping the default"
    #expect(record.outcomes.withLock { $0 } == [.kept(message: warning)])
    #expect(record.said.withLock { $0 } == ["warning: " + warning])
    #expect(record.applied.withLock { $0 }.isEmpty)

    try folder.write("config", "online = off\n")
    let reload = SettingsReload(
      path: path, started: AppConfig(), readers: [.play], apply: { _ in },
      report: { outcome in record.outcomes.withLock { $0.append(outcome) } }, say: { _ in })
    reload.reload()
    reload.reload()
    #expect(
      record.outcomes.withLock { $0.suffix(2) } == [
        .reloaded(applied: [], restart: ["online"]), .reloaded(applied: [], restart: ["online"]),
      ])
  }

  @Test func noFileKnownKeepsTheSettings() {
    let record = Record()
    let reload = SettingsReload(
      path: nil, started: AppConfig(), readers: [.play], apply: { _ in },
      report: { outcome in record.outcomes.withLock { $0.append(outcome) } }, say: { _ in })
    reload.reload()
    #expect(
      record.outcomes.withLock { $0 } == [
        .kept(
          message: "the settings were not reloaded, the settings in use stay: no settings file "
            + "is known (no home folder)")
      ])
  }
}
