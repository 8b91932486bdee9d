internal import CXML2

/// Every libxml2 call lyricpip makes. Lyrics files are untrusted: no network
/// (`XML_PARSE_NONET`), no entity substitution (no `XML_PARSE_NOENT`, so an entity declared in
/// the file is never expanded), no DTD loading or validation, libxml2's default size and depth
/// limits (no `XML_PARSE_HUGE`), and errors kept instead of printed.
///
/// The document is read as a stream (`xmlTextReader`) straight into `XMLElement` values: no
/// libxml2 tree is kept beside the Swift one, which halves what a big file costs.
enum XMLCalls {
  static let options = Int32(
    XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
      | XML_PARSE_NOCDATA.rawValue | XML_PARSE_BIG_LINES.rawValue)

  /// Owns a stream reader.
  final class Reader {
    let pointer: xmlTextReaderPtr

    init(_ pointer: xmlTextReaderPtr) { self.pointer = pointer }

    deinit { xmlFreeTextReader(pointer) }
  }

  /// An element being read: its children arrive until its end tag.
  struct OpenElement {
    var element: XMLElement
  }

  /// Parses `bytes` and returns the root element as a Swift value; `encoding` overrides the
  /// XML declaration's (for text lyricpip has already transcoded).
  static func parse(_ bytes: [UInt8], encoding: String? = nil) throws(LyricsContainerError)
    -> XMLElement
  {
    guard bytes.count < Int32.max else { throw .xml(line: 0, message: "document too large") }
    xmlResetLastError()
    // The reader reads the bytes in place as it goes: it lives and dies inside this closure.
    return try bytes.withUnsafeBufferPointer { buffer throws(LyricsContainerError) in
      let made = buffer.withMemoryRebound(to: CChar.self) { chars in
        xmlReaderForMemory(chars.baseAddress, Int32(chars.count), nil, encoding, options)
      }
      guard let made else { throw lastError(line: 0) }
      return try read(Reader(made))
    }
  }

  static func read(_ reader: Reader) throws(LyricsContainerError) -> XMLElement {
    var open: [XMLElement] = []
    var root: XMLElement?
    func close(_ element: XMLElement) {
      if open.isEmpty {
        if root == nil { root = element }
      } else {
        open[open.count - 1].children.append(.element(element))
      }
    }
    while true {
      let status = xmlTextReaderRead(reader.pointer)
      if status == 0 { break }
      guard status == 1 else {
        throw lastError(line: Int(xmlTextReaderGetParserLineNumber(reader.pointer)))
      }
      switch xmlTextReaderNodeType(reader.pointer) {
      case Int32(XML_READER_TYPE_ELEMENT.rawValue):
        let element = start(reader)
        if xmlTextReaderIsEmptyElement(reader.pointer) == 1 {
          close(element)
        } else {
          open.append(element)
        }
      case Int32(XML_READER_TYPE_END_ELEMENT.rawValue):
        if let element = open.popLast() { close(element) }
      case Int32(XML_READER_TYPE_TEXT.rawValue), Int32(XML_READER_TYPE_CDATA.rawValue),
        Int32(XML_READER_TYPE_WHITESPACE.rawValue),
        Int32(XML_READER_TYPE_SIGNIFICANT_WHITESPACE.rawValue):
        guard !open.isEmpty else { continue }
        let text = string(xmlTextReaderConstValue(reader.pointer))
        let last = open.count - 1
        if case .text(let previous) = open[last].children.last {
          open[last].children[open[last].children.count - 1] = .text(previous + text)
        } else {
          open[last].children.append(.text(text))
        }
      default:
        continue  // comments, processing instructions, unexpanded entity references
      }
    }
    if let error = xmlGetLastError(), error.pointee.level == XML_ERR_FATAL {
      throw describe(error.pointee)
    }
    guard let root else { throw .xml(line: 0, message: "the document has no root element") }
    return root
  }

  /// The element the reader is on, with its attributes (by local name).
  static func start(_ reader: Reader) -> XMLElement {
    let name = string(xmlTextReaderConstLocalName(reader.pointer))
    // The node's own line: the parser's line is wherever it has buffered up to, often lines
    // (or the whole file) further on.
    let line = xmlTextReaderCurrentNode(reader.pointer).map { Int(xmlGetLineNo($0)) } ?? 0
    var attributes: [String: String] = [:]
    while xmlTextReaderMoveToNextAttribute(reader.pointer) == 1 {
      attributes[string(xmlTextReaderConstLocalName(reader.pointer))] = string(
        xmlTextReaderConstValue(reader.pointer))
    }
    xmlTextReaderMoveToElement(reader.pointer)
    return XMLElement(name: name, attributes: attributes, children: [], line: line)
  }

  static func lastError(line: Int) -> LyricsContainerError {
    guard let error = xmlGetLastError() else {
      return .xml(line: line, message: "libxml2 could not read the document")
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
}
