import CXML2

/// Every libxml2 call lyricpip makes. Lyrics files are untrusted: no network
/// (`XML_PARSE_NONET`), no entity substitution (no `XML_PARSE_NOENT`, so an entity declared in
/// the file is never expanded), no DTD loading or validation, libxml2's default size and depth
/// limits (no `XML_PARSE_HUGE`), and errors kept instead of printed.
enum XMLCalls {
  static let options = Int32(
    XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
      | XML_PARSE_NOCDATA.rawValue)

  /// Owns a parser context (and through it the last error).
  final class ParserContext {
    let pointer: xmlParserCtxtPtr

    init() throws(LyricsContainerError) {
      guard let pointer = xmlNewParserCtxt() else {
        throw .xml(line: 0, message: "libxml2 could not make a parser (out of memory)")
      }
      self.pointer = pointer
    }

    deinit { xmlFreeParserCtxt(pointer) }
  }

  /// Owns a parsed document.
  final class Document {
    let pointer: xmlDocPtr

    init(_ pointer: xmlDocPtr) { self.pointer = pointer }

    deinit { xmlFreeDoc(pointer) }
  }

  /// Parses `bytes` and returns the root element as a Swift value.
  static func parse(_ bytes: [UInt8]) throws(LyricsContainerError) -> XMLElement {
    let context = try ParserContext()
    guard bytes.count < Int32.max else { throw .xml(line: 0, message: "document too large") }
    let parsed = bytes.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { chars in
        xmlCtxtReadMemory(
          context.pointer, chars.baseAddress, Int32(chars.count), nil, nil, options)
      }
    }
    guard let parsed else { throw lastError(context) }
    let document = Document(parsed)
    if let error = xmlCtxtGetLastError(context.pointer), error.pointee.level == XML_ERR_FATAL {
      throw describe(error.pointee)
    }
    guard let root = xmlDocGetRootElement(document.pointer) else {
      throw .xml(line: 0, message: "the document has no root element")
    }
    return element(root)
  }

  static func lastError(_ context: ParserContext) -> LyricsContainerError {
    guard let error = xmlCtxtGetLastError(context.pointer) else {
      return .xml(line: 0, message: "libxml2 could not read the document")
    }
    return describe(error.pointee)
  }

  static func describe(_ error: xmlError) -> LyricsContainerError {
    var message = error.message.map { String(cString: $0) } ?? "error \(error.code)"
    while message.last == "\n" { message.removeLast() }
    return .xml(line: Int(error.line), message: message)
  }

  static func string(_ pointer: UnsafePointer<xmlChar>?) -> String {
    guard let pointer else { return "" }
    return String(cString: pointer)
  }

  /// The tree below `node`, recursively: libxml2 limits the depth (256 without
  /// `XML_PARSE_HUGE`), so the recursion is bounded.
  static func element(_ node: xmlNodePtr) -> XMLElement {
    var attributes: [String: String] = [:]
    var attribute = node.pointee.properties
    while let current = attribute {
      let name = string(current.pointee.name)
      // The value is the attribute's text children (read in place: no copy to free).
      var value = ""
      var piece = current.pointee.children
      while let text = piece {
        if text.pointee.type == XML_TEXT_NODE { value += string(text.pointee.content) }
        piece = text.pointee.next
      }
      attributes[name] = value
      attribute = current.pointee.next
    }
    var children: [XMLElement.Child] = []
    var child = node.pointee.children
    while let current = child {
      switch current.pointee.type {
      case XML_ELEMENT_NODE: children.append(.element(element(current)))
      case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
        let text = string(current.pointee.content)
        if case .text(let previous) = children.last {
          children[children.count - 1] = .text(previous + text)
        } else {
          children.append(.text(text))
        }
      default: break  // comments, processing instructions, unexpanded entity references
      }
      child = current.pointee.next
    }
    return XMLElement(
      name: string(node.pointee.name), attributes: attributes, children: children,
      line: Int(xmlGetLineNo(node)))
  }
}
