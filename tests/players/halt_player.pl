/* halt_player.pl: a hostile Prolog player file for tabula's tests.

A player file defines choose_move(+State, +BudgetMs, -Move) in `user`.
This one calls halt/0 instead of choosing: a Prolog player that takes its
whole process down as soon as it is asked for a move. Served over the
protocol (`tabula serve GAME tests/players/halt_player.pl`, as the referee
runs it), the process ends in the middle of a genmove without answering;
the referee must score a crash for it (`crash: exit 0`) and go on with the
championship.

It works in every game: dots, breakthrough, and kingpawn (a kingpawn file
without the assignment's four predicates is asked choose_move/3).

    tabula match dots --p1 tests/players/halt_player.pl --p2 random
*/

choose_move(_State, _BudgetMs, _Move) :-
    halt.
