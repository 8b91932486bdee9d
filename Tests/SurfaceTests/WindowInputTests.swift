import Session
import TestSupport
import Testing

@testable import Surface

/// The player keys mean the same in both windows.
@Suite(.tags(.sanitized)) struct PlayerKeyTests {
  @Test func playerKeysBecomeIntents() {
    #expect(SurfaceIntent.playerKey(.space, []) == .togglePlayPause)
    #expect(SurfaceIntent.playerKey(.left, []) == .seekBy(ms: -5_000))
    #expect(SurfaceIntent.playerKey(.keypadPlus, []) == .adjustOffset(ms: 100))
    #expect(SurfaceIntent.playerKey(.minus, [.shift]) == .adjustOffset(ms: -100))
    #expect(SurfaceIntent.playerKey(.letter("s"), [.control]) == .saveOffsetToLyricsFile)
  }

  @Test func nineZeroAndTheVolumeKeysTurnTheVolume() {
    #expect(SurfaceIntent.playerKey(.digit("9"), []) == .adjustVolume(percent: -5))
    #expect(SurfaceIntent.playerKey(.digit("0"), []) == .adjustVolume(percent: 5))
    #expect(SurfaceIntent.playerKey(.volumeDown, []) == .adjustVolume(percent: -5))
    #expect(SurfaceIntent.playerKey(.volumeUp, []) == .adjustVolume(percent: 5))
    #expect(SurfaceIntent.playerKey(.digit("5"), []) == nil)
  }

  @Test func hAndRShuffleAndRepeat() {
    #expect(SurfaceIntent.playerKey(.letter("h"), []) == .toggleShuffle)
    #expect(SurfaceIntent.playerKey(.letter("r"), []) == .cycleRepeat)
    #expect(SurfaceIntent.playerKey(.letter("h"), [.alt]) == nil)
    // S is the main window's own (the lyrics saved beside the track).
    #expect(SurfaceIntent.playerKey(.letter("s"), []) == nil)
  }

  @Test func otherKeysAreLeftToTheWindow() {
    #expect(SurfaceIntent.playerKey(.letter("x"), []) == nil)
    #expect(SurfaceIntent.playerKey(.letter("q"), []) == nil)
    #expect(SurfaceIntent.playerKey(.escape, []) == nil)
    #expect(SurfaceIntent.playerKey(.letter("p"), [.control]) == nil)
  }
}

extension DisplayTests {
  /// `LoopWindow.handle`, the one input skeleton: player keys become intents, the rest reaches
  /// the window's own handlers, and only the left button counts.
  @Suite struct InputSkeletonTests {
    @WindowLoop final class RecordingWindow: LoopWindow {
      var seen: [String] = []
      var onIntent: ((SurfaceIntent) -> Void)?
      let windowID: UInt32 = 0

      init() { onIntent = { [unowned self] in self.seen.append("intent \($0)") } }

      func keyPressed(_ key: WindowInput.Key) { seen.append("key \(key)") }
      func leftButtonPressed(x: Int32, y: Int32, clicks: Int) {
        seen.append("press \(x),\(y) ×\(clicks)")
      }
      func leftButtonReleased() { seen.append("release") }
      func wheelScrolled(rows: Int, x: Int32, y: Int32) { seen.append("rows \(rows) at \(x),\(y)") }
      func windowChanged(_ change: WindowInput.WindowChange) { seen.append("window \(change)") }
      func nextDeadline(nowNanos: Int64) -> Int64? { nil }
      func drawIfNeeded(nowNanos: Int64) {}
    }

    @WindowLoop private static func feed(_ inputs: [WindowInput]) -> [String] {
      let window = RecordingWindow()
      for input in inputs { window.handle(input) }
      return window.seen
    }

    @Test func inputReachesTheRightHandler() async throws {
      _ = try UIHost.shared()
      let seen = await Self.feed([
        .keyDown(.space, []), .keyDown(.escape, []), .buttonDown(.left, x: 3, y: 4, clicks: 2),
        .buttonDown(.right, x: 1, y: 1, clicks: 1), .buttonUp(.right, x: 1, y: 1),
        .buttonUp(.left, x: 3, y: 4), .pointerMoved(x: 5, y: 5), .wheel(dy: 2, x: 7, y: 8),
        .window(.focusLost),
      ])
      #expect(
        seen == [
          "intent togglePlayPause", "key escape", "press 3,4 ×2", "release", "rows -2 at 7,8",
          "window focusLost",
        ])
    }
  }
}
