[playlist]
File2=b.ogg
Title2=Bee
File1=a.ogg
Length1=-1
file3=file:///m/c%20d.flac
NumberOfEntries=3
Version=2
