import Foundation
import TestSupport

/// The files under `Tests/LyricsCoreTests/Fixtures` (see `generate.sh` there).
enum Fixture: FixtureFolder {
  static let directory = fixtures(in: Bundle.module, besides: #filePath)
}
