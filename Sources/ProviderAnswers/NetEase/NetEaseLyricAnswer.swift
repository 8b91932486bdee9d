import LyricsCore

/// Reads the answer of NetEase's lyrics (`/api/song/lyric/v1` with every version flag `-1`, or
/// `/api/song/lyric`): `{"code": 200, "lrc": {"lyric": …}, "tlyric", "romalrc", "yrc",
/// "ytlrc", "yromalrc", "nolyric", "uncollected"}`. Word-timed YRC when there is one, with its
/// translation (`ytlrc`) and romanisation (`yromalrc`) put on its lines; else the LRC with
/// `tlyric` and `romalrc`. Both keep the JSON credit lines as credits. A lone "纯音乐" ("pure
/// music") line is the service saying the song is instrumental. No text at all is `.noLyrics`;
/// the refusals (`-460`, `405`, `-462`) are `ProviderAnswerError.unavailable`, never `.noLyrics`.
public enum NetEaseLyricAnswer {
  static let service = "NetEase lyrics"

  public static func read(_ bytes: [UInt8]) throws(ProviderAnswerError) -> ProviderLyricsAnswer {
    let answer = try AnswerJSON.decode(Answer.self, from: bytes, service: service)
    try NetEaseStatus.check(code: answer.code?.value, message: answer.msg ?? answer.message)

    let lrc = answer.lrc?.text.map(NetEaseLRCText.parse)
    if let lrc, isInstrumental(lrc.lyrics) { return .instrumental }

    if let yrcText = answer.yrc?.text {
      var yrc = YRCParser.parse(yrcText)
      if !yrc.lyrics.lines.isEmpty {
        attach(answer.ytlrc?.text, as: \.translation, named: "translation", to: &yrc)
        attach(answer.yromalrc?.text, as: \.romanisation, named: "romanisation", to: &yrc)
        return .lyrics(ProviderLyrics(format: .yrc, result: yrc))
      }
      // A YRC without a timed line is no better than none: the LRC, if any, is read instead.
    }

    guard var lrc, !lrc.lyrics.lines.isEmpty || lrc.lyrics.untimedText != nil else {
      return .noLyrics
    }
    attach(answer.tlyric?.text, as: \.translation, named: "translation", to: &lrc)
    attach(answer.romalrc?.text, as: \.romanisation, named: "romanisation", to: &lrc)
    return .lyrics(ProviderLyrics(format: .lrc, result: lrc))
  }

  /// The service's mark of an instrumental: its only line, "纯音乐，请欣赏" ("pure music, please
  /// enjoy") at 99:00 or in a longer wording, always with "纯音乐".
  static func isInstrumental(_ lyrics: Lyrics) -> Bool {
    let sung = lyrics.lines.filter { !$0.text.trimmed.isEmpty }
    return sung.count == 1 && sung[0].text.contains("纯音乐")
  }

  private static func attach(
    _ text: String?, as field: WritableKeyPath<LyricLine, String?>, named name: String,
    to result: inout LRCParseResult
  ) {
    guard let text else { return }
    let sidecar = NetEaseLRCText.parse(text).lyrics.lines
    let unplaced = SidecarLines.attach(sidecar, to: &result.lyrics.lines, field: field)
    if unplaced > 0 {
      result.diagnostics.append(
        LRCDiagnostic(
          line: 0, severity: .warning,
          message: "\(unplaced) \(name) line(s) match no lyric line's time"))
    }
  }

  struct Answer: Decodable {
    var code: LooseInt?
    var msg: String?
    var message: String?
    var lrc: Part?
    var tlyric: Part?
    var romalrc: Part?
    var yrc: Part?
    var ytlrc: Part?
    var yromalrc: Part?
  }

  /// One of the answer's documents, `{"version": N, "lyric": text}`.
  struct Part: Decodable {
    var lyric: String?

    /// The document's text; nil when it is missing or blank.
    var text: String? {
      guard let lyric, !lyric.trimmed.isEmpty else { return nil }
      return lyric
    }
  }
}
