import PlayerContract

/// What the decoder thread decoded ahead and has not written, and how much it read in the
/// epoch it last read in.
struct DecodedAhead {
  var chunk: DecodedChunk?
  private var epoch: Int?
  private var framesRead = 0

  /// Whether a read in `epoch` of `frames` frames stays small: until `within` frames of the
  /// epoch were read (one large read's worth: more than an output's prebuffer).
  mutating func startsSmall(epoch: Int, frames: Int, within: Int) -> Bool {
    if self.epoch != epoch {
      self.epoch = epoch
      framesRead = 0
    }
    guard framesRead < within else { return false }
    framesRead += frames
    return true
  }
}

/// Samples of one epoch and one track as decoded, handed out a part at a time, each with the
/// volume and ReplayGain of the moment it goes out.
struct DecodedChunk {
  var epoch: Int
  var samples: [Float]
  var replayGain: ReplayGain?
  private var offset = 0

  init(epoch: Int, samples: [Float], replayGain: ReplayGain?) {
    self.epoch = epoch
    self.samples = samples
    self.replayGain = replayGain
  }

  var isEmpty: Bool { offset >= samples.count }

  /// The next `frames` frames (fewer at the end), the gain of `plan` applied.
  mutating func take(frames: Int, channels: Int, plan: ChunkPlan) -> [Float] {
    let end = min(samples.count, offset + frames * channels)
    var part = offset == 0 && end == samples.count ? samples : Array(samples[offset..<end])
    offset = end
    let gain = plan.volume * (replayGain?.factor(plan.replayGain) ?? 1)
    if gain != 1 {
      for position in part.indices { part[position] *= gain }
    }
    return part
  }
}
