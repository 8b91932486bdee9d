/// Something the parser noticed about one line of a lyrics file.
public struct LRCDiagnostic: Equatable, Sendable, CustomStringConvertible {
  public enum Severity: String, Sendable {
    /// Worth knowing, nothing wrong: the file is read as it was meant (untimed lyrics).
    case note
    /// The line was read, but not quite as written (or ignored on purpose).
    case warning
    /// The line could not be read and was skipped, or the file has no timed line.
    case error
  }

  /// 1-based line number in the file; 0 for the file as a whole.
  public var line: Int
  public var severity: Severity
  public var message: String

  public init(line: Int, severity: Severity, message: String) {
    self.line = line
    self.severity = severity
    self.message = message
  }

  public var description: String { "\(line): \(severity.rawValue): \(message)" }
}
