import PlayerContract

/// What the decoder thread decoded ahead and has not written, and the epoch it last read in.
struct DecodedAhead {
  var chunk: DecodedChunk?
  var lastEpoch: Int?
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
