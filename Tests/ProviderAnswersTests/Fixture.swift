import Foundation
import ProviderAnswers
import TestSupport

/// The invented answers under `Fixtures/`: one song, "纸船与灯塔" by "林间回声", with words,
/// translation and romanisation written for these tests, and decoys beside it in the searches.
/// `kugou-download-krc.json` was packed by an encoder written apart from lyricpip's (zlib, the
/// XOR key, `krc1`, base64), so reading it checks the reader against more than its own writer.
enum Fixture: FixtureFolder {
  static let directory = fixtures(in: .module, besides: #filePath)
}

/// The three lines of the invented song, as every fixture times them.
enum InventedSong {
  static let starts = [1000, 4500, 8200]
  static let texts = ["纸船漂过安静的河", "灯塔把夜晚点亮", "我在岸边数着星光"]
  static let translations = [
    "A paper boat drifts over the quiet river", "The lighthouse lights up the night",
    "On the shore I count the starlight",
  ]
  static let romanisations = [
    "zhi chuan piao guo an jing de he", "deng ta ba ye wan dian liang",
    "wo zai an bian shu zhe xing guang",
  ]
}

/// Whether `error` says the bytes are not the service's answer (`.malformed`).
func isMalformed(_ error: any Error) -> Bool {
  guard case .malformed = error as? ProviderAnswerError else { return false }
  return true
}
