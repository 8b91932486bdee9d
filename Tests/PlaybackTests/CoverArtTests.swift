import Foundation
import Playback
import TestSupport
import Testing

/// Covers as people's files hold them: a picture attached by a tagger (made here by FFmpeg), a
/// `cover.jpg` beside the album's files, or nothing; and the cache copy the desktop is given.
@Suite(.tags(.sanitized)) struct CoverArtTests {
  /// A solid picture made by FFmpeg (`.jpg` or `.png`, by the name).
  static func picture(_ path: String, color: String = "red", size: String = "64x48") throws {
    try AudioFixtures.run(
      "ffmpeg",
      [
        "-v", "error", "-y", "-f", "lavfi", "-i", "color=c=\(color):s=\(size)", "-frames:v", "1",
        path,
      ])
  }

  static func bytes(_ path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  /// `audio` (its extension picks the format) with `picture` attached as its cover.
  static func withAttachedPicture(_ audio: String, picture: String) throws {
    try AudioFixtures.run(
      "ffmpeg",
      [
        "-v", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=440:duration=1", "-i", picture,
        "-map", "0", "-map", "1", "-c:v", "copy", "-disposition:v", "attached_pic", audio,
      ])
  }

  @Test(arguments: [("tagged.mp3", "front.jpg"), ("tagged.flac", "front.png")])
  func attachedPictureIsTheCover(audioName: String, pictureName: String) throws {
    let folder = try Paths.makeTemporaryDirectory().path
    let picture = folder + "/" + pictureName
    try Self.picture(picture)
    let audio = folder + "/" + audioName
    try Self.withAttachedPicture(audio, picture: picture)
    // A cover file beside it loses to the picture in the file.
    try Self.picture(folder + "/cover.jpg", color: "blue")

    let cover = try #require(CoverArt.find(forTrack: audio))
    #expect(cover.origin == .embedded)
    #expect(cover.format == (pictureName.hasSuffix(".png") ? .png : .jpeg))
    #expect(cover.bytes == (try Self.bytes(picture)))
  }

  /// The decoder says whether the file holds a cover, so the search can skip opening a file
  /// that has none; told so, it looks beside the file only.
  @Test func theDecoderTellsWhetherTheFileHoldsACover() throws {
    let folder = try Paths.makeTemporaryDirectory().path
    try Self.picture(folder + "/front.jpg")
    let tagged = folder + "/tagged.mp3"
    try Self.withAttachedPicture(tagged, picture: folder + "/front.jpg")
    let plain = try AudioFixtures.sine("plain.mp3")
    #expect(try AudioDecoder(path: tagged).info.hasAttachedPicture == true)
    #expect(try AudioDecoder(path: plain).info.hasAttachedPicture == false)

    try Self.picture(folder + "/cover.jpg", color: "blue")
    let told = try #require(CoverArt.find(forTrack: tagged, attachedPicture: false))
    #expect(told.origin == .file(folder + "/cover.jpg"))
    #expect(CoverArt.find(forTrack: tagged, attachedPicture: true)?.origin == .embedded)
  }

  @Test func coverFileBesideTheTrackWhateverItsCase() throws {
    let folder = try Paths.makeTemporaryDirectory().path
    let audio = try AudioFixtures.sine("plain.ogg")
    let track = folder + "/plain.ogg"
    try FileManager.default.copyItem(atPath: audio, toPath: track)
    try Self.picture(folder + "/Folder.JPG", color: "green")
    try Self.picture(folder + "/COVER.png", color: "blue")

    let cover = try #require(CoverArt.find(forTrack: track))
    // cover.* comes before folder.jpg.
    #expect(cover.origin == .file(folder + "/COVER.png"))
    #expect(cover.format == .png)
    #expect(cover.bytes == (try Self.bytes(folder + "/COVER.png")))

    try FileManager.default.removeItem(atPath: folder + "/COVER.png")
    let folderPicture = try #require(CoverArt.find(forTrack: track))
    #expect(folderPicture.origin == .file(folder + "/Folder.JPG"))
    #expect(folderPicture.format == .jpeg)
  }

  @Test func noPictureAnywhereIsNoCover() throws {
    let track = try AudioFixtures.sine("bare.flac")
    let folder = URL(fileURLWithPath: track).deletingLastPathComponent().path
    #expect(CoverArt.find(forTrack: track) == nil)
    // A "cover" that is not a picture is not one either.
    try Data("not a picture".utf8).write(to: URL(fileURLWithPath: folder + "/cover.jpg"))
    #expect(CoverArt.find(forTrack: track) == nil)
    #expect(CoverArt.find(forTrack: folder + "/missing.mp3") == nil)
  }

  @Test func cacheCopyIsThePictureWrittenOnceByContent() throws {
    let folder = try Paths.makeTemporaryDirectory().path
    try Self.picture(folder + "/a.jpg")
    try Self.picture(folder + "/b.jpg", color: "yellow")
    let cache = CoverCache(folder: folder + "/cache/covers")
    let first = try #require(
      CoverPicture(bytes: try Self.bytes(folder + "/a.jpg"), origin: .embedded))
    let other = try #require(
      CoverPicture(bytes: try Self.bytes(folder + "/b.jpg"), origin: .embedded))

    let path = try cache.store(first)
    #expect(path.hasPrefix(folder + "/cache/covers/") && path.hasSuffix(".jpg"))
    #expect(try Self.bytes(path) == first.bytes)
    let written = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber]
    // Another track of the album, the same picture: the same file, not written again.
    #expect(try cache.store(first) == path)
    #expect(
      try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int == written
        as? Int)
    let otherPath = try cache.store(other)
    #expect(otherPath != path)
    #expect(try Self.bytes(otherPath) == other.bytes)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder + "/cache/covers").count == 2)
  }
}
