/// The PCM format the decoder produces and every output consumes: interleaved 32-bit float
/// samples, native endianness. One format end to end keeps conversion in one place
/// (libswresample inside `AudioDecoder`).
public struct AudioFormat: Equatable, Sendable {
  public var sampleRate: Int
  public var channels: Int

  public init(sampleRate: Int = 48_000, channels: Int = 2) {
    self.sampleRate = sampleRate
    self.channels = channels
  }

  public static let standard = AudioFormat()

  public var bytesPerFrame: Int { channels * MemoryLayout<Float>.size }

  public func nanos(frames: Int64) -> Int64 {
    frames * 1_000_000_000 / Int64(sampleRate)
  }

  public func frames(nanos: Int64) -> Int64 {
    nanos * Int64(sampleRate) / 1_000_000_000
  }
}
