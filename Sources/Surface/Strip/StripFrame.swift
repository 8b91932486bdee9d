/// Everything that decides the strip's picture at one instant. A frame equal to the one on
/// screen is not drawn again.
struct StripFrame: Equatable {
  var line: Int
  var fillX: Int32
  /// The fill edge of the background vocals (0 when there are none).
  var backgroundFillX: Int32 = 0
  var scrollX: Int32
  /// Fade progress in steps of 1/16 (16: done).
  var fadeStep: Int
  var showControls: Bool
  var isPlaying: Bool
  var hasNotice: Bool
  var isLocked: Bool
  var width: Int32
  var height: Int32

  /// Whether this frame differs from `other` only by what moves with time (the fill, the
  /// background vocals' fill, the scroll of a long line, the fade): such a frame waits for the
  /// next frame slot, where anything else is drawn at once.
  func differsOnlyInMotion(from other: StripFrame) -> Bool {
    var still = self
    still.fillX = other.fillX
    still.backgroundFillX = other.backgroundFillX
    still.scrollX = other.scrollX
    still.fadeStep = other.fadeStep
    return still == other
  }
}
