import LyricsCore
import Surface

/// A duet for the window tests, as a TTML file reads: the first voice, the second voice with
/// background vocals timed word by word, a line of both (no agent), and a translated,
/// romanised line.
enum DuetLyrics {
  static let lyrics = Lyrics(
    metadata: ["ti": "Duet Song", "ar": "Two Singers"],
    lines: [
      LyricLine(ms: 1_000, text: "Left voice sings", endMs: 3_500, agent: "v1"),
      LyricLine(
        ms: 4_000, text: "Right voice", endMs: 7_000, agent: "v2",
        background: LyricBackground(
          ms: 4_000, endMs: 6_000, text: "(ooh yeah)",
          words: [LyricWord(ms: 4_000, text: "(ooh "), LyricWord(ms: 5_000, text: "yeah)")])),
      LyricLine(ms: 8_000, text: "Together now", endMs: 9_500),
      LyricLine(
        ms: 10_000, text: "你好世界", endMs: 12_000, translation: "Hello world",
        romanisation: "ni hao shi jie", agent: "v1"),
    ])

  static func nowPlaying(atMs position: Int, clockNanos: Int64) -> NowPlaying {
    NowPlaying(
      title: "Duet Song", artist: "Two Singers", durationMs: 20_000, positionMs: position,
      atNanos: clockNanos, isPlaying: false)
  }
}
