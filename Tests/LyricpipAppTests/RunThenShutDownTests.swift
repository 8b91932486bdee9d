import Testing

@testable import LyricpipApp

/// The end of `play` and `follow`, with fakes for the parts: nothing stops while the front end
/// runs, and then the inputs, the position source, the session and the events stop in that
/// order, each once.
@Suite struct RunThenShutDownTests {
  /// What the fakes were asked, in order.
  final class Log {
    var steps: [String] = []
  }

  @Test func stopsInputsThenSourceThenSessionThenEventsAfterTheFrontEnd() {
    let log = Log()
    var stepsWhileRunning: [String]?
    RunThenShutDown(
      stopInputs: { log.steps.append("inputs") },
      stopSource: { log.steps.append("source") },
      endSession: { log.steps.append("session") },
      finishEvents: { log.steps.append("events") }
    ).run {
      stepsWhileRunning = log.steps
      log.steps.append("front end")
    }
    #expect(stepsWhileRunning == [])
    #expect(log.steps == ["front end", "inputs", "source", "session", "events"])
  }

  /// `play` has no session step: the others keep their order around it.
  @Test func aMissingStepLeavesTheOrderOfTheOthers() {
    let log = Log()
    RunThenShutDown(
      stopInputs: { log.steps.append("inputs") },
      stopSource: { log.steps.append("source") },
      finishEvents: { log.steps.append("events") }
    ).run { log.steps.append("front end") }
    #expect(log.steps == ["front end", "inputs", "source", "events"])
  }
}

/// `play`'s and `follow`'s own parts, each a fake that records its name, land in their steps.
@Suite struct RunThenShutDownPartsTests {
  @Test func playStopsTheLateCheckAndTheBusThenThePlayerThenTheEvents() {
    let log = RunThenShutDownTests.Log()
    RunThenShutDown.play(
      cancelLateCheck: { log.steps.append("late check") },
      stopDesktop: { log.steps.append("desktop") },
      shutDownPlayer: { log.steps.append("player") },
      finishEvents: { log.steps.append("events") }
    ).run { log.steps.append("front end") }
    #expect(log.steps == ["front end", "late check", "desktop", "player", "events"])
  }

  @Test func followStopsTheBusThenTheWatchAndEngineThenTheSessionThenTheEvents() {
    let log = RunThenShutDownTests.Log()
    RunThenShutDown.follow(
      stopDesktop: { log.steps.append("desktop") },
      stopWatch: { log.steps.append("watch") },
      shutDownEngine: { log.steps.append("engine") },
      endSession: { log.steps.append("session") },
      finishFrontEnd: { log.steps.append("front end finish") },
      finishEvents: { log.steps.append("events") }
    ).run { log.steps.append("front end") }
    #expect(
      log.steps == [
        "front end", "desktop", "watch", "engine", "session", "front end finish", "events",
      ])
  }
}
