/// Thrown by `LRCParser.parseStrict` for the first error diagnostic: the line that could not be
/// read, and why.
public struct LRCParseError: Error, Equatable, Sendable, CustomStringConvertible {
  /// 1-based line number; 0 for the file as a whole.
  public var line: Int
  public var message: String

  public init(line: Int, message: String) {
    self.line = line
    self.message = message
  }

  public var description: String { "line \(line): \(message)" }
}
