/** Breakthrough as a first version is often written: the yardstick of `tabula bench`.

The board is a list of rows, row 1 (White's side) first, each a list of
cells w, b or e (empty). A move is found by trying every square: the
side's piece there, one row forward, straight onto an empty square or
diagonally onto a square not its own (taking what is there). A side wins
when a piece reaches the far row or the other side has no pieces left.
Every look at a square walks the lists (nth1/3), every move copies the
rows it changes.

This is not a player nor the rules tabula plays by (breakthrough.pl is):
it plays the same random games, in the same engine, so that `tabula bench
breakthrough` can say how many times as fast the game's fast path is than
the straightforward way (tabula finds it by its name,
bench/<game>_naive.pl, and calls naive_playouts/5).
*/

:- module(breakthrough_naive, [naive_playouts/5]).

:- use_module(library(lists)).
:- use_module(library(between)).
:- use_module(library(random)).

%% naive_playouts(+Options, +Seed, +N, -Plies, -Board)
% Plays N games of uniformly random moves (the generator seeded once with
% Seed) on the board of Options (rows(R), cols(C); 8 x 8 by default) and
% gives the total number of moves; Board is the size, Rows-Cols.
naive_playouts(Options, Seed, N, Plies, Rows-Cols) :-
    ( memberchk(rows(Rows), Options) -> true ; Rows = 8 ),
    ( memberchk(cols(Cols), Options) -> true ; Cols = 8 ),
    set_random(seed(Seed)),
    initial_board(Rows, Cols, Board),
    findall(P, ( between(1, N, _), playout(Board, w, 0, P) ), Ps),
    sum_list(Ps, Plies).

initial_board(Rows, Cols, Board) :-
    numlist(1, Rows, Rs),
    maplist(initial_row(Rows, Cols), Rs, Board).

initial_row(Rows, Cols, R, Row) :-
    (   R =< 2 -> Cell = w
    ;   R > Rows - 2 -> Cell = b
    ;   Cell = e
    ),
    length(Row, Cols),
    maplist(=(Cell), Row).

cell(Board, R, C, Cell) :-
    nth1(R, Board, Row),
    nth1(C, Row, Cell).

set_cell(Board0, R, C, Cell, Board) :-
    nth1(R, Board0, Row0),
    replace(Row0, C, Cell, Row),
    replace(Board0, R, Row, Board).

replace([_|T], 1, X, [X|T]) :- !.
replace([H|T0], N, X, [H|T]) :-
    N1 is N - 1,
    replace(T0, N1, X, T).

forward(w, 1).
forward(b, -1).

opponent(w, b).
opponent(b, w).

legal_moves(Board, Side, Moves) :-
    findall(m(R, C, R2, C2), legal_move(Board, Side, R, C, R2, C2), Moves).

legal_move(Board, Side, R, C, R2, C2) :-
    length(Board, Rows),
    Board = [First|_],
    length(First, Cols),
    between(1, Rows, R),
    between(1, Cols, C),
    cell(Board, R, C, Side),
    forward(Side, D),
    R2 is R + D,
    R2 >= 1, R2 =< Rows,
    member(DC, [-1, 0, 1]),
    C2 is C + DC,
    C2 >= 1, C2 =< Cols,
    cell(Board, R2, C2, Target),
    (   DC =:= 0 -> Target == e
    ;   Target \== Side
    ).

play(Board0, Side, m(R, C, R2, C2), Board) :-
    set_cell(Board0, R, C, e, Board1),
    set_cell(Board1, R2, C2, Side, Board).

won(Board, w) :-
    length(Board, Rows),
    nth1(Rows, Board, Row),
    memberchk(w, Row), !.
won([Row|_], b) :-
    memberchk(b, Row), !.
won(Board, Side) :-
    opponent(Side, Other),
    \+ ( member(Row, Board), memberchk(Other, Row) ).

playout(Board, Side, Plies0, Plies) :-
    legal_moves(Board, Side, Moves),
    length(Moves, N),
    random_integer(0, N, K),
    nth0(K, Moves, Move),
    play(Board, Side, Move, Board1),
    Plies1 is Plies0 + 1,
    (   won(Board1, Side) -> Plies = Plies1
    ;   opponent(Side, Other),
        playout(Board1, Other, Plies1, Plies)
    ).
