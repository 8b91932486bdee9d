import LyricsCore

/// QQ Music's XML wrapper around QRC text:
/// `<QrcInfos><QrcHeadInfo …/><LyricInfo LyricCount="1"><Lyric_1 LyricType="1"
/// LyricContent="[ti:…]…"/></LyricInfo></QrcInfos>`. The first `Lyric_N` element with a
/// `LyricContent` attribute holds the lyrics (XML entities already decoded by libxml2).
public enum QRCXML {
  public static func lyricContent(_ bytes: [UInt8]) throws(LyricsContainerError) -> String {
    let root = try XMLCalls.parse(bytes)
    let candidates = [root] + allElements(root)
    guard
      let lyric = candidates.first(where: {
        $0.name.hasPrefix("Lyric_") && $0["LyricContent"] != nil
      }), let content = lyric["LyricContent"]
    else {
      throw .notTheFormat(format: "QRC XML", reason: "no Lyric_N element with LyricContent")
    }
    return content
  }

  public static func parse(_ bytes: [UInt8]) throws(LyricsContainerError) -> LRCParseResult {
    QRCParser.parse(try lyricContent(bytes))
  }

  static func allElements(_ element: XMLElement) -> [XMLElement] {
    element.elements.flatMap { [$0] + allElements($0) }
  }
}
