import Playback
import SystemSupport

/// The real player on a real output, in real time: `output` opened, the player made on the
/// system clock with a log of its events, `files` loaded and played. The preamble of the suites
/// that play into a sound server or an ALSA device; the caller shuts the player down
/// (`defer { player.shutdown() }`) when it is done with it.
func startPlaying(_ files: [String], on output: AudioOutput) throws -> (
  player: Player, log: EventLog
) {
  try output.open()
  let player = Player(output: output, clock: SystemClock())
  let log = EventLog(player)
  player.load(files.map { .file($0) })
  player.play()
  return (player, log)
}
