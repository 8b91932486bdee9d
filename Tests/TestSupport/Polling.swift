import Foundation

// Waiting for what a test cannot get an event for: a window the window manager maps, a picture
// the X server has drawn, a process that has ended, a file another process writes. The condition
// is asked again every `interval` until it holds or `timeout` seconds (on the monotonic clock)
// have passed, and once more after the last pause, so a slow machine gets the whole time. Where
// the code under test has an event (a player observer, a termination handler), wait on that
// instead.

/// Asks `condition` until it holds or `timeout` seconds pass; whether it held.
public func poll(
  timeout: Double, interval: Double = 0.02, until condition: () throws -> Bool
) rethrows -> Bool {
  try poll(timeout: timeout, interval: interval, condition, until: { $0 })
}

/// Makes a value with `produce` until `accept` takes it or `timeout` seconds pass; the last value
/// made, taken or not (a screenshot with ink, or the last one to look at when there was none).
public func poll<Value>(
  timeout: Double, interval: Double = 0.02, _ produce: () throws -> Value,
  until accept: (Value) throws -> Bool
) rethrows -> Value {
  let clock = ContinuousClock()
  let deadline = clock.now.advanced(by: .seconds(timeout))
  while true {
    let value = try produce()
    if try accept(value) || clock.now >= deadline { return value }
    Thread.sleep(forTimeInterval: interval)
  }
}
