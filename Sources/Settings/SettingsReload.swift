import Locking

/// SIGHUP reads the settings file again. What this mode can change while it runs changes at
/// once (`apply`, with the whole new reading); every other key it reads that now differs from
/// the file read at start is named as needing a restart, on stderr (`say`) and in the outcome
/// (`report`, which the app writes as a `settings` event). A file with a mistake in it (any line
/// that would be a warning at start) changes nothing: the settings in use stay, and the message
/// says why. Which keys are live and which this mode reads is the table's (`SettingKey`).
public final class SettingsReload: Sendable {
  /// What one reload did.
  public enum Outcome: Equatable, Sendable {
    /// The file was read: the keys changed at once since the last reading, and those that
    /// differ from the start and need a restart.
    case reloaded(applied: [String], restart: [String])
    /// The file was not used; the message says why.
    case kept(message: String)
  }

  private let path: String?
  /// Keys applied live by this mode, and keys it reads but only at start; neither holds a key a
  /// flag decides.
  private let live: [SettingKey]
  private let atStart: [SettingKey]
  /// The file as read at start, and as last applied.
  private let started: AppConfig
  private let applied: Mutex<AppConfig>
  private let apply: @Sendable (AppConfig) -> Void
  private let report: @Sendable (Outcome) -> Void
  private let say: @Sendable (String) -> Void

  /// `readers`: what this run is (`play` with its windows, `follow` without…); `overridden`:
  /// keys it would read but a flag of this run decides, which are not mentioned.
  public init(
    path: String?, started: AppConfig, readers: Set<SettingReader>,
    overridden: Set<String> = [], apply: @escaping @Sendable (AppConfig) -> Void,
    report: @escaping @Sendable (Outcome) -> Void, say: @escaping @Sendable (String) -> Void
  ) {
    self.path = path
    self.started = started
    let read = SettingKey.all.filter {
      !$0.readers.isDisjoint(with: readers) && !overridden.contains($0.name)
    }
    live = read.filter(\.isLive)
    atStart = read.filter { !$0.isLive }
    applied = Mutex(started)
    self.apply = apply
    self.report = report
    self.say = say
  }

  /// On the signal thread.
  public func reload() {
    guard let path else {
      keep(because: "no settings file is known (no home folder)")
      return
    }
    let reading = AppConfig.load(path: path)
    guard reading.warnings.isEmpty else {
      keep(because: reading.warnings.joined(separator: "; "))
      return
    }
    let before = applied.withLock {
      let before = $0
      $0 = reading
      return before
    }
    let changedNow = SettingsChange.keys(from: before, to: reading, among: live)
    let needRestart = SettingsChange.keys(from: started, to: reading, among: atStart)
    apply(reading)
    var parts = ["applied: " + (changedNow.isEmpty ? "nothing changed" : list(changedNow))]
    if !needRestart.isEmpty { parts.append("needs a restart: " + list(needRestart)) }
    say("settings reloaded from \(path); " + parts.joined(separator: "; "))
    report(.reloaded(applied: changedNow, restart: needRestart))
  }

  private func keep(because reason: String) {
    let message = "the settings were not reloaded, the settings in use stay: \(reason)"
    say("warning: " + message)
    report(.kept(message: message))
  }

  private func list(_ keys: [String]) -> String { keys.joined(separator: ", ") }
}
