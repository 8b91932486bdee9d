import Session

/// Which monitor the strip belongs on, and where a saved strip goes when its monitor is there or
/// gone: pure, tested without a display.
public enum StripPlacement {
  /// The monitor a window is on: the one holding its centre, else the one it overlaps most
  /// (a window half off the desktop), else the first; nil without monitors.
  public static func monitor(of frame: WindowGeometry?, among monitors: [ScreenMonitor])
    -> ScreenMonitor?
  {
    guard let frame else { return monitors.first }
    let centre = (x: frame.x + frame.width / 2, y: frame.y + frame.height / 2)
    if let holding = monitors.first(where: { $0.contains(x: centre.x, y: centre.y) }) {
      return holding
    }
    let overlaps = monitors.map { ($0, overlap(frame, $0)) }
    if let best = overlaps.max(by: { $0.1 < $1.1 }), best.1 > 0 { return best.0 }
    return monitors.first
  }

  /// Whether the strip at `frame` is on one of `monitors` (its centre is).
  public static func isOnAMonitor(_ frame: WindowGeometry, among monitors: [ScreenMonitor])
    -> Bool
  {
    monitors.contains { $0.contains(x: frame.x + frame.width / 2, y: frame.y + frame.height / 2) }
  }

  /// Where a saved strip goes at start. On its monitor, when that is there (found by name, else
  /// by place and size), at the same place relative to it, kept inside it; a place saved without
  /// a monitor stays when it is on one. Otherwise its width goes to the bottom centre of
  /// `fallback` (the main window's monitor).
  public static func restored(
    _ saved: WindowGeometry, on savedMonitor: ScreenMonitor?, among monitors: [ScreenMonitor],
    fallback: ScreenMonitor, geometry: StripGeometry
  ) -> WindowGeometry {
    let width = max(geometry.smallestWidth, saved.width)
    let height = geometry.height(forWidth: width)
    var frame = WindowGeometry(x: saved.x, y: saved.y, width: width, height: height)
    let target: ScreenMonitor?
    if let savedMonitor {
      target = savedMonitor.found(in: monitors).map { present in
        frame.x += present.x - savedMonitor.x
        frame.y += present.y - savedMonitor.y
        return present
      }
    } else {
      target = isOnAMonitor(frame, among: monitors) ? monitor(of: frame, among: monitors) : nil
    }
    guard let target else { return geometry.moved(width: width, onto: fallback) }
    return kept(frame, inside: target)
  }

  /// `frame` moved (not resized, unless larger than the monitor) so that it is all on `monitor`.
  public static func kept(_ frame: WindowGeometry, inside monitor: ScreenMonitor) -> WindowGeometry
  {
    var frame = frame
    frame.x = min(max(frame.x, monitor.x), max(monitor.x, monitor.x + monitor.width - frame.width))
    frame.y = min(
      max(frame.y, monitor.y), max(monitor.y, monitor.y + monitor.height - frame.height))
    return frame
  }

  private static func overlap(_ frame: WindowGeometry, _ monitor: ScreenMonitor) -> Int {
    let width =
      min(frame.x + frame.width, monitor.x + monitor.width) - max(frame.x, monitor.x)
    let height =
      min(frame.y + frame.height, monitor.y + monitor.height) - max(frame.y, monitor.y)
    return max(0, width) * max(0, height)
  }
}
