import Foundation
import TestSupport

/// The files under `Tests/LyricsContainersTests/Fixtures`, hand-written from the formats'
/// descriptions.
enum Fixture: FixtureFolder {
  static let directory = fixtures(in: Bundle.module, besides: #filePath)
}
