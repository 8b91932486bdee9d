import TestSupport
import Testing

/// Every test that uses the X server: one at a time, since they share the pointer, the keyboard
/// focus, the window loop and its model.
@Suite(.serialized, .enabled(if: Service.x11.shouldRun), .timeLimit(.minutes(5)))
enum DisplayTests {}
