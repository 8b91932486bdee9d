import Clocks
import Dispatch
import Glibc

/// The real monotonic clock (CLOCK_MONOTONIC), running scheduled work on a private serial
/// dispatch queue at the deadline. Work must hop to its owner's thread itself if it needs to.
public final class SystemClock: EventClock {
  private let queue: DispatchQueue

  public init(label: String = "lyricpip.clock") {
    queue = DispatchQueue(label: label, qos: .userInteractive)
  }

  /// CLOCK_MONOTONIC in nanoseconds; the same scale as DispatchTime's uptime on Linux.
  public static func monotonicNanos() -> Int64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec)
  }

  public var nowNanos: Int64 { Self.monotonicNanos() }

  @discardableResult
  public func schedule(at deadlineNanos: Int64, _ work: @escaping @Sendable () -> Void)
    -> ScheduledWork
  {
    let handle = ScheduledWork()
    let delay = max(0, deadlineNanos - Self.monotonicNanos())
    queue.asyncAfter(deadline: .now() + .nanoseconds(Int(delay))) {
      if !handle.isCancelled { work() }
    }
    return handle
  }
}
