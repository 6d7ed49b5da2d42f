#!/usr/bin/env python3
"""random_bot: a tabula player that plays a uniformly random legal move, in every game.

It speaks tabula's player protocol (docs/protocol.md) on stdin and stdout and keeps
its own picture of the game: it reads the options of `game` and the text of
`position`, applies every `play` move and its own `genmove` answers, and generates
the legal moves itself from the rules of dots, kingpawn and breakthrough. Python 3
and its standard library only: the proof that a player can be written in any
language, and a template to start from (replace Player.choose).

    tabula match breakthrough --p1 ai --p2 "cmd:python3 examples/random_bot.py"
    tabula match dots --p1 greedy --p2 "cmd:python3 examples/random_bot.py --seed 7"
    tabula match kingpawn --p1 "cmd:python3 examples/random_bot.py" --p2 perfect

By hand (each answer is followed by an empty line):

    printf 'name\\ngame kingpawn\\nposition K81 k17 p18 w 0/30\\ngenmove 1000\\nquit\\n' \\
        | python3 examples/random_bot.py

Options: --seed N (the same seed and the same commands give the same moves),
--name NAME (the answer to `name`; default random_bot).
"""

import argparse
import os
import random
import re
import sys

COLUMNS = "abcdefghijkl"  # breakthrough's column letters, a = the leftmost column


def option(options, key, default, low, high):
    """The integer option `key` of a `game` command, checked to lie in low..high."""
    value = int(options.get(key, default))
    if not low <= value <= high:
        raise ValueError(f"{key} must be between {low} and {high}")
    return value


class Dots:
    """Timbiriche (Dots and Boxes) on rows x cols dots, for 2 to 4 players.

    h(I,J) joins dot (I,J) to (I,J+1); v(I,J) joins (I,J) to (I+1,J); dot rows I
    from 0 at the top, dot columns J from 0 at the left. Moves are written as the
    two dots they join, named like chess squares (column letter from the left, row
    from 1 at the bottom): h(0,0) on 5 rows is a5-b5; the assignment's h(0,0) is
    read too. Any segment not drawn yet
    is legal. Whoever draws the fourth side of a box (or of two) moves again;
    otherwise the turn passes to the next seat. Over when every segment is drawn.
    A move is a tuple ("h", I, J) or ("v", I, J).
    """

    def __init__(self, options):
        self.rows = option(options, "rows", 5, 2, 12)
        self.cols = option(options, "cols", 6, 2, 12)
        self.players = option(options, "players", 2, 2, 4)
        self.drawn = set()
        self.boxes = [0] * self.players  # boxes closed by each seat
        self.turn = 0  # the seat to move, 0-based

    def set_position(self, text):
        raise ValueError("dots has no position text")

    def legal_moves(self):
        segments = [("h", i, j) for i in range(self.rows) for j in range(self.cols - 1)]
        segments += [("v", i, j) for i in range(self.rows - 1) for j in range(self.cols)]
        return [s for s in segments if s not in self.drawn]

    def parse(self, text):
        text = text.strip().lower()
        m = re.fullmatch(r"([hv])\s*\(\s*(\d+)\s*,\s*(\d+)\s*\)", text)
        if m:
            return (m[1], int(m[2]), int(m[3]))
        m = re.fullmatch(r"([a-z])(\d+)\s*-?\s*([a-z])(\d+)", text)
        if not m:
            return None
        # Dots as (row from the top, column from the left).
        (i1, j1), (i2, j2) = [(self.rows - int(n), ord(c) - ord("a")) for c, n in (m.group(1, 2), m.group(3, 4))]
        if i1 == i2 and abs(j1 - j2) == 1:
            return ("h", i1, min(j1, j2))
        if j1 == j2 and abs(i1 - i2) == 1:
            return ("v", min(i1, i2), j1)
        return None

    def text(self, move):
        """The pair of dots, the left one first, else the lower one: a1-b1, a1-a2."""
        kind, i, j = move

        def name(i, j):
            return "%s%d" % (chr(ord("a") + j), self.rows - i)

        if kind == "h":
            return name(i, j) + "-" + name(i, j + 1)
        return name(i + 1, j) + "-" + name(i, j)

    def closed(self, i, j):
        """Box (i, j), whose top-left dot is (i, j), has its four sides drawn."""
        sides = {("h", i, j), ("h", i + 1, j), ("v", i, j), ("v", i, j + 1)}
        return 0 <= i < self.rows - 1 and 0 <= j < self.cols - 1 and sides <= self.drawn

    def play(self, move):
        kind, i, j = move
        self.drawn.add(move)
        beside = [(i - 1, j), (i, j)] if kind == "h" else [(i, j - 1), (i, j)]
        closed = sum(1 for box in beside if self.closed(*box))
        self.boxes[self.turn] += closed
        if not closed:
            self.turn = (self.turn + 1) % self.players

    def winners(self):
        """None while the game goes on, else the seats (0-based) with the most boxes."""
        if self.legal_moves():
            return None
        return [p for p, b in enumerate(self.boxes) if b == max(self.boxes)]


