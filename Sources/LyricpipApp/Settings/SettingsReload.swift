import EventStream
import Locking
import SessionWiring
import Settings

/// SIGHUP reads the settings file again. What this mode can change while it runs changes at
/// once (`apply`, with the whole new reading); every other key that now differs from the file
/// read at start is named as needing a restart, on stderr and in a `settings` event. A file with
/// a mistake in it (any line that would be a warning at start) changes nothing: the settings in
/// use stay, and the message says why.
final class SettingsReload: Sendable {
  private let path: String?
  /// Keys applied live by this mode, and keys it does not use (a flag wins, or no windows), which
  /// are not mentioned.
  private let live: Set<String>
  private let ignored: Set<String>
  /// The file as read at start, and as last applied.
  private let started: AppConfig
  private let applied: Mutex<AppConfig>
  private let apply: @Sendable (AppConfig) -> Void
  private let emit: @Sendable (SessionEvent) -> Void
  private let say: @Sendable (String) -> Void

  init(
    path: String?, started: AppConfig, live: Set<String>, ignored: Set<String> = [],
    apply: @escaping @Sendable (AppConfig) -> Void,
    emit: @escaping @Sendable (SessionEvent) -> Void, say: @escaping @Sendable (String) -> Void
  ) {
    self.path = path
    self.started = started
    self.live = live
    self.ignored = ignored
    applied = Mutex(started)
    self.apply = apply
    self.emit = emit
    self.say = say
  }

  /// On the signal thread.
  func reload() {
    guard let path else {
      report(kept: "no settings file is known (no home folder)")
      return
    }
    let reading = AppConfig.load(path: path)
    guard reading.warnings.isEmpty else {
      report(kept: reading.warnings.joined(separator: "; "))
      return
    }
    let before = applied.withLock {
      let before = $0
      $0 = reading
      return before
    }
    let isUsed = { (key: String) in !self.ignored.contains(key) }
    let changedNow = SettingsChange.keys(from: before, to: reading).filter {
      live.contains($0) && isUsed($0)
    }
    let needRestart = SettingsChange.keys(from: started, to: reading).filter {
      !live.contains($0) && isUsed($0)
    }
    apply(reading)
    var parts = ["applied: " + (changedNow.isEmpty ? "nothing changed" : list(changedNow))]
    if !needRestart.isEmpty { parts.append("needs a restart: " + list(needRestart)) }
    say("settings reloaded from \(path); " + parts.joined(separator: "; "))
    emit(.settings(.reloaded(applied: changedNow, restart: needRestart)))
  }

  private func report(kept reason: String) {
    let message = "the settings were not reloaded, the settings in use stay: \(reason)"
    say("warning: " + message)
    emit(.settings(.kept(message: message)))
  }

  private func list(_ keys: [String]) -> String { keys.joined(separator: ", ") }
}
