import CYAML

/// Every libyaml call lyricpip makes: load the first document of a stream into a
/// `YAMLValue`. Aliases make a YAML document a graph that can expand exponentially (a "billion
/// laughs"), so the conversion stops after `nodeLimit` nodes and `depthLimit` levels.
enum YAMLCalls {
  static let nodeLimit = 2_000_000
  static let depthLimit = 64

  final class Parser {
    var parser = yaml_parser_t()
    private var started = false

    init() throws(LyricsContainerError) {
      guard yaml_parser_initialize(&parser) == 1 else {
        throw .yaml(line: 0, message: "libyaml could not make a parser (out of memory)")
      }
      started = true
    }

    deinit { if started { yaml_parser_delete(&parser) } }
  }

  final class Document {
    var document = yaml_document_t()
    var loaded = false

    deinit { if loaded { yaml_document_delete(&document) } }
  }

  static func load(_ bytes: [UInt8]) throws(LyricsContainerError) -> YAMLValue {
    let owner = try Parser()
    let document = Document()
    let status = bytes.withUnsafeBufferPointer { buffer in
      yaml_parser_set_input_string(&owner.parser, buffer.baseAddress, buffer.count)
      return yaml_parser_load(&owner.parser, &document.document)
    }
    guard status == 1 else {
      let problem = owner.parser.problem.map { String(cString: $0) } ?? "unreadable"
      let context = owner.parser.context.map { String(cString: $0) + ": " } ?? ""
      throw .yaml(line: Int(owner.parser.problem_mark.line) + 1, message: context + problem)
    }
    document.loaded = true
    guard let root = yaml_document_get_root_node(&document.document) else {
      throw .yaml(line: 0, message: "the document is empty")
    }
    var budget = nodeLimit
    return try value(root, in: document, depth: 0, budget: &budget)
  }

  static func value(
    _ node: UnsafeMutablePointer<yaml_node_t>, in owner: Document, depth: Int, budget: inout Int
  ) throws(LyricsContainerError) -> YAMLValue {
    budget -= 1
    guard budget > 0, depth < depthLimit else {
      throw .yaml(
        line: Int(node.pointee.start_mark.line) + 1, message: "too many nodes or levels (aliases?)")
    }
    func child(_ index: Int32) throws(LyricsContainerError) -> YAMLValue {
      guard let node = yaml_document_get_node(&owner.document, index) else {
        throw .yaml(line: 0, message: "dangling node reference")
      }
      return try value(node, in: owner, depth: depth + 1, budget: &budget)
    }
    switch node.pointee.type {
    case YAML_SCALAR_NODE:
      let scalar = node.pointee.data.scalar
      guard let start = scalar.value else { return .scalar("") }
      return .scalar(
        String(decoding: UnsafeBufferPointer(start: start, count: scalar.length), as: UTF8.self))
    case YAML_SEQUENCE_NODE:
      var items: [YAMLValue] = []
      var item = node.pointee.data.sequence.items.start
      let top = node.pointee.data.sequence.items.top
      while let current = item, current != top {
        items.append(try child(current.pointee))
        item = current + 1
      }
      return .sequence(items)
    case YAML_MAPPING_NODE:
      var pairs: [(key: String, value: YAMLValue)] = []
      var pair = node.pointee.data.mapping.pairs.start
      let top = node.pointee.data.mapping.pairs.top
      while let current = pair, current != top {
        guard case .scalar(let key) = try child(current.pointee.key) else {
          throw .yaml(
            line: Int(node.pointee.start_mark.line) + 1, message: "a mapping key is not a scalar")
        }
        pairs.append((key, try child(current.pointee.value)))
        pair = current + 1
      }
      return .mapping(pairs)
    default:
      return .scalar("")
    }
  }
}
