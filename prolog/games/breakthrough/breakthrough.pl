/** Breakthrough: the rules.

This module is the rulebook of Breakthrough as the assignment (seed 000)
states it, written as a game module for tabula (game.pl documents the
contract that every game module follows).

The game, in the assignment's words and ours:

  * A board of Rows x Cols squares, each from 4 to 12 (8 x 8 by default).
    A square is (R, C): R the row, 1 at the bottom on White's side, and C
    the column, 1 on the left. (1,1) is the bottom-left corner.
  * White (player 1) starts with its pieces on rows 1 and 2, Black (player
    2) with its pieces on rows Rows-1 and Rows: every square of those rows
    holds a piece. White moves up the board, Black down. CHOICE (the
    assignment's): White moves first. On a 4-row board the start is full:
    White's first move must be a capture.
  * One kind of piece. A piece moves one square forward (towards the enemy
    side), straight or diagonally, onto an empty square; or diagonally
    forward onto an enemy piece, capturing it. It never moves straight
    onto any piece, never backwards or sideways. Captures are optional and
    never chained. Columns do not wrap around: a piece on the last column
    has no diagonal move to the right.
  * White wins by putting a piece on row Rows, Black by putting one on row
    1. A side that has lost all its pieces loses. There are no draws.
  * CHOICE (of the shared digest of the state): a side that must move and
    has no legal move loses. This never happens: while a side has pieces
    and none of them is on its goal row, its most advanced piece has a
    move, since the squares diagonally ahead of it hold no piece of its
    own (it is the most advanced) and one of them at least is on the
    board; it is either empty or an enemy to capture. So apply_move/4
    never has to look for the opponent's moves: the game is over exactly
    when a piece reached its goal row or a side has no pieces left.

The championship's random start (random_start/2, or the option
random_start(Seed)): rows and cols each drawn uniformly in 4..12 (unless
given as options), the full start above, then m drawn uniformly in
0 .. (Rows-4)*Cols//2, then m moves for White and m for Black, alternately
(White first), each drawn uniformly among the side's legal moves that do
not capture and do not reach the goal row (CHOICE of the assignment's
digest). Both sides keep all their pieces and White is to move. If a side
has no such move, the whole draw of m and the moves is made again (CHOICE:
the rows and the columns are kept), from the same generator, so one seed
always gives one start.

The state (both this file and breakthrough_ai.pl rely on its shape):

    breakthrough(Rows, Cols, Turn, White, Black, Plies, Last, Result)

  * Rows, Cols: the size of the board, 4..12 each.
  * Turn: 1 = White to move, 2 = Black to move; meaningless once Result is
    not `ongoing`.
  * White, Black: lists of exactly Rows integers, row 1 first: the row
    masks. In each, bit C-1 (value 1 << (C-1)) is set iff that side has a
    piece on square (Row, C). (Scryer 0.10 integers above 2^55 are slow
    bigints that are never freed, hence one small integer per row.)
  * Plies: the moves played since the start position.
  * Last: `none` at the start, else last(Move, Captured): the last move
    played, move(R1,C1,R2,C2), and whether it captured (true or false).
    (The digest of the state allowed the bare move here; it is wrapped so
    that the view can show the capture, which cannot be derived from the
    position. Positions 1-6 and 8 are exactly as specified.)
  * Result: `ongoing`, or won(Player, How), How one of goal (a piece
    reached the far row), no_pieces (the other side has none left) or
    no_moves (the side to move could not move: never happens, see above).

A move is move(R1, C1, R2, C2): the piece on (R1,C1) goes to (R2,C2). The
legal moves come in a fixed order (legal_moves/2): by the row of the
origin (ascending), then the direction (to the left, straight, to the
right), then the column of the origin.

Notation (move_text//2): the canonical written form is algebraic, the
origin and the target squares joined by "-", or by "x" when the move
captures: "c2-d3", "c2xd3" (columns a, b, c ... from the left, rows 1, 2,
3 ... from White's side; up to l12 on a 12 x 12 board). Also read: the
assignment's "(2,3)-(3,4)" (row, column), "(2 3)-(3 4)", "c2d3", "c2:d3",
"C2-D3", blanks around the parts, and "x" or "-" whether or not the move
captures (legality is looked at elsewhere).

Position text (position_text//1, and the option position(Chars)): the rows
from the top (row Rows first) separated by "/", each row Cols characters
w (a white piece), b (a black piece) or . (empty), then one blank and the
side to move, w or b (- when the game is over; such a text is no start
and does not parse). The 4 x 5 start: "bbbbb/bbbbb/wwwww/wwwww w".

The view (view/2) is a board in game.pl's vocabulary: the pieces as plain
white and black discs, row Rows drawn first, the last move's squares marked
(its target also as a capture when it took a piece), the notation's labels
and the pieces each side has left.

Where the rules are: "The rules of play" below, a clause or two per rule
(legal_move/2, apply_move/4 and has_won/4), over a few words for the
board ("The board": piece/4, put/5, lift/5). They are the source of
truth. breakthrough_fast.pl plays the same rules about 25 times faster
(bit-parallel move generation over the row masks); tabula uses it, and the
strong computer player (breakthrough_ai.pl, which has its own search
model), only while they agree with these clauses: edit a rule here and
tabula notices, says where they first differ, and plays by the rules as
written, with the generic players (players.pl) standing in for the ai.
*/