class KingPawn:
    """The king-and-pawn chase on 8 x 8; a square is (row, column), 1..8, row 1 on
    White's side. Each side moves its king one square in any of 8 directions; the
    kings never stand on adjacent squares; the black king never on its pawn, which
    never moves. White (seat 0) wins by stepping on the pawn within its limit of
    moves, Black (seat 1) when White has made them all; a side to move with no legal
    move loses. Position text "K81 k17 p18 w 0/30": the white king, the black king,
    the pawn, the side to move, White's moves made / the limit. A move is the
    destination of the mover's king, a tuple (row, column); its text is "(7 1)".
    """

    def __init__(self, options):
        self.set_position("K81 k17 p18 w 0/30")

    def set_position(self, text):
        m = re.fullmatch(r"K([1-8])([1-8]) k([1-8])([1-8]) p([1-8])([1-8])"
                         r"(?: ([wb])(?: (\d+)/(\d+))?)?", " ".join(text.split()))
        if not m:
            raise ValueError("not a kingpawn position: " + text)
        d = [int(x) for x in m.groups()[:6]]
        self.white, self.black, self.pawn = (d[0], d[1]), (d[2], d[3]), (d[4], d[5])
        self.turn = 1 if m[7] == "b" else 0
        self.made, self.limit = (int(m[8]), int(m[9])) if m[8] else (0, 30)
        self.winner = None
        if not self.legal_moves():
            self.winner = 1 - self.turn

    def legal_moves(self):
        if self.winner is not None:
            return []
        king, other = (self.white, self.black) if self.turn == 0 else (self.black, self.white)
        moves = []
        for dl in (-1, 0, 1):
            for dc in (-1, 0, 1):
                to = (king[0] + dl, king[1] + dc)
                if (to != king and 1 <= to[0] <= 8 and 1 <= to[1] <= 8
                        and max(abs(to[0] - other[0]), abs(to[1] - other[1])) > 1
                        and not (self.turn == 1 and to == self.pawn)):
                    moves.append(to)
        return moves

    def parse(self, text):
        m = re.fullmatch(r"\(?\s*(\d+)\s*[\s,]\s*(\d+)\s*\)?", text.strip())
        return (int(m[1]), int(m[2])) if m else None

    def text(self, move):
        return "(%d %d)" % move

    def play(self, move):
        if self.turn == 0:
            self.white, self.made = move, self.made + 1
            if move == self.pawn:
                self.winner = 0
                return
            if self.made >= self.limit:
                self.winner = 1
                return
        else:
            self.black = move
        self.turn = 1 - self.turn
        if not self.legal_moves():
            self.winner = 1 - self.turn

    def winners(self):
        return None if self.winner is None else [self.winner]

    def position_text(self):
        squares = "K%d%d k%d%d p%d%d" % (self.white + self.black + self.pawn)
        return "%s %s %d/%d" % (squares, "wb"[self.turn], self.made, self.limit)


