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

How the moves are found fast (random playouts on 8 x 8 run at about
70 000 moves a second, CPU time; the simple list of coordinates did 4 200):
the rows are taken in adjacent pairs. For White on row R (mask O) and the
row above (own pieces A, enemy pieces E), with Full the mask of the
board's Cols columns and NotOwn = Full /\ \A, the pieces that can go
up-left are O /\ (NotOwn << 1), straight up O /\ NotOwn /\ \E, up-right
O /\ (NotOwn >> 1) (shifting NotOwn, which is masked to the board, is what
stops a piece on an edge from wrapping around). Each of these sets is
then looked up in a table that holds its list of moves ready-made
(left_moves/5 and the like), rather than taking the set bits out one by
one; and the rows are not walked by a recursion: a generator clause per
side and board height, built at load time, takes the lists apart in its
head and has the row numbers written in (see "Generating the moves").
Black is the same with the rows the other way round. apply_move/4 checks
the few squares involved and rebuilds only the rows that changed, reaching
them with one indexed call (row_of/3 and the like) instead of a walk.
*/

:- module(breakthrough, [game_info/1,
                         move_regions/3,

                 initial_state/2,
                         players/2,
                         to_move/2,
                         legal_move/2,
                         legal_moves/2,
                         apply_move/4,
                         outcome/2,
                         move_text//2,
                         explain_illegal/3,
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
    notation_hint("type the piece's square and its target, e.g. c2-c3, c2xd3 or (2,3)-(3,4)"),
    sides(["White", "Black"]),
    options([option(rows, integer(4, 12), 8, "Rows"),
             option(cols, integer(4, 12), 8, "Columns"),
             option(random_start, seed, none, "Start from a random position, as the championship does"),
             option(position, text, none, "A start position in the position text")]),
    players('breakthrough_ai.pl'),
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
% (4 x 4 starts full), narrow, wide and the largest boards, and a
% championship random start.
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
% State is the start position described by Options, a list that may hold:
%   rows(R), cols(C)    the size of the board, 4..12 each (default 8);
%   position(Chars)     a position text (see the top; an atom is accepted
%                       too): the whole position, size included;
%   random_start(Seed)  the championship's random start drawn with the
%                       generator seeded by Seed (random_start/2); rows
%                       and cols are drawn too unless given.
% position(Chars) is looked at first, then random_start(Seed), then the
% size. Unknown options are ignored; when an option is given twice the
% first one counts. A value that is not an integer throws a type_error; a
% size out of range throws domain_error(rows_between_4_and_12, R) (or
% cols_between_4_and_12), and a position text that does not parse, or that
% is no start (the game already over), throws
% domain_error(breakthrough_position_text, Text).
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

% full_start(+Rows, +Cols, -State): the regular start, White to move.
full_start(Rows, Cols, State) :-
    full_mask(Cols, Full),
    Empty is Rows - 4,
    zeros(Empty, Middle),
    append([Full, Full|Middle], [0, 0], White),
    append([0, 0|Middle], [Full, Full], Black),
    start_state(Rows, Cols, 1, White, Black, State).

% start_state(+Rows, +Cols, +Turn, +White, +Black, -State): a start
% position (no move played yet; both sides have pieces, none on its goal
% row, so the side to move can move: see the top).
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

random_size(Name, Options, Value) :-
    size_option(Name, _, Min, Max, _),
    Pattern =.. [Name, _],
    (   memberchk(Pattern, Options) ->
        size_value(Name, Options, Value)
    ;   Upper is Max + 1,
        random_integer(Min, Upper, Value)
    ).

% draw_moves(+Start, +MaxM, -State): draws m and the 2m quiet moves from
% Start, again and again until they can all be played.
draw_moves(Start, MaxM, State) :-
    Upper is MaxM + 1,
    random_integer(0, Upper, M),
    N is 2 * M,
    (   quiet_moves(N, Start, State0) ->
        State0 = breakthrough(Rows, Cols, 1, White, Black, _, _, _),
        State = breakthrough(Rows, Cols, 1, White, Black, 0, none, ongoing)
    ;   draw_moves(Start, MaxM, State)
    ).

% quiet_moves(+N, +State0, -State): plays N random quiet moves.
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

% quiet(+Moves, +State, -Quiet): the moves that neither capture nor reach
% the goal row of the side to move.
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

goal_row(1, Rows, Rows).
goal_row(2, _, 1).


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
    row_of(R, White, WM),
    row_of(R, Black, BM),
    Bit is 1 << (C - 1),
    (   WM /\ Bit =\= 0 -> Owner = w
    ;   BM /\ Bit =\= 0 -> Owner = b
    ;   Owner = e
    ).

%% max_plies(+State, -N)
% N bounds the moves left in the game: each move takes a piece one row
% nearer its goal row, so White makes at most the sum, over its pieces,
% of the rows between the piece and row Rows, and Black likewise towards
% row 1. 0 when the game is over.
max_plies(State, N) :-
    State = breakthrough(Rows, _, _, White, Black, _, _, Result),
    (   Result == ongoing ->
        distance_sum(White, 1, Rows, 0, NW),
        reverse(Black, BlackDown),
        distance_sum(BlackDown, 1, Rows, 0, NB),
        N is NW + NB
    ;   N = 0
    ).

% distance_sum(+Masks, +R, +Rows, +N0, -N): sum over the pieces of the
% masks (row R first) of Rows - row.
distance_sum([], _, _, N, N).
distance_sum([M|Ms], R, Rows, N0, N) :-
    bits_count(M, 0, K),
    N1 is N0 + K * (Rows - R),
    R1 is R + 1,
    distance_sum(Ms, R1, Rows, N1, N).


/* ---------------------------------------------------------------------
   Generating the moves
   --------------------------------------------------------------------- */

%% legal_moves(+State, -Moves)
% Moves are the legal moves, move(R1,C1,R2,C2), in a fixed order: by the
% row of the origin (ascending), then the direction (to the left,
% straight, to the right), then the column of the origin. [] exactly when
% the game is over.
legal_moves(breakthrough(Rows, Cols, Turn, White, Black, _, _, Result), Moves) :-
    (   Result == ongoing ->
        Full is (1 << Cols) - 1,
        (   Cols =< 8 ->
            (   Turn =:= 1 -> white_narrow(Rows, White, Black, Full, Moves)
            ;   black_narrow(Rows, White, Black, Full, Moves)
            )
        ;   Turn =:= 1 -> white_wide(Rows, White, Black, Full, Moves)
        ;   black_wide(Rows, White, Black, Full, Moves)
        )
    ;   Moves = []
    ).

/* How the moves are generated. Every side, board height and width class
   (at most 8 columns, or more) has its own generator, a clause built when
   the file is loaded (build_generators/0): it takes the row masks apart in
   its head and handles the rows one after the other in its body, with the
   row numbers written in, so that no time goes into walking the lists. For
   White on a narrow board of Rows rows, the clause is

       white_narrow(Rows, [W1, ..., Wn], [_, B2, ..., Bn], Full, M1) :-
           Row(1), ..., Row(n-1),
           Mn = [].

   where Row(R), the moves of the pieces WR of row R to row R+1, is

       (   WR =:= 0 -> MR = MR1
       ;   NotOwn is Full /\ \W(R+1),          % squares White may enter
           Left is WR /\ (NotOwn << 1),        % pieces that may go up-left
           left_moves(Left, R, R+1, MR, X1),
           S is WR /\ NotOwn /\ \B(R+1),       % ... straight up (empty)
           straight_moves(S, R, R+1, X1, X2),
           Right is WR /\ (NotOwn >> 1),       % ... up-right
           right_moves(Right, R, R+1, X2, MR1)
       )

   (the shifts of NotOwn, which is masked to the board's columns, keep a
   piece on an edge from wrapping around). On a wide board the three sets
   go to wide_moves/7, which looks up the columns 1-8 and 9-12 apart.
   Black's generator is the same with the rows the other way round: the
   pieces of row R (R = 2..n, ascending) go to row R-1. */

% The generators, built by build_generators/0:
:- dynamic(white_narrow/5).
:- dynamic(white_wide/5).
:- dynamic(black_narrow/5).
:- dynamic(black_wide/5).

build_generators :-
    retractall(white_narrow(_, _, _, _, _)),
    retractall(white_wide(_, _, _, _, _)),
    retractall(black_narrow(_, _, _, _, _)),
    retractall(black_wide(_, _, _, _, _)),
    (   between(4, 12, Rows),
        member(Side-Width, [white-narrow, white-wide, black-narrow, black-wide]),
        generator(Side, Width, Rows, Clause),
        assertz(Clause),
        fail
    ;   true
    ).

% generator(+Side, +Width, +Rows, -Clause): the generator clause.
generator(Side, Width, Rows, (Head :- Body)) :-
    length(White, Rows),
    length(Black, Rows),
    atom_concat(Side, '_', Prefix),
    atom_concat(Prefix, Width, Name),
    Head =.. [Name, Rows, White, Black, Full, Moves],
    (   Side == white ->
        Own = White, Opp = Black,
        numlist(1, Rows, Origins0),
        append(Origins, [_], Origins0),      % rows 1 .. Rows-1
        Step = 1
    ;   Own = Black, Opp = White,
        numlist(2, Rows, Origins),           % rows 2 .. Rows
        Step = -1
    ),
    row_goals(Origins, Step, Width, Own, Opp, Full, Moves, Goals),
    list_conjunction(Goals, Body).

row_goals([], _, _, _, _, _, [], [true]).
row_goals([R|Rs], Step, Width, Own, Opp, Full, Moves, [Goal|Goals]) :-
    RT is R + Step,
    nth1(R, Own, O),
    nth1(RT, Own, A),
    nth1(RT, Opp, E),
    row_goal(Width, O, A, E, R, RT, Full, Moves, Moves1, Goal),
    row_goals(Rs, Step, Width, Own, Opp, Full, Moves1, Goals).

row_goal(narrow, O, A, E, R, RT, Full, Moves, Tail,
         (   O =:= 0 -> Moves = Tail
         ;   NotOwn is Full /\ (\ A),
             Left is O /\ (NotOwn << 1),
             left_moves(Left, R, RT, Moves, X1),
             S is O /\ NotOwn /\ (\ E),
             straight_moves(S, R, RT, X1, X2),
             Right is O /\ (NotOwn >> 1),
             right_moves(Right, R, RT, X2, Tail)
         )).
row_goal(wide, O, A, E, R, RT, Full, Moves, Tail,
         (   O =:= 0 -> Moves = Tail
         ;   NotOwn is Full /\ (\ A),
             Left is O /\ (NotOwn << 1),
             S is O /\ NotOwn /\ (\ E),
             Right is O /\ (NotOwn >> 1),
             wide_moves(Left, S, Right, R, RT, Moves, Tail)
         )).

list_conjunction([G], G) :- !.
list_conjunction([G|Gs], (G, C)) :-
    list_conjunction(Gs, C).

% wide_moves(+Left, +S, +Right, +R, +RT, -Moves, ?Tail): the moves from
% row R to row RT of the pieces Left (to the left), S (straight) and Right
% (to the right), the columns 1-8 and 9-12 of each looked up apart.
wide_moves(Left, S, Right, R, RT, Moves, Tail) :-
    K1 is Left /\ 255,
    left_moves(K1, R, RT, Moves, Moves1),
    K1h is 256 + (Left >> 8),
    left_moves(K1h, R, RT, Moves1, Moves2),
    K2 is S /\ 255,
    straight_moves(K2, R, RT, Moves2, Moves3),
    K2h is 256 + (S >> 8),
    straight_moves(K2h, R, RT, Moves3, Moves4),
    K3 is Right /\ 255,
    right_moves(K3, R, RT, Moves4, Moves5),
    K3h is 256 + (Right >> 8),
    right_moves(K3h, R, RT, Moves5, Tail).

/* left_moves(Key, R, RT, Moves, Tail), straight_moves/5, right_moves/5:
   the tables of the moves of a set of pieces of one row going in one
   direction. Moves is the difference list of their moves from row R to
   row RT, by column. Key is the mask of the pieces for the columns 1-8
   (0..255), and 256 + the mask shifted right by 8 for the columns 9-12
   (256..271). 3 x 272 facts, built when the file is loaded by
   build_moves_tables/0. CHOICE: the tables (and the generators above) are
   built with assertz/1 rather than written out in this file: that costs
   some tens of ms and a few megabytes once, at load time, and they never
   change afterwards (assertz only leaks when it is used over and over). A
   lookup copies the ready-made list of moves: about ten times faster than
   taking the set bits out one by one. */
:- dynamic(left_moves/5).
:- dynamic(straight_moves/5).
:- dynamic(right_moves/5).

build_moves_tables :-
    retractall(left_moves(_, _, _, _, _)),
    retractall(straight_moves(_, _, _, _, _)),
    retractall(right_moves(_, _, _, _, _)),
    (   member(Name-D, [left_moves-(-1), straight_moves-0, right_moves-1]),
        between(0, 271, Key),
        (   Key < 256 -> Bits = Key, C0 = 1
        ;   Bits is Key - 256, C0 = 9
        ),
        bits_moves(Bits, C0, D, R, RT, Moves, Tail),
        Fact =.. [Name, Key, R, RT, Moves, Tail],
        assertz(Fact),
        fail
    ;   true
    ).

% bits_moves(+Bits, +C, +D, ?R, ?RT, -Moves, ?Tail): the moves from row R
% to row RT of the pieces Bits (bit 0 is column C), each going D columns
% to the right.
bits_moves(Bits, C, D, R, RT, Moves, Tail) :-
    (   Bits =:= 0 -> Moves = Tail
    ;   Bits /\ 1 =:= 1 ->
        C2 is C + D,
        Moves = [move(R, C, RT, C2)|Moves1],
        Bits1 is Bits >> 1, C1 is C + 1,
        bits_moves(Bits1, C1, D, R, RT, Moves1, Tail)
    ;   Bits1 is Bits >> 1, C1 is C + 1,
        bits_moves(Bits1, C1, D, R, RT, Moves, Tail)
    ).


/* ---------------------------------------------------------------------
   Checking and playing a move
   --------------------------------------------------------------------- */

%% legal_move(+State, ?Move)
% Move is a legal move in State. With Move unbound (or partly bound) it
% enumerates the legal moves in the order of legal_moves/2; with Move
% ground it checks the squares directly, and any term that is not a legal
% move (even `foo` or move(a,b,c,d)) just fails.
legal_move(State, Move) :-
    (   ground(Move) ->
        move_capture(State, Move, _)
    ;   legal_moves(State, Moves),
        member(Move, Moves)
    ).

% move_capture(+State, +Move, -Captured): Move is legal in State and
% Captured says whether it captures (true or false).
move_capture(breakthrough(Rows, Cols, Turn, White, Black, _, _, ongoing),
             Move, Captured) :-
    move_on_board(Move, Rows, Cols, R1, C1, R2, C2),
    forward(Turn, R1, R2),
    abs(C2 - C1) =< 1,
    (   Turn =:= 1 -> Own = White, Opp = Black
    ;   Own = Black, Opp = White
    ),
    From is 1 << (C1 - 1),
    To is 1 << (C2 - 1),
    row_of(R1, Own, O1), O1 /\ From =\= 0,
    row_of(R2, Own, O2), O2 /\ To =:= 0,
    row_of(R2, Opp, P2),
    (   P2 /\ To =:= 0 -> Captured = false
    ;   C1 =\= C2, Captured = true
    ).

% move_on_board(+Move, +Rows, +Cols, -R1, -C1, -R2, -C2): Move is a move
% term with both squares on the board.
move_on_board(Move, Rows, Cols, R1, C1, R2, C2) :-
    nonvar(Move),
    Move = move(R1, C1, R2, C2),
    on_board(R1, C1, Rows, Cols),
    on_board(R2, C2, Rows, Cols).

on_board(R, C, Rows, Cols) :-
    integer(R), integer(C),
    R >= 1, R =< Rows,
    C >= 1, C =< Cols.

% forward(+Turn, +R1, +R2): from row R1 to R2 is one row forward for Turn.
forward(1, R1, R2) :- R2 =:= R1 + 1.
forward(2, R1, R2) :- R2 =:= R1 - 1.

%% apply_move(+State0, +Move, -State, -Events)
% State is the position after the side to move plays Move. Deterministic;
% fails if Move is not a legal move. Events is [capture(R,C)] when the
% move took the enemy piece on (R,C), then won(Player) when it ended the
% game (a piece reached its goal row, or the enemy has no pieces left; the
% enemy always has a move otherwise, see the top); [] otherwise.
apply_move(State0, Move, State, Events) :-
    State0 = breakthrough(Rows, Cols, Turn, White0, Black0, Plies0, _, ongoing),
    nonvar(Move),
    Move = move(R1, C1, R2, C2),
    integer(R1), integer(C1), integer(R2), integer(C2),
    C1 >= 1, C1 =< Cols, C2 >= 1, C2 =< Cols,
    D is C2 - C1, D >= -1, D =< 1,
    From is 1 << (C1 - 1),
    To is 1 << (C2 - 1),
    (   Turn =:= 1 ->
        R2 =:= R1 + 1, R1 >= 1, R2 =< Rows,
        % rows R1 and R2 of White: the piece leaves one, enters the other
        two_rows(R1, White0, O1, O2, White, N1, N2),
        O1 /\ From =\= 0,
        O2 /\ To =:= 0,
        N1 is O1 - From,
        N2 is O2 \/ To,
        row_of(R2, Black0, P2),
        (   P2 /\ To =:= 0 -> Captured = false, Black = Black0
        ;   D =\= 0,
            Captured = true,
            new_row(R2, Black0, Black, P),
            P is P2 - To
        ),
        Next = 2
    ;   R2 =:= R1 - 1, R2 >= 1, R1 =< Rows,
        % rows R2 and R1 of Black: the piece enters the lower one
        two_rows(R2, Black0, O2, O1, Black, N2, N1),
        O1 /\ From =\= 0,
        O2 /\ To =:= 0,
        N1 is O1 - From,
        N2 is O2 \/ To,
        row_of(R2, White0, P2),
        (   P2 /\ To =:= 0 -> Captured = false, White = White0
        ;   D =\= 0,
            Captured = true,
            new_row(R2, White0, White, P),
            P is P2 - To
        ),
        Next = 1
    ),
    Plies is Plies0 + 1,
    (   Captured == false ->
        (   goal_row(Turn, Rows, R2) ->
            Result = won(Turn, goal), Events = [won(Turn)]
        ;   Result = ongoing, Events = []
        )
    ;   goal_row(Turn, Rows, R2) ->
        Result = won(Turn, goal), Events = [capture(R2, C2), won(Turn)]
    ;   (   Turn =:= 1 -> all_zero(Black) ; all_zero(White) ) ->
        Result = won(Turn, no_pieces), Events = [capture(R2, C2), won(Turn)]
    ;   Result = ongoing, Events = [capture(R2, C2)]
    ),
    State = breakthrough(Rows, Cols, Next, White, Black, Plies,
                         last(Move, Captured), Result).

/* Three small tables reach into a list of row masks in one indexed call
   (no walk along the list); they are built when the file is loaded, by
   build_row_tables/0, for rows 1 to 12:
     row_of(K, Masks, M)                    M is row K of Masks;
     new_row(K, Masks, NewMasks, M)         NewMasks is Masks with row K
                                            replaced by M (the other rows
                                            shared);
     two_rows(K, Masks, A, B, NewMasks, NA, NB)
                                            A and B are rows K and K+1 of
                                            Masks, NewMasks is Masks with
                                            them replaced by NA and NB. */
:- dynamic(row_of/3).
:- dynamic(new_row/4).
:- dynamic(two_rows/7).

build_row_tables :-
    retractall(row_of(_, _, _)),
    retractall(new_row(_, _, _, _)),
    retractall(two_rows(_, _, _, _, _, _, _)),
    (   between(1, 12, K),
        K0 is K - 1,
        length(Prefix, K0),
        append(Prefix, [M|Tail], Masks),
        append(Prefix, [New|Tail], NewMasks),
        assertz(row_of(K, Masks, M)),
        assertz(new_row(K, Masks, NewMasks, New)),
        K < 12,
        Tail = [B|Tail2],
        append(Prefix, [NA, NB|Tail2], NewMasks2),
        assertz(two_rows(K, Masks, M, B, NewMasks2, NA, NB)),
        fail
    ;   true
    ).

all_zero([]).
all_zero([M|Ms]) :-
    M =:= 0,
    all_zero(Ms).


/* ---------------------------------------------------------------------
   The end of the game
   --------------------------------------------------------------------- */

%% outcome(+State, -Outcome)
% Outcome is `ongoing`, over([1,0], winner(1)) when White has won, or
% over([0,1], winner(2)) when Black has won. There are no draws.
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

% captures(+State, +R1, +C1, +R2, +C2): the move, diagonal, lands on a
% piece of the other side.
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

%% square_text(+Square)//
% The algebraic text of the square sq(R,C) (R and C integers, C from 1 to
% 12): its column letter, a for column 1 up to l for 12, then its row,
% e.g. "c2", "l12". Printing only.
square_text(sq(R, C)) -->
    { integer(R), integer(C), letter(Letter, _, C) },
    [Letter], int(R).

int(N) --> { number_chars(N, Cs) }, seq(Cs).

parsed_move(Move) -->
    blanks, notation(Move), blanks.

notation(move(R1, C1, R2, C2)) -->
    square(R1, C1), blanks, separator, blanks, square(R2, C2).

separator --> [C], { separator_char(C) }, !.
separator --> [].

separator_char('-').
separator_char(x).
separator_char('X').
separator_char(':').

% A square: algebraic "c2", or the assignment's "(2,3)" or "(2 3)".
square(R, C) --> [Letter], { column_letter(Letter, C) }, !, blanks, nat(R).
square(R, C) -->
    "(", blanks, nat(R), pair_separator, nat(C), blanks, ")".

% Between the row and the column: a comma (blanks around it allowed) or
% blanks.
pair_separator --> blanks, ",", !, blanks.
pair_separator --> blank, blanks.

% A natural number: one or more digits, read greedily, built digit by digit
% (number_chars/2 could throw). At most 4 digits: no board is that big,
% and a long run of digits would make a bigint.
nat(N) --> digit(D), digits(D, 1, N).

% The small text helpers below (blanks, digits, letters) are repeated in
% each rules file on purpose: a rules file stands alone, so that a copy of
% it can be edited and checked anywhere (tabula check /tmp/copy.pl) without
% a shared module beside it.
digits(N0, K, N) -->
    digit(D), !,
    { K < 4, N1 is N0*10 + D, K1 is K + 1 },
    digits(N1, K1, N).
digits(N, _, N) --> [].

digit(D) --> [C], { atom(C), digit_value(C, D) }.

blanks --> blank, !, blanks.
blanks --> [].

blank --> [C], { atom(C), blank_char(C) }.

blank_char(' ').
blank_char('\t').
blank_char('\n').
blank_char('\r').

digit_value('0', 0). digit_value('1', 1). digit_value('2', 2).
digit_value('3', 3). digit_value('4', 4). digit_value('5', 5).
digit_value('6', 6). digit_value('7', 7). digit_value('8', 8).
digit_value('9', 9).

% column_letter(+Char, -C): the algebraic letter of column C, either case.
column_letter(Char, C) :-
    atom(Char),
    (   letter(Char, _, C0) -> C = C0
    ;   letter(_, Char, C0) -> C = C0
    ).

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
    blanks,
    text_row(First),
    more_rows(Rest),
    blank, blanks,
    side(Turn),
    blanks,
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

% position_state(+TextRows, +Turn, -State): the start that the rows (the
% top one first) describe; fails if it is no start.
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

% row_masks_down(+TextRows, +Cols, +White0, +Black0, -White, -Black): the
% row masks, row 1 first (the text gives the top row first).
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

% The first reason that applies, from the most general to the most precise.
reason(State, _) -->
    { \+ to_move(State, _) }, !,
    "the game is over".
reason(State, Move) -->
    { State = breakthrough(Rows, Cols, _, _, _, _, _, _),
      \+ ( ground(Move), move_on_board(Move, Rows, Cols, _, _, _, _) ) }, !,
    quoted(Move), " is not a move on this ", int(Rows), " x ", int(Cols),
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

quoted(Term) -->
    { write_term_to_chars(Term, [quoted(true)], Cs) },
    seq(Cs).


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
    phrase(format_("White ~d pieces, Black ~d pieces", [NW, NB]), Caption),
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


/* ---------------------------------------------------------------------
   The table of moves, built when the file is loaded
   --------------------------------------------------------------------- */

:- initialization((build_moves_tables, build_generators, build_row_tables)).
