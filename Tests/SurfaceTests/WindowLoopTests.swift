import Foundation
import Session
import Testing

@testable import Surface

extension DisplayTests {
  /// The `WindowLoop` actor runs its jobs on the loop's thread, in order with posted work, and
  /// refuses to be assumed from any other thread.
  @Suite struct WindowLoopTests {
    let host: UIHost

    init() throws { host = try UIHost.shared() }

    @WindowLoop private static func onLoopThread(_ mailbox: SurfaceMailbox) -> Bool {
      mailbox.isLoopThread
    }

    @WindowLoop private static func onLoop<T: Sendable>(_ body: @WindowLoop () -> T) -> T {
      body()
    }

    @Test func awaitedWorkRunsOnTheLoopThread() async throws {
      let mailbox = host.mailbox
      #expect(!mailbox.isLoopThread)
      #expect(await Self.onLoopThread(mailbox))
    }

    @Test func jobsRunAfterTheWorkPostedBeforeThem() async throws {
      let mailbox = host.mailbox
      await Self.onLoop { UIState.intents["order"] = [] }
      for step in 0..<20 {
        mailbox.post { _ in UIState.intents["order", default: []].append(.seekTo(ms: step)) }
      }
      let seen = await Self.onLoop { UIState.intents["order", default: []] }
      #expect(seen == (0..<20).map { SurfaceIntent.seekTo(ms: $0) })
    }

    /// The windows reach Session only through its protocols, which know no actor: a call through
    /// them from another thread is stopped at run time.
    @Test func aWindowCalledThroughSessionOffTheLoopThreadStopsTheProcess() async {
      await #expect(processExitsWith: .failure) {
        let host = try UIHost.shared()
        let strip = try host.sync { loop in try FloatingWindow(loop: loop) }
        let surface: any FloatingSurface = strip
        surface.hide()
      }
    }

    @Test func assumingTheActorOffItsThreadStopsTheProcess() async {
      await #expect(processExitsWith: .failure) {
        WindowLoop.assumeIsolated {}
      }
    }
  }
}
