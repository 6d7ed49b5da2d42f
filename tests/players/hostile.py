#!/usr/bin/env python3
"""hostile: a player that breaks the protocol on purpose, for tabula's tests.

    python3 tests/players/hostile.py MODE [--after K] [--seed N] [--name NAME]
        [--bot PATH/random_bot.py] [--target=PATH ...] [--port=N] [--busy-ms=MS]

It plays like examples/random_bot.py (whose code it imports from --bot, by default
examples/random_bot.py beside this folder: in a sandbox, name it on the command line so
that its folder is given to the player) for its first K genmoves (default 0), then, at
genmove K+1, misbehaves according to MODE. Paths to attack are given as --target=PATH,
one word, so that a sandbox does not take them for the player's own files.

    sleep    never answers: sleeps (for ever, in practice: it exits by itself
             after 10 minutes, so that a test that fails cannot leave it behind)
    garbage  answers a line of junk that is not "= ..." or "? ..." (with bytes
             that are not UTF-8), then an empty line
    refuse   answers "? I give up"
    illegal  answers a well-formed move that is not legal: its own previous move
             again (a drawn segment; the square its king stands on; a move from
             the square it left), or, before it has moved, the same kind of move
             (dots: a drawn segment, or one off the board; kingpawn: its king's
             square; breakthrough: a move from a square it does not hold)
    exit     exits with status 3 without answering
    crash    kills itself with SIGSEGV (a shell reports exit 139)
    hog      allocates memory without bound, 10 MB at a time, each byte written,
             without answering (safety net: at 8 GiB it stops and sleeps)
    flood    writes 8 MB to stderr as fast as it can, then answers a legal move
             and goes on playing normally: a referee that reads stderr in
             parallel lets it play on; it must NOT lose
    slow     answers a legal move after 1.5 s, at genmove K+1 and every later one

These do their deed once, at genmove K+1, write to stderr (its log) what they got,
and go on playing legal moves, so that only containment keeps them from gaining:

    snoop    reads every --target file, every /proc/*/cmdline and /proc/*/environ it
             can see, and /etc/passwd, and copies all of it to its log
    scribble appends a forged game record to every --target file (creating it if
             need be), and writes a file in its own folder and in /tmp
    connect  connects to 127.0.0.1:--port and sends a line
    fork     forks 500 children that sleep for 10 minutes
    daemon   double-forks a setsid daemon that sleeps for 10 minutes
    thread   starts a background thread that spins for ever
    spawnhog forks a child that spins for ever
    endless  answers a legal move and then lines for ever, never the empty line
    chatter  from then on, a thread writes answers nobody asked for, for ever
    meter    an honest player that spins for --busy-ms of wall time at each genmove
             and logs the share of that time it had the CPU ("cpu-share 0.98")
    burn     an honest player whose every move needs --busy-ms of CPU time: it
             spins until it has used that much, then answers a legal move

Every other command is answered as random_bot answers it.
"""

import argparse
import glob
import os
import signal
import socket
import sys
import threading
import time
from pathlib import Path

sys.dont_write_bytecode = True  # leave no __pycache__ in examples/


def bot_folder(argv):
    for k, arg in enumerate(argv):
        if arg == "--bot" and k + 1 < len(argv):
            return str(Path(argv[k + 1]).resolve().parent)
        if arg.startswith("--bot="):
            return str(Path(arg[len("--bot="):]).resolve().parent)
    return str(Path(__file__).resolve().parent.parent.parent / "examples")


sys.path.insert(0, bot_folder(sys.argv[1:]))
import random_bot  # noqa: E402  (examples/random_bot.py)

MODES = ["sleep", "garbage", "refuse", "illegal", "exit", "crash", "hog", "flood", "slow",
         "snoop", "scribble", "connect", "fork", "daemon", "thread", "spawnhog", "endless",
         "chatter", "meter", "burn"]
ONCE = {"snoop", "scribble", "connect", "fork", "daemon", "thread", "spawnhog", "chatter"}


def log(*parts):
    sys.stderr.write(" ".join(str(p) for p in parts) + "\n")
    sys.stderr.flush()


def spin_forever():
    while True:
        pass


def sleep_forever(limit=600):
    time.sleep(limit)
    os._exit(4)


