/** breakthrough_map.pl -- prolog/games/breakthrough/breakthrough.pl (8 x 8, its
full start) and examples/gdl/breakthrough.kif: move(R1, C1, R2, C2) (rows first)
is (move C1 R1 C2 R2) (columns first); the board is the pieces as
cell(Column, Row, white | black). */

:- module(breakthrough_map, [native_options/1, native_move/2, native_board/2,
                             gdl_board/2, same_scores/2]).

:- use_module(library(lists)).
:- use_module(library(between)).
:- use_module(map_common).

native_options([]).

native_move(move(R1, C1, R2, C2), move(X1, Y1, X2, Y2)) :-
    n(X1, C1), n(Y1, R1), n(X2, C2), n(Y2, R2).

native_board(State, Board) :-
    findall(cell(C, R, Side),
            ( between(1, 8, R), between(1, 8, C), nth1(S, [white, black], Side),
              breakthrough:piece(State, S, R, C) ),
            B0),
    sort(B0, Board).

gdl_board(Fluents, Board) :-
    findall(cell(C, R, Side), ( member(cell(X, Y, Side), Fluents), n(X, C), n(Y, R) ), B0),
    sort(B0, Board).

same_scores(Ns, Gs) :- won_lost_scores(Ns, Gs).
