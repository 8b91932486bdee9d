import Foundation
import TestSupport
import Testing

/// The cover as panels and notifications get it: `mpris:artUrl` in the MPRIS metadata, a
/// `file://` URI of a copy in the cache folder, for a track with a picture attached by FFmpeg
/// and for one with `cover.jpg` beside it; a track with neither has no artUrl.
@Suite(.enabled(if: Service.dbus.shouldRun), .timeLimit(.minutes(5)))
struct CoverArtBusTests {
  func run(_ tool: String, _ arguments: [String]) throws {
    let result = try ProcessRunner.run(tool, arguments)
    try #require(result.status == 0, "\(tool): \(result.stderr)")
  }

  /// A 30 s tone titled `title` at `path`, with `picture` attached when given.
  func tone(_ path: String, title: String, attaching picture: String? = nil) throws {
    var arguments = ["-v", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=440:duration=30"]
    if let picture {
      arguments += ["-i", picture, "-map", "0", "-map", "1", "-c:v", "copy"]
      arguments += ["-disposition:v", "attached_pic"]
    }
    try run("ffmpeg", arguments + ["-metadata", "title=\(title)", path])
  }

  func picture(_ path: String, color: String) throws {
    try run(
      "ffmpeg",
      [
        "-v", "error", "-y", "-f", "lavfi", "-i", "color=c=\(color):s=40x40", "-frames:v", "1",
        path,
      ])
  }

  /// The `mpris:artUrl` of `metadata` as busctl prints it, if any.
  func artURL(_ metadata: String) -> String? {
    guard let key = metadata.range(of: "\"mpris:artUrl\" s \"") else { return nil }
    return String(metadata[key.upperBound...].prefix { $0 != "\"" })
  }

  @Test func artUrlIsACachedCopyOfTheCoverAndGoesWithIt() throws {
    let bus = try PrivateBus()
    let folder = try Paths.makeTemporaryDirectory()
    let album = folder.appendingPathComponent("album").path
    let bare = folder.appendingPathComponent("bare").path
    for directory in [album, bare] {
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }
    let front = folder.appendingPathComponent("front.jpg").path
    try picture(front, color: "red")
    try tone(album + "/1.mp3", title: "Attached", attaching: front)
    try tone(album + "/2.flac", title: "Beside")
    try picture(album + "/Cover.jpg", color: "blue")
    try tone(bare + "/3.ogg", title: "Bare")

    let player = try PlayProcess(
      [album + "/1.mp3", album + "/2.flac", bare + "/3.ogg", "--no-window"], display: "",
      folder: folder, environment: bus.environment)
    defer { _ = player.terminate() }
    let name = MPRIS.instanceName(player.pid)
    try #require(bus.waitForName(name), "\(name) never appeared: \(player.stderr)")
    let cache = folder.appendingPathComponent("cache/lyricpip/covers").path

    for (title, picture) in [("Attached", front), ("Beside", album + "/Cover.jpg")] {
      let metadata = try poll(timeout: 15) {
        try bus.property("Metadata", of: name)
      } until: {
        $0.contains("s \"\(title)\"") && artURL($0) != nil
      }
      let url = try #require(artURL(metadata), "no artUrl for \(title): \(metadata)")
      #expect(url.hasPrefix("file://\(cache)/"), "\(url)")
      let copy = String(url.dropFirst("file://".count))
      #expect(
        FileManager.default.contents(atPath: copy) == FileManager.default.contents(atPath: picture),
        "\(copy) is not \(picture)")
      try bus.call(name, MPRIS.player, "Next")
    }

    let bareMetadata = try poll(timeout: 15) {
      try bus.property("Metadata", of: name)
    } until: {
      $0.contains("s \"Bare\"") && artURL($0) == nil
    }
    #expect(bareMetadata.contains("s \"Bare\""), "\(bareMetadata)")
    #expect(artURL(bareMetadata) == nil, "\(bareMetadata)")
    // One copy per picture.
    #expect(try FileManager.default.contentsOfDirectory(atPath: cache).count == 2)
  }
}
