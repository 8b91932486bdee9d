import Clocks
import LyricsCore
import Playback

/// The real `Player` on a `VirtualTimeOutput` driven by a `ManualClock`, with its events logged:
/// what the virtual-time suites start from.
struct VirtualPlayerRig {
  static let format = AudioFormat(sampleRate: 48_000, channels: 2)

  let clock: ManualClock
  let output: VirtualTimeOutput
  let player: Player
  let log: EventLog

  init(_ items: [PlayerItem]) {
    clock = ManualClock()
    output = VirtualTimeOutput(clock: clock, format: Self.format)
    player = Player(output: output, clock: clock)
    log = EventLog(player)
    player.load(items)
  }

  /// The four parts, for a test that names them.
  var parts: (ManualClock, VirtualTimeOutput, Player, EventLog) { (clock, output, player, log) }
}
