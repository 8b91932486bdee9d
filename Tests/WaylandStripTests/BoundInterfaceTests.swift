import Foundation
import Testing

@testable import WaylandStrip

/// libwayland keeps the interface pointer a bind is given: it must be the C global itself, the
/// one the dynamic loader knows by name, not a copy (a copy's address was a crash at the first
/// global in the release build). The debug build the tests run in handed out the global's own
/// address even before the fix, so this test guards the shim, not the optimiser's copy: the
/// release build's run (`make bench-wayland`, the README's screenshot) is what showed the crash.
@Suite struct BoundInterfaceTests {
  @Test(arguments: [
    (WaylandCalls.Bindable.compositor, "wl_compositor_interface"),
    (.shm, "wl_shm_interface"), (.seat, "wl_seat_interface"), (.output, "wl_output_interface"),
  ])
  func theInterfaceIsTheLibrarysOwn(what: WaylandCalls.Bindable, symbol: String) throws {
    // RTLD_DEFAULT (a null handle on glibc): the symbol as the program's libraries define it.
    let loaded = try #require(dlsym(nil, symbol))
    #expect(UnsafeRawPointer(what.interface) == UnsafeRawPointer(loaded))
    #expect(WaylandCalls.Bindable(interface: what.name) == what)
  }

  @Test func theLayerShellInterfaceIsNamedAsTheGlue() {
    let layerShell = WaylandCalls.Bindable.layerShell
    #expect(layerShell.name == "zwlr_layer_shell_v1")
    #expect(layerShell.interface.pointee.version == 4)
  }
}