class Breakthrough:
    """Breakthrough on rows x cols (4..12 each). White (w, seat 0) starts on rows 1-2
    and moves up, Black (b, seat 1) on the last two rows and moves down. A piece moves
    one square forward: straight onto an empty square, or diagonally onto an empty
    square or an enemy piece, which it captures. A piece on the far row wins; a side
    with no pieces or no legal move loses. Position text: the rows from the top
    separated by "/", each a w, b or . per column, a blank, the side to move w or b.
    A move is a tuple (r1, c1, r2, c2), 0-based, row 0 on White's side; its text is
    "c2-d3", or "c2xd3" when it captures.
    """

    def __init__(self, options):
        rows = option(options, "rows", 8, 4, 12)
        cols = option(options, "cols", 8, 4, 12)
        start = ["b" * cols] * 2 + ["." * cols] * (rows - 4) + ["w" * cols] * 2
        self.set_position("/".join(start) + " w")

    def set_position(self, text):
        m = re.fullmatch(r"([wb.]+(?:/[wb.]+)+) ([wb])", " ".join(text.split()))
        lines = m[1].split("/") if m else []
        if not (4 <= len(lines) <= 12 and 4 <= len(lines[0]) <= 12
                and all(len(line) == len(lines[0]) for line in lines)):
            raise ValueError("not a breakthrough position: " + text)
        self.rows, self.cols = len(lines), len(lines[0])
        self.board = [list(line) for line in reversed(lines)]  # board[row][col], row 0 = row 1
        self.turn = "wb".index(m[2])
        self.winner = None
        if not self.legal_moves():
            self.winner = 1 - self.turn

    def legal_moves(self):
        if self.winner is not None:
            return []
        me, foe, ahead = ("w", "b", 1) if self.turn == 0 else ("b", "w", -1)
        moves = []
        for r in range(self.rows):
            r2 = r + ahead
            if not 0 <= r2 < self.rows:
                continue
            for c in range(self.cols):
                if self.board[r][c] != me:
                    continue
                for c2 in (c - 1, c, c + 1):
                    if 0 <= c2 < self.cols and (self.board[r2][c2] == "."
                                                or (c2 != c and self.board[r2][c2] == foe)):
                        moves.append((r, c, r2, c2))
        return moves

    def parse(self, text):
        m = re.fullmatch(r"([a-l])(\d+)\s*[-x:]?\s*([a-l])(\d+)", text.strip().lower())
        if not m:
            return None
        return (int(m[2]) - 1, COLUMNS.index(m[1]), int(m[4]) - 1, COLUMNS.index(m[3]))

    def text(self, move):
        """The move's text, "c2-d3" or "c2xd3": call it before playing the move."""
        r1, c1, r2, c2 = move
        sign = "-" if self.board[r2][c2] == "." else "x"
        return "%s%d%s%s%d" % (COLUMNS[c1], r1 + 1, sign, COLUMNS[c2], r2 + 1)

    def play(self, move):
        r1, c1, r2, c2 = move
        me, foe = ("w", "b") if self.turn == 0 else ("b", "w")
        self.board[r1][c1], self.board[r2][c2] = ".", me
        if r2 == (self.rows - 1 if me == "w" else 0) or not any(foe in row for row in self.board):
            self.winner = self.turn
            return
        self.turn = 1 - self.turn
        if not self.legal_moves():
            self.winner = 1 - self.turn

    def winners(self):
        return None if self.winner is None else [self.winner]

    def position_text(self):
        return "/".join("".join(row) for row in reversed(self.board)) + " " + "wb"[self.turn]


GAMES = {"dots": Dots, "kingpawn": KingPawn, "breakthrough": Breakthrough}


class Player:
    """The protocol: one command in, one answer out. Subclass it and override
    choose() to play better; genmove() is the one place a move is made."""

    def __init__(self, name="random_bot", seed=None):
        self.name = name
        self.rng = random.Random(seed)
        self.game = None

    def answer(self, line):
        """The answer to a command line: "= TEXT" or "? MESSAGE"; None for a blank line."""
        words = line.split()
        if not words:
            return None
        command, args = words[0], words[1:]
        try:
            if command == "name":
                return "= " + self.name
            if command == "quit":
                return "="
            if command == "game":
                if not args or args[0] not in GAMES:
                    return "? unknown game"
                self.game = GAMES[args[0]](dict(arg.split("=", 1) for arg in args[1:] if "=" in arg))
                return "="
            if command in ("position", "play", "genmove") and self.game is None:
                return "? no game"
            if command == "position":
                self.game.set_position(" ".join(args))
                return "="
            if command == "play":
                move = self.game.parse(" ".join(args))
                if move is None or move not in self.game.legal_moves():
                    return "? illegal move: " + " ".join(args)
                self.game.play(move)
                return "="
            if command == "genmove":
                return self.genmove(int(args[0]) if args else 1000)
        except ValueError as e:
            return "? " + str(e)
        return "? unknown command"

    def genmove(self, ms):
        """Chooses a move, plays it on our own board and answers it."""
        moves = self.game.legal_moves()
        if not moves:
            return "? no legal move"
        move = self.choose(moves, ms)
        text = self.game.text(move)  # before play(): breakthrough's "x" looks at the board
        self.game.play(move)
        return "= " + text

    def choose(self, moves, ms):
        """The move to play among the legal ones, with ms milliseconds to think."""
        return self.rng.choice(moves)


def serve(player):
    """Answers the commands on stdin until `quit` or the end of the input."""
    sys.stdin.reconfigure(errors="replace")
    try:
        for line in sys.stdin:
            reply = player.answer(line)
            if reply is not None:
                sys.stdout.write(reply + "\n\n")
                sys.stdout.flush()  # the referee is waiting for this answer
            if line.split()[:1] == ["quit"]:
                break
    except BrokenPipeError:  # the referee went away: leave quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def main():
    parser = argparse.ArgumentParser(description="A tabula player of random legal moves.")
    parser.add_argument("--seed", type=int, default=None, help="seed of the random choices")
    parser.add_argument("--name", default="random_bot", help="the name it answers")
    args = parser.parse_args()
    serve(Player(args.name, args.seed))


if __name__ == "__main__":
    main()
