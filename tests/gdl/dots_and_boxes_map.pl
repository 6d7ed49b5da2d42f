/** dots_and_boxes_map.pl -- prolog/games/dots/dots.pl with rows(3), cols(4)
(dots) and examples/gdl/dots_and_boxes.kif. Native dot rows I count from 0 at
the top, dot columns J from 0 at the left; GDL's from 1, rows from the bottom:
h(I, J) is (h J+1 3-I), v(I, J) (from dot row I down to I+1) is (v J+1 2-I),
the box whose top-left dot is (I, J) is (box J+1 2-I). The board is the lines
drawn, as drawn(Line) in GDL's terms, and the boxes closed, as
box(X, Y, red | blue); the scores are the points on both sides. */

:- module(dots_and_boxes_map, [native_options/1, native_move/2, native_board/2,
                               gdl_board/2, same_scores/2]).

:- use_module(library(lists)).
:- use_module(map_common).

native_options([rows(3), cols(4)]).

native_move(h(I, J), h(X, Y)) :- segment(I, J, X, Y, 3).
native_move(v(I, J), v(X, Y)) :- segment(I, J, X, Y, 2).

segment(I, J, X, Y, K) :-
    (   var(I) -> n(X, X0), n(Y, Y0), J is X0 - 1, I is K - Y0
    ;   X0 is J + 1, Y0 is K - I, n(X, X0), n(Y, Y0)
    ).

native_board(dots(_, _, _, _, _, _, Owned, History), Board) :-
    findall(drawn(L), ( member(seg(M, _), History), native_move(M, L) ), Ls),
    findall(box(X, Y, Role),
            ( member(box(I, J, P), Owned), segment(I, J, X, Y, 2), nth1(P, [red, blue], Role) ),
            Bs),
    append(Ls, Bs, B0),
    sort(B0, Board).

gdl_board(Fluents, Board) :-
    findall(F, ( member(F, Fluents), ( F = drawn(_) ; F = box(_, _, R), R \== b ) ), B0),
    sort(B0, Board).

same_scores(Scores, Scores).
