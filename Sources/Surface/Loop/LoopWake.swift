import SystemSupport

/// How the window loop sleeps between turns and how other threads wake it. With SDL video the
/// loop waits in SDL's event queue, where its windows' events arrive, and a wake is an SDL user
/// event. Without SDL video (the native Wayland strip alone: no SDL window at all) SDL's wait
/// would poll its queue every millisecond (SDL 2.26 with no video device: about 350 wake-ups a
/// second, measured), so the loop sleeps in `poll` on a pipe instead, and a wake is a byte in it.
enum LoopWake: Sendable {
  case sdlEvent(type: UInt32)
  case pipe(WakePipe)

  /// Any thread: the loop's next wait returns at once.
  func wake() {
    switch self {
    case .sdlEvent(let type): SDL.pushWakeEvent(type: type)
    case .pipe(let pipe): pipe.signal()
    }
  }
}
