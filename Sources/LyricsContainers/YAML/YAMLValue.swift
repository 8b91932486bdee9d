/// A YAML node as lyricpip reads it: scalars as their text (the lyricsfile's integers and
/// strings are both plain scalars), sequences, and mappings with scalar keys in order.
indirect enum YAMLValue: Equatable, Sendable {
  case scalar(String)
  case sequence([YAMLValue])
  case mapping([(key: String, value: YAMLValue)])

  static func == (lhs: YAMLValue, rhs: YAMLValue) -> Bool {
    switch (lhs, rhs) {
    case (.scalar(let a), .scalar(let b)): a == b
    case (.sequence(let a), .sequence(let b)): a == b
    case (.mapping(let a), .mapping(let b)):
      a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    default: false
    }
  }

  subscript(key: String) -> YAMLValue? {
    guard case .mapping(let pairs) = self else { return nil }
    return pairs.last { $0.key == key }?.value
  }

  var string: String? { if case .scalar(let text) = self { text } else { nil } }

  var int: Int? {
    guard let text = string, text.count <= 15 else { return nil }
    return Int(text)
  }

  var items: [YAMLValue]? { if case .sequence(let items) = self { items } else { nil } }
}
