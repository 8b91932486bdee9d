/// One frame of an ID3v2 tag, ready to read: its id (`SYLT`; three letters in ID3v2.2, `SLT`)
/// and its body with unsynchronisation undone and any grouping byte or data length indicator
/// taken off.
public struct ID3Frame: Equatable, Sendable {
  public var id: String
  public var body: [UInt8]

  public init(id: String, body: [UInt8]) {
    self.id = id
    self.body = body
  }
}
