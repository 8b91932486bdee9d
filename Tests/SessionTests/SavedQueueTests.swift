import Foundation
import Session
import Testing

/// The saved queue's play order: kept through the state file and through files that are gone.
@Suite struct SavedQueueTests {
  @Test func theShuffledOrderComesBackFromTheFile() throws {
    let queue = SavedQueue(
      paths: ["/a.ogg", "/b.ogg", "/c.ogg"], index: 2, shuffle: true, order: [1, 2, 0])
    let data = try JSONEncoder().encode(queue)
    #expect(try JSONDecoder().decode(SavedQueue.self, from: data) == queue)
  }

  @Test func aQueueWrittenBeforeTheOrderWasKeptStillReads() throws {
    let text = #"{"paths":["/a.ogg","/b.ogg"],"index":1,"shuffle":true,"repeat":"all"}"#
    let queue = try JSONDecoder().decode(SavedQueue.self, from: Data(text.utf8))
    #expect(queue.order == nil)
    #expect(queue.shuffle && queue.repeatMode == "all" && queue.index == 1)
  }

  @Test func anUnshuffledQueueIsWrittenWithoutAnOrder() throws {
    let data = try JSONEncoder().encode(SavedQueue(paths: ["/a.ogg"], index: 0))
    #expect(!String(decoding: data, as: UTF8.self).contains("order"))
  }

  @Test func filesThatAreGoneLeaveTheOrderOfTheOthers() throws {
    let queue = SavedQueue(
      paths: ["/a", "/b", "/c", "/d", "/e"], index: 3, shuffle: true, order: [3, 0, 4, 1, 2])
    let kept = try #require(queue.keeping { $0 != "/b" && $0 != "/e" })
    #expect(kept.paths == ["/a", "/c", "/d"])
    #expect(kept.index == 2)
    // /d, /a, then /c, as before.
    #expect(kept.order == [2, 0, 1])
  }
}
