/// A line's images made before the line is due, with what they were made from: they are used
/// only for that line of the same lyrics at the same strip size.
struct UpcomingLine {
  var attempt: LineAttempt
  var layout: StripLayout
  var images: LineImages

  func images(for wanted: LineAttempt, layout current: StripLayout) -> LineImages? {
    wanted == attempt && current == layout ? images : nil
  }
}
