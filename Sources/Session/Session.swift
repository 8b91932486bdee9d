// The Session module; see docs/ARCHITECTURE.md.
import LyricsCore
