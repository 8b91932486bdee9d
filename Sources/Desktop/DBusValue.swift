/// A D-Bus value as MPRIS needs it, built in Swift and written into a message by `SDBusCalls`,
/// so the properties and replies are plain values that can be compared (for PropertiesChanged).
enum DBusValue: Equatable, Sendable {
  case string(String)
  case objectPath(String)
  case int64(Int64)
  case double(Double)
  case bool(Bool)
  /// `as`.
  case strings([String])
  /// `v`: a value with its own signature inside.
  indirect case variant(DBusValue)
  /// `a{sv}`, in the order given.
  case dictionary([Entry])

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
    case .double: "d"
    case .bool: "b"
    case .strings: "as"
    case .variant: "v"
    case .dictionary: "a{sv}"
    }
  }
}
