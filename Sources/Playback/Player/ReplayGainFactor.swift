import PlayerContract
import SystemSupport

// The player's side of the tags: the factor needs `pow` (the C library's, through SystemSupport),
// which the contract, where the tags themselves live, does not reach.
extension ReplayGain {
  /// The factor to multiply the samples by in `mode`: the gain, lowered where needed so that the
  /// peak stays at or below full scale (clipping prevention). 1 when nothing applies.
  public func factor(_ mode: ReplayGainMode) -> Float {
    let chosen: (gain: Double?, peak: Double?) =
      switch mode {
      case .off: (nil, nil)
      case .track: (trackGain ?? albumGain, trackGain != nil ? trackPeak : albumPeak)
      case .album: (albumGain ?? trackGain, albumGain != nil ? albumPeak : trackPeak)
      }
    guard let gain = chosen.gain else { return 1 }
    var factor = CMath.power(10, gain / 20)
    if let peak = chosen.peak, peak > 0, factor * peak > 1 { factor = 1 / peak }
    return Float(factor)
  }
}
