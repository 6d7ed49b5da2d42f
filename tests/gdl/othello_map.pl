/** othello_map.pl -- prolog/games/othello/othello.pl (8 x 8) and
examples/gdl/othello.kif: sq(R, C), R the row from the top, is (place C Y),
Y = 9 - R the row from the bottom; pass is pass; the board is the discs as
cell(Column, RowFromBottom, black | white); the scores are the discs on both
sides. */

:- module(othello_map, [native_options/1, native_move/2, native_board/2,
                        gdl_board/2, same_scores/2]).

:- use_module(library(lists)).
:- use_module(library(between)).
:- use_module(map_common).

native_options([]).

native_move(pass, pass).
native_move(sq(R, C), place(X, Y)) :-
    (   var(R) -> n(X, C), n(Y, Y0), R is 9 - Y0
    ;   n(X, C), Y0 is 9 - R, n(Y, Y0)
    ).

native_board(othello(Size, Board, _, _, _), Cells) :-
    findall(cell(C, Y, Colour),
            ( between(1, Size, R), between(1, Size, C),
              arg(R, Board, Row), arg(C, Row, D), D > 0,
              nth1(D, [black, white], Colour), Y is Size + 1 - R ),
            B0),
    sort(B0, Cells).

gdl_board(Fluents, Board) :-
    findall(cell(C, R, Colour), ( member(cell(X, Y, Colour), Fluents), n(X, C), n(Y, R) ), B0),
    sort(B0, Board).

same_scores(Scores, Scores).
