/// How a `play` or `follow` run ends, written once: the front end runs (the window loop, or a
/// wait for the session's end), then what the run started stops in one order, each step only
/// once the one before it is done:
/// 1. the inputs: the desktop's bus (MPRIS, the tray, `ctl`), `play`'s late check of the first
///    files: nothing from outside can then ask a player that is going away;
/// 2. the position source: our player (its threads and its sound output), or the followed
///    player's watch and engine: no more position, track or state changes;
/// 3. the session's own end (`follow`: ended, and the front end told): its last events written;
/// 4. the events: the last lines out, after every part that writes them has stopped.
struct RunThenShutDown {
  var stopInputs: () -> Void = {}
  var stopSource: () -> Void = {}
  var endSession: () -> Void = {}
  var finishEvents: () -> Void = {}

  /// Runs `frontEnd` until it returns, then the steps in their order.
  func run(_ frontEnd: () -> Void) {
    frontEnd()
    stopInputs()
    stopSource()
    endSession()
    finishEvents()
  }
}

extension RunThenShutDown {
  /// `play`'s parts in their steps. The late check first: a check that failed ended the run,
  /// and its outcome is read before anything else stops.
  static func play(
    cancelLateCheck: @escaping () -> Void, stopDesktop: @escaping () -> Void,
    shutDownPlayer: @escaping () -> Void, finishEvents: @escaping () -> Void
  ) -> Self {
    RunThenShutDown(
      stopInputs: {
        cancelLateCheck()
        stopDesktop()
      },
      stopSource: shutDownPlayer, finishEvents: finishEvents)
  }

  /// `follow`'s parts in their steps: the watch of the players before the engine that it feeds.
  static func follow(
    stopDesktop: @escaping () -> Void, stopWatch: @escaping () -> Void,
    shutDownEngine: @escaping () -> Void, endSession: @escaping () -> Void,
    finishFrontEnd: @escaping () -> Void, finishEvents: @escaping () -> Void
  ) -> Self {
    RunThenShutDown(
      stopInputs: stopDesktop,
      stopSource: {
        stopWatch()
        shutDownEngine()
      },
      endSession: {
        endSession()
        finishFrontEnd()
      },
      finishEvents: finishEvents)
  }
}
