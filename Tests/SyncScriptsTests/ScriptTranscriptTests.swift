import Clocks
import EventStream
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
      .ready(track: nil, durationMs: 45_000, lines: 3, output: "virtual", video: nil))
    clock.advance(by: 7_250_000_000)
    transcript.emit(
      .line(
        index: 3, ms: 7_250, posMs: 7_250, text: "你好 \"quoted\"\n", translation: nil,
        presentedAt: nil))
    clock.advance(by: 13_000_000_000)
    transcript.emit(.pip(state: "didStart", reason: "focus-lost"))
    transcript.emit(.state(.stopped, posMs: 0))
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
