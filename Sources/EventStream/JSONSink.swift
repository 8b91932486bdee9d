import SystemSupport

/// Where JSON text goes, piece by piece: appended to a growing `JSONBytes`, or streamed to a
/// file through one fixed buffer (`JSONStream`). A document written through `some JSONSink` is
/// spelt the same by both.
public protocol JSONSink {
  /// Punctuation and key names, copied as they are.
  mutating func append(_ literal: StaticString)
  /// `number` in decimal.
  mutating func append(_ number: Int)
  /// `text` as a quoted JSON string (`JSONSpelling`'s escapes).
  mutating func appendQuoted(_ text: String)
}

/// A JSON text that can be written into any sink.
public protocol JSONDocument {
  func write<Sink: JSONSink>(to sink: inout Sink)
}

extension JSONBytes: JSONSink {
  /// `document` appended into one growing array.
  public init(_ document: some JSONDocument) {
    self.init()
    document.write(to: &self)
  }
}

/// Writes a document to a file through one buffer of `capacity` bytes, written out each time it
/// fills. `check --json` of a 10 MB lyrics file is 18 MB of JSON: built whole, that array's
/// 4,400 fresh pages cost more system time (page faults) than writing it, and growing it copied
/// it again; through one buffer the text is never all in memory and every byte is copied once.
/// Only `write` makes one, over a buffer that lives as long as that call: a document must not keep
/// its sink.
public struct JSONStream: JSONSink {
  @usableFromInline let buffer: UnsafeMutableBufferPointer<UInt8>
  @usableFromInline var used = 0
  @usableFromInline let file: OutputFile

  @usableFromInline
  init(buffer: UnsafeMutableBufferPointer<UInt8>, file: OutputFile) {
    self.buffer = buffer
    self.file = file
  }

  /// Writes `document` to `file`, in pieces of `capacity` bytes (the pieces make one text: no
  /// separator or end of line is added).
  @inlinable
  public static func write(
    _ document: some JSONDocument, to file: OutputFile, capacity: Int = 256 * 1024
  ) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(capacity, 64)) { buffer in
      var stream = JSONStream(buffer: buffer, file: file)
      document.write(to: &stream)
      stream.flush()
    }
  }

  /// Where the next `size` bytes go: the buffer is written out first when they do not fit.
  /// `size` is at most the buffer's (callers with more write around the buffer).
  @inlinable @inline(__always)
  mutating func room(_ size: Int) -> UnsafeMutablePointer<UInt8> {
    if size > buffer.count - used { flush() }
    precondition(size <= buffer.count - used, "JSON piece larger than the stream's buffer")
    // `write` never makes an empty buffer, so it has an address.
    let start = buffer.baseAddress.unsafelyUnwrapped + used
    used += size
    return start
  }

  @usableFromInline
  mutating func flush() {
    guard used > 0 else { return }
    file.write(UnsafeRawBufferPointer(UnsafeMutableBufferPointer(rebasing: buffer[..<used])))
    used = 0
  }

  // Always inlined: the literal's size and bytes are then known where it is written, and the
  // copy is a few moves instead of a call (a row is a dozen literals).
  @inlinable @inline(__always)
  public mutating func append(_ literal: StaticString) {
    let size = literal.utf8CodeUnitCount
    if size > buffer.count {
      appendLarge(literal)
      return
    }
    room(size).update(from: literal.utf8Start, count: size)
  }

  @usableFromInline
  mutating func appendLarge(_ literal: StaticString) {
    flush()
    file.write(UnsafeRawBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
  }

  @inlinable
  public mutating func append(_ number: Int) {
    // Twenty bytes hold any Int; the buffer is never smaller than 64.
    let start = room(20)
    used -= 20 - JSONSpelling.writeDecimal(number, to: start)
  }

  public mutating func appendQuoted(_ text: String) {
    // A native or small string lends its bytes as they are; any other is made contiguous first.
    let lent: Void? = text.utf8.withContiguousStorageIfAvailable { appendQuoted(utf8: $0) }
    if lent == nil {
      var text = text
      text.withUTF8 { appendQuoted(utf8: $0) }
    }
  }

  private mutating func appendQuoted(utf8: UnsafeBufferPointer<UInt8>) {
    let size = JSONSpelling.escapedCount(utf8)
    guard size + 2 <= buffer.count else {
      // Longer than the whole buffer: out on its own, after what is buffered.
      flush()
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: size + 2) { quoted in
        guard let start = quoted.baseAddress else { return }
        start[0] = UInt8(ascii: "\"")
        _ = JSONSpelling.writeEscaped(utf8, to: start + 1)
        start[size + 1] = UInt8(ascii: "\"")
        file.write(UnsafeRawBufferPointer(quoted))
      }
      return
    }
    let start = room(size + 2)
    start[0] = UInt8(ascii: "\"")
    if size == utf8.count {
      if let source = utf8.baseAddress { (start + 1).update(from: source, count: size) }
    } else {
      _ = JSONSpelling.writeEscaped(utf8, to: start + 1)
    }
    start[size + 1] = UInt8(ascii: "\"")
  }
}
