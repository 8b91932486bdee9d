import Playback
import Testing

@Suite struct PlayOrderTests {
  /// Every item the order visits from `start`, following track ends, at most `limit`.
  func walk(_ order: PlayOrder, from start: Int?, limit: Int = 20) -> [Int] {
    var seen: [Int] = []
    var current = order.following(start)
    if start == nil, let first = order.first { current = first }
    while let item = current, seen.count < limit {
      seen.append(item)
      current = order.following(item)
    }
    return seen
  }

  @Test func straightThroughThenTheEnd() {
    let order = PlayOrder(count: 4)
    #expect(walk(order, from: nil) == [0, 1, 2, 3])
    #expect(order.next(after: 3) == nil)
    #expect(order.previous(before: 0) == nil)
    #expect(order.previous(before: 2) == 1)
  }

  @Test func repeatAllWrapsBothWays() {
    let order = PlayOrder(count: 3, repeatMode: .all)
    #expect(walk(order, from: nil, limit: 7) == [0, 1, 2, 0, 1, 2, 0])
    #expect(order.previous(before: 0) == 2)
  }

  @Test func repeatTrackPlaysItAgainButASkipMovesOn() {
    let order = PlayOrder(count: 3, repeatMode: .track)
    #expect(order.following(1) == 1)
    #expect(order.next(after: 1) == 2)
    #expect(order.next(after: 2) == 0)
    #expect(order.previous(before: 1) == 0)
  }

  @Test func shuffleVisitsEveryItemOnceStartingWithTheCurrent() {
    var order = PlayOrder(count: 50, seed: 7)
    order.setShuffled(true, current: 17)
    let visited = walk(order, from: nil, limit: 100)
    #expect(visited.first == 17)
    #expect(visited.count == 50)
    #expect(Set(visited) == Set(0..<50))
    #expect(visited != Array(0..<50))
    // Back through what was heard.
    for position in 1..<visited.count {
      #expect(order.previous(before: visited[position]) == visited[position - 1])
    }
  }

  @Test func theSameSeedShufflesTheSameWay() {
    var one = PlayOrder(count: 20, seed: 42)
    var two = PlayOrder(count: 20, seed: 42)
    one.setShuffled(true, current: 3)
    two.setShuffled(true, current: 3)
    #expect(walk(one, from: nil) == walk(two, from: nil))
  }

  @Test func shuffleOffGoesBackToTheQueueOrderFromTheCurrent() {
    var order = PlayOrder(count: 5, shuffled: true, seed: 1)
    order.setShuffled(false, current: 2)
    #expect(order.next(after: 2) == 3)
    #expect(!order.isShuffled)
  }

  @Test func appendedItemsComeAfterTheCurrentWhenShuffled() {
    var order = PlayOrder(count: 4, seed: 9)
    order.setShuffled(true, current: 0)
    let heard = walk(order, from: nil)
    order.append(3, current: heard[1])
    let after = walk(order, from: heard[1])
    #expect(Set(after).isSuperset(of: [4, 5, 6]))
    #expect(order.count == 7)
    #expect(Set(walk(order, from: nil)) == Set(0..<7))
  }

  @Test func aResumedShuffleKeepsItsSavedOrderThroughTheLoad() throws {
    var before = PlayOrder(count: 6, seed: 3)
    before.setShuffled(true, current: 4)
    let saved = try #require(before.shuffledSequence)
    // The next run: a new order (another seed), shuffle resumed before the queue is loaded.
    var after = PlayOrder(seed: 11)
    after.resumeShuffled(saved)
    after.reset(count: 6, current: saved[2])
    #expect(after.shuffledSequence == saved)
    #expect(after.next(after: saved[2]) == saved[3])
    #expect(after.previous(before: saved[2]) == saved[1])
    // Only that load: a later new queue is shuffled anew.
    after.reset(count: 6, current: 0)
    #expect(after.shuffledSequence?.first == 0)
  }

  @Test func aSavedOrderThatDoesNotFitTheQueueGivesANewShuffle() {
    for saved in [[2, 0, 1], [0, 1, 1, 2], [0, 1, 2, 7]] {
      var order = PlayOrder(count: 0, seed: 5)
      order.resumeShuffled(saved)
      order.reset(count: 4, current: 3)
      #expect(order.isShuffled)
      #expect(order.shuffledSequence?.first == 3, "\(saved)")
      #expect(Set(walk(order, from: nil)) == Set(0..<4))
    }
  }

  @Test func shuffleTurnedOnAfterAResumeShufflesAnew() {
    var order = PlayOrder(count: 0, seed: 8)
    order.resumeShuffled([3, 2, 1, 0])
    order.setShuffled(false, current: nil)
    order.setShuffled(true, current: nil)
    order.reset(count: 4, current: 1)
    // A new shuffle around the current track, not the order given up (where 1 came third).
    #expect(order.shuffledSequence?.first == 1)
  }

  @Test func anEmptyQueueHasNothing() {
    let order = PlayOrder(count: 0, repeatMode: .all)
    #expect(order.first == nil)
    #expect(order.next(after: nil) == nil)
    #expect(order.previous(before: 0) == nil)
  }
}
