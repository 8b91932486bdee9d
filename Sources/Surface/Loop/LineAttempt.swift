/// Which line the strip tried to draw, from which lyrics (`SurfaceModel.lyricsRevision`).
struct LineAttempt: Equatable {
  var index: Int
  var lyricsRevision: Int
}
