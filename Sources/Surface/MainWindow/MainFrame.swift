/// Everything that decides the main window's picture; an equal frame is not drawn again.
struct MainFrame: Equatable {
  var currentLine: Int
  /// The line kept in the middle of the list (-1: the list starts at the top).
  var centredLine: Int
  var positionSeconds: Int
  var progressX: Int32
  var isPlaying: Bool
  /// The lock button's picture.
  var stripLocked: Bool
  /// The volume control's filled width.
  var volumeX: Int32
  var revision: Int
  /// The queue view, when it shows in place of the lyrics.
  var queueView: MainQueueState?
  /// `MainWindow.extrasRevision`: the picker, a message, the scrolled text.
  var extrasRevision: Int
  /// Whether a message is up (its end redraws the header).
  var hasMessage: Bool
  var width: Int32
  var height: Int32
}
