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
