/// An XML element as lyricpip reads it: names and attribute keys by their local names (the
/// prefixes files use for Apple's namespaces vary), text kept exactly, in document order.
/// A plain value, so the formats' logic is pure Swift over it and the C document is freed at
/// once.
struct XMLElement: Equatable, Sendable {
  enum Child: Equatable, Sendable {
    case element(XMLElement)
    case text(String)
  }

  var name: String
  var attributes: [String: String]
  var children: [Child]
  /// The line libxml2 found it on, for diagnostics.
  var line: Int

  subscript(attribute: String) -> String? { attributes[attribute] }

  var elements: [XMLElement] {
    children.compactMap { if case .element(let element) = $0 { element } else { nil } }
  }

  func elements(named name: String) -> [XMLElement] { elements.filter { $0.name == name } }

  /// Every descendant element named `name`, depth first.
  func descendants(named name: String) -> [XMLElement] {
    var found: [XMLElement] = []
    for element in elements {
      if element.name == name { found.append(element) }
      found += element.descendants(named: name)
    }
    return found
  }

  /// All the text inside, in order.
  var textContent: String {
    children.map {
      switch $0 {
      case .text(let text): text
      case .element(let element): element.textContent
      }
    }.joined()
  }
}
