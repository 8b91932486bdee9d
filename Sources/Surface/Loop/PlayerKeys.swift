extension SurfaceIntent {
  /// The keys that act on the player the same way in both windows: Space play/pause, ←/→ seek
  /// 5 s, `+`/`-` move the lyrics ±100 ms, Ctrl+S saves the offset into the lyrics file, `9`/`0`
  /// and the volume keys turn the volume down/up by 5, H shuffle, R repeat. Nil for any other key (each window has
  /// its own besides these).
  static func playerKey(_ key: WindowInput.Key, _ modifiers: WindowInput.KeyModifiers)
    -> SurfaceIntent?
  {
    switch key {
    case .space: .togglePlayPause
    case .left: .seekBy(ms: -5_000)
    case .right: .seekBy(ms: 5_000)
    case .plus, .equals, .keypadPlus: .adjustOffset(ms: 100)
    case .minus, .keypadMinus: .adjustOffset(ms: -100)
    case .letter("s") where modifiers.contains(.control): .saveOffsetToLyricsFile
    case .letter("h") where modifiers.isEmpty: .toggleShuffle
    case .letter("r") where modifiers.isEmpty: .cycleRepeat
    case .digit("9"), .volumeDown: .adjustVolume(percent: -volumeStep)
    case .digit("0"), .volumeUp: .adjustVolume(percent: volumeStep)
    default: nil
    }
  }

  /// Points of volume per key press or wheel notch.
  static let volumeStep = 5
}
