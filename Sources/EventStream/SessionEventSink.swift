/// Where a session's events go: the `--events` writer, a script transcript. Called from any
/// thread; an implementation keeps the events in the order it was called and never blocks.
public protocol SessionEventSink: AnyObject, Sendable {
  func emit(_ event: SessionEvent)
}
