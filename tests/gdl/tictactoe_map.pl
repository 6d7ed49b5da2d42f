/** tictactoe_map.pl -- examples/games/tictactoe.pl and examples/gdl/tictactoe.kif:
sq(C, R) is (mark C R); the board is the marked squares as cell(C, R, x | o). */

:- module(tictactoe_map, [native_options/1, native_move/2, native_board/2,
                          gdl_board/2, same_scores/2]).

:- use_module(library(lists)).
:- use_module(map_common).

native_options([]).

native_move(sq(C, R), mark(X, Y)) :- n(X, C), n(Y, R).

native_board(ttt(Marks, _), Board) :-
    findall(cell(C, R, M), ( member(m(sq(C, R), P), Marks), nth1(P, [x, o], M) ), B0),
    sort(B0, Board).

gdl_board(Fluents, Board) :-
    findall(cell(C, R, M), ( member(cell(X, Y, M), Fluents), M \== b, n(X, C), n(Y, R) ), B0),
    sort(B0, Board).

same_scores(Ns, Gs) :- won_lost_scores(Ns, Gs).
