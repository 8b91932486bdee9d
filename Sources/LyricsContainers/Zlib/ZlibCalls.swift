internal import CZlib

/// Every zlib call lyricpip makes. A stream is owned by a final class that ends it in deinit.
enum ZlibCalls {
  /// At most this much output: a lyrics file is a few KiB; more is a bomb or not lyrics.
  static let outputLimit = 16 * 1024 * 1024

  final class InflateStream {
    var stream = z_stream()
    private var started = false

    init() throws(LyricsContainerError) {
      let status = lyricpip_inflate_init(&stream)
      guard status == Z_OK else { throw .compressed(ZlibCalls.message(status, stream)) }
      started = true
    }

    deinit { if started { inflateEnd(&stream) } }
  }

  final class DeflateStream {
    var stream = z_stream()
    private var started = false

    init() throws(LyricsContainerError) {
      let status = lyricpip_deflate_init(&stream, Z_DEFAULT_COMPRESSION)
      guard status == Z_OK else { throw .compressed(ZlibCalls.message(status, stream)) }
      started = true
    }

    deinit { if started { deflateEnd(&stream) } }
  }

  /// The library's message for a failed call.
  static func message(_ status: Int32, _ stream: z_stream) -> String {
    if let text = stream.msg { return String(cString: text) }
    if let text = zError(status) { return String(cString: text) }
    return "zlib error \(status)"
  }

  /// Inflates a whole zlib stream; a stream that stops early is an error, and so is output
  /// beyond `limit`.
  static func inflate(_ input: [UInt8], limit: Int = outputLimit) throws(LyricsContainerError)
    -> [UInt8]
  {
    let owner = try InflateStream()
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    var input = input
    let status: Int32 = input.withUnsafeMutableBufferPointer { inputBuffer in
      owner.stream.next_in = inputBuffer.baseAddress
      owner.stream.avail_in = UInt32(inputBuffer.count)
      while true {
        let (status, produced) = chunk.withUnsafeMutableBufferPointer { chunkBuffer in
          owner.stream.next_out = chunkBuffer.baseAddress
          owner.stream.avail_out = UInt32(chunkBuffer.count)
          let status = CZlib.inflate(&owner.stream, Z_NO_FLUSH)
          return (status, chunkBuffer.count - Int(owner.stream.avail_out))
        }
        if output.count + produced > limit { return Z_MEM_ERROR - 100 }
        output.append(contentsOf: chunk[0..<produced])
        if status == Z_STREAM_END { return Z_STREAM_END }
        if status == Z_BUF_ERROR || (status == Z_OK && owner.stream.avail_in == 0 && produced == 0)
        {
          return Z_BUF_ERROR
        }
        if status != Z_OK { return status }
      }
    }
    switch status {
    case Z_STREAM_END: return output
    case Z_MEM_ERROR - 100: throw .tooLarge(limit: limit)
    case Z_BUF_ERROR: throw .compressed("the stream ends early (truncated)")
    default: throw .compressed(message(status, owner.stream))
    }
  }

  /// Deflates `input` into one zlib stream (for writing binary KRC and for tests).
  static func deflate(_ input: [UInt8]) throws(LyricsContainerError) -> [UInt8] {
    let owner = try DeflateStream()
    var input = input
    var output = [UInt8](repeating: 0, count: Int(compressBound(UInt(input.count))) + 64)
    let status: Int32 = input.withUnsafeMutableBufferPointer { inputBuffer in
      output.withUnsafeMutableBufferPointer { outputBuffer in
        owner.stream.next_in = inputBuffer.baseAddress
        owner.stream.avail_in = UInt32(inputBuffer.count)
        owner.stream.next_out = outputBuffer.baseAddress
        owner.stream.avail_out = UInt32(outputBuffer.count)
        return CZlib.deflate(&owner.stream, Z_FINISH)
      }
    }
    guard status == Z_STREAM_END else { throw .compressed(message(status, owner.stream)) }
    output.removeSubrange(Int(owner.stream.total_out)...)
    return output
  }
}
