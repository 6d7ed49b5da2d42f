#!/usr/bin/env python3
"""OpenSpiel's MCTS as a tabula player: an independent yardstick for tabula's computer
players (docs/benchmarks.md, "Against OpenSpiel's MCTS").

It speaks tabula's player protocol (docs/protocol.md) on stdin and stdout, keeps the game
in OpenSpiel (the C++ game and the C++ MCTSBot, driven through pyspiel), and answers each
`genmove` with the move of OpenSpiel's MCTS with random rollouts. It plays Connect Four
(7 x 6, four in a row), Othello (8 x 8) and Kalah (OpenSpiel's "mancala": 6 pits of 4
seeds), the games both programs know.

Not one of the suite's tools: install OpenSpiel where you bench, e.g.

    python3 -m venv /tmp/osv && /tmp/osv/bin/pip install open_spiel
    tabula match connect4 --p1 ai --p2 "cmd:/tmp/osv/bin/python bench/openspiel_mcts.py" \\
        --games 20 --move-time 1 --no-sandbox

(--no-sandbox: the virtual environment lies outside what the sandbox shows a program; run it
only on your own machine.)

Strength: with --simulations N (the default, 10 000) it runs N simulations a move whatever
the machine's load, so its strength does not depend on it; with --wall it searches for the
time `genmove` gives, less a margin, as tabula's players do.
"""

import argparse
import os
import sys

import pyspiel

GAMES = {"connect4": "connect_four", "othello": "othello", "kalah": "mancala"}


def answer(text=""):
    sys.stdout.write(("= " + text).rstrip() + "\n\n")
    sys.stdout.flush()


def refuse(text):
    sys.stdout.write("? " + text + "\n\n")
    sys.stdout.flush()


class Player:
    def __init__(self, args):
        self.args = args
        self.name = None
        self.game = None
        self.state = None

    def setup(self, words):
        name = words[0] if words else ""
        options = dict(w.split("=", 1) for w in words[1:] if "=" in w)
        if name not in GAMES:
            return "this player knows connect4, othello and kalah only"
        usual = {
            "connect4": {"rows": "6", "cols": "7", "connect": "4"},
            "othello": {"size": "8"},
            "kalah": {"pits": "6", "seeds": "4"},
        }
        for key, value in options.items():
            if key in usual[name] and usual[name][key] != value:
                return f"OpenSpiel's {GAMES[name]} is played with {key}={usual[name][key]} only"
        self.name = name
        self.game = pyspiel.load_game(GAMES[name])
        self.state = self.game.new_initial_state()
        return None

    def action(self, text):
        text = text.strip().lower()
        player = self.state.current_player()
        for a in self.state.legal_actions():
            if self.text(a, player) == text:
                return a
        return None

    def text(self, action, player):
        if self.name == "connect4":
            return chr(ord("a") + action)
        if self.name == "kalah":
            # tabula numbers a player's pits 1..6 in sowing order; OpenSpiel's actions
            # are 1..6 for player 0 and 8..13 for player 1.
            return str(action if player == 0 else action - 7)
        return self.state.action_to_string(player, action).lower()

    def bot(self, ms):
        args = self.args
        evaluator = pyspiel.RandomRolloutEvaluator(args.rollouts, args.seed)
        if args.wall:
            seconds = max(0.01, ms / 1000.0 * args.share)
            return pyspiel.MCTSBot(self.game, evaluator, args.uct_c, 10**9, 1000,
                                   args.solve, args.seed, False,
                                   pyspiel.ChildSelectionPolicy.UCT, seconds)
        return pyspiel.MCTSBot(self.game, evaluator, args.uct_c, args.simulations, 1000,
                               args.solve, args.seed, False)

    def genmove(self, ms):
        player = self.state.current_player()
        action = self.bot(ms).step(self.state)
        text = self.text(action, player)
        self.state.apply_action(action)
        return text


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--simulations", type=int, default=10000)
    parser.add_argument("--wall", action="store_true",
                        help="search for the time genmove gives (times --share) instead")
    parser.add_argument("--share", type=float, default=0.8)
    parser.add_argument("--uct-c", type=float, default=2.0)
    parser.add_argument("--rollouts", type=int, default=1)
    parser.add_argument("--solve", action="store_true", help="MCTS-Solver (off in the yardstick)")
    parser.add_argument("--seed", type=int, default=None,
                        help="the MCTS's seed (default: drawn anew in each process, and said "
                             "on stderr: tabula starts a player afresh for every game, so a "
                             "fixed seed would play the same games over and over)")
    args = parser.parse_args()
    if args.seed is None:
        args.seed = int.from_bytes(os.urandom(4), "little") % 2**31
    sys.stderr.write(f"openspiel-mcts: seed {args.seed}\n")
    player = Player(args)
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        command, rest = words[0], words[1:]
        if command == "name":
            answer("openspiel-mcts")
        elif command == "game":
            why = player.setup(rest)
            refuse(why) if why else answer()
        elif command == "position":
            refuse("this player starts from the usual start only")
        elif command == "play":
            action = player.action(" ".join(rest)) if player.state else None
            if action is None:
                refuse("not a legal move here")
            else:
                player.state.apply_action(action)
                answer()
        elif command == "genmove":
            if player.state is None or player.state.is_terminal():
                refuse("no game to move in")
            else:
                answer(player.genmove(int(rest[0]) if rest else 1000))
        elif command == "quit":
            answer()
            return
        else:
            refuse("unknown command")


if __name__ == "__main__":
    main()
