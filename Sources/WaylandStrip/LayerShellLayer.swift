/// Which of layer shell's stacking layers the strip lives in. sway and KWin draw `top` under
/// a fullscreen window (so the strip gets out of a film's way by itself) and `overlay` above
/// it (for users who want the lyrics over a fullscreen player).
public enum LayerShellLayer: String, CaseIterable, Equatable, Sendable {
  case top
  case overlay
}
