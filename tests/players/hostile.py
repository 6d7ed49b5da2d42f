#!/usr/bin/env python3
"""hostile: a player that breaks the protocol on purpose, for tabula's tests.

    python3 tests/players/hostile.py MODE [--after K] [--seed N] [--name NAME]

It plays like examples/random_bot.py (whose code it imports) for its first K
genmoves (default 0), then, at genmove K+1, misbehaves according to MODE:

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
    flood    writes 50 MB to stderr as fast as it can, then answers a legal move
             and goes on playing normally: a referee that reads stderr in
             parallel lets it play on; it must NOT lose
    slow     answers a legal move after 1.5 s, at genmove K+1 and every later one

Every other command is answered as random_bot answers it.
"""

import argparse
import os
import signal
import sys
import time
from pathlib import Path

sys.dont_write_bytecode = True  # leave no __pycache__ in examples/
sys.path.insert(0, str(Path(__file__).resolve().parent.parent.parent / "examples"))
import random_bot  # noqa: E402  (examples/random_bot.py)

MODES = ["sleep", "garbage", "refuse", "illegal", "exit", "crash", "hog", "flood", "slow"]


def sleep_forever(limit=600):
    time.sleep(limit)
    os._exit(4)


class Hostile(random_bot.Player):
    def __init__(self, mode, after, name, seed):
        super().__init__(name, seed)
        self.mode, self.after = mode, after
        self.genmoves = 0
        self.last = None  # the text of our previous move, if any

    def genmove(self, ms):
        self.genmoves += 1
        if self.genmoves <= self.after or (self.mode == "flood" and self.genmoves > self.after + 1):
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
        for _ in range(50 * (1 << 20) // len(chunk) + 1):
            sys.stderr.buffer.write(chunk)
        sys.stderr.flush()
        return self.legal(ms)

    def mode_slow(self, ms):
        time.sleep(1.5)
        return self.legal(ms)


def main():
    parser = argparse.ArgumentParser(description="A tabula player that misbehaves on purpose.")
    parser.add_argument("mode", choices=MODES)
    parser.add_argument("--after", type=int, default=0, help="legal genmoves before misbehaving")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--name", default=None)
    args = parser.parse_args()
    random_bot.serve(Hostile(args.mode, args.after, args.name or "hostile-" + args.mode, args.seed))


if __name__ == "__main__":
    main()
