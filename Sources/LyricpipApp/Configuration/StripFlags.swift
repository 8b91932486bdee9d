import Settings
import Surface

/// The strip's looks a flag of this run gave (`--controls`, `--opacity`, `--font`,
/// `--font-size`, `--background`, `--look`, `--second-line`): they win over the settings file,
/// at the start and at every reload of it. Nil: the file decides.
struct StripFlags: Equatable, Sendable {
  var controls: StripSettings.Controls?
  var opacity: Double?
  var fontFamily: String?
  var fontSize: Int?
  var background: StripBackground?
  var look: StripLook.Name?
  var secondLine: SecondLine?

  /// `settings` with these flags over it.
  func applied(over settings: AppConfig) -> AppConfig {
    var config = settings
    if let controls { config.strip.controls = controls }
    if let opacity { config.strip.opacity = opacity }
    if let fontFamily { config.strip.fontFamily = fontFamily }
    if let fontSize { config.strip.fontSize = fontSize }
    if let background { config.strip.background = background }
    if let look { config.strip.lookName = look }
    if let secondLine { config.strip.secondLine = secondLine }
    return config
  }
}
