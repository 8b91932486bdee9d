import LyricpipApp

LyricpipMain.run()
