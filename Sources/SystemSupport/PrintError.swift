/// Prints one clear line on stderr, prefixed with the program's name: the one form of a
/// message for the user, here so that every module that says something writes it alike.
public func printError(_ message: String) {
  OutputFile.standardError.write("lyricpip: \(message)\n")
}
