import Surface
import Testing

@Suite(.timeLimit(.minutes(5))) struct NoDisplayTests {
  @Test func noDisplayVariableMeansNoDisplayWithAHintForNoWindow() throws {
    let error = try #require(SDLEventLoop.missingDisplay(environment: ["HOME": "/root"]))
    #expect(error.description.contains("--no-window"))
    #expect(error.description.contains("DISPLAY"))
    #expect(SDLEventLoop.missingDisplay(environment: ["DISPLAY": ""]) != nil)
  }

  @Test func anX11OrWaylandDisplayIsTriedBySDL() {
    #expect(SDLEventLoop.missingDisplay(environment: ["DISPLAY": ":5"]) == nil)
    #expect(SDLEventLoop.missingDisplay(environment: ["WAYLAND_DISPLAY": "wayland-0"]) == nil)
    #expect(SDLEventLoop.missingDisplay(environment: ["SDL_VIDEODRIVER": "x11"]) == nil)
  }
}
