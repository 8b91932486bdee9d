import Glibc

/// The one file that calls Glibc's `iconv`. A converter owns its `iconv_t` and closes it in
/// `deinit`; failures carry the C library's own message. Not for sharing between threads: the
/// conversion state lives in the handle.
public final class IconvConverter {
  /// `iconv_open` failed (usually: the encoding name is unknown to the C library).
  public struct OpenError: Error, CustomStringConvertible {
    public var from: String
    public var message: String
    public var description: String { "cannot convert from '\(from)': \(message)" }
  }

  /// Strict conversion met bytes that are not valid in the source encoding.
  public struct InvalidInput: Error {
    public var offset: Int
  }

  private let handle: iconv_t

  public init(from source: String, to target: String = "UTF-8") throws(OpenError) {
    let opened = iconv_open(target, source)
    // iconv_open signals failure with (iconv_t)-1, not NULL.
    guard let opened, Int(bitPattern: opened) != -1 else {
      throw OpenError(from: source, message: SystemError.last)
    }
    handle = opened
  }

  deinit {
    iconv_close(handle)
  }

  /// Converts `input` whole. Strict mode throws `InvalidInput` at the first invalid or truncated
  /// sequence; lenient mode writes U+FFFD for each bad byte and goes on. Returns the output and
  /// how many bytes were replaced.
  public func convert(
    _ input: [UInt8], lenient: Bool
  ) throws(InvalidInput) -> (bytes: [UInt8], replaced: Int) {
    // Reset the shift state so a converter can be reused.
    iconv(handle, nil, nil, nil, nil)
    var output = [UInt8]()
    output.reserveCapacity(input.count * 2 + 16)
    var replaced = 0
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    var inOffset = 0
    var invalid: Int?
    input.withUnsafeBufferPointer { inBuffer in
      chunk.withUnsafeMutableBufferPointer { outBuffer in
        guard let inBase = inBuffer.baseAddress, let outBase = outBuffer.baseAddress else {
          return
        }
        while inOffset < inBuffer.count {
          var inPtr: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(
            mutating: inBase + inOffset
          ).assumingMemoryBound(to: CChar.self)
          var inLeft = inBuffer.count - inOffset
          var outPtr: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(outBase)
            .assumingMemoryBound(to: CChar.self)
          var outLeft = outBuffer.count
          let result = iconv(handle, &inPtr, &inLeft, &outPtr, &outLeft)
          let failure = result == -1 ? errno : 0
          output.append(contentsOf: outBuffer[0..<(outBuffer.count - outLeft)])
          inOffset = inBuffer.count - inLeft
          if result != -1 || failure == E2BIG { continue }
          // EILSEQ (invalid sequence) or EINVAL (truncated at the end).
          if !lenient {
            invalid = inOffset
            return
          }
          output.append(contentsOf: [0xEF, 0xBF, 0xBD])
          replaced += 1
          inOffset += 1
          iconv(handle, nil, nil, nil, nil)
        }
      }
    }
    if let invalid { throw InvalidInput(offset: invalid) }
    return (output, replaced)
  }
}
