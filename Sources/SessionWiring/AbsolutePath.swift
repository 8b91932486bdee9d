import FoundationEssentials

/// A path as given on a command line or in a script, made absolute: the one way the app turns
/// the files it hands to a running player, names to the desktop or reads from a script.
public enum AbsolutePath {
  /// `path` itself when absolute, else `path` inside `folder` (by default the working directory).
  public static func of(_ path: String, in folder: String? = nil) -> String {
    guard !path.hasPrefix("/") else { return path }
    let base = folder ?? FileManager.default.currentDirectoryPath
    return base.hasSuffix("/") ? base + path : base + "/" + path
  }
}
