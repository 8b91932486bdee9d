internal import CXML2
import SystemSupport

/// XSPF (`<playlist><trackList><track><location>…</location><title>…</title></track>`), read
/// as a stream through libxml2. The file is untrusted: no network, no entity expansion, no DTD,
/// libxml2's default limits. Locations are URIs: `file://…`, or references relative to the
/// playlist (percent-encoded), which `PlaylistEntry` resolves.
public enum XSPFReader {
  /// The playlist is not well-formed XML: libxml2's message and line.
  public struct Malformed: Error, Sendable, Equatable, CustomStringConvertible {
    public var line: Int
    public var message: String
    public var description: String { "line \(line): \(message)" }
  }

  private static let options = Int32(
    XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
      | XML_PARSE_NOCDATA.rawValue)

  /// Owns a libxml2 stream reader.
  private final class Reader {
    let pointer: xmlTextReaderPtr
    init(_ pointer: xmlTextReaderPtr) { self.pointer = pointer }
    deinit { xmlFreeTextReader(pointer) }
  }

  public static func entries(_ bytes: [UInt8]) throws(Malformed) -> [PlaylistEntry] {
    guard bytes.count < Int32.max else { throw Malformed(line: 0, message: "file too large") }
    xmlResetLastError()
    return try bytes.withUnsafeBufferPointer { buffer throws(Malformed) in
      let made = buffer.withMemoryRebound(to: CChar.self) { chars in
        xmlReaderForMemory(chars.baseAddress, Int32(chars.count), nil, nil, options)
      }
      guard let made else { throw lastError() }
      return try read(Reader(made))
    }
  }

  /// Walks the elements, keeping the text of each `track`'s `location` and `title`.
  private static func read(_ reader: Reader) throws(Malformed) -> [PlaylistEntry] {
    var entries: [PlaylistEntry] = []
    var path: [String] = []
    var location = ""
    var title = ""
    while true {
      let status = xmlTextReaderRead(reader.pointer)
      if status == 0 { break }
      guard status == 1 else { throw lastError() }
      switch xmlTextReaderNodeType(reader.pointer) {
      case Int32(XML_READER_TYPE_ELEMENT.rawValue):
        let name = string(xmlTextReaderConstLocalName(reader.pointer))
        if name == "track" {
          location = ""
          title = ""
        }
        if xmlTextReaderIsEmptyElement(reader.pointer) != 1 { path.append(name) }
      case Int32(XML_READER_TYPE_END_ELEMENT.rawValue):
        if path.popLast() == "track", path.last == "trackList" {
          let trimmed = location.trimmingWhitespace
          if !trimmed.isEmpty {
            entries.append(
              PlaylistEntry(
                location: relativeDecoded(trimmed), title: title.isEmpty ? nil : title,
                line: entries.count + 1))
          }
        }
      case Int32(XML_READER_TYPE_TEXT.rawValue), Int32(XML_READER_TYPE_CDATA.rawValue):
        guard path.count >= 2, path[path.count - 2] == "track" else { continue }
        let text = string(xmlTextReaderConstValue(reader.pointer))
        // The first `location` of a track is the one to play (others are alternatives).
        if path.last == "location", location.isEmpty { location += text }
        if path.last == "title" { title += text }
      default:
        continue
      }
    }
    if let error = xmlGetLastError(), error.pointee.level == XML_ERR_FATAL {
      throw describe(error.pointee)
    }
    return entries
  }

  /// A relative reference percent-decoded into a path; a URI with a scheme stays as it is.
  private static func relativeDecoded(_ location: String) -> String {
    guard !PlaylistEntry.hasScheme(location) else { return location }
    return FileURI.percentDecoded(location) ?? location
  }

  private static func lastError() -> Malformed {
    guard let error = xmlGetLastError() else {
      return Malformed(line: 0, message: "libxml2 could not read the playlist")
    }
    return describe(error.pointee)
  }

  private static func describe(_ error: xmlError) -> Malformed {
    var message = error.message.map { String(cString: $0) } ?? "error \(error.code)"
    while message.last == "\n" { message.removeLast() }
    return Malformed(line: Int(error.line), message: message)
  }

  private static func string(_ pointer: UnsafePointer<xmlChar>?) -> String {
    pointer.map { String(cString: $0) } ?? ""
  }
}

extension String {
  fileprivate var trimmingWhitespace: String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }
    return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
  }
}
