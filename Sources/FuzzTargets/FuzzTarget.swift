import FoundationEssentials
import ID3
import Library
import LyricsContainers
import LyricsCore
import LyricsFiles
import LyricsOnline
import PlayerContract
import ProviderAnswers
import Settings
import SyncScripts

/// Every reader of input nobody checked, each as one function from bytes to nothing: what the
/// libFuzzer build of `lyricpip-fuzz` feeds (`make fuzz`) and what the regression tests replay.
/// A target may reject its input in any documented way (a thrown error, a diagnostic); it must
/// never crash, hang or allocate without bound.
public enum FuzzTarget: String, CaseIterable, Sendable {
  case lrc
  case krcText = "krc-text"
  case qrcText = "qrc-text"
  case yrc
  case eslyric
  case lrcx
  case lys
  case lyl
  case detector
  case krcBinary = "krc-binary"
  case qrcXML = "qrc-xml"
  case qrcEncrypted = "qrc-encrypted"
  case ttml
  case lyricsfile
  case textDecoder = "text-decoder"
  case encodingScorer = "encoding-scorer"
  case id3
  case syncScript = "sync-script"
  case settings
  case lrclib
  case kugouSearch = "kugou-search"
  case kugouDownload = "kugou-download"
  case neteaseSearch = "netease-search"
  case neteaseLyrics = "netease-lyrics"
  case amllIndex = "amll-index"
  case m3u
  case pls
  case xspf

  /// Reads `bytes` the way the program would.
  public func run(_ bytes: [UInt8]) {
    switch self {
    case .lrc: _ = try? LRCParser.parse(bytes: bytes)
    case .krcText: _ = KRCParser.parse(utf8: bytes)
    case .qrcText: _ = QRCParser.parse(utf8: bytes)
    case .yrc: _ = YRCParser.parse(utf8: bytes)
    case .eslyric: _ = ESLyricParser.parse(utf8: bytes)
    case .lrcx: _ = LRCXParser.parse(utf8: bytes)
    case .lys: _ = LyricifySyllableParser.parse(utf8: bytes)
    case .lyl: _ = LyricifyLinesParser.parse(utf8: bytes)
    case .detector: _ = try? LyricsDocumentReader.read(bytes, transcoder: .iconv)
    case .krcBinary:
      if let text = try? BinaryKRC.decode(bytes) { _ = KRCParser.parse(utf8: text) }
    case .qrcXML: _ = try? QRCXML.parse(bytes)
    case .qrcEncrypted: Self.readEncryptedQRC(bytes)
    case .ttml: _ = try? TTMLParser.parse(bytes)
    case .lyricsfile: _ = try? LyricsfileParser.parse(bytes)
    case .textDecoder: _ = try? TextDecoder.decode(bytes)
    case .encodingScorer: Self.scoreEncodings(bytes)
    case .id3: Self.readID3(bytes)
    case .syncScript: _ = SyncScriptSyntax.problem(in: String(decoding: bytes, as: UTF8.self))
    case .settings: _ = AppConfig.parse(String(decoding: bytes, as: UTF8.self), file: "config")
    case .lrclib: Self.readLRCLIB(bytes)
    case .kugouSearch: _ = try? KugouSearchAnswer.read(bytes)
    case .kugouDownload: _ = try? KugouDownloadAnswer.read(bytes)
    case .neteaseSearch: _ = try? NetEaseSearchAnswer.read(bytes)
    case .neteaseLyrics: _ = try? NetEaseLyricAnswer.read(bytes)
    case .amllIndex: Self.searchAMLLIndex(bytes)
    case .m3u: Self.resolve(M3UReader.entries(bytes))
    case .pls: Self.resolve(PLSReader.entries(bytes))
    case .xspf: Self.resolve((try? XSPFReader.entries(bytes)) ?? [])
    }
  }

  /// The bytes as each form of encrypted QRC, and as the payload one decrypts to (random bytes
  /// almost never decrypt to zlib, so the payload's scanner gets them directly too).
  private static func readEncryptedQRC(_ bytes: [UInt8]) {
    _ = try? EncryptedQRC.decryptHex(bytes)
    _ = try? EncryptedQRC.decryptLocalFile(EncryptedQRC.localFileMagic + bytes)
    _ = try? QRCPayload.parse(bytes)
  }

  /// The scorer on the bytes as text, then the whole guess on the bytes: every candidate's
  /// reading scored, without the shortcut that takes valid UTF-8 past the scorer.
  private static func scoreEncodings(_ bytes: [UInt8]) {
    let text = Array(String(decoding: bytes, as: UTF8.self).utf8)
    _ = EncodingScorer.score(text, kanaIsNative: true)
    _ = EncodingScorer.score(text, kanaIsNative: false)
    _ = TextDecoder.guess(bytes, nul: TextDecoder.nulCounts(bytes), transcoder: .iconv)
  }

  /// The tag, then every SYLT frame in it as lyrics, timed as an MPEG layer III file would be.
  private static func readID3(_ bytes: [UInt8]) {
    guard let tag = ID3Tag.parse(bytes) else { return }
    for frame in tag.frames where frame.id == "SYLT" {
      var diagnostics: [String] = []
      guard let synced = try? ID3SyncedLyrics.parse(frame.body, diagnostics: &diagnostics)
      else { continue }
      _ = synced.lyrics(
        frameTiming: MPEGFrameTiming(
          samplesPerFrame: MPEGFrameTiming.layer3SamplesPerFrame, sampleRate: 44_100))
    }
  }

  /// Each playlist entry as the queue takes it: a path against the playlist's folder, and the
  /// kind of playlist its name would be (a playlist may list another).
  private static func resolve(_ entries: [PlaylistEntry]) {
    for entry in entries {
      _ = entry.path(relativeTo: "/music/lists")
      _ = PlaylistKind(path: entry.location)
    }
  }

  /// The bytes as the AMLL database's index, each line through `AMLLIndexLine`, then searched
  /// for a track, by names and by a NetEase id.
  private static func searchAMLLIndex(_ bytes: [UInt8]) {
    let index = AMLLIndex(jsonl: bytes)
    _ = index.candidates(
      for: TrackFacts(title: "t (Live)", artist: "a / b", album: "c", durationSeconds: 1),
      neteaseId: "1")
    for entry in index.entries { _ = entry.lyricsPath }
  }

  /// The bytes as the answer to both LRCLIB calls.
  private static func readLRCLIB(_ bytes: [UInt8]) {
    guard
      let client = try? LRCLIBClient(
        baseURL: "http://fuzz.invalid", transport: CannedTransport(body: bytes),
        userAgent: "lyricpip-fuzz")
    else { return }
    let track = TrackFacts(title: "t", artist: "a", durationSeconds: 1)
    _ = try? client.get(track)
    _ = try? client.search(track)
  }
}

extension FuzzTarget {
  /// The names, for usage messages.
  public static var allNames: String { allCases.map(\.rawValue).joined(separator: " ") }
}
