/* pid_player.pl: a Breakthrough player file for tabula's tests that reads the
process ids it can see.

At its first move in a game it says on stderr (its log) the id of a shell it
starts, the last id its PID namespace gave (/proc/sys/kernel/ns_last_pid)
and how many processes it sees ("PIDS 2 3 5"), then plays the first legal
move. A game that could see those of earlier games (a PID namespace shared
between games) would find them grow from game to game: one game could tell
the next something through them.

    tabula match breakthrough --p1 tests/players/pid_player.pl --p2 random --games 4
*/

:- use_module(library(os)).

:- dynamic(said/0).

choose_move(State, _BudgetMs, Move) :-
    (   said
    ->  true
    ;   assertz(said),
        setenv("SHELL", "/bin/sh"),
        shell("echo PIDS $$ $(cat /proc/sys/kernel/ns_last_pid) $(ls /proc | grep -c '^[0-9]') >&2")
    ),
    breakthrough:legal_moves(State, [Move|_]).
