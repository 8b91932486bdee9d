import Session
import TestSupport
import Testing

@testable import SyncScripts

@Suite(.tags(.sanitized)) struct SyncScriptParserTests {
  func parse(_ text: String) throws -> SyncScript { try SyncScriptParser.parse(text) }

  func syntaxError(_ text: String) -> ScriptSyntaxError? {
    do {
      _ = try SyncScriptParser.parse(text)
      return nil
    } catch {
      return error
    }
  }

  @Test func theSpecExampleParses() throws {
    let script = try parse(
      """
      # comments start with '#'
      lyrics demo.lrc              # required
      audio demo.ogg
      clock virtual
      tolerance 30

      at 0.0   play
      at 12.5  pause
      at 14.0  seek 30.0
      at 15.0  play
      at 20.0  focus-lost
      at 25.0  focus-gained
      at 27.0  offset +250
      at 28.0  pip-start

      expect 12.4 line 3
      expect 12.4 text "你好"
      expect 21.0 pip active
      expect 13.0 state paused
      end 40.0
      """)
    #expect(script.lyricsPath == "demo.lrc")
    #expect(script.audioPath == "demo.ogg")
    #expect(script.clock == .virtual)
    #expect(script.toleranceMs == 30)
    #expect(script.endMs == 40_000)
    #expect(script.steps.count == 12)
    #expect(
      script.steps[2] == ScriptStep(line: 9, timeMs: 14_000, kind: .action(.seek(ms: 30_000))))
    #expect(
      script.steps[6] == ScriptStep(line: 13, timeMs: 27_000, kind: .action(.offset(ms: 250))))
    #expect(script.steps[9] == ScriptStep(line: 17, timeMs: 12_400, kind: .expect(.text("你好"))))
    #expect(script.steps[11].kind == .expect(.state(.paused)))
  }

  @Test func stepsRunByTimeWithActionsBeforeExpectationsAtTheSameInstant() throws {
    let script = try parse(
      """
      lyrics a.lrc
      expect 5 pip active
      at 5 pip-start
      expect 1 line -1
      at 5 pause
      """)
    #expect(script.orderedSteps.map(\.line) == [4, 3, 5, 2])
  }

  @Test func timesAreReadExactly() {
    #expect(ScriptTime.parse("12.4") == 12_400)
    #expect(ScriptTime.parse("0.001") == 1)
    #expect(ScriptTime.parse("7") == 7_000)
    #expect(ScriptTime.parse("12.25") == 12_250)
    #expect(ScriptTime.parse("86400") == 86_400_000)
    for bad in ["", "-1", "1.2345", "1e3", ".5", "5.", "1.2.3", "x", "86400.001", "999999999"] {
      #expect(ScriptTime.parse(bad) == nil, "\(bad)")
    }
    #expect(ScriptTime.seconds(12_400) == "12.4")
    #expect(ScriptTime.seconds(40_000) == "40.0")
  }

  @Test func settingsExtendTheSpec() throws {
    let script = try parse(
      """
      lyrics a.lrc
      set autoenter minimize
      set grace 120
      set enter-when-paused yes
      set desktop wayland
      """)
    #expect(
      script.pip == PiPSettings(autoEnter: .minimize, autoEnterWhenPaused: true, graceMs: 120))
    #expect(!PiPSupport(facts: script.desktop).isSupported)
  }

  @Test func quotedTextKeepsHashesBlanksAndEscapes() throws {
    let script = try parse(
      "lyrics \"my lyrics #1.lrc\"\nexpect 1 text \"say \\\"hi\\\" # not a comment\"")
    #expect(script.lyricsPath == "my lyrics #1.lrc")
    #expect(script.steps[0].kind == .expect(.text("say \"hi\" # not a comment")))
  }

  @Test func withoutEndTheRunStopsAtTheLastStep() throws {
    let script = try parse("lyrics a.lrc\nat 3 play\nexpect 9.5 line 0")
    #expect(script.endMs == nil)
    #expect(script.effectiveEndMs == 9_500)
  }

  @Test(arguments: [
    ("at 1 play", 1, "no 'lyrics FILE' line"),
    ("lyrics a.lrc\nat 1 dance", 2, "unknown action 'dance'"),
    ("lyrics a.lrc\nat x play", 2, "bad time 'x'"),
    ("lyrics a.lrc\nat 1.2345 play", 2, "at most 3 decimals"),
    ("lyrics a.lrc\nat -1 play", 2, "bad time '-1'"),
    ("lyrics a.lrc\nat 1", 2, "expected 'at TIME ACTION'"),
    ("lyrics a.lrc\nat 1 play now", 2, "'play' takes no argument"),
    ("lyrics a.lrc\nat 1 seek", 2, "expected 'seek SECONDS'"),
    ("lyrics a.lrc\nat 1 offset 2.5", 2, "expected 'offset ±MS'"),
    ("lyrics a.lrc\nexpect 1 line two", 2, "a line is an index"),
    ("lyrics a.lrc\nexpect 1 line -2", 2, "a line is an index"),
    ("lyrics a.lrc\nexpect 1 pip on", 2, "pip is active or inactive"),
    ("lyrics a.lrc\nexpect 1 state running", 2, "state is playing, paused"),
    ("lyrics a.lrc\nexpect 1 volume 3", 2, "unknown expectation 'volume'"),
    ("lyrics a.lrc\nexpect 1 text \"open", 2, "unterminated quote"),
    ("lyrics a.lrc\nexpect 1 text", 2, "expected 'expect TIME text VALUE' with one value"),
    ("lyrics a.lrc\nlyrics b.lrc", 2, "'lyrics' given twice (first on line 1)"),
    ("lyrics a.lrc b.lrc", 1, "'lyrics' takes one argument"),
    ("lyrics a.lrc\nclock fast", 2, "unknown clock 'fast'"),
    ("lyrics a.lrc\ntolerance -3", 2, "tolerance must be whole milliseconds"),
    ("lyrics a.lrc\nplay", 2, "unknown command 'play'"),
    ("lyrics a.lrc\nset grace 900", 2, "grace must be 0 to 300 ms"),
    ("lyrics a.lrc\nset colour red", 2, "unknown setting 'colour'"),
    ("lyrics a.lrc\n\n\nend 10\nexpect 11 line 1", 5, "after the end (10.0 s, line 4)"),
    ("\"lyrics\" a.lrc", 1, "a line starts with a command"),
  ])
  func badSyntaxNamesTheLine(text: String, line: Int, message: String) throws {
    let error = try #require(syntaxError(text))
    #expect(error.line == line)
    #expect(error.message.contains(message), "\(error.message)")
    #expect(error.description.hasPrefix("script:\(line): "))
  }
}
