import CALSA
import CFFmpeg
import CPulse
// The Playback module; see docs/ARCHITECTURE.md.
import LyricsCore
