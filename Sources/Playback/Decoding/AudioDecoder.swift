import PlayerContract
import SystemSupport

/// Decodes an audio file (MP3, FLAC, Ogg Vorbis, Opus, WAV, AAC/M4A: whatever FFmpeg reads) to
/// interleaved float PCM in the output's format, with accurate seeking, duration, tags and
/// embedded lyrics.
///
/// A damaged file never stops playback with an error: a packet the decoder rejects is skipped,
/// and a read error ends the track, so what can be played is played.
/// Not thread-safe: one owner (the player, under its lock) reads and seeks.
public final class AudioDecoder: PCMSource {
  public let info: TrackInfo
  public let format: AudioFormat

  private let container: FormatContext
  private let codec: CodecContext
  private let resampler: Resampler
  private let streamIndex: Int32
  private let timeBase: (num: Int64, den: Int64)
  /// The stream's first timestamp (MP3's encoder delay shows up here): track time 0.
  private let startTimestamp: Int64
  private let packet: Packet
  private let frame: Frame
  /// Converted samples not yet handed out.
  private var buffered: [Float] = []
  /// Track frame of the next sample handed out.
  private var nextFrame: Int64 = 0
  /// Frames to drop from the decoded stream to land exactly on a seek target.
  private var seekTarget: Int64?
  private var inputEnded = false
  private var flushed = false
  /// The read error that ended the input (not the end of the file), for `earlyEnd`.
  private var readError: FFmpegError?

  /// Opens `path`. Throws `DecoderError.unreadable` for a missing or unreadable file or one
  /// FFmpeg does not recognise, `.notAudio` when it has no audio stream.
  public init(path: String, format: AudioFormat = .standard) throws(DecoderError) {
    FFmpeg.quiet()
    self.format = format
    do {
      container = try FormatContext(path: path)
    } catch let error as FFmpegError {
      throw .unreadable(path: path, reason: error.message)
    } catch {
      throw .unreadable(path: path, reason: "\(error)")
    }
    do {
      let best = try container.bestAudioStream()
      streamIndex = best.index
      guard let stream = container.stream(best.index), let parameters = stream.pointee.codecpar
      else { throw DecoderError.notAudio(path: path) }
      timeBase = (Int64(stream.pointee.time_base.num), Int64(max(1, stream.pointee.time_base.den)))
      let start = stream.pointee.start_time
      startTimestamp = start == FFmpeg.noTimestamp ? 0 : start
      let codec = try CodecContext(codec: best.codec, parameters: parameters)
      self.codec = codec
      resampler = try codec.withChannelLayout { layout in
        try Resampler(
          input: layout, inputFormat: codec.sampleFormat, inputRate: codec.sampleRate,
          output: format)
      }
      packet = try Packet()
      frame = try Frame()
    } catch let error as FFmpegError where error.isStreamNotFound {
      throw .notAudio(path: path)
    } catch let error as FFmpegError {
      throw .unreadable(path: path, reason: error.description)
    } catch let error as DecoderError {
      throw error
    } catch {
      throw .unreadable(path: path, reason: "\(error)")
    }
    let tags = container.tags(stream: streamIndex)
    info = TrackInfo(
      path: path, title: tags["title"], artist: tags["artist"], album: tags["album"],
      durationNanos: container.durationNanos, embeddedLyrics: Self.lyrics(in: tags),
      frameTiming: Self.frameTiming(of: codec), replayGain: ReplayGain(tags: tags),
      hasAttachedPicture: container.hasAttachedPicture)
  }

  /// ID3 USLT arrives as `lyrics` or `lyrics-LANG` (for example `lyrics-eng`); Vorbis and FLAC
  /// comments as `LYRICS` (keys are lowercased already). Also `unsyncedlyrics` (some taggers).
  static func lyrics(in tags: [String: String]) -> String? {
    let keys = tags.keys.filter {
      $0 == "lyrics" || $0.hasPrefix("lyrics-") || $0 == "unsyncedlyrics"
    }.sorted()
    return keys.lazy.compactMap { tags[$0] }.first { !$0.isEmpty }
  }

  /// How long one of the source's coded frames lasts: the codec's samples per frame (MPEG-1
  /// Layer III's 1152 when FFmpeg does not say) at the source's own rate. ID3 `SYLT` timestamps
  /// counted in MPEG frames count these.
  public var frameTiming: MPEGFrameTiming { Self.frameTiming(of: codec) }

