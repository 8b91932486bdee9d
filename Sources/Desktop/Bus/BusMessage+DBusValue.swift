/// Reading any value of a message as a `DBusValue`, for what other players publish (their
/// Metadata holds whatever types they chose).
extension BusMessage {
  /// The next value, whatever its type; nil at the end of the container being read. A variant
  /// comes back as `.variant`; `a{s…}` as `.dictionary` (values unwrapped from their variants);
  /// small integers widen to `int32`, `t` becomes `int64` (clamped).
  func readValue() throws(DesktopBusError) -> DBusValue? {
    guard let (type, contents) = try peekType() else { return nil }
    switch type {
    case "s", "g": return .string(try readText(type))
    case "o": return .objectPath(try readText("o"))
    case "b": return .bool(try readFixed("b", as: Int32(0)) != 0)
    case "y": return .int32(Int32(try readFixed("y", as: UInt8(0))))
    case "n": return .int32(Int32(try readFixed("n", as: Int16(0))))
    case "q": return .int32(Int32(try readFixed("q", as: UInt16(0))))
    case "i", "h": return .int32(try readFixed(type, as: Int32(0)))
    case "u": return .uint32(try readFixed("u", as: UInt32(0)))
    case "x": return .int64(try readFixed("x", as: Int64(0)))
    case "t": return .int64(Int64(clamping: try readFixed("t", as: UInt64(0))))
    case "d": return .double(try readFixed("d", as: Double(0)))
    case "v":
      _ = try enter("v", contents)
      defer { try? exitContainer() }
      return .variant(try readValue() ?? .strings([]))
    case "r":
      _ = try enter("r", contents)
      var members: [DBusValue] = []
      while let member = try readValue() { members.append(member) }
      try exitContainer()
      return .structure(members)
    case "a": return try readArray(of: contents)
    default:
      throw DesktopBusError(operation: "reading a value", message: "unknown type \(type)")
    }
  }

  private func readArray(of contents: String) throws(DesktopBusError) -> DBusValue {
    _ = try enter("a", contents)
    defer { try? exitContainer() }
    if contents == "s" {
      var strings: [String] = []
      while case .string(let text)? = try readValue() { strings.append(text) }
      return .strings(strings)
    }
    if contents.hasPrefix("{s") {
      let entryContents = String(contents.dropFirst().dropLast())
      var entries: [DBusValue.Entry] = []
      while try enter("e", entryContents) {
        let key = try readText("s")
        var value = try readValue() ?? .strings([])
        if case .variant(let inner) = value { value = inner }
        entries.append(DBusValue.Entry(key: key, value: value))
        try exitContainer()
      }
      return .dictionary(entries)
    }
    var elements: [DBusValue] = []
    while let element = try readValue() { elements.append(element) }
    return .array(element: contents, elements)
  }
}
