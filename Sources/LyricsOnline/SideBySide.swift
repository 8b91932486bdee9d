import Locking
import SystemSupport

/// Work done at once, one thread per item, for the providers of one lookup: each waits on its
/// own service, so asking them one after another would add up their waits (4 requests of 50 ms
/// for Kugou and NetEase: 200 ms a track instead of 100). The first item runs on the calling
/// thread; a thread the system refuses runs its item there too.
enum SideBySide {
  static func map<Item: Sendable, Output: Sendable>(
    _ items: [Item], name: String, _ work: @escaping @Sendable (Item) -> Output
  ) -> [Output] {
    guard items.count > 1 else { return items.map(work) }
    let done = Condition()
    let outputs = Mutex<[Int: Output]>([:])
    for index in items.indices.dropFirst() {
      let item = items[index]
      let started = DetachedThread.start(name: name) { @Sendable in
        let output = work(item)
        done.withLock {
          outputs.withLock { $0[index] = output }
          done.broadcast()
        }
      }
      if !started {
        let output = work(item)
        outputs.withLock { $0[index] = output }
      }
    }
    let first = work(items[0])
    done.withLock {
      while outputs.withLock({ $0.count }) < items.count - 1 { done.wait() }
    }
    let rest = outputs.withLock { outputs in
      items.indices.dropFirst().compactMap { outputs[$0] }
    }
    return [first] + rest
  }
}