class Hostile(random_bot.Player):
    def __init__(self, mode, after, name, seed, targets=(), port=0, busy_ms=100):
        super().__init__(name, seed)
        self.mode, self.after = mode, after
        self.targets, self.port, self.busy_ms = list(targets), port, busy_ms
        self.genmoves = 0
        self.last = None  # the text of our previous move, if any

    def genmove(self, ms):
        self.genmoves += 1
        if self.mode in ("meter", "burn"):
            return getattr(self, "mode_" + self.mode)(ms)
        if self.genmoves <= self.after or (self.mode in ONCE | {"flood"} and self.genmoves > self.after + 1):
            return self.legal(ms)
        return getattr(self, "mode_" + self.mode)(ms)

    def legal(self, ms):
        reply = super().genmove(ms)
        if reply.startswith("= "):
            self.last = reply[2:]
        return reply

    def mode_sleep(self, ms):
        sleep_forever()

    def mode_garbage(self, ms):
        sys.stdout.buffer.write(b"%$#@! \xff\xfe this is not an answer }{\n\n")
        sys.stdout.flush()
        return None  # already written

    def mode_refuse(self, ms):
        return "? I give up"

    def mode_illegal(self, ms):
        game = self.game
        if self.last is not None:
            return "= " + self.last
        if isinstance(game, random_bot.Dots):
            if game.drawn:
                return "= " + game.text(min(game.drawn))
            return "= h(0,%d)" % (game.cols - 1)  # J = cols-1 is off the board
        if isinstance(game, random_bot.KingPawn):
            return "= " + game.text(game.white if game.turn == 0 else game.black)
        mine, ahead = ("w", 1) if game.turn == 0 else ("b", -1)
        for r in range(game.rows):
            for c in range(game.cols):
                if game.board[r][c] != mine and 0 <= r + ahead < game.rows:
                    return "= " + game.text((r, c, r + ahead, c)).replace("x", "-")
        return "? no illegal move found"

    def mode_exit(self, ms):
        sys.stdout.flush()
        os._exit(3)

    def mode_crash(self, ms):
        sys.stdout.flush()
        signal.signal(signal.SIGSEGV, signal.SIG_DFL)
        os.kill(os.getpid(), signal.SIGSEGV)
        sleep_forever()

    def mode_hog(self, ms):
        hoard = []
        while len(hoard) < 800:  # 8 GiB: beyond any cap a test sets
            hoard.append(b"\x5a" * (10 << 20))  # filled, so the pages are really used
        sleep_forever()

    def mode_flood(self, ms):
        chunk = b"flood " * (1 << 17) + b"\n"  # 768 KiB
        # 8 MB: far past the pipe's buffer (64 KiB) and the log's cap, yet short
        # enough to write within a move's time on a loaded machine.
        for _ in range(8 * (1 << 20) // len(chunk) + 1):
            sys.stderr.buffer.write(chunk)
        sys.stderr.flush()
        return self.legal(ms)

    def mode_slow(self, ms):
        time.sleep(1.5)
        return self.legal(ms)

    def mode_snoop(self, ms):
        paths = self.targets + ["/etc/passwd"]
        paths += glob.glob("/proc/[0-9]*/cmdline") + glob.glob("/proc/[0-9]*/environ")
        for path in paths:
            try:
                with open(path, "rb") as f:
                    data = f.read(1 << 16)
                log("READ", path, data.replace(b"\0", b" ").decode("utf-8", "replace"))
            except OSError as e:
                log("CANNOT-READ", path, e)
        return self.legal(ms)

    def mode_scribble(self, ms):
        forged = '{"id":0,"players":["scribble","scribble"],"result":"winner","winners":[1]}\n'
        for path in self.targets + [os.path.join(os.getcwd(), "scribbled.txt"), "/tmp/scribbled.txt"]:
            try:
                with open(path, "a") as f:
                    f.write(forged)
                log("WROTE", path)
            except OSError as e:
                log("CANNOT-WRITE", path, e)
        return self.legal(ms)

    def mode_connect(self, ms):
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=2) as s:
                s.sendall(b"hello from the sandbox\n")
            log("CONNECTED", self.port)
        except OSError as e:
            log("CANNOT-CONNECT", self.port, e)
        return self.legal(ms)

    def mode_fork(self, ms):
        made = 0
        for _ in range(500):
            try:
                pid = os.fork()
            except OSError as e:
                log("FORK-FAILED after", made, e)
                break
            if pid == 0:
                sleep_forever()
            made += 1
        log("FORKED", made)
        return self.legal(ms)

    def mode_daemon(self, ms):
        pid = os.fork()
        if pid == 0:
            os.setsid()
            if os.fork() == 0:
                sleep_forever()
            os._exit(0)
        os.waitpid(pid, 0)
        log("DAEMON started")
        return self.legal(ms)

    def mode_thread(self, ms):
        threading.Thread(target=spin_forever, daemon=True).start()
        return self.legal(ms)

    def mode_spawnhog(self, ms):
        if os.fork() == 0:
            spin_forever()
        return self.legal(ms)

    def mode_endless(self, ms):
        reply = self.legal(ms)
        sys.stdout.write(reply + "\n")
        while True:
            sys.stdout.write("and another line\n")

    def mode_chatter(self, ms):
        def chatter():
            while True:
                sys.stdout.write("= nobody asked\n\n")
                sys.stdout.flush()
        threading.Thread(target=chatter, daemon=True).start()
        return self.legal(ms)

    def mode_burn(self, ms):
        cpu = time.process_time()
        while time.process_time() - cpu < self.busy_ms / 1000:
            pass
        return self.legal(ms)

    def mode_meter(self, ms):
        wall, cpu = time.monotonic(), time.process_time()
        while time.monotonic() - wall < self.busy_ms / 1000:
            pass
        share = (time.process_time() - cpu) / (time.monotonic() - wall)
        log("cpu-share %.3f" % share)
        return self.legal(ms)


def main():
    parser = argparse.ArgumentParser(description="A tabula player that misbehaves on purpose.")
    parser.add_argument("mode", choices=MODES)
    parser.add_argument("--after", type=int, default=0, help="legal genmoves before misbehaving")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--name", default=None)
    parser.add_argument("--bot", default=None, help="examples/random_bot.py, to import")
    parser.add_argument("--target", action="append", default=[], help="a path to attack")
    parser.add_argument("--port", type=int, default=0, help="a port to connect to")
    parser.add_argument("--busy-ms", type=int, default=100, help="meter: spin this long")
    args = parser.parse_args()
    name = args.name or "hostile-" + args.mode
    random_bot.serve(Hostile(args.mode, args.after, name, args.seed, args.target, args.port,
                             args.busy_ms))


if __name__ == "__main__":
    main()