  private static func frameTiming(of codec: CodecContext) -> MPEGFrameTiming {
    let samples = codec.frameSize > 0 ? Int(codec.frameSize) : MPEGFrameTiming.layer3SamplesPerFrame
    return MPEGFrameTiming(samplesPerFrame: samples, sampleRate: Int(codec.sampleRate))
  }

  public func read(maxFrames: Int) -> [Float] {
    let channels = format.channels
    while buffered.count < maxFrames * channels, decodeMore() {}
    let count = min(buffered.count, maxFrames * channels)
    let chunk = Array(buffered.prefix(count))
    buffered.removeFirst(count)
    nextFrame += Int64(count / channels)
    return chunk
  }

  /// Why the track ended before its length, once it has ended: a read error, or the end of the
  /// file well before the length the container said at open (a file cut short, truncated, while
  /// it plays). The tolerance (a second and a tenth of the track) is there because a length
  /// FFmpeg estimates from the bit rate (an MP3 without a Xing header) is often off by a few
  /// per cent: such a file must not be called cut short.
  public var earlyEnd: String? {
    guard flushed, buffered.isEmpty else { return nil }
    let reached = format.nanos(frames: nextFrame)
    let at = DecimalText.clock(nanos: reached)
    if let readError { return "reading stopped at \(at): \(readError.message)" }
    guard let length = info.durationNanos else { return nil }
    let shortBy = length - reached
    guard shortBy > 1_000_000_000, shortBy > length / 10 else { return nil }
    return "the file ends at \(at), before its length of \(DecimalText.clock(nanos: length)): "
      + "it was cut short after it was opened"
  }

  public func seek(toFrame target: Int64) throws {
    let frameTarget = max(0, target)
    let seconds = Double(frameTarget) / Double(format.sampleRate)
    let timestamp =
      startTimestamp + Int64(seconds * Double(timeBase.den) / Double(max(1, timeBase.num)))
    do {
      try container.seek(stream: streamIndex, timestamp: timestamp)
    } catch let error as FFmpegError {
      throw DecoderError.seekFailed(path: info.path, reason: error.description)
    }
    codec.flush()
    resampler.reset()
    buffered.removeAll()
    inputEnded = false
    flushed = false
    readError = nil
    seekTarget = frameTarget
    nextFrame = frameTarget
  }

  /// Decodes at least one more frame into `buffered`; false at the end of the track.
  private func decodeMore() -> Bool {
    while true {
      if codec.receive(into: frame) {
        append(frame)
        frame.unref()
        return true
      }
      if inputEnded {
        guard !flushed else { return false }
        flushed = true
        let tail = resampler.convert(nil)
        buffered.append(contentsOf: tail)
        return !tail.isEmpty
      }
      if let ended = container.readPacket(into: packet) {
        inputEnded = true
        readError = ended.isEndOfFile ? nil : ended
        _ = codec.send(nil)
      } else {
        if packet.streamIndex == streamIndex { _ = codec.send(packet) }
        packet.unref()
      }
    }
  }

  private func append(_ frame: Frame) {
    var samples = resampler.convert(frame)
    if let target = seekTarget {
      // Where this frame starts, in output frames; drop what lies before the seek target.
      guard let timestamp = frame.timestamp else {
        seekTarget = nil
        buffered.append(contentsOf: samples)
        return
      }
      let start =
        (timestamp - startTimestamp) * timeBase.num * Int64(format.sampleRate) / timeBase.den
      let skip = Int(max(0, target - start)) * format.channels
      if skip >= samples.count { return }
      samples.removeFirst(skip)
      seekTarget = nil
    }
    buffered.append(contentsOf: samples)
  }
}

/// Why a file cannot be decoded. `unreadable` and `notAudio` are exit status 2 on the command line.
public enum DecoderError: Error, Equatable, Sendable, CustomStringConvertible {
  case unreadable(path: String, reason: String)
  case notAudio(path: String)
  case seekFailed(path: String, reason: String)

  public var description: String {
    switch self {
    case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
    case .notAudio(let path): "\(path) has no audio stream"
    case .seekFailed(let path, let reason): "cannot seek in \(path): \(reason)"
    }
  }
}
