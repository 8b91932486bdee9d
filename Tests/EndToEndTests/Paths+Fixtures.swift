import Foundation
import TestSupport

extension Paths {
  /// This test target's fixtures folder, in the source tree.
  static var fixtures: URL {
    packageRoot.appendingPathComponent("Tests/EndToEndTests/Fixtures")
  }

  /// The sync scripts and their golden transcripts, kept with the scripts' own tests.
  static var syncScripts: URL {
    packageRoot.appendingPathComponent("Tests/SyncScriptsTests/Fixtures/scripts")
  }
}
