import Foundation
import LyricsContainers

@testable import LyricsOnline

/// Answers of Kugou and NetEase for the clients' tests, written here from the public
/// descriptions of their shapes (docs/lookup.md): one invented song, "月光邮筒" by "青石乐团",
/// two lines with a translation each. No real lyrics.
enum InventedProviderAnswers {
  static let track = TrackFacts(title: "月光邮筒", artist: "青石乐团", durationSeconds: 201.4)
  static let texts = ["信封里装着月光", "邮筒在街角等我"]
  static let translations = ["Moonlight folded in an envelope", "The postbox waits for me"]
  static let starts = [1000, 5000]

  // MARK: Kugou

  static let kugouSearch = """
    {"status": 200, "errcode": 200, "errmsg": "OK", "candidates": [
      {"id": "7001", "accesskey": "K7001KEY", "song": "月光邮筒", "singer": "青石乐团",
       "duration": 201000, "krctype": 1, "contenttype": 0, "score": 60}]}
    """

  static let kugouEmptySearch = #"{"status": 200, "errcode": 200, "candidates": []}"#

  /// The KRC text: word offsets relative to the line, the translation in `[language:]`.
  static func krcText() throws -> String {
    let language: [String: Any] = [
      "content": [["language": 0, "type": 1, "lyricContent": translations.map { [$0] }]],
      "version": 1,
    ]
    let tag = try JSONSerialization.data(withJSONObject: language).base64EncodedString()
    return """
      [ti:月光邮筒]
      [ar:青石乐团]
      [language:\(tag)]
      [1000,3500]<0,1200,0>信封里<1200,1000,0>装着<2200,1300,0>月光
      [5000,3600]<0,1000,0>邮筒<1000,1400,0>在街角<2400,1200,0>等我
      """
  }

  static func kugouKRCDownload() throws -> String {
    let packed = try BinaryKRC.encode(krcText())
    return #"{"status": 200, "info": "OK", "fmt": "krc", "content": ""#
      + Data(packed).base64EncodedString() + #""}"#
  }

  static var kugouLRCDownload: String {
    let lrc = "[00:01.00]\(texts[0])\n[00:05.00]\(texts[1])\n"
    return #"{"status": 200, "info": "OK", "fmt": "lrc", "content": ""#
      + Data(Array(lrc.utf8)).base64EncodedString() + #""}"#
  }

  /// `fmt: krc` with content that is base64 but not a packed KRC.
  static let kugouBrokenKRCDownload =
    #"{"status": 200, "info": "OK", "fmt": "krc", "content": "bm90IGEga3JjIGF0IGFsbA=="}"#

  static let kugouEmptyDownload = #"{"status": 200, "info": "OK", "fmt": "krc", "content": ""}"#

  // MARK: NetEase

  static let neteaseSongID = 3_300_001

  static let neteaseWebSearch = """
    {"code": 200, "result": {"songCount": 1, "songs": [
      {"id": 3300001, "name": "月光邮筒", "artists": [{"id": 1, "name": "青石乐团"}],
       "album": {"id": 2, "name": "街角"}, "duration": 201040, "alias": []}]}}
    """

  static let neteaseCloudSearch = """
    {"code": 200, "result": {"songCount": 1, "songs": [
      {"id": 3300001, "name": "月光邮筒", "ar": [{"id": 1, "name": "青石乐团"}],
       "al": {"id": 2, "name": "街角"}, "dt": 201040, "alia": []}]}}
    """

  static let neteaseEmptySearch = #"{"code": 200, "result": {"songCount": 0}}"#

  static func neteaseYRCLyrics() throws -> String {
    let yrc =
      "[1000,3500](1000,1200,0)信封里(2200,1000,0)装着(3200,1300,0)月光\n"
      + "[5000,3600](5000,1000,0)邮筒(6000,1400,0)在街角(7400,1200,0)等我\n"
    let lrc = "[00:01.00]\(texts[0])\n[00:05.00]\(texts[1])\n"
    let ytlrc = "[00:01.02]\(translations[0])\n[00:05.02]\(translations[1])\n"
    return try json([
      "code": 200, "lrc": ["version": 1, "lyric": lrc], "yrc": ["version": 1, "lyric": yrc],
      "ytlrc": ["version": 1, "lyric": ytlrc],
    ])
  }

  /// What the older endpoint sends: LRC (with the colon stamps some answers have) and `tlyric`.
  static func neteaseLRCLyrics() throws -> String {
    let lrc = "[00:01:00]\(texts[0])\n[00:05:00]\(texts[1])\n"
    let tlyric = "[00:01.00]\(translations[0])\n[00:05.00]\(translations[1])\n"
    return try json(["code": 200, "lrc": ["lyric": lrc], "tlyric": ["lyric": tlyric]])
  }

  static let neteaseNoLyrics = #"{"code": 200, "nolyric": true, "uncollected": true}"#

  static func json(_ value: [String: Any]) throws -> String {
    String(decoding: try JSONSerialization.data(withJSONObject: value), as: UTF8.self)
  }
}
