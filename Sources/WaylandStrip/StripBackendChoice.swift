/// The strip's backend for this run, chosen once at start: the layer-shell surface where the
/// user's request and the compositor allow it, else the X11 window.
///
/// The request is `LYRICPIP_STRIP_BACKEND` when set (so a test or a user can override the
/// settings file for one run), else the `strip-backend` setting. `auto` and `wayland` ask the
/// compositor for its globals (`offered`, called at most once, and not at all for `x11`);
/// `auto` falls back to X11 with the reason, `wayland` fails with it.
public struct StripBackendChoice: Equatable, Sendable {
  public enum Backend: Equatable, Sendable {
    /// A `zwlr_layer_shell_v1` surface; `version` is the highest the compositor offers.
    case layerShell(version: UInt32)
    case x11
  }

  public static let environmentVariable = "LYRICPIP_STRIP_BACKEND"
  /// The global that makes the native strip possible (KDE, sway, Hyprland, niri; not GNOME or
  /// weston). The glue's own name for it is checked against this by the tests.
  public static let layerShellInterface = "zwlr_layer_shell_v1"

  public var backend: Backend
  /// What was asked, after the environment had its say.
  public var requested: StripBackendSetting
  /// Why `auto` took the X11 strip, for the log; nil when nothing was declined.
  public var fallbackReason: String?

  public init(backend: Backend, requested: StripBackendSetting, fallbackReason: String? = nil) {
    self.backend = backend
    self.requested = requested
    self.fallbackReason = fallbackReason
  }

  public static func choose(
    setting: StripBackendSetting, environment: [String: String],
    offered: () throws(WaylandConnectionError) -> [WaylandGlobal]
  ) throws(StripBackendChoiceError) -> StripBackendChoice {
    let requested = try request(setting: setting, environment: environment)
    if requested == .x11 { return StripBackendChoice(backend: .x11, requested: .x11) }
    let reason: String
    do {
      if let version = try offered().version(of: layerShellInterface) {
        return StripBackendChoice(backend: .layerShell(version: version), requested: requested)
      }
      reason = "the compositor does not offer \(layerShellInterface)"
    } catch {
      reason = error.description
    }
    guard requested == .auto else { throw .layerShellUnavailable(reason: reason) }
    return StripBackendChoice(backend: .x11, requested: .auto, fallbackReason: reason)
  }

  /// The environment's request when it makes one (a set, non-blank value), else the setting's.
  static func request(setting: StripBackendSetting, environment: [String: String])
    throws(StripBackendChoiceError) -> StripBackendSetting
  {
    guard let value = environment[environmentVariable],
      !StripBackendSetting.trimmed(value).isEmpty
    else { return setting }
    guard let requested = StripBackendSetting(text: value) else {
      throw .badEnvironmentValue(value)
    }
    return requested
  }
}

/// Why no strip backend could be chosen.
public enum StripBackendChoiceError: Error, Equatable, Sendable, CustomStringConvertible {
  /// `LYRICPIP_STRIP_BACKEND` holds something other than auto, wayland or x11.
  case badEnvironmentValue(String)
  /// `wayland` was asked for, and there is no layer shell to be had.
  case layerShellUnavailable(reason: String)

  public var description: String {
    switch self {
    case .badEnvironmentValue(let value):
      let words = StripBackendSetting.allCases.map(\.rawValue).joined(separator: ", ")
      return "\(StripBackendChoice.environmentVariable)=\(value): expected one of \(words)"
    case .layerShellUnavailable(let reason):
      return "strip backend wayland: no layer shell: \(reason)"
    }
  }
}
