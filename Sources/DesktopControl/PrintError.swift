import SystemSupport

/// One line on stderr, prefixed with the program's name: the same line as the app's
/// `printError`, which this module cannot import (the app depends on it, not the other way).
func printError(_ message: String) {
  OutputFile.standardError.write("lyricpip: \(message)\n")
}
