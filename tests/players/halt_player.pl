/* halt_player.pl: a hostile Prolog player file for tabula's tests.

A player file defines choose_move(+State, +BudgetMs, -Move) in `user`.
This one plays the first legal move for its first two moves of a game,
then calls halt/0 on its third: a Prolog player that takes its whole
process down mid-game. Served over the protocol (`tabula serve GAME
tests/players/halt_player.pl`), the process exits in the middle of a
genmove without answering, and the referee must score a crash for it and
go on with the championship.

It works for dots and breakthrough, and for kingpawn too (a kingpawn file
without the assignment's four predicates is asked choose_move/3):

    tabula match dots --p1 tests/players/halt_player.pl --p2 random
*/

:- dynamic(moves_played/1).

moves_played(0).

choose_move(State, _BudgetMs, Move) :-
    retract(moves_played(N)),
    N1 is N + 1,
    assertz(moves_played(N1)),
    (   N1 >= 3 ->
        halt
    ;   player_legal_moves(State, [Move|_])
    ).

% player_legal_moves(+State, -Moves): the rules module is named by the state's
% functor; modules are written literally (see game.pl on Scryer's module
% calls).
player_legal_moves(State, Moves) :-
    functor(State, dots, _), !,
    dots:legal_moves(State, Moves).
player_legal_moves(State, Moves) :-
    functor(State, breakthrough, _), !,
    breakthrough:legal_moves(State, Moves).
player_legal_moves(State, Moves) :-
    kingpawn:legal_moves(State, Moves).
