/// A D-Bus value as MPRIS, the tray and the lyrics interface need it, built in Swift and written into a message by `SDBusCalls`,
/// so the properties and replies are plain values that can be compared (for PropertiesChanged).
enum DBusValue: Equatable, Sendable {
  case string(String)
  case objectPath(String)
  case int64(Int64)
  case int32(Int32)
  case uint32(UInt32)
  case double(Double)
  case bool(Bool)
  /// `as`.
  case strings([String])
  /// `v`: a value with its own signature inside.
  indirect case variant(DBusValue)
  /// `a{sv}`, in the order given.
  case dictionary([Entry])
  /// `(…)`: the members in order.
  case structure([DBusValue])
  /// `a…` of any element type, named by its signature (so an empty array has a type).
  case array(element: String, [DBusValue])

  struct Entry: Equatable, Sendable {
    var key: String
    var value: DBusValue
  }

  static func wrapping(_ value: DBusValue) -> DBusValue { .variant(value) }

  /// The D-Bus type signature of the value.
  var signature: String {
    switch self {
    case .string: "s"
    case .objectPath: "o"
    case .int64: "x"
    case .int32: "i"
    case .uint32: "u"
    case .double: "d"
    case .bool: "b"
    case .strings: "as"
    case .variant: "v"
    case .dictionary: "a{sv}"
    case .structure(let members): "(" + members.map(\.signature).joined() + ")"
    case .array(let element, _): "a" + element
    }
  }
}
