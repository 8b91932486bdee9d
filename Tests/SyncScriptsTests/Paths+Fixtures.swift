import Foundation
import TestSupport

extension Paths {
  /// This test target's fixtures folder, in the source tree.
  static var fixtures: URL {
    packageRoot.appendingPathComponent("Tests/SyncScriptsTests/Fixtures")
  }
}
