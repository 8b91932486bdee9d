internal import CFFmpeg

// Every call into libavformat, libavcodec, libswresample and libavutil goes through this file.
// Each C object is owned by a final class that frees it in `deinit`; a negative status becomes a
// `FFmpegError` carrying FFmpeg's own message (av_strerror).

/// An FFmpeg failure: the operation and FFmpeg's message.
struct FFmpegError: Error, CustomStringConvertible {
  var code: Int32
  var operation: String
  var message: String
  var description: String { "\(operation): \(message)" }

  init(_ code: Int32, _ operation: String) {
    self.code = code
    self.operation = operation
    var buffer = [CChar](repeating: 0, count: 256)
    av_strerror(code, &buffer, buffer.count)
    message = String(
      decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  var isStreamNotFound: Bool { code == lyricpip_averror_stream_not_found() }
  var isEndOfFile: Bool { code == lyricpip_averror_eof() }
}

enum FFmpeg {
  static let noTimestamp: Int64 = lyricpip_nopts_value()
  static let timeBase = Int64(lyricpip_time_base())

  static func check(_ status: Int32, _ operation: String) throws -> Int32 {
    if status < 0 { throw FFmpegError(status, operation) }
    return status
  }

  static func quiet() { av_log_set_level(AV_LOG_QUIET) }
}

/// An opened container (AVFormatContext) with its stream info read (or only its header, for a
/// quick look at the tags).
final class FormatContext {
  let pointer: UnsafeMutablePointer<AVFormatContext>

  /// `readingStreamInfo`: false when only the header is wanted (an attached picture is there
  /// once the file is open), which spares decoding the first packets of every stream.
  init(path: String, readingStreamInfo: Bool = true) throws {
    var context: UnsafeMutablePointer<AVFormatContext>?
    _ = try FFmpeg.check(avformat_open_input(&context, path, nil, nil), "open")
    guard let context else { throw FFmpegError(lyricpip_averror(ENOMEM), "open") }
    pointer = context
    guard readingStreamInfo else { return }
    // A truncated file may fail here after its streams were found; it still plays what it has.
    let status = avformat_find_stream_info(context, nil)
    if status < 0 && context.pointee.nb_streams == 0 {
      throw FFmpegError(status, "read stream info")
    }
  }

  deinit {
    var context: UnsafeMutablePointer<AVFormatContext>? = pointer
    avformat_close_input(&context)
  }

  /// The best audio stream's index and its decoder.
  func bestAudioStream() throws -> (index: Int32, codec: UnsafePointer<AVCodec>) {
    var codec: UnsafePointer<AVCodec>?
    let index = try FFmpeg.check(
      av_find_best_stream(pointer, AVMEDIA_TYPE_AUDIO, -1, -1, &codec, 0), "find audio stream")
    guard let codec else { throw FFmpegError(lyricpip_averror_stream_not_found(), "find decoder") }
    return (index, codec)
  }

  /// The first audio stream by the header alone (no decoder looked for), else stream 0.
  var firstAudioStream: Int32 {
    for index in 0..<Int32(pointer.pointee.nb_streams)
    where stream(index)?.pointee.codecpar?.pointee.codec_type == AVMEDIA_TYPE_AUDIO {
      return index
    }
    return 0
  }

  func stream(_ index: Int32) -> UnsafeMutablePointer<AVStream>? {
    guard index >= 0, index < Int32(pointer.pointee.nb_streams) else { return nil }
    return pointer.pointee.streams[Int(index)]
  }

  /// Container duration in nanoseconds, nil when unknown.
  var durationNanos: Int64? {
    let duration = pointer.pointee.duration
    guard duration != FFmpeg.noTimestamp, duration > 0 else { return nil }
    return duration * (1_000_000_000 / FFmpeg.timeBase)
  }

  /// The container's and the stream's tags, keys lowercased (the stream's win: Ogg keeps its
  /// Vorbis comments there).
  func tags(stream index: Int32) -> [String: String] {
    var result = Self.entries(pointer.pointee.metadata)
    if let stream = stream(index) {
      result.merge(Self.entries(stream.pointee.metadata)) { $1 }
    }
    return result
  }

  private static func entries(_ dictionary: OpaquePointer?) -> [String: String] {
    var result: [String: String] = [:]
    var entry: UnsafeMutablePointer<AVDictionaryEntry>?
    while true {
      entry = av_dict_get(dictionary, "", entry, AV_DICT_IGNORE_SUFFIX)
      guard let current = entry else { break }
      guard let key = current.pointee.key, let value = current.pointee.value else { continue }
      result[String(cString: key).lowercased()] = String(cString: value)
    }
    return result
  }

  /// The bytes of the first stream marked as an attached picture (a cover in ID3 `APIC`, an MP4
  /// `covr` atom, FLAC's `PICTURE` block), as stored: a JPEG or PNG file's content.
  /// Whether a stream is an attached picture (a cover), without copying it.
  var hasAttachedPicture: Bool {
    (0..<Int32(pointer.pointee.nb_streams)).contains { index in
      stream(index).map { $0.pointee.disposition & AV_DISPOSITION_ATTACHED_PIC != 0 } ?? false
    }
  }

  func attachedPicture() -> [UInt8]? {
    for index in 0..<Int32(pointer.pointee.nb_streams) {
      guard let stream = stream(index),
        stream.pointee.disposition & AV_DISPOSITION_ATTACHED_PIC != 0
      else { continue }
      let packet = stream.pointee.attached_pic
      guard let data = packet.data, packet.size > 0 else { continue }
      return Array(UnsafeBufferPointer(start: data, count: Int(packet.size)))
    }
    return nil
  }

  /// Reads the next packet into `packet`: nil when one was read, else the error that ended the
  /// file (`AVERROR_EOF` at its end). Either way the caller ends the track there, so what could
  /// be read plays.
  func readPacket(into packet: Packet) -> FFmpegError? {
    let status = av_read_frame(pointer, packet.pointer)
    return status >= 0 ? nil : FFmpegError(status, "read")
  }

  /// Seeks to the keyframe at or before `timestamp` (in the stream's time base).
  func seek(stream index: Int32, timestamp: Int64) throws {
    _ = try FFmpeg.check(
      av_seek_frame(pointer, index, timestamp, AVSEEK_FLAG_BACKWARD), "seek")
  }
}

/// An opened decoder (AVCodecContext).
final class CodecContext {
  let pointer: UnsafeMutablePointer<AVCodecContext>

  init(codec: UnsafePointer<AVCodec>, parameters: UnsafePointer<AVCodecParameters>) throws {
    guard let context = avcodec_alloc_context3(codec) else {
      throw FFmpegError(lyricpip_averror(ENOMEM), "allocate decoder")
    }
    pointer = context
    _ = try FFmpeg.check(avcodec_parameters_to_context(context, parameters), "configure decoder")
    _ = try FFmpeg.check(avcodec_open2(context, codec, nil), "open decoder")
  }

  deinit {
    var context: UnsafeMutablePointer<AVCodecContext>? = pointer
    avcodec_free_context(&context)
  }

  /// Sends a packet; false when the decoder rejects it (corrupt data: the packet is skipped).
  func send(_ packet: Packet?) -> Bool {
    avcodec_send_packet(pointer, packet?.pointer) >= 0
  }

  /// Receives the next decoded frame; false when the decoder needs more input or is done.
  func receive(into frame: Frame) -> Bool {
    avcodec_receive_frame(pointer, frame.pointer) >= 0
  }

  func flush() { avcodec_flush_buffers(pointer) }

  var sampleRate: Int32 { pointer.pointee.sample_rate }
  var sampleFormat: AVSampleFormat { pointer.pointee.sample_fmt }
  /// Samples in each coded frame (1152 for MPEG-1 Layer III); 0 when the codec does not say.
  var frameSize: Int32 { pointer.pointee.frame_size }

  /// Runs `body` with the input channel layout (a default one for the channel count when the
  /// file has none). The copy lives only for the call: a custom-order layout owns an allocated
  /// map, freed here.
  func withChannelLayout<T>(_ body: (UnsafeMutablePointer<AVChannelLayout>) throws -> T) throws -> T
  {
    var layout = AVChannelLayout()
    defer { av_channel_layout_uninit(&layout) }
    if pointer.pointee.ch_layout.order == AV_CHANNEL_ORDER_UNSPEC {
      av_channel_layout_default(&layout, max(1, pointer.pointee.ch_layout.nb_channels))
    } else {
      _ = try FFmpeg.check(
        av_channel_layout_copy(&layout, &pointer.pointee.ch_layout), "copy channel layout")
    }
    return try body(&layout)
  }
}

/// A resampler (SwrContext) converting decoded frames to interleaved float at the output rate.
final class Resampler {
  private let pointer: OpaquePointer
  private let outputChannels: Int

  /// - Parameter layout: the input's channel layout; the resampler keeps a copy of its own.
  init(
    input layout: UnsafeMutablePointer<AVChannelLayout>, inputFormat: AVSampleFormat,
    inputRate: Int32,
    output format: AudioFormat
  ) throws {
    var outLayout = AVChannelLayout()
    defer { av_channel_layout_uninit(&outLayout) }
    av_channel_layout_default(&outLayout, Int32(format.channels))
    var context: OpaquePointer?
    _ = try FFmpeg.check(
      swr_alloc_set_opts2(
        &context, &outLayout, AV_SAMPLE_FMT_FLT, Int32(format.sampleRate), layout,
        inputFormat, inputRate, 0, nil), "configure resampler")
    guard let context else { throw FFmpegError(lyricpip_averror(ENOMEM), "allocate resampler") }
    pointer = context
    outputChannels = format.channels
    _ = try FFmpeg.check(swr_init(context), "start resampler")
  }

  deinit {
    var context: OpaquePointer? = pointer
    swr_free(&context)
  }

  /// Converts `frame` (or, with nil, drains what the resampler still holds).
  func convert(_ frame: Frame?) -> [Float] {
    let inputCount = frame?.pointer.pointee.nb_samples ?? 0
    let capacity = Int(swr_get_out_samples(pointer, inputCount)) + 32
    guard capacity > 0 else { return [] }
    var output = [Float](repeating: 0, count: capacity * outputChannels)
    let converted: Int32 = output.withUnsafeMutableBytes { raw in
      var outPointer: UnsafeMutablePointer<UInt8>? = raw.baseAddress?.assumingMemoryBound(
        to: UInt8.self)
      return withUnsafeMutablePointer(to: &outPointer) { outPlanes in
        if let frame {
          return frame.pointer.pointee.extended_data.withMemoryRebound(
            to: UnsafePointer<UInt8>?.self, capacity: 8
          ) { inPlanes in
            swr_convert(pointer, outPlanes, Int32(capacity), inPlanes, inputCount)
          }
        }
        return swr_convert(pointer, outPlanes, Int32(capacity), nil, 0)
      }
    }
    guard converted > 0 else { return [] }
    output.removeSubrange((Int(converted) * outputChannels)...)
    return output
  }

  /// Forgets buffered samples (after a seek).
  func reset() {
    swr_close(pointer)
    _ = swr_init(pointer)
  }
}

/// An AVPacket.
final class Packet {
  let pointer: UnsafeMutablePointer<AVPacket>

  init() throws {
    guard let packet = av_packet_alloc() else {
      throw FFmpegError(lyricpip_averror(ENOMEM), "allocate packet")
    }
    pointer = packet
  }

  deinit {
    var packet: UnsafeMutablePointer<AVPacket>? = pointer
    av_packet_free(&packet)
  }

  var streamIndex: Int32 { pointer.pointee.stream_index }
  func unref() { av_packet_unref(pointer) }
}

/// An AVFrame.
final class Frame {
  let pointer: UnsafeMutablePointer<AVFrame>

  init() throws {
    guard let frame = av_frame_alloc() else {
      throw FFmpegError(lyricpip_averror(ENOMEM), "allocate frame")
    }
    pointer = frame
  }

  deinit {
    var frame: UnsafeMutablePointer<AVFrame>? = pointer
    av_frame_free(&frame)
  }

  /// The frame's start in its stream's time base, nil when unknown.
  var timestamp: Int64? {
    let value = pointer.pointee.best_effort_timestamp
    return value == FFmpeg.noTimestamp ? nil : value
  }

  func unref() { av_frame_unref(pointer) }
}
