/// The line on display, as `org.lyricpip.Lyrics1` publishes it in its `Line` property, of D-Bus
/// type `(issxx)`: index (-1 before the first line), text, translation ("" when there is none),
/// start and end in milliseconds of the track (end -1 when unknown: the last line).
public struct LyricsBusLine: Equatable, Sendable {
  public var index: Int
  public var text: String
  public var translation: String?
  public var startMs: Int
  public var endMs: Int?

  public init(index: Int, text: String, translation: String?, startMs: Int, endMs: Int?) {
    self.index = index
    self.text = text
    self.translation = translation
    self.startMs = startMs
    self.endMs = endMs
  }

  /// Before the first line, or no lyrics.
  public static let none = LyricsBusLine(
    index: -1, text: "", translation: nil, startMs: 0, endMs: nil)

  static let signature = "(issxx)"

  var value: DBusValue {
    .structure([
      .int32(Int32(clamping: index)), .string(text), .string(translation ?? ""),
      .int64(Int64(startMs)), .int64(Int64(endMs ?? -1)),
    ])
  }

  /// Reads the `(issxx)` that comes next in `message`.
  static func read(from message: BusMessage) throws(DesktopBusError) -> LyricsBusLine {
    guard try message.enter("r", "issxx") else {
      throw DesktopBusError(operation: "reading the Line property", message: "missing")
    }
    let index = try message.readInt32()
    let text = try message.readString()
    let translation = try message.readString()
    let start = try message.readInt64()
    let end = try message.readInt64()
    try message.exitContainer()
    return LyricsBusLine(
      index: Int(index), text: text, translation: translation.isEmpty ? nil : translation,
      startMs: Int(start), endMs: end < 0 ? nil : Int(end))
  }
}
