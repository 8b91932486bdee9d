import Settings
import Surface

/// The strip's looks a flag of this run gave (`--controls`, `--opacity`, `--font`,
/// `--font-size`, `--background`, `--look`, `--second-line`): they win over the settings file,
/// at the start and at every reload of it. Nil: the file decides.
package struct StripFlags: Equatable, Sendable {
  package var controls: StripSettings.Controls?
  package var opacity: Double?
  package var fontFamily: String?
  package var fontSize: Int?
  package var background: StripBackground?
  package var look: StripLook.Name?
  package var secondLine: SecondLine?

  /// `settings` with these flags over it.
  package func applied(over settings: AppConfig) -> AppConfig {
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
