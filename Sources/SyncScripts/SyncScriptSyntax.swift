/// Whether a script's text reads, for callers outside the module that only need the verdict
/// (the fuzzing harness): the parser itself and the script it builds stay internal.
public enum SyncScriptSyntax {
  /// `script:LINE: message` for the first syntax error, nil for a script that reads.
  public static func problem(in text: String) -> String? {
    do {
      _ = try SyncScriptParser.parse(text)
      return nil
    } catch {
      return error.description
    }
  }
}