:- module(breakthrough, [game_info/1,
                         move_regions/3,
                         evaluation/3,

                 initial_state/2,
                         players/2,
                         to_move/2,
                         legal_move/2,
                         legal_moves/2,
                         apply_move/4,
                         outcome/2,
                         move_text//2,
                         explain_illegal/3,
                         events_text/3,
                         view/2,
                         check_options/1,
                         max_plies/2,
                         position_text//1,
                         random_start/2,
                         board_size/3,
                         piece_counts/3,
                         game_result/2,
                         square_text//1]).

:- use_module(library(lists)).
:- use_module(library(pairs)).
:- use_module(library(between)).
:- use_module(library(error)).
:- use_module(library(dcgs)).
:- use_module(library(charsio)).
:- use_module(library(random)).
:- use_module(library(format)).


/* ---------------------------------------------------------------------
   The options
   --------------------------------------------------------------------- */

%% game_info(-Facts)
% What tabula tells people about the game (game.pl documents each fact).
game_info([
    title("Breakthrough"),
    aliases([bt, 'break-through']),
    summary("Each side starts with two rows of pieces. A piece moves one square forward, straight or diagonally, to an empty square, and captures diagonally only. The first to reach the far row, or to take every enemy piece, wins."),
    notation("A move takes one piece one square forward, straight or diagonally: c2-c3, or c2xd3 when it captures (columns a, b, c... from the left, rows 1, 2, 3... from White's side); the assignment's (2,3)-(3,4) is read too (row, column). Captures are diagonal only; reach the far row to win."),
    notation_hint("try c2-c3 or c2xd3: the piece's square, then its target"),
    sides(["White", "Black"]),
    options([option(rows, integer(4, 12), 8, "Rows"),
             option(cols, integer(4, 12), 8, "Columns"),
             option(random_start, seed, none, "Start from a random position, as the championship does"),
             option(position, text, none, "A start position in the position text")]),
    players('breakthrough_ai.pl'),
    fast('breakthrough_fast.pl'),
    championship([scoring(valid_games), random_start(true), self_games(true)])
]).

% size_option(Name, Default, Min, Max, Domain): the size options that
% initial_state/2 reads. Domain names the allowed range in the
% domain_error thrown for a value outside it.
size_option(rows, 8, 4, 12, rows_between_4_and_12).
size_option(cols, 8, 4, 12, cols_between_4_and_12).

%% check_options(-OptionLists)
% OptionLists are the option lists that the conformance check of game.pl
% plays random games with: the default 8 x 8 board, the smallest boards
% (4 x 4 and 4 x 5: full starts, only captures at first), wide and short
% (5 x 12), the largest (12 x 12), narrow (12 x 4), and a championship
% random start (random_start(7)).
check_options([[],
               [rows(4), cols(4)],
               [rows(4), cols(5)],
               [rows(5), cols(12)],
               [rows(12), cols(12)],
               [rows(12), cols(4)],
               [random_start(7)]]).


/* ---------------------------------------------------------------------
   The start
   --------------------------------------------------------------------- */

%% initial_state(+Options, -State)
% State is the start position described by Options, a list (else a
% type_error) that may hold:
%   rows(R), cols(C)    the size of the board, 4..12 each (default 8);
%   position(Chars)     a position text (see the top; an atom is accepted
%                       too): the whole position, size included;
%   random_start(Seed)  the championship's random start drawn with the
%                       generator seeded by Seed (random_start/2); rows
%                       and cols are drawn too unless given.
% position(Chars) is looked at first, then random_start(Seed), then the
% size; the others are then ignored. Unknown options are ignored; when an
% option is given twice the first one counts. A value that is not an
% integer throws a type_error; a size out of range throws
% domain_error(rows_between_4_and_12, R) (or cols_between_4_and_12), and
% a position text that does not parse, or that is no start (the game
% already over), throws domain_error(breakthrough_position_text, Text).
initial_state(Options, State) :-
    must_be(list, Options),
    (   memberchk(position(Text), Options) ->
        text_state(Text, State)
    ;   memberchk(random_start(_), Options) ->
        random_start(Options, State)
    ;   size_value(rows, Options, Rows),
        size_value(cols, Options, Cols),
        full_start(Rows, Cols, State)
    ).

% size_value(+Name, +Options, -Value): the value of option rows or cols.
size_value(Name, Options, Value) :-
    size_option(Name, Default, Min, Max, Domain),
    Pattern =.. [Name, Value0],
    (   memberchk(Pattern, Options) ->
        must_be(integer, Value0),
        (   Value0 >= Min, Value0 =< Max -> Value = Value0
        ;   domain_error(Domain, Value0, initial_state/2)
        )
    ;   Value = Default
    ).

%% full_start(+Rows, +Cols, -State)
% The regular start, White to move.
full_start(Rows, Cols, State) :-
    full_mask(Cols, Full),
    Empty is Rows - 4,
    zeros(Empty, Middle),
    append([Full, Full|Middle], [0, 0], White),
    append([0, 0|Middle], [Full, Full], Black),
    start_state(Rows, Cols, 1, White, Black, State).

%% start_state(+Rows, +Cols, +Turn, +White, +Black, -State)
% A start position (no move played yet; both sides have pieces, none on its
% goal row, so the side to move can move: see the top).
start_state(Rows, Cols, Turn, White, Black, State) :-
    State = breakthrough(Rows, Cols, Turn, White, Black, 0, none, ongoing).

full_mask(Cols, Full) :-
    Full is (1 << Cols) - 1.

zeros(N, Zs) :-
    length(Zs, N),
    maplist(=(0), Zs).

% text_state(+Text, -State): the start a position text describes.
text_state(Text, State) :-
    (   atom(Text) -> atom_chars(Text, Cs)
    ;   Cs = Text
    ),
    (   proper_list(Cs),
        maplist(atom, Cs),
        position_text(State0, Cs, []) ->
        State = State0
    ;   domain_error(breakthrough_position_text, Text, initial_state/2)
    ).


/* ---------------------------------------------------------------------
   The championship's random start
   --------------------------------------------------------------------- */

%% random_start(+Options, -State)
% State is a championship start drawn with library(random): rows(R) and
% cols(C) from Options when given (checked as in initial_state/2), else
% drawn uniformly in 4..12 (rows first); then m uniformly in
% 0 .. (Rows-4)*Cols//2; then m moves for White and m for Black,
% alternately, each drawn uniformly among the side's legal moves that do
% not capture and do not reach the goal row. When a side has no such move,
% m and the moves are drawn again. White is to move, Plies is 0 and Last
% is none. With random_start(Seed) in Options the generator is seeded with
% set_random(seed(Seed)), so one seed gives one start; the caller's
% generator is then not left at a fixed point: a fresh seed is drawn from
% it first and set again afterwards (otherwise every game played after
% such a start would repeat the same random moves).
random_start(Options, State) :-
    must_be(list, Options),
    (   memberchk(random_start(Seed), Options) ->
        must_be(integer, Seed),
        random_integer(0, 1125899906842624, Next),   % 2^50
        set_random(seed(Seed)),
        draw_start(Options, State),
        set_random(seed(Next))
    ;   draw_start(Options, State)
    ).

draw_start(Options, State) :-
    random_size(rows, Options, Rows),
    random_size(cols, Options, Cols),
    full_start(Rows, Cols, Start),
    MaxM is (Rows - 4) * Cols // 2,
    draw_moves(Start, MaxM, State).

%% random_size(+Name, +Options, -Value)
% The number of rows or columns (Name) of a random start: the one Options
% give, checked as by initial_state/2, else drawn uniformly in 4..12.
%   ?- breakthrough:random_size(rows, [rows(6)], R).
%      R = 6.
random_size(Name, Options, Value) :-
    size_option(Name, _, Min, Max, _),
    Pattern =.. [Name, _],
    (   memberchk(Pattern, Options) ->
        size_value(Name, Options, Value)
    ;   Upper is Max + 1,
        random_integer(Min, Upper, Value)
    ).

%% draw_moves(+Start, +MaxM, -State)
% Draws m and the 2m quiet moves from Start, again and again until they can
% all be played.
draw_moves(Start, MaxM, State) :-
    Upper is MaxM + 1,
    random_integer(0, Upper, M),
    N is 2 * M,
    (   quiet_moves(N, Start, State0) ->
        State0 = breakthrough(Rows, Cols, 1, White, Black, _, _, _),
        State = breakthrough(Rows, Cols, 1, White, Black, 0, none, ongoing)
    ;   draw_moves(Start, MaxM, State)
    ).

%% quiet_moves(+N, +State0, -State)
% Plays N random quiet moves.
quiet_moves(N, State0, State) :-
    (   N =:= 0 -> State = State0
    ;   legal_moves(State0, Moves),
        quiet(Moves, State0, Quiet),
        Quiet = [_|_],
        length(Quiet, K),
        random_integer(0, K, I),
        nth0(I, Quiet, Move),
        apply_move(State0, Move, State1, _),
        N1 is N - 1,
        quiet_moves(N1, State1, State)
    ).

%% quiet(+Moves, +State, -Quiet)
% The moves that neither capture nor reach the goal row of the side to move.
quiet([], _, []).
quiet([Move|Moves], State, Quiet) :-
    Move = move(_, _, R2, C2),
    State = breakthrough(Rows, _, Turn, White, Black, _, _, _),
    (   goal_row(Turn, Rows, R2) -> Quiet = Quiet1
    ;   square_owner(White, Black, R2, C2, Owner), Owner \== e ->
        Quiet = Quiet1
    ;   Quiet = [Move|Quiet1]
    ),
    quiet(Moves, State, Quiet1).

/* ---------------------------------------------------------------------
   Reading the state
   --------------------------------------------------------------------- */

%% players(+State, -N)
% Two players: 1 is White, 2 is Black.
players(_, 2).

%% to_move(+State, -Player)
% Player is the side to move, 1 (White) or 2 (Black). Fails when the game
% is over.
to_move(breakthrough(_, _, Turn, _, _, _, _, ongoing), Turn).

%% board_size(+State, -Rows, -Cols)
% The board has Rows rows and Cols columns.
board_size(breakthrough(Rows, Cols, _, _, _, _, _, _), Rows, Cols).

%% piece_counts(+State, -NWhite, -NBlack)
% NWhite and NBlack are the pieces each side has on the board.
piece_counts(breakthrough(_, _, _, White, Black, _, _, _), NWhite, NBlack) :-
    masks_count(White, 0, NWhite),
    masks_count(Black, 0, NBlack).

masks_count([], N, N).
masks_count([M|Ms], N0, N) :-
    bits_count(M, N0, N1),
    masks_count(Ms, N1, N).

%% bits_count(+Mask, +N0, -N)
% N is N0 plus the number of bits set in Mask.
%   ?- breakthrough:bits_count(0b1011, 0, N).
%      N = 3.
bits_count(M, N0, N) :-
    (   M =:= 0 -> N = N0
    ;   M1 is M /\ (M - 1),
        N1 is N0 + 1,
        bits_count(M1, N1, N)
    ).

%% game_result(+State, -Result)
% Result is `ongoing` or won(Player, How), How being goal, no_pieces or
% no_moves.
game_result(breakthrough(_, _, _, _, _, _, _, Result), Result).

% square_owner(+White, +Black, +R, +C, -Owner): w, b or e for the square
% (R,C) of the board.
square_owner(White, Black, R, C, Owner) :-
    nth1(R, White, WM),
    nth1(R, Black, BM),
    Bit is 1 << (C - 1),
    (   WM /\ Bit =\= 0 -> Owner = w
    ;   BM /\ Bit =\= 0 -> Owner = b
    ;   Owner = e
    ).

%% max_plies(+State, -N)
% N bounds the moves left in the game: each move takes a piece one row
% nearer its goal row, so White makes at most the sum, over its pieces,
% of the rows between the piece and row Rows, and Black likewise towards
% row 1: 208 from the 8 x 8 start, 40 from 4 x 4; 0 when the game is
% over. It decreases at every move.
max_plies(State, N) :-
    State = breakthrough(Rows, _, _, White, Black, _, _, Result),
    (   Result == ongoing ->
        distance_sum(White, 1, Rows, 0, NW),
        reverse(Black, BlackDown),
        distance_sum(BlackDown, 1, Rows, 0, NB),
        N is NW + NB
    ;   N = 0
    ).

%% distance_sum(+Masks, +R, +Rows, +N0, -N)
% Sum over the pieces of the masks (row R first) of Rows - row.
distance_sum([], _, _, N, N).
distance_sum([M|Ms], R, Rows, N0, N) :-
    bits_count(M, 0, K),
    N1 is N0 + K * (Rows - R),
    R1 is R + 1,
    distance_sum(Ms, R1, Rows, N1, N).


/* ---------------------------------------------------------------------
   The board
   --------------------------------------------------------------------- */

%% piece(+State, ?Side, ?R, ?C)
% Side (1 White, 2 Black) has a piece on the square (R, C). With the
% square unbound it enumerates the pieces, row 1 first; a square that is
% not a pair of integers on the board just fails.
% ?- initial_state([rows(4), cols(4)], S), piece(S, Side, 4, 1).
%    Side = 2.
piece(breakthrough(Rows, Cols, _, White, Black, _, _, _), Side, R, C) :-
    side_masks(Side, White, Black, Masks),
    coordinate(R, Rows),
    coordinate(C, Cols),
    nth1(R, Masks, Mask),
    (Mask >> (C - 1)) /\ 1 =:= 1.

side_masks(1, White, _, White).
side_masks(2, _, Black, Black).

% coordinate(?X, +Max): X is a row or column number, 1..Max.
coordinate(X, Max) :-
    (   var(X) -> between(1, Max, X)
    ;   integer(X), X >= 1, X =< Max
    ).

% on_board(+State, ?R, ?C): (R, C) is a square of the board.
on_board(breakthrough(Rows, Cols, _, _, _, _, _, _), R, C) :-
    coordinate(R, Rows),
    coordinate(C, Cols).

% on_board(+R, +C, +Rows, +Cols): (R, C), integers, is a square of a
% board of Rows x Cols (for the notation, which reads any numbers).
on_board(R, C, Rows, Cols) :-
    integer(R), integer(C),
    R >= 1, R =< Rows,
    C >= 1, C =< Cols.

% move_on_board(+Move, +Rows, +Cols, -R1, -C1, -R2, -C2): Move is a move
% term with both squares on the board.
move_on_board(Move, Rows, Cols, R1, C1, R2, C2) :-
    nonvar(Move),
    Move = move(R1, C1, R2, C2),
    on_board(R1, C1, Rows, Cols),
    on_board(R2, C2, Rows, Cols).

%% all_zero(+Masks)
% No piece on any of the rows.
all_zero([]).
all_zero([M|Ms]) :-
    M =:= 0,
    all_zero(Ms).

% empty(+State, +R, +C): no piece stands on (R, C).
empty(State, R, C) :-
    \+ piece(State, _, R, C).

%% put(+Side, +R, +C, +State0, -State)
% State is State0 with a piece of Side put on the empty square (R, C); lift/5
% takes it away.
put(Side, R, C, State0, State) :-
    side_row(Side, R, Mask0, Mask, State0, State),
    Mask is Mask0 \/ (1 << (C - 1)).

%% lift(+Side, +R, +C, +State0, -State)
% State is State0 without the piece of Side on (R, C) (put/5 puts one
% there).
lift(Side, R, C, State0, State) :-
    side_row(Side, R, Mask0, Mask, State0, State),
    Mask is Mask0 /\ \ (1 << (C - 1)).

% side_row(+Side, +R, -Mask0, ?Mask, +State0, -State): Mask0 is the mask
% of Side's pieces on row R in State0, and State has Mask there instead.
side_row(1, R, Mask0, Mask,
         breakthrough(Rows, Cols, Turn, White0, Black, Plies, Last, Result),
         breakthrough(Rows, Cols, Turn, White, Black, Plies, Last, Result)) :-
    nth1(R, White0, Mask0, Others),
    nth1(R, White, Mask, Others).
side_row(2, R, Mask0, Mask,
         breakthrough(Rows, Cols, Turn, White, Black0, Plies, Last, Result),
         breakthrough(Rows, Cols, Turn, White, Black, Plies, Last, Result)) :-
    nth1(R, Black0, Mask0, Others),
    nth1(R, Black, Mask, Others).


/* ---------------------------------------------------------------------
   The rules of play

   These clauses are the rules: the referee, the terminal, the window and
   every computer player follow them. breakthrough_fast.pl plays the same
   rules faster, and is used only while it agrees with these clauses
   (tabula checks it whenever this file changes).
   --------------------------------------------------------------------- */

opponent(1, 2).
opponent(2, 1).

%% forward(+Side, +R1, ?R2)
% Row R2 is one row forward of row R1 for Side: White moves up the board
% (towards row Rows), Black down (towards row 1).
forward(1, R1, R2) :- R2 is R1 + 1.
forward(2, R1, R2) :- R2 is R1 - 1.

% step(+C1, ?C2): a piece steps to the column on its left, its own column
% or the column on its right.
step(C1, C2) :- C2 is C1 - 1.
step(C1, C2) :- C2 is C1.
step(C1, C2) :- C2 is C1 + 1.

% goal_row(+Side, +Rows, ?R): row R is the far row Side must reach.
goal_row(1, Rows, Rows).
goal_row(2, _, 1).

%% legal_move(+State, ?Move)
% Move, move(R1, C1, R2, C2), is legal in State: a piece of the side to
% move steps one square forward, straight or diagonally, onto a square of
% the board that holds no piece of its own; straight only onto an empty
% square (a piece captures diagonally). With Move unbound it enumerates
% the legal moves; any term that is not a legal move (`foo`,
% move(a,b,c,d), move(2,1,3,1.0)) just fails.
% ?- initial_state([rows(4), cols(4)], S), legal_move(S, move(2, 1, 3, 2)).
%    true.
legal_move(State, move(R1, C1, R2, C2)) :-
    to_move(State, Side),
    piece(State, Side, R1, C1),
    forward(Side, R1, R2),
    step(C1, C2),
    on_board(State, R2, C2),
    \+ piece(State, Side, R2, C2),
    (   C2 =:= C1 -> empty(State, R2, C2)
    ;   true
    ).

%% legal_moves(+State, -Moves)
% Moves are the legal moves in the order tabula lists them: by the row of
% the origin (ascending), then the direction (to the left, straight, to
% the right), then the column of the origin. [] when the game is over.
% ?- initial_state([rows(4), cols(4)], S), legal_moves(S, [M|_]).
%    M = move(2, 2, 3, 1).
legal_moves(State, Moves) :-
    findall(R1-D-C1-Move,
            ( legal_move(State, Move),
              Move = move(R1, C1, _, C2),
              D is C2 - C1 ),
            Keyed),
    keysort(Keyed, Sorted),
    pairs_values(Sorted, Moves).

%% apply_move(+State0, +Move, -State, -Events)
% State is the position after the side to move plays Move, a legal move
% (else it fails): the piece leaves its square for the target square, and
% an enemy piece there is captured (Events starts with capture(R2, C2)).
% The mover wins, and Events ends with won(Side), when its piece reached
% the far row, when it took the last enemy piece, or when the enemy, to
% move, has no legal move (this never happens, see the top). A capture
% onto the last row gives [capture(5,2), won(1)], a quiet move [].
% Deterministic, and it never throws.
% ?- initial_state([rows(4), cols(4)], S0),
%    apply_move(S0, move(2, 1, 3, 2), _, Events).
%    Events = [capture(3, 2)].
apply_move(State0, Move, State, Events) :-
    ground(Move),
    once(legal_move(State0, Move)),
    Move = move(R1, C1, R2, C2),
    to_move(State0, Side),
    opponent(Side, Enemy),
    (   piece(State0, Enemy, R2, C2) ->
        lift(Enemy, R2, C2, State0, State1),
        Captured = true,
        Taken = [capture(R2, C2)]
    ;   State1 = State0,
        Captured = false,
        Taken = []
    ),
    lift(Side, R1, C1, State1, State2),
    put(Side, R2, C2, State2, State3),
    State3 = breakthrough(Rows, Cols, _, White, Black, Plies0, _, ongoing),
    Plies is Plies0 + 1,
    Next = breakthrough(Rows, Cols, Enemy, White, Black, Plies,
                        last(Move, Captured), ongoing),
    (   has_won(Next, Side, R2, How) ->
        State = breakthrough(Rows, Cols, Enemy, White, Black, Plies,
                             last(Move, Captured), won(Side, How)),
        append(Taken, [won(Side)], Events)
    ;   State = Next,
        Events = Taken
    ).

%% has_won(+State, +Side, +R, -How)
% Side, which has just moved a piece to row R, has won: the piece is on its
% far row (goal), the enemy has no pieces left (no_pieces), or the enemy
% cannot move (no_moves).
has_won(breakthrough(Rows, _, _, _, _, _, _, _), Side, R, goal) :-
    goal_row(Side, Rows, R),
    !.
has_won(State, Side, _, no_pieces) :-
    opponent(Side, Enemy),
    \+ piece(State, Enemy, _, _),
    !.
has_won(State, _, _, no_moves) :-
    \+ legal_move(State, _).

%% evaluation(+State, +Player, -Value)
% How good State looks for Player, for the generic alphabeta player (the
% game's own ai has a finer one): each piece is worth 10, plus the square
% of the rows it has come forward, and the enemy's pieces count against.
% ?- initial_state([], S), evaluation(S, 1, V).
%    V = 0.
evaluation(State, Player, Value) :-
    opponent(Player, Enemy),
    worth(State, Player, Mine),
    worth(State, Enemy, Theirs),
    Value is max(-1000, min(1000, Mine - Theirs)).

worth(State, Side, Worth) :-
    State = breakthrough(Rows, _, _, _, _, _, _, _),
    findall(W,
            ( piece(State, Side, R, _),
              (   Side =:= 1 -> Ahead is R - 1 ; Ahead is Rows - R ),
              W is 10 + Ahead * Ahead ),
            Ws),
    sum_list(Ws, Worth).


/* ---------------------------------------------------------------------
   The end of the game
   --------------------------------------------------------------------- */

%% outcome(+State, -Outcome)
% Outcome is `ongoing`, over([1,0], winner(1)) when White has won, or
% over([0,1], winner(2)) when Black has won. There are no draws. A state
% holding won(P, no_moves) reads the same way.
outcome(breakthrough(_, _, _, _, _, _, _, Result), Outcome) :-
    result_outcome(Result, Outcome).

result_outcome(ongoing, ongoing).
result_outcome(won(1, _), over([1, 0], winner(1))).
result_outcome(won(2, _), over([0, 1], winner(2))).


/* ---------------------------------------------------------------------
   Notation
   --------------------------------------------------------------------- */

%% move_text(+State, ?Move)//
% The text of a move. With Move bound and the text unbound it describes the
% canonical text, "c2-d3", or "c2xd3" when the move captures in State (the
% target holds a piece of the other side than the piece on the origin, or
% than the side to move when the origin is empty; a State that is not a
% position prints "-"). A move with a square beyond column l (12) or below
% row 1 is written in the assignment's form, "(2,13)-(3,14)". With the
% text bound (a list of characters) it parses any accepted notation, blanks
% allowed before, after and between the parts:
%   * algebraic "c2-d3", "c2xd3", "c2:d3", "c2d3", "C2-D3", "c2 d3": the
%     column letter a..l (either case), then the row;
%   * the assignment's "(2,3)-(3,4)", "(2 3)-(3 4)": (row, column);
%   * the separator "-", "x", "X", ":" or none, whether the move captures
%     or not.
% Parsing never throws; it fails on text that is not a move. It does not
% check legality: a move off the board such as "a9-a10" parses, so that
% explain_illegal/3 can say what is wrong with it. (move_text/4 is written
% as a predicate that calls the nonterminals directly, never through
% phrase/3: see dots.pl for the Scryer 0.10 trap that avoids.)
move_text(State, Move, Cs0, Cs) :-
    (   proper_list(Cs0) ->
        parsed_move(Move0, Cs0, Cs),
        Move = Move0
    ;   var(Cs0), ground(Move) ->
        canonical(State, Move, Cs0, Cs)
    ).

proper_list(L) :-
    (   L == [] -> true
    ;   nonvar(L), L = [_|T], proper_list(T)
    ).

%% canonical(+State, +Move)//
% The canonical text of Move in State: origin and target squares joined by
% x when the move captures, by - otherwise (c2-d3, c2xd3); the
% assignment's (2,13)-(3,14) for a square beyond column l.
%   ?- breakthrough:initial_state([], _S), phrase(breakthrough:canonical(_S, move(2,3,3,4)), Cs).
%      Cs = "c2-d3".
canonical(State, move(R1, C1, R2, C2)) -->
    { integer(R1), integer(C1), integer(R2), integer(C2) },
    (   { letter_square(R1, C1), letter_square(R2, C2) } ->
        square_text(sq(R1, C1)),
        (   { captures(State, R1, C1, R2, C2) } -> "x" ; "-" ),
        square_text(sq(R2, C2))
    ;   "(", int(R1), ",", int(C1), ")-(", int(R2), ",", int(C2), ")"
    ).

letter_square(R, C) :-
    R >= 1,
    C >= 1, C =< 12.

%% captures(+State, +R1, +C1, +R2, +C2)
% The move, diagonal, lands on a piece of the other side.
captures(State, R1, C1, R2, C2) :-
    C1 =\= C2,
    nonvar(State),
    State = breakthrough(Rows, Cols, Turn, White, Black, _, _, _),
    on_board(R2, C2, Rows, Cols),
    (   on_board(R1, C1, Rows, Cols),
        square_owner(White, Black, R1, C1, Mover), Mover \== e ->
        true
    ;   Turn =:= 1 -> Mover = w
    ;   Mover = b
    ),
    square_owner(White, Black, R2, C2, Target),
    other_side(Mover, Target).

other_side(w, b).
other_side(b, w).

%% events_text(+State, +Events, -Chars)
% Chars says Events (see apply_move/4) in words. Fails for [] (a quiet
% move).
%   ?- events_text(_, [capture(5, 3), won(1)], Cs).
%   Cs = "captures on c5, White wins".
events_text(_, Events, Chars) :-
    Events = [_|_],
    phrase(events_words(Events), Chars).

events_words([E]) --> !, event_words(E).
events_words([E|Es]) --> event_words(E), ", ", events_words(Es).

event_words(capture(R, C)) --> "captures on ", square_text(sq(R, C)).
event_words(won(1)) --> "White wins".
event_words(won(2)) --> "Black wins".

%% square_text(+Square)//
% The algebraic text of the square sq(R,C) (R and C integers, C from 1 to
% 12): its column letter, a for column 1 up to l for 12, then its row,
% e.g. "c2", "l12". Printing only.
square_text(sq(R, C)) -->
    { integer(R), integer(C), letter(Letter, _, C) },
    [Letter], int(R).

%% int(+N)//
% The digits of the integer N (printing only).
%   ?- phrase(breakthrough:int(12), Cs).
%      Cs = "12".
int(N) --> { number_chars(N, Cs) }, seq(Cs).

parsed_move(Move) -->
    notation:blanks, notation(Move), notation:blanks.

notation(move(R1, C1, R2, C2)) -->
    square(R1, C1), notation:blanks, separator, notation:blanks, square(R2, C2).

%% separator//
% Between the two squares of a move: -, x, X or :, or nothing.
%   ?- phrase(breakthrough:separator, "x").
%      true.
separator --> [C], { separator_char(C) }, !.
separator --> [].

separator_char('-').
separator_char(x).
separator_char('X').
separator_char(':').

% A square: algebraic "c2", or the assignment's "(2,3)" or "(2 3)".
square(R, C) --> [Letter], { column_letter(Letter, C) }, !, notation:blanks, nat(R).
square(R, C) -->
    "(", notation:blanks, nat(R), pair_separator, nat(C), notation:blanks, ")".

% Between the row and the column: a comma (blanks around it allowed) or
% blanks.
pair_separator --> notation:blanks, ",", !, notation:blanks.
pair_separator --> notation:blank, notation:blanks.

%% nat(-N)//
% A natural number of at most 4 digits, read greedily and built digit by
% digit (number_chars/2 could throw; a long run of digits would make a big
% integer, and no board is that big).
%   ?- phrase(breakthrough:nat(N), "12").
%      N = 12.
nat(N) --> notation:digit(D), digits(D, 1, N).

% The small text helpers below (blanks, digits, letters) are repeated in
% each rules file on purpose: a rules file stands alone, so that a copy of
% it can be edited and checked anywhere (tabula check /tmp/copy.pl) without
% a shared module beside it.
%% digits(+N0, +K, -N)//
% The digits that follow, added to N0 (K digits read so far) as its last
% decimal places, while there are at most 4 digits in all.
%   ?- phrase(breakthrough:digits(1, 1, N), "2").
%      N = 12.
digits(N0, K, N) -->
    notation:digit(D), !,
    { K < 4, N1 is N0*10 + D, K1 is K + 1 },
    digits(N1, K1, N).
digits(N, _, N) --> [].


%% column_letter(+Char, -C)
% The algebraic letter of column C, either case.
column_letter(Char, C) :-
    atom(Char),
    (   letter(Char, _, C0) -> C = C0
    ;   letter(_, Char, C0) -> C = C0
    ).

%% letter(?Lower, ?Upper, ?C)
% The letter, lower and upper case, of column C (a is 1, l is 12).
%   ?- breakthrough:letter(L, _, 3).
%      L = c.
letter(a, 'A', 1). letter(b, 'B', 2). letter(c, 'C', 3). letter(d, 'D', 4).
letter(e, 'E', 5). letter(f, 'F', 6). letter(g, 'G', 7). letter(h, 'H', 8).
letter(i, 'I', 9). letter(j, 'J', 10). letter(k, 'K', 11). letter(l, 'L', 12).


/* ---------------------------------------------------------------------
   Position text
   --------------------------------------------------------------------- */

%% position_text(?State)//
% The position as a text, both ways (see "Position text" at the top), e.g.
% "bbbbb/bbbbb/wwwww/wwwww w" for the 4 x 5 start. With State bound it
% describes its text (side "-" when the game is over). With the text
% bound it parses a start: every row the same length, 4..12 rows and
% columns, w or b to move (blanks allowed around the whole and several
% between the rows and the side), and the game not already over (no piece
% on its goal row, both sides with pieces); State is then that position
% with Plies 0 and Last none. It fails on any other text.
position_text(State, Cs0, Cs) :-
    (   nonvar(State) ->
        State = breakthrough(Rows, _, Turn, White, Black, _, _, Result),
        (   Result == ongoing -> Side = Turn ; Side = none ),
        reverse(White, WhiteDown),
        reverse(Black, BlackDown),
        text_rows(WhiteDown, BlackDown, Rows, State, Cs0, Cs1),
        Cs1 = [' '|Cs2],
        side_letter(Side, Cs2, Cs)
    ;   proper_list(Cs0) ->
        parsed_position(State0, Cs0, Cs),
        State = State0
    ).

text_rows([W|Ws], [B|Bs], K, State) -->
    { State = breakthrough(_, Cols, _, _, _, _, _, _) },
    row_chars(1, Cols, W, B),
    (   { K > 1 } ->
        "/",
        { K1 is K - 1 },
        text_rows(Ws, Bs, K1, State)
    ;   []
    ).

row_chars(C, Cols, W, B) -->
    (   { C > Cols } -> []
    ;   { Bit is 1 << (C - 1) },
        (   { W /\ Bit =\= 0 } -> "w"
        ;   { B /\ Bit =\= 0 } -> "b"
        ;   "."
        ),
        { C1 is C + 1 },
        row_chars(C1, Cols, W, B)
    ).

side_letter(1) --> "w".
side_letter(2) --> "b".
side_letter(none) --> "-".

parsed_position(State) -->
    notation:blanks,
    text_row(First),
    more_rows(Rest),
    notation:blank, notation:blanks,
    side(Turn),
    notation:blanks,
    { position_state([First|Rest], Turn, State) }.

more_rows([Row|Rows]) --> "/", !, text_row(Row), more_rows(Rows).
more_rows([]) --> [].

% text_row(-Row): one or more of w, b and . (a list of w, b, e).
text_row([X|Xs]) --> square_char(X), text_row_rest(Xs).

text_row_rest([X|Xs]) --> square_char(X), !, text_row_rest(Xs).
text_row_rest([]) --> [].

square_char(X) --> [C], { atom(C), square_char(C, X) }.

square_char(w, w). square_char('W', w).
square_char(b, b). square_char('B', b).
square_char('.', e).

side(1) --> [C], { C == w ; C == 'W' }, !.
side(2) --> [C], { C == b ; C == 'B' }, !.

%% position_state(+TextRows, +Turn, -State)
% The start that the rows (the top one first) describe; fails if it is no
% start.
position_state(TextRows, Turn, State) :-
    length(TextRows, Rows),
    Rows >= 4, Rows =< 12,
    TextRows = [Top|_],
    length(Top, Cols),
    Cols >= 4, Cols =< 12,
    row_masks_down(TextRows, Cols, [], [], White, Black),
    % not already won: both sides have pieces, none on its goal row
    \+ all_zero(White),
    \+ all_zero(Black),
    nth1(Rows, White, 0),
    Black = [0|_],
    start_state(Rows, Cols, Turn, White, Black, State).

%% row_masks_down(+TextRows, +Cols, +White0, +Black0, -White, -Black)
% The row masks, row 1 first (the text gives the top row first).
row_masks_down([], _, White, Black, White, Black).
row_masks_down([Row|Rows], Cols, White0, Black0, White, Black) :-
    length(Row, Cols),
    row_mask(Row, 1, 0, 0, WM, BM),
    row_masks_down(Rows, Cols, [WM|White0], [BM|Black0], White, Black).

row_mask([], _, WM, BM, WM, BM).
row_mask([X|Xs], Bit, WM0, BM0, WM, BM) :-
    (   X == w -> WM1 is WM0 \/ Bit, BM1 = BM0
    ;   X == b -> WM1 = WM0, BM1 is BM0 \/ Bit
    ;   WM1 = WM0, BM1 = BM0
    ),
    Bit1 is Bit << 1,
    row_mask(Xs, Bit1, WM1, BM1, WM, BM).


/* ---------------------------------------------------------------------
   Explaining illegal moves
   --------------------------------------------------------------------- */

%% explain_illegal(+State, +Move, -Message)
% Message (a list of characters) says why Move is not legal in State, e.g.
% "c3 holds no piece of yours", "a piece moves one square forward,
% straight or diagonally: c2 to c4 is not (White moves up, towards row
% 8)", "a piece captures only diagonally: d3 holds an enemy piece straight
% ahead", "d3 holds your own piece", "the game is over", "foo is not a
% move on this 8 x 8 board: ...". Fails if Move is legal.
explain_illegal(State, Move, Message) :-
    \+ ( ground(Move), legal_move(State, Move) ),
    reason(State, Move, Message, []).

%% reason(+State, +Move)//
% Why Move cannot be played in State, in words: the first reason that
% applies, from the most general to the most precise (explain_illegal/3).
%   ?- breakthrough:initial_state([], _S), phrase(breakthrough:reason(_S, move(2,3,4,3)), Cs).
%      Cs = "a piece moves one square forward, straight or diagonally: c2 to c4 is not (White moves up, towards row 8)".
reason(State, _) -->
    { \+ to_move(State, _) }, !,
    "the game is over".
reason(State, Move) -->
    { State = breakthrough(Rows, Cols, _, _, _, _, _, _),
      \+ ( ground(Move), move_on_board(Move, Rows, Cols, _, _, _, _) ) }, !,
    notation:quoted(Move), " is not a move on this ", int(Rows), " x ", int(Cols),
    " board: a move is a piece's square and its target, e.g. c2-c3".
reason(State, move(R1, C1, _, _)) -->
    { State = breakthrough(_, _, Turn, White, Black, _, _, _),
      square_owner(White, Black, R1, C1, Owner),
      \+ side_owner(Turn, Owner) }, !,
    square_text(sq(R1, C1)), " holds no piece of yours".
reason(State, move(R1, C1, R2, C2)) -->
    { State = breakthrough(Rows, _, Turn, _, _, _, _, _),
      \+ ( forward(Turn, R1, R2), abs(C2 - C1) =< 1 ) }, !,
    "a piece moves one square forward, straight or diagonally: ",
    square_text(sq(R1, C1)), " to ", square_text(sq(R2, C2)),
    " is not (", direction(Turn, Rows), ")".
reason(State, move(_, _, R2, C2)) -->
    { State = breakthrough(_, _, Turn, White, Black, _, _, _),
      square_owner(White, Black, R2, C2, Owner),
      side_owner(Turn, Owner) }, !,
    square_text(sq(R2, C2)), " holds your own piece".
reason(State, move(_, C1, R2, C2)) -->
    { C1 =:= C2,
      State = breakthrough(_, _, Turn, White, Black, _, _, _),
      square_owner(White, Black, R2, C2, Owner),
      Owner \== e,
      \+ side_owner(Turn, Owner) }, !,
    "a piece captures only diagonally: ", square_text(sq(R2, C2)),
    " holds an enemy piece straight ahead".

side_owner(1, w).
side_owner(2, b).

direction(1, Rows) --> "White moves up, towards row ", int(Rows).
direction(2, _) --> "Black moves down, towards row 1".


/* ---------------------------------------------------------------------
   The view
   --------------------------------------------------------------------- */

%% view(+State, -Board)
% Board is the position in game.pl's board vocabulary: White's pieces
% (player 1, white discs) and Black's (player 2), row 1 at the bottom; the
% last move's squares marked, with its capture; columns lettered and rows
% numbered as the notation writes them; how many pieces each side has.
%   ?- initial_state([rows(4), cols(4)], S), view(S, board(Shape, [P|_])).
%   Shape = squares(4, 4), P = piece(1, 1, 2, "").
view(State, board(squares(Rows, Cols), Items)) :-
    State = breakthrough(Rows, Cols, _, White, Black, _, Last, _),
    reverse(White, WhiteDown),
    reverse(Black, BlackDown),
    numlist(1, Rows, RowNumbers),
    reverse(RowNumbers, Down),
    findall(piece(D, C, Player, ""),
            ( nth1(D, WhiteDown, W), nth1(D, BlackDown, B),
              between(1, Cols, C),
              Bit is 1 << (C - 1),
              (   W /\ Bit =\= 0 -> Player = 1
              ;   B /\ Bit =\= 0 -> Player = 2
              ) ),
            Pieces0),
    last_marks(Last, Rows, Marks),
    maplist(number_chars, Down, RowLabels),
    numlist(1, Cols, Cs),
    maplist(column_text, Cs, ColumnLabels),
    piece_counts(State, NW, NB),
    pieces_word(NW, WhiteWord),
    pieces_word(NB, BlackWord),
    phrase(format_("White ~d ~s, Black ~d ~s", [NW, WhiteWord, NB, BlackWord]), Caption),
    append([Pieces0, Marks,
            [labels(left, RowLabels), labels(bottom, ColumnLabels),
             caption(Caption), colours([white, black])]], Items).

% last_marks(+Last, +Rows, -Marks): the squares of the last move marked,
% the target also as a capture when it took a piece.
last_marks(none, _, []).
last_marks(last(move(R1, C1, R2, C2), Captured), Rows, Marks) :-
    D1 is Rows + 1 - R1,
    D2 is Rows + 1 - R2,
    (   Captured == true -> Extra = [mark(sq(D2, C2), capture)] ; Extra = [] ),
    Marks = [mark(sq(D1, C1), last), mark(sq(D2, C2), last)|Extra].

% pieces_word(+N, -Word): "piece" or "pieces", as N asks.
pieces_word(1, "piece") :- !.
pieces_word(_, "pieces").

column_text(C, [L]) :-
    Code is 0'a + C - 1,
    char_code(L, Code).

%% move_regions(+State, +Move, -Regions)
% A move is made by dragging a piece (or clicking it, then its target):
% from its square to the target, in the board view's rows (row 1 at the
% bottom).
%   ?- initial_state([rows(4), cols(4)], S), move_regions(S, move(2,1,3,1), Rs).
%   Rs = [sq(3, 1), sq(2, 1)].
move_regions(State, Move, [sq(D1, C1), sq(D2, C2)]) :-
    nonvar(Move),
    Move = move(R1, C1, R2, C2),
    integer(R1), integer(R2),
    State = breakthrough(Rows, _, _, _, _, _, _, _),
    D1 is Rows + 1 - R1,
    D2 is Rows + 1 - R2.


