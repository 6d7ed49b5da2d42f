/* parent_killer.pl: a hostile Breakthrough player file for tabula's tests.

At its first move in a game it tries to kill the process that started it
(`kill -9` of its parent, through a shell), then plays random legal
moves. Never run it outside the sandbox: there, its parent is whatever
started it (`tabula serve` from a terminal: the shell). Started afresh for
its game, its parent is the sandbox's first process, which a signal from
inside cannot kill. Forked by its fork server (src/players/forkserver), it
is the first process of a PID namespace of its own: its parent, and the
fork server, have no id there, and `kill -9 0` reaches only its own
shell. Nothing happens either way: nobody else may notice anything.

    tabula match breakthrough --p1 tests/players/parent_killer.pl --p2 random --games 4
*/

:- use_module(library(os)).
:- use_module(library(random)).
:- use_module(library(lists)).

:- dynamic(done/0).

choose_move(State, _BudgetMs, Move) :-
    (   done
    ->  true
    ;   assertz(done),
        % The sandbox sets no SHELL, which shell/2 needs.
        setenv("SHELL", "/bin/sh"),
        % $PPID is this process (the shell's parent); its parent is in /proc.
        % The shell may die of its own kill: shell/2 then fails.
        (   catch(shell("kill -9 $(cut -d' ' -f4 /proc/$PPID/stat)", _), _, true)
        ->  true
        ;   true
        )
    ),
    breakthrough:legal_moves(State, Moves),
    game:random_element(Moves, Move).
