/// When the strip appears by itself.
public enum AutoEnterPolicy: String, CaseIterable, Equatable, Sendable {
  /// When the main window loses focus (after the grace) or is minimised. The default.
  case focusLoss = "focus-loss"
  /// Only when the main window is minimised.
  case minimize
  /// Never by itself; only `start()`.
  case never
}
