import EventStream
import Settings

extension SessionEvent {
  /// The `settings` event of one SIGHUP (docs/cli.md): the Settings library says what the reload
  /// did, and the events are the app's.
  init(_ outcome: SettingsReload.Outcome) {
    switch outcome {
    case .reloaded(let applied, let restart):
      self = .settings(.reloaded(applied: applied, restart: restart))
    case .kept(let message):
      self = .settings(.kept(message: message))
    }
  }
}
