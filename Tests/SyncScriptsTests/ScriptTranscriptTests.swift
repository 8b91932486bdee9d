import Clocks
import LyricsCore
import SessionWiring
import TestSupport
import Testing

@testable import SyncScripts

@Suite(.tags(.sanitized)) struct ScriptTranscriptTests {
  @Test func eventsAreTheCLIFormatWithScriptTimeLast() {
    let clock = ManualClock()
    let transcript = ScriptTranscript(clock: clock)
    transcript.emit(
      SessionEvent(
        "ready",
        [
          ("track", .null), ("durationMs", .int(45_000)), ("lines", .int(3)),
          ("output", .string("virtual")),
        ]))
    clock.advance(by: 7_250_000_000)
    transcript.emit(
      SessionEvent(
        "line",
        [
          ("index", .int(3)), ("ms", .int(7_250)), ("posMs", .int(7_250)),
          ("text", .string("你好 \"quoted\"\n")),
        ], stamped: true))
    clock.advance(by: 13_000_000_000)
    transcript.emit(
      SessionEvent("pip", [("state", .string("didStart")), ("reason", .string("focus-lost"))]))
    transcript.emit(SessionEvent("state", [("state", .string("stopped")), ("posMs", .int(0))]))
    #expect(
      transcript.text == """
        {"event":"ready","track":null,"durationMs":45000,"lines":3,"output":"virtual","t":0}
        {"event":"line","index":3,"ms":7250,"posMs":7250,"text":"你好 \\"quoted\\"\\n","t":7250}
        {"event":"pip","state":"didStart","reason":"focus-lost","t":20250}
        {"event":"state","state":"stopped","posMs":0,"t":20250}

        """)
  }

  @Test func controlCharactersAreEscaped() {
    #expect(JSONValue.quoted("a\u{1}b\tc\\") == "\"a\\u0001b\\tc\\\\\"")
  }
}
