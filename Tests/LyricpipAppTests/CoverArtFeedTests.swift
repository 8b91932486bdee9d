import Foundation
import Playback
import Synchronization
import TestSupport
import Testing

@testable import WindowFrontEnd

/// The cover thread as the player drives it: tracks change faster than covers are found, and
/// the listeners must end on the current track's cover, never an older one's; each track's
/// artUrl is kept for MPRIS.
@Suite(.tags(.sanitized)) struct CoverArtFeedTests {
  /// What the listeners were told, in order (nil: no cover).
  final class Heard: Sendable {
    let covers = Mutex<[CoverPicture.Origin?]>([])
    var all: [CoverPicture.Origin?] { covers.withLock { $0 } }
  }

  func folder(withCover: Bool) throws -> String {
    let folder = try Paths.makeTemporaryDirectory().path
    if withCover {
      let made = try ProcessRunner.run(
        "ffmpeg",
        [
          "-v", "error", "-y", "-f", "lavfi", "-i", "color=c=red:s=16x16", "-frames:v", "1",
          folder + "/cover.jpg",
        ])
      try #require(made.status == 0, "ffmpeg: \(made.stderr)")
    }
    return folder
  }

  @Test func theCurrentTracksCoverIsTheLastOneHeard() throws {
    let album = try folder(withCover: true)
    let bare = try folder(withCover: false)
    let cache = try Paths.makeTemporaryDirectory().path + "/covers"
    let feed = CoverArtFeed(cache: CoverCache(folder: cache), say: { _ in })
    let heard = Heard()
    feed.addListener { picture in heard.covers.withLock { $0.append(picture?.origin) } }

    feed.trackChanged(path: album + "/1.flac")
    #expect(poll(timeout: 10) { heard.all.count == 1 })
    #expect(heard.all == [.file(album + "/cover.jpg")])
    let url = try #require(feed.artURL(forPath: album + "/1.flac"))
    #expect(url.hasPrefix("file://\(cache)/") && url.hasSuffix(".jpg"), "\(url)")

    // Many changes in a row, the bare track last: whatever was heard meanwhile, it ends there.
    for _ in 0..<20 {
      feed.trackChanged(path: album + "/1.flac")
      feed.trackChanged(path: bare + "/2.flac")
    }
    #expect(
      poll(timeout: 10) {
        feed.artURL(forPath: bare + "/2.flac") == nil && heard.all.last == .some(nil)
      })
    #expect(heard.all.last == .some(nil), "\(heard.all)")
    #expect(feed.artURL(forPath: album + "/1.flac") == url)
    #expect(try FileManager.default.contentsOfDirectory(atPath: cache).count == 1)
  }
}
