import CFontconfig
import CSDL2
import CSDL2TTF
// The Surface module; see docs/ARCHITECTURE.md.
import LyricsCore
