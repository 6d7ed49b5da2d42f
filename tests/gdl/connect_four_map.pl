/** connect_four_map.pl -- prolog/games/connect4/connect4.pl (7 x 6) and
examples/gdl/connect_four.kif: drop(C) is (drop C); the board is the discs as
cell(Column, Height, red | yellow). */

:- module(connect_four_map, [native_options/1, native_move/2, native_board/2,
                             gdl_board/2, same_scores/2]).

:- use_module(library(lists)).
:- use_module(map_common).

native_options([]).

native_move(drop(C), drop(X)) :- n(X, C).

native_board(connect4(_, Columns, _, _, _), Board) :-
    findall(cell(C, H, Colour),
            ( nth1(C, Columns, Column), nth1(H, Column, D), nth1(D, [red, yellow], Colour) ),
            B0),
    sort(B0, Board).

gdl_board(Fluents, Board) :-
    findall(cell(C, H, Colour), ( member(cell(X, Y, Colour), Fluents), n(X, C), n(Y, H) ), B0),
    sort(B0, Board).

same_scores(Ns, Gs) :- won_lost_scores(Ns, Gs).
