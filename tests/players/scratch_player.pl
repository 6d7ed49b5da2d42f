/* scratch_player.pl: a Breakthrough player file for tabula's tests that checks
its game starts as clean as a fresh process in a fresh sandbox would.

At its first move in a game it looks for a mark in its scratch folder
(/tmp). A mark there was left by one of its earlier games, which no game
may see: it then answers "left-over", no move at all, and the referee
scores the fault (`unparsable: left-over`). Otherwise it leaves the mark.
Every move it plays is a random legal one.

A referee forks tabula's own players for their games from a fork server
loaded once (src/forkserver); this player shows that the fork server
empties the scratch folder between games. The first-move test uses the
database, which every game gets afresh, fork server or not.

    tabula match breakthrough --p1 tests/players/scratch_player.pl --p2 random --games 4
*/

:- use_module(library(files)).
:- use_module(library(random)).
:- use_module(library(lists)).

:- dynamic(marked/0).

choose_move(State, _BudgetMs, Move) :-
    (   marked
    ->  breakthrough:legal_moves(State, Moves),
        game:random_element(Moves, Move)
    ;   file_exists("/tmp/scratch-player-mark")
    ->  Move = 'left-over'
    ;   open('/tmp/scratch-player-mark', write, Stream),
        write(Stream, mark),
        close(Stream),
        assertz(marked),
        breakthrough:legal_moves(State, Moves),
        game:random_element(Moves, Move)
    ).
