/// Told of each lifecycle step, in order, exactly once per transition:
/// willStart, then didStart or failedToStart; willStop, restore (only when the user asked to go
/// back), didStop. Called on the controller's thread.
public protocol PiPControllerDelegate: AnyObject {
  func pictureInPicture(_ controller: PiPController, didEmit event: PiPEvent)
}
