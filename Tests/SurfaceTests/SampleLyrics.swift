import LyricsCore
import Surface

/// Lyrics for the window tests: a plain line, an enhanced line, a CJK line with a translation
/// and a line too long for the strip.
enum SampleLyrics {
  static let lyrics = Lyrics(
    metadata: ["ti": "Test Song", "ar": "Test Artist"],
    lines: [
      LyricLine(ms: 1_000, text: "Hello lyric world"),
      LyricLine(
        ms: 4_000, text: "Sing along with me",
        words: [
          LyricWord(ms: 4_000, text: "Sing "), LyricWord(ms: 4_500, text: "along "),
          LyricWord(ms: 5_000, text: "with "), LyricWord(ms: 5_500, text: "me"),
        ], endMs: 6_500),
      LyricLine(ms: 7_000, text: "你好世界，歌词在这里", translation: "Hello world, the lyrics are here"),
      LyricLine(
        ms: 10_000,
        text:
          "This line is far too long to fit on the strip at its normal size so it shrinks and then scrolls along"
      ),
      LyricLine(ms: 14_000, text: "The end"),
    ])

  static func nowPlaying(atMs position: Int, clockNanos: Int64, playing: Bool = false)
    -> NowPlaying
  {
    NowPlaying(
      title: "Test Song", artist: "Test Artist", durationMs: 20_000, positionMs: position,
      atNanos: clockNanos, isPlaying: playing)
  }
}
