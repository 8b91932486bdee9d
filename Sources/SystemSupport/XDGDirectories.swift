/// The XDG base directories of an environment, resolved in one place for the config file, the
/// saved state, the lyrics folder and the online lookup's cache: `$XDG_CONFIG_HOME`,
/// `$XDG_STATE_HOME`, `$XDG_DATA_HOME`, `$XDG_CACHE_HOME` when absolute (the XDG rule: a
/// relative value is ignored), else their defaults under an absolute `$HOME`; nil when neither
/// is known.
public struct XDGDirectories: Sendable, Equatable {
  public var environment: [String: String]

  public init(environment: [String: String]) {
    self.environment = environment
  }

  /// `$HOME` when it is an absolute path.
  public var home: String? { absolute("HOME") }

  /// `$XDG_CONFIG_HOME`, else `~/.config`.
  public var config: String? { resolve("XDG_CONFIG_HOME", default: ".config") }

  /// `$XDG_STATE_HOME`, else `~/.local/state`.
  public var state: String? { resolve("XDG_STATE_HOME", default: ".local/state") }

  /// `$XDG_DATA_HOME`, else `~/.local/share`.
  public var data: String? { resolve("XDG_DATA_HOME", default: ".local/share") }

  /// `$XDG_CACHE_HOME`, else `~/.cache`.
  public var cache: String? { resolve("XDG_CACHE_HOME", default: ".cache") }

  private func resolve(_ variable: String, default relative: String) -> String? {
    absolute(variable) ?? home.map { $0 + "/" + relative }
  }

  private func absolute(_ variable: String) -> String? {
    guard let value = environment[variable], value.hasPrefix("/") else { return nil }
    return value
  }
}
