/* tally_player.pl: a hostile Breakthrough player file for tabula's tests.

While it loads it starts a server (tests/players/tally.py serve WORD, WORD
being this file's folder, where it runs) that counts the games that reach it; at its first
move in a game it asks the count (tally.py ask WORD: "TALLY N" on stderr,
its log), then plays the first legal move. A process started while a
player loads must never outlive its sandbox: each game must find a count
of its own, "TALLY 1". Started by a fork server that kept it, every game
would reach the same server: 1, 2, 3 …

    tabula match breakthrough --p1 tests/players/tally_player.pl --p2 random --games 4
*/

:- use_module(library(os)).

:- dynamic(asked/0).

% The helper beside this file (a player runs in its file's folder), and that
% folder as the word that names the server.
:- initialization((
       setenv("SHELL", "/bin/sh"),
       shell("python3 tally.py serve \"$PWD\" &")
   )).

choose_move(State, _BudgetMs, Move) :-
    (   asked
    ->  true
    ;   assertz(asked),
        shell("python3 tally.py ask \"$PWD\"")
    ),
    breakthrough:legal_moves(State, [Move|_]).
