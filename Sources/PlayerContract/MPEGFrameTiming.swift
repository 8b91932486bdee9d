/// How long one coded audio frame lasts, to turn ID3 timestamps counted in MPEG frames into
/// time: `samplesPerFrame` samples at `sampleRate` (MPEG-1 Layer III: 1152; MPEG-2 and 2.5
/// Layer III: 576).
public struct MPEGFrameTiming: Equatable, Sendable {
  public var samplesPerFrame: Int
  public var sampleRate: Int

  /// What a frame of MPEG-1 Layer III holds, used when the decoder does not say.
  public static let layer3SamplesPerFrame = 1152

  public init(samplesPerFrame: Int, sampleRate: Int) {
    self.samplesPerFrame = samplesPerFrame
    self.sampleRate = sampleRate
  }

  /// The start of frame `frames` in milliseconds, rounded to the nearest; nil for a timing
  /// that cannot be used (no rate, no samples per frame, or a time out of range).
  public func milliseconds(ofFrame frames: UInt32) -> Int? {
    guard samplesPerFrame > 0, sampleRate > 0 else { return nil }
    let samples = Int(frames).multipliedReportingOverflow(by: samplesPerFrame)
    let scaled = samples.partialValue.multipliedReportingOverflow(by: 1000)
    guard !samples.overflow, !scaled.overflow else { return nil }
    return (scaled.partialValue + sampleRate / 2) / sampleRate
  }
}
