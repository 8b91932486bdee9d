/// The user's choices for the picture-in-picture lifecycle.
public struct PiPSettings: Equatable, Sendable {
  /// The longest grace allowed: longer and a real switch to another window feels slow.
  public static let maximumGraceMs = 300
  public static let defaultGraceMs = 250

  public var autoEnter: AutoEnterPolicy
  /// Whether auto-enter also happens while playback is paused (by default only while playing).
  public var autoEnterWhenPaused: Bool
  /// How long a focus loss must last before the strip appears, so a passing focus change (a menu,
  /// a dialog of ours) does not flicker it. Clamped to 0...`maximumGraceMs`.
  public var graceMs: Int {
    get { storedGraceMs }
    set { storedGraceMs = min(max(newValue, 0), Self.maximumGraceMs) }
  }
  private var storedGraceMs: Int

  public init(
    autoEnter: AutoEnterPolicy = .focusLoss, autoEnterWhenPaused: Bool = false,
    graceMs: Int = PiPSettings.defaultGraceMs
  ) {
    self.autoEnter = autoEnter
    self.autoEnterWhenPaused = autoEnterWhenPaused
    self.storedGraceMs = min(max(graceMs, 0), Self.maximumGraceMs)
  }
}
