import Surface
import TestSupport

extension StripSettings {
  /// What the display suites make their strips with: the defaults, but the placeholder picture
  /// of the source tree (`Paths.placeholderImage`), not an installed one that may be missing or
  /// another. One place, where each suite kept the path in a property of its own and copied it
  /// into every closure that made a strip.
  static func withSourceTreePicture(
    controls: Controls = .hidden, opacity: Double = 1
  ) -> StripSettings {
    StripSettings(controls: controls, opacity: opacity, placeholderPath: Paths.placeholderImage)
  }
}
