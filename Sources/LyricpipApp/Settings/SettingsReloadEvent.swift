import SessionWiring
import Settings

extension SessionEvent {
  /// The `settings` event of one SIGHUP (docs/cli.md): the Settings library says what the reload
  /// did, and the events are the app's.
  init(_ outcome: SettingsReload.Outcome) {
    switch outcome {
    case .reloaded(let applied, let restart):
      self.init(
        "settings",
        [
          ("state", .string("reloaded")), ("applied", .array(applied.map(JSONValue.string))),
          ("restart", .array(restart.map(JSONValue.string))),
        ])
    case .kept(let message):
      self.init("settings", [("state", .string("kept")), ("message", .string(message))])
    }
  }
}
