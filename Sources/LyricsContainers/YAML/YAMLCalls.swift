internal import CYAML

/// Every libyaml call lyricpip makes: read the first document of a stream, as libyaml's events,
/// straight into a `YAMLValue` (no libyaml document kept beside it). Aliases make a YAML
/// document a graph that can expand exponentially (a "billion laughs"), so reading stops after
/// `nodeLimit` nodes, counting each alias as the nodes it stands for, and at `depthLimit` levels.
enum YAMLCalls {
  static let nodeLimit = 2_000_000
  static let depthLimit = 64

  /// libyaml's function table, opened once, on the first document read (see
  /// Sources/CYAML/shim.h: linked, the library would be mapped in every run). A Swift global:
  /// initialised once, thread-safely; libyaml's functions may be called from any thread (each
  /// parser stays on one).
  static let library: Result<lyricpip_yaml_api, LyricsContainerError> = load(file: "libyaml-0.so.2")

  static func load(file: String) -> Result<lyricpip_yaml_api, LyricsContainerError> {
    var api = lyricpip_yaml_api()
    var error = [CChar](repeating: 0, count: 512)
    guard lyricpip_yaml_load(&api, file, &error, error.count) == 0 else {
      let text = String(
        decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      return .failure(.yaml(line: 0, message: "libyaml is not available: \(text)"))
    }
    return .success(api)
  }

  final class Parser {
    let api: lyricpip_yaml_api
    var parser = yaml_parser_t()
    private var started = false

    init() throws(LyricsContainerError) {
      api = try YAMLCalls.library.get()
      guard lyricpip_yaml_parser_initialize(api, &parser) == 1 else {
        throw .yaml(line: 0, message: "libyaml could not make a parser (out of memory)")
      }
      started = true
    }

    deinit { if started { lyricpip_yaml_parser_delete(api, &parser) } }
  }

  /// One event, deleted when it goes.
  final class Event {
    let api: lyricpip_yaml_api
    var event = yaml_event_t()
    var filled = false

    init(api: lyricpip_yaml_api) { self.api = api }

    deinit { if filled { lyricpip_yaml_event_delete(api, &event) } }
  }

  /// A collection being read, with the nodes it holds so far.
  struct Frame {
    var isMapping: Bool
    var items: [YAMLValue] = []
    var pairs: [(key: String, value: YAMLValue)] = []
    var pendingKey: String?
    var anchor: String?
    var nodes = 1
  }

  static func load(_ bytes: [UInt8]) throws(LyricsContainerError) -> YAMLValue {
    let owner = try Parser()
    return try bytes.withUnsafeBufferPointer { buffer throws(LyricsContainerError) in
      lyricpip_yaml_parser_set_input_string(
        owner.api, &owner.parser, buffer.baseAddress, buffer.count)
      return try read(owner)
    }
  }

  static func problem(_ owner: Parser) -> LyricsContainerError {
    let problem = owner.parser.problem.map { String(cString: $0) } ?? "unreadable"
    let context = owner.parser.context.map { String(cString: $0) + ": " } ?? ""
    return .yaml(line: Int(owner.parser.problem_mark.line) + 1, message: context + problem)
  }

  static func text(_ pointer: UnsafeMutablePointer<yaml_char_t>?, length: Int? = nil) -> String? {
    guard let pointer else { return nil }
    guard let length else { return String(cString: pointer) }
    return String(decoding: UnsafeBufferPointer(start: pointer, count: length), as: UTF8.self)
  }

  static func read(_ owner: Parser) throws(LyricsContainerError) -> YAMLValue {
    var stack: [Frame] = []
    var anchors: [String: (value: YAMLValue, nodes: Int)] = [:]
    var total = 0
    var root: YAMLValue?
    // Places a finished value in the collection it belongs to (or makes it the root). `nodes`
    // is the size of its tree; `added` what it adds to the total (a collection's children were
    // counted as they came; an alias adds all it stands for).
    func place(_ value: YAMLValue, nodes: Int, added: Int, anchor: String?, line: Int)
      throws(LyricsContainerError)
    {
      total += added
      guard total <= nodeLimit else {
        throw .yaml(line: line, message: "too many nodes (aliases expanding?)")
      }
      if let anchor { anchors[anchor] = (value, nodes) }
      guard !stack.isEmpty else {
        root = value
        return
      }
      let top = stack.count - 1
      stack[top].nodes += nodes
      if !stack[top].isMapping {
        stack[top].items.append(value)
      } else if let key = stack[top].pendingKey {
        stack[top].pairs.append((key, value))
        stack[top].pendingKey = nil
      } else {
        guard case .scalar(let key) = value else {
          throw .yaml(line: line, message: "a mapping key is not a scalar")
        }
        stack[top].pendingKey = key
      }
    }
    while root == nil {
      let event = Event(api: owner.api)
      guard lyricpip_yaml_parser_parse(owner.api, &owner.parser, &event.event) == 1 else {
        throw problem(owner)
      }
      event.filled = true
      let line = Int(event.event.start_mark.line) + 1
      switch event.event.type {
      case YAML_SCALAR_EVENT:
        let scalar = event.event.data.scalar
        try place(
          .scalar(text(scalar.value, length: scalar.length) ?? ""), nodes: 1, added: 1,
          anchor: text(scalar.anchor), line: line)
      case YAML_ALIAS_EVENT:
        guard let name = text(event.event.data.alias.anchor), let target = anchors[name] else {
          throw .yaml(line: line, message: "an alias to an unknown anchor")
        }
        try place(
          target.value, nodes: target.nodes, added: target.nodes, anchor: nil, line: line)
      case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
        guard stack.count < depthLimit else {
          throw .yaml(line: line, message: "nested more than \(depthLimit) levels")
        }
        let isMapping = event.event.type == YAML_MAPPING_START_EVENT
        let anchor =
          isMapping
          ? text(event.event.data.mapping_start.anchor)
          : text(event.event.data.sequence_start.anchor)
        stack.append(Frame(isMapping: isMapping, anchor: anchor))
      case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
        guard let frame = stack.popLast() else { continue }
        let value: YAMLValue = frame.isMapping ? .mapping(frame.pairs) : .sequence(frame.items)
        try place(value, nodes: frame.nodes, added: 1, anchor: frame.anchor, line: line)
      case YAML_STREAM_END_EVENT:
        throw .yaml(line: line, message: "the document is empty")
      default:
        continue  // stream and document starts and ends
      }
    }
    guard let root else { throw .yaml(line: 0, message: "the document is empty") }
    return root
  }
}
