import CSDL2

extension SurfaceIntent {
  /// The keys that act on the player the same way in both windows: Space play/pause, ←/→ seek
  /// 5 s, `+`/`-` move the lyrics ±100 ms, Ctrl+S saves the offset into the lyrics file. Nil for
  /// any other key (each window has its own besides these).
  static func playerKey(_ key: SDL_Keysym) -> SurfaceIntent? {
    let control = Int(key.mod) & Int(KMOD_CTRL.rawValue) != 0
    switch Int(key.sym) {
    case Int(SDLK_SPACE.rawValue): return .togglePlayPause
    case Int(SDLK_LEFT.rawValue): return .seekBy(ms: -5_000)
    case Int(SDLK_RIGHT.rawValue): return .seekBy(ms: 5_000)
    case Int(SDLK_PLUS.rawValue), Int(SDLK_EQUALS.rawValue), Int(SDLK_KP_PLUS.rawValue):
      return .adjustOffset(ms: 100)
    case Int(SDLK_MINUS.rawValue), Int(SDLK_KP_MINUS.rawValue):
      return .adjustOffset(ms: -100)
    case Int(SDLK_s.rawValue) where control:
      return .saveOffsetToLyricsFile
    default:
      return nil
    }
  }
}
