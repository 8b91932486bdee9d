import Session
import Testing

@testable import LyricpipApp

@Suite struct ScriptTranscriptTests {
  @Test func eventsAreTheCLIFormatWithScriptTimeLast() {
    var now = 0
    let transcript = ScriptTranscript(now: { now })
    transcript.ready(track: nil, durationMs: 45_000, lines: 3, output: "virtual")
    now = 7_250
    transcript.line(index: 3, ms: 7_250, posMs: 7_250, text: "你好 \"quoted\"\n")
    now = 20_250
    transcript.pip(PiPEvent(.didStart, reason: "focus-lost"))
    transcript.state(.noTrack, posMs: 0)
    #expect(
      transcript.text == """
        {"event":"ready","track":null,"durationMs":45000,"lines":3,"output":"virtual","t":0}
        {"event":"line","index":3,"ms":7250,"posMs":7250,"text":"你好 \\"quoted\\"\\n","t":7250}
        {"event":"pip","state":"didStart","reason":"focus-lost","t":20250}
        {"event":"state","state":"stopped","posMs":0,"t":20250}

        """)
  }

  @Test func controlCharactersAreEscaped() {
    #expect(JSONLine.quote("a\u{1}b\tc\\") == "\"a\\u0001b\\tc\\\\\"")
  }
}
