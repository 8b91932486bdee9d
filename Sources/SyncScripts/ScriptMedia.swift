import Clocks
import FoundationEssentials
import LyricsCore
import LyricsFiles
import SessionWiring

/// What a script plays: the engine and the one track of the run, its lyrics read and its audio
/// checked before anything plays.
struct ScriptMedia {
  var engine: any PlaybackEngine
  var track: SessionTrack

  /// The media of a virtual-time run: `media`'s player in virtual time, driven by the script's
  /// clock.
  static func virtual(
    script: SyncScript, folder: URL, clock: ManualClock, media: any MediaFactory
  ) throws(ScriptRun.LoadError) -> ScriptMedia {
    let track = try track(script: script, folder: folder, media: media)
    return ScriptMedia(engine: media.virtualPlayer(clock: clock), track: track)
  }

  /// The script's track: its lyrics read (exit 2), its audio probed (exit 2), or a silent track
  /// as long as the lyrics when the script names no audio.
  static func track(
    script: SyncScript, folder: URL, media: any MediaFactory
  ) throws(ScriptRun.LoadError) -> SessionTrack {
    let lyrics = try readLyrics(resolve(script.lyricsPath, in: folder), named: script.lyricsPath)
    guard let audio = script.audioPath else {
      let length = Int64(silentLengthMs(lyrics)) * 1_000_000
      return SessionTrack(
        item: media.silence(name: "silence", durationNanos: length), lyrics: lyrics,
        label: .unnamed)
    }
    do {
      let item = try media.audioItem(path: resolve(audio, in: folder))
      return SessionTrack(item: item, lyrics: lyrics, label: .named(audio))
    } catch {
      throw ScriptRun.LoadError(
        message: "cannot play \(audio): \(error.message)", status: .unreadableInput)
    }
  }

  static func resolve(_ path: String, in folder: URL) -> String {
    AbsolutePath.of(path, in: folder.path)
  }

  static func readLyrics(_ path: String, named name: String) throws(ScriptRun.LoadError)
    -> Lyrics
  {
    do {
      return try LyricsFileLoader.read(path, shownAs: name)
    } catch {
      throw ScriptRun.LoadError(message: error.description, status: .unreadableInput)
    }
  }

  /// A silent track lasts to `[length:]`, or to the last line + 5 s.
  static func silentLengthMs(_ lyrics: Lyrics) -> Int {
    if let length = lyrics.metadata["length"], let ms = lengthMs(length) { return ms }
    return max(0, (lyrics.lines.last?.endMs ?? lyrics.lines.last?.ms ?? 0)) + 5_000
  }

  /// `[length:]` as `mm:ss`, `mm:ss.xx` or `hh:mm:ss`.
  static func lengthMs(_ text: String) -> Int? {
    let parts = text.split(separator: ":")
    guard (2...3).contains(parts.count) else { return nil }
    var total = 0
    for part in parts.dropLast() {
      guard let value = Int(part), value >= 0 else { return nil }
      total = total * 60 + value
    }
    guard let seconds = ScriptTime.parse(String(parts[parts.count - 1])) else { return nil }
    return total * 60_000 + seconds
  }
}
