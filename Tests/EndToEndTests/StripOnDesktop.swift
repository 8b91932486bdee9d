import Foundation
import TestSupport
import Testing

/// A private desktop and session bus with a 60 s tone and its lyrics in `folder`, on which a
/// test starts `lyricpip play AUDIO --pip` (once, or again to see what a restart keeps).
struct StripOnDesktop {
  let desktop: PrivateDesktop
  let bus: PrivateBus
  let folder: URL
  let audio: String

  /// `screen`: the private X screen's size (a wide one to split into two monitors).
  init(folder: URL, screen: String = "1920x1080") throws {
    desktop = try PrivateDesktop(size: screen)
    bus = try PrivateBus()
    self.folder = folder
    audio = try LyricsBusFixtures.toneWithLyrics(folder, seconds: 60)
  }

  /// The player, returned once the strip is up and the player holds its bus name (the test
  /// fails, with the player's stderr, if either never comes).
  func launch() throws -> PlayProcess {
    let player = try PlayProcess(
      [audio, "--pip"], display: desktop.display, folder: folder, environment: bus.environment)
    try #require(player.waitForPip("didStart") != nil, "no strip: \(player.stderr)")
    try #require(bus.waitForName(MPRIS.plainName), "\(player.stderr)")
    return player
  }

  /// Writes the player's settings file (`key = value` lines) before it is launched.
  func settings(_ text: String) throws {
    let config = folder.appendingPathComponent("config/lyricpip")
    try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: config.appendingPathComponent("config"))
  }
}
