import LyricsContainers
import LyricsCore
import LyricsFiles

/// Reads bytes as lyricpip does, by content unless a format is given.
func read(_ bytes: [UInt8], format: LyricsFormat? = nil) throws(LyricsContainerError)
  -> LyricsDocumentReader.Document
{
  try LyricsDocumentReader.read(bytes, format: format, transcoder: IconvTranscoder())
}

func readFixture(_ name: String, format: LyricsFormat? = nil) throws
  -> LyricsDocumentReader.Document
{
  try read(Fixture.bytes(name), format: format)
}
