/* fat_player.pl: a Breakthrough player file for tabula's tests that holds
memory from the time it loads.

While it loads it keeps two copies of a list of 200 000 integers (about
330 MB of the machine's memory at its peak, as Scryer Prolog holds them);
at its first move in a game it keeps two more (about 200 MB more), then
plays the first legal move. Under a cap of 448 MiB it must die at its first
move however it was started: what it holds from loading is its own in every
game, also when a fork server loaded it once for all its games. (One list
of 400 000 integers kept at once overflows Scryer's stack.)

    tabula match breakthrough --p1 tests/players/fat_player.pl --p2 random --memory 448M
*/

:- use_module(library(lists)).
:- use_module(library(between)).

:- dynamic(kept/2).

keep(From, To) :-
    numlist(1, 200000, L),
    (   between(From, To, I), assertz(kept(I, L)), fail
    ;   true
    ).

:- initialization(keep(1, 2)).

choose_move(State, _BudgetMs, Move) :-
    (   kept(3, _)
    ->  true
    ;   keep(3, 4)
    ),
    breakthrough:legal_moves(State, [Move|_]).
