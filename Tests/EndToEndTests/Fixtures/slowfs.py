#!/usr/bin/python3
"""A read-only view of SOURCE at the mount point whose every read takes DELAY seconds: a slow
network or USB file system, for lyricpip's tests. Usage: slowfs.py SOURCE MOUNTPOINT DELAY
(runs in the foreground until unmounted)."""
import errno
import os
import sys
import time

import fuse

fuse.fuse_python_api = (0, 2)


class SlowFS(fuse.Fuse):
    def __init__(self, source, delay, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.source = source
        self.delay = delay

    def real(self, path):
        return os.path.join(self.source, path.lstrip("/"))

    def getattr(self, path):
        try:
            return os.lstat(self.real(path))
        except OSError as error:
            return -error.errno

    def readdir(self, path, offset):
        for name in [".", ".."] + os.listdir(self.real(path)):
            yield fuse.Direntry(name)

    def open(self, path, flags):
        if flags & (os.O_WRONLY | os.O_RDWR):
            return -errno.EROFS
        return 0 if os.path.exists(self.real(path)) else -errno.ENOENT

    def read(self, path, size, offset):
        time.sleep(self.delay)
        with open(self.real(path), "rb") as file:
            file.seek(offset)
            return file.read(size)


def main():
    source, mountpoint, delay = sys.argv[1], sys.argv[2], float(sys.argv[3])
    server = SlowFS(os.path.abspath(source), delay, version="slowfs", usage=__doc__)
    server.fuse_args.mountpoint = mountpoint
    server.fuse_args.setmod("foreground")
    server.fuse_args.add("ro")
    # No kernel page cache between reads: each read of the player reaches here.
    server.fuse_args.add("direct_io")
    server.multithreaded = True
    server.main()


if __name__ == "__main__":
    main()
