import Surface
import Testing

@Suite(.timeLimit(.minutes(5))) struct NoDisplayTests {
  /// The library states the fact; the advice (the app's `--no-window`) is the app's to give.
  @Test func noDisplayVariableMeansNoDisplayAndSaysWhy() throws {
    let error = try #require(SDLEventLoop.missingDisplay(environment: ["HOME": "/root"]))
    #expect(error.description.contains("DISPLAY"))
    #expect(!error.description.contains("--no-window"))
    #expect(SDLEventLoop.missingDisplay(environment: ["DISPLAY": ""]) != nil)
  }

  @Test func anX11OrWaylandDisplayIsTriedBySDL() {
    #expect(SDLEventLoop.missingDisplay(environment: ["DISPLAY": ":5"]) == nil)
    #expect(SDLEventLoop.missingDisplay(environment: ["WAYLAND_DISPLAY": "wayland-0"]) == nil)
    #expect(SDLEventLoop.missingDisplay(environment: ["SDL_VIDEODRIVER": "x11"]) == nil)
  }
}

/// Under a Wayland session with XWayland, SDL is asked for its X11 driver (windows there can be
/// kept above); the user's own SDL_VIDEODRIVER wins.
@Suite struct VideoDriverChoiceTests {
  @Test func xWaylandIsChosenWhenBothDisplaysAreSet() {
    #expect(
      SDLEventLoop.chosenVideoDriver(environment: ["WAYLAND_DISPLAY": "wayland-0", "DISPLAY": ":0"])
        == "x11")
    #expect(SDLEventLoop.chosenVideoDriver(environment: ["WAYLAND_DISPLAY": "wayland-0"]) == nil)
    #expect(SDLEventLoop.chosenVideoDriver(environment: ["DISPLAY": ":0"]) == nil)
    #expect(
      SDLEventLoop.chosenVideoDriver(environment: [
        "WAYLAND_DISPLAY": "wayland-0", "DISPLAY": ":0", "SDL_VIDEODRIVER": "wayland",
      ]) == nil)
  }
}
