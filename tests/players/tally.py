#!/usr/bin/env python3
"""tally: the helper of tests/players/tally_player.pl, for tabula's tests.

    python3 tests/players/tally.py serve WORD   counts on the abstract socket "tally-WORD":
                                                each connection is told the count so far,
                                                after it says on stderr how many sockets
                                                it inherited ("HOLDS-SOCKETS N")
    python3 tests/players/tally.py ask WORD     says on stderr "TALLY N", the count the
                                                server gave, or "TALLY none" when none
                                                answers within 5 s

Started by a player file while it loads, the server lives as long as its sandbox: a
game that reaches it learns how many games reached it before.
"""

import os
import socket
import sys
import time


def sockets_held():
    held = 0
    for fd in os.listdir("/proc/self/fd"):
        try:
            if os.readlink("/proc/self/fd/" + fd).startswith("socket:"):
                held += 1
        except OSError:
            pass
    return held


def main():
    mode, word = sys.argv[1], sys.argv[2]
    address = "\0tally-" + word
    if mode == "serve":
        sys.stderr.write("HOLDS-SOCKETS %d\n" % sockets_held())
        sys.stderr.flush()
        server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        server.bind(address)
        server.listen(8)
        count = 0
        while True:
            connection, _ = server.accept()
            count += 1
            connection.sendall(b"%d" % count)
            connection.close()
    else:
        # The server may still be starting: it is given a few seconds.
        said = "none"
        for _ in range(100):
            try:
                client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                client.connect(address)
                said = client.recv(16).decode()
                break
            except OSError:
                time.sleep(0.05)
        sys.stderr.write("TALLY %s\n" % said)


if __name__ == "__main__":
    main()
