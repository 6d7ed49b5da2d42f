/** Timbiriche (Dots and Boxes): the rules.

This module is the rulebook of Timbiriche as the 2011 UABC assignment states
it, written as a game module for tabula (game.pl documents the contract that
every game module follows; this file does not need it).

The game, in the assignment's words and ours:

  * The board is a grid of Rows x Cols DOTS. The assignment fixes 5 rows by
    6 columns (20 boxes); tabula lets the players choose any size from 2 x 2
    to 12 x 12 dots.
  * Two, three or four players (default two). Player 1 starts.
  * On a turn a player joins two adjacent dots, horizontally or vertically,
    that are not joined yet. Diagonals are not allowed.
  * A player who draws the fourth side of a box closes it: the box is hers
    and is worth box_points/1 points (10 in the assignment).
  * A player who closes a box (or two at once) must move again; otherwise
    the turn passes to the next player, cyclically (1, 2, ..., N, 1, ...).
  * The game ends when every segment is drawn. The player with the most
    points wins. CHOICE: the assignment is silent about equal points; here
    equal top points is a tie between the players who share the top.

Coordinates, as the assignment proposes: dot rows I are numbered from 0 at
the top, dot columns J from 0 at the left.

  * h(I,J) is the horizontal segment in dot row I from column J to J+1
    (the assignment's H[i,j]); 0 =< I < Rows, 0 =< J < Cols-1.
  * v(I,J) is the vertical segment in dot column J from row I to I+1
    (the assignment's V[i,j]); 0 =< I < Rows-1, 0 =< J < Cols.
  * box(I,J) is the box whose top-left corner is dot (I,J); its sides are
    h(I,J) (top), h(I+1,J) (bottom), v(I,J) (left) and v(I,J+1) (right).

A move IS a segment term: h(I,J) or v(I,J).

Segment numbering. The drawn segments are the 1 bits of one integer. The
segment h(I,J) is bit I*Cols + J and v(I,J) is bit Rows*Cols + I*Cols + J:
the H array and then the V array, each stored row by row with a stride of
Cols bits (the last bit of each H row, J = Cols-1, is never used). With
the same stride in both arrays, the three other sides of a box always sit
at the same distances from the segment being drawn, whatever its place, so
one mask per side of a segment tests all three at once (see "Boxes").
A board has Rows*(Cols-1) + (Rows-1)*Cols segments: 49 on 5 x 6, 264 on
12 x 12.

The state is compact, so that random playouts and searches are fast:

    dots(Geometry, Players, Turn, Drawn, Free, Boxes, Owned, History)

  * Geometry: geometry(Rows, Cols, VOffset, Above, Below, Left, Right), the
    board size, the bit of v(0,0) (Rows*Cols), and for each side of a
    segment the mask that tests the box on that side (see "Boxes"). It is
    made once by initial_state/2 and shared by every later state.
  * Players: the number of players, 2..4.
  * Turn: the player to move, 1..Players (meaningless once Free is []).
  * Drawn: the drawn segments, one bit each.
  * Free: the undrawn segments, in segment-number order. It is the list of
    legal moves, kept ready because rebuilding it from Drawn at every move
    would cost more than the rest of the move (arithmetic is the slow part
    of Scryer; walking a list is cheaper). The game is over when it is [].
  * Boxes: the number of boxes each player has closed, in player order,
    e.g. [3,1]. Points are Boxes x box_points/1, computed when asked, so
    editing box_points/1 changes every score everywhere.
  * Owned: the closed boxes as box(I,J,Player), newest first.
  * History: the drawn segments as seg(Move,Player), newest first.

Notation (move_text//2): a dot is named as a chess square, its column
letter (a = column 0, from the left) and its row counted from 1 at the
BOTTOM (on a 5-row board row 1 is I = 4): the board's edges show these
letters and numbers. A segment is the pair of dots it joins, `a1-b1`: the
canonical text names the left dot first for a horizontal segment and the
lower dot first for a vertical one (`a1-b1`, `a1-a2`). Also read: the dots
in either order, in any case, with or without the `-`; and the
assignment's `h(0,1)` / `v(2,3)` (rows from 0 at the top, columns from 0 at
the left), in upper case too, with blanks anywhere between the parts
(`H (0, 1)`, `h 0 1`).
*/

:- module(dots, [game_info/1,
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
                 explain_unreadable/3,
                 events_text/3,
                 view/2,
                 check_options/1,
                 max_plies/2,
                 box_points/1,
                 board_size/3,
                 segment_count/2,
                 segments_left/2,
                 segment_bit/3,
                 drawn/2,
                 box_sides/2,
                 segment_boxes/3,
                 sides_drawn/4,
                 box_owner/4,
                 closed_boxes/3,
                 scores/2,
                 dot_pair_text//2]).

:- use_module(library(lists)).
:- use_module(library(between)).
:- use_module(library(error)).
:- use_module(library(dcgs)).
:- use_module(library(charsio)).


/* ---------------------------------------------------------------------
   The points and the options
   --------------------------------------------------------------------- */

%% game_info(-Facts)
% What tabula tells people about the game (game.pl documents each fact).
game_info([
    title("Timbiriche (Dots and Boxes)"),
    aliases([timbiriche, 'dots-and-boxes', dots_and_boxes, dotsandboxes]),
    summary("Players take turns joining two neighbouring dots. Whoever draws the fourth side of a box owns it, scores its points and moves again. When every line is drawn, the most points wins."),
    notation("A move draws a segment between two neighbouring dots, written as the two dots it joins: a1-b1 or a1-a2. A dot is named like a chess square, its column letter a, b, c... from the left and its row 1, 2, 3... from the bottom (the letters under the board and the numbers on its left). The assignment's h(I,J) and v(I,J) are read too: h(I,J) joins dot (I,J) to (I,J+1), v(I,J) joins (I,J) to (I+1,J), rows I from 0 at the top, columns J from 0 at the left."),
    notation_hint("try a1-b1 or a1-a2: the two dots a line joins"),
    options([option(rows, integer(2, 12), 5, "Rows of dots"),
             option(cols, integer(2, 12), 6, "Columns of dots"),
             option(players, integer(2, 4), 2, "Players")]),
    players('dots_ai.pl'),
    championship([scoring(points), random_start(false), self_games(false)])
]).

%% box_points(-Points)
% Points is what a closed box is worth: 10 in the assignment. This is the
% only place the value is written; edit it and every score follows.
box_points(10).

%% option(Name, Default, Min, Max, Domain)
% The options initial_state/2 reads. Domain names the allowed range in the
% domain_error thrown for a value outside it.
option(rows,    5, 2, 12, rows_between_2_and_12).
option(cols,    6, 2, 12, cols_between_2_and_12).
option(players, 2, 2,  4, players_between_2_and_4).

%% check_options(-OptionLists)
% OptionLists are the option lists that the conformance check of game.pl
% plays random games with: the assignment's board (the default), the
% smallest and the largest (2 x 2, 12 x 12), odd shapes (3 x 7 with three
% players, 6 x 3), and four players (4 x 4).
check_options([[],
               [rows(2), cols(2)],
               [rows(3), cols(7), players(3)],
               [rows(4), cols(4), players(4)],
               [rows(12), cols(12)],
               [rows(6), cols(3), players(2)]]).


/* ---------------------------------------------------------------------
   The initial state
   --------------------------------------------------------------------- */

%% initial_state(+Options, -State)
% State is the empty board described by Options, a list that may hold
% rows(R), cols(C) and players(N) (defaults 5, 6 and 2). Unknown options are
% ignored; when an option is given twice the first one counts. A value that
% is not an integer throws a type_error; an integer out of range throws
% domain_error(rows_between_2_and_12, R) (and likewise for cols, players).
% Player 1 moves first.
initial_state(Options, State) :-
    must_be(list, Options),
    option_value(rows, Options, Rows),
    option_value(cols, Options, Cols),
    option_value(players, Options, Players),
    geometry(Rows, Cols, Geometry),
    all_segments(Rows, Cols, Free),
    zeros(Players, Boxes),
    State = dots(Geometry, Players, 1, 0, Free, Boxes, [], []).

option_value(Name, Options, Value) :-
    option(Name, Default, Min, Max, Domain),
    Pattern =.. [Name, Value0],
    (   memberchk(Pattern, Options) ->
        must_be(integer, Value0),
        (   Value0 >= Min, Value0 =< Max -> Value = Value0
        ;   domain_error(Domain, Value0, initial_state/2)
        )
    ;   Value = Default
    ).

zeros(0, []) :- !.
zeros(N, [0|Zs]) :- N1 is N - 1, zeros(N1, Zs).

% all_segments(+Rows, +Cols, -Segments): every segment of the board, in
% segment-number order: Rows rows of Cols-1 horizontal segments, then
% Rows-1 rows of Cols vertical segments.
all_segments(Rows, Cols, Segments) :-
    LastRow is Rows - 1,
    LastCol is Cols - 1,
    findall(h(I, J),
            ( between(0, LastRow, I), between(1, LastCol, J1), J is J1 - 1 ),
            Hs),
    findall(v(I, J),
            ( between(1, LastRow, I1), I is I1 - 1, between(0, LastCol, J) ),
            Vs),
    append(Hs, Vs, Segments).

% segments_on_board(+Rows, +Cols, -N): how many segments a board has.
segments_on_board(Rows, Cols, N) :-
    N is Rows*(Cols-1) + (Rows-1)*Cols.

%% geometry(+Rows, +Cols, -Geometry)
% The fixed facts about a board that the moves use (see the state layout at
% the top).
geometry(Rows, Cols, geometry(Rows, Cols, VOffset, Above, Below, Left, Right)) :-
    VOffset is Rows*Cols,
    side_mask(above, Rows, Cols, Above),
    side_mask(below, Rows, Cols, Below),
    side_mask(left, Rows, Cols, Left),
    side_mask(right, Rows, Cols, Right).


/* ---------------------------------------------------------------------
   Reading the state
   --------------------------------------------------------------------- */

%% players(+State, -N)
% N is the number of players of the game.
players(dots(_, N, _, _, _, _, _, _), N).

%% to_move(+State, -Player)
% Player (1..N) is the player to move. Fails when the game is over, that is
% when every segment is drawn.
to_move(dots(_, _, Player, _, Free, _, _, _), Player) :-
    Free \== [].

%% board_size(+State, -Rows, -Cols)
% The board has Rows x Cols dots.
board_size(dots(geometry(Rows, Cols, _, _, _, _, _), _, _, _, _, _, _, _),
           Rows, Cols).

%% segment_count(+State, -N)
% N is the number of segments of the board, drawn or not:
% Rows*(Cols-1) + (Rows-1)*Cols. It is also the exact length of a game.
segment_count(State, N) :-
    board_size(State, Rows, Cols),
    segments_on_board(Rows, Cols, N).

%% segments_left(+State, -N)
% N is the number of segments not drawn yet (0 when the game is over).
segments_left(dots(_, _, _, _, Free, _, _, _), N) :-
    length(Free, N).

%% max_plies(+State, -N)
% N bounds the number of moves left in the game: every move draws one
% segment, so a game from State lasts exactly N more moves.
max_plies(State, N) :-
    segments_left(State, N).

%% segment_bit(+State, +Move, -K)
% Move is a segment h(I,J) or v(I,J) of the board and K is its bit in the
% Drawn integer (see "Segment numbering" at the top). Fails for anything
% that is not a segment of this board, whatever the term: integers and
% ranges are checked first, so no term can make it throw (bit/3 is the
% unchecked version).
segment_bit(dots(Geometry, _, _, _, _, _, _, _), Move, K) :-
    nonvar(Move),
    on_board(Move, Geometry),
    bit(Move, Geometry, K).

% on_board(+Move, +Geometry): Move is a segment of the board. Every bound
% term is safe here: anything but two integers in range simply fails.
on_board(h(I, J), geometry(Rows, Cols, _, _, _, _, _)) :-
    integer(I), integer(J),
    I >= 0, I < Rows,
    J >= 0, J < Cols - 1.
on_board(v(I, J), geometry(Rows, Cols, _, _, _, _, _)) :-
    integer(I), integer(J),
    I >= 0, I < Rows - 1,
    J >= 0, J < Cols.

% bit(+Move, +Geometry, -K): the bit of a segment known to be on the board
% (no checks).
bit(h(I, J), geometry(_, Cols, _, _, _, _, _), K) :-
    K is I*Cols + J.
bit(v(I, J), geometry(_, Cols, VOffset, _, _, _, _), K) :-
    K is VOffset + I*Cols + J.

%% drawn(+State, +Move)
% Move is a segment of the board that is already drawn.
drawn(State, Move) :-
    segment_bit(State, Move, K),
    State = dots(_, _, _, Drawn, _, _, _, _),
    Drawn >> K /\ 1 =:= 1.


/* ---------------------------------------------------------------------
   Boxes: the assignment's H/V neighbours
   --------------------------------------------------------------------- */

% closes_box(Side, Move, Others): the assignment's analysis. A segment has
% a box on each side (two sides, one of them off the board for a segment
% on the border); drawing Move closes the box on Side when the three
% segments Others, the other sides of that box, are already drawn.

% Drawing H[i,j] closes the box above when H[i-1,j], V[i-1,j] and
% V[i-1,j+1] are drawn ...
%% closes_box(?Side, ?Move, ?Others)
% Drawing the segment Move closes the box on its Side (above or below an
% h segment, left or right of a v one) when the three segments Others, the
% box's other sides, are drawn; their coordinates are written as
% expressions (evaluated/2 computes them). The rulebook in one table.
%   ?- dots:closes_box(below, h(0, 0), Others).
%      Others = [h(0+1,0),v(0,0),v(0,0+1)].
closes_box(above, h(I, J), [h(I-1, J), v(I-1, J), v(I-1, J+1)]).
% ... and the box below when H[i+1,j], V[i,j] and V[i,j+1] are drawn.
closes_box(below, h(I, J), [h(I+1, J), v(I, J), v(I, J+1)]).
% Drawing V[i,j] closes the box on the left when V[i,j-1], H[i,j-1] and
% H[i+1,j-1] are drawn ...
closes_box(left, v(I, J), [v(I, J-1), h(I, J-1), h(I+1, J-1)]).
% ... and the box on the right when V[i,j+1], H[i,j] and H[i+1,j] are drawn.
closes_box(right, v(I, J), [v(I, J+1), h(I, J), h(I+1, J)]).

% A segment on the border of the board has a box on one side only, so a
% border segment closes at most one box and an inner segment at most two:
% closes/5 below checks that the box is on the board before testing it.

% sides(+Move, -Side1, -Side2): the two sides of a segment, in the order in
% which the boxes it closes are reported.
sides(h(_, _), above, below).
sides(v(_, _), left, right).

/* The rule above, tested fast. closes_box/3 names the three other sides of
   the box relative to the segment drawn. With the bit layout of the top
   (H and V both stored with a stride of Cols bits), each of those sides is
   a fixed number of bits away from the segment drawn, the same for every
   segment of that kind: the box above h(I,J) needs the bits K-Cols,
   K-Cols+VOffset and K-Cols+VOffset+1, where K is the bit of h(I,J). So
   side_mask/4 works out once per board, from closes_box/3 itself, an
   offset and a mask per side, mask(Offset, Mask), and the test of a side
   is one arithmetic comparison:

       Drawn >> (K + Offset) /\ Mask =:= Mask
*/

%% side_mask(+Side, +Rows, +Cols, -mask(Offset, Mask))
% The relative bits of the three other sides of the box on Side, taken from
% closes_box/3 for a sample segment that has a box on that side on every board
% (2 x 2 up).
side_mask(Side, Rows, Cols, mask(Offset, Mask)) :-
    sample_segment(Side, Move),
    closes_box(Side, Move, Others),
    Geometry = geometry(Rows, Cols, VOffset, _, _, _, _),
    VOffset is Rows*Cols,
    bit(Move, Geometry, K),
    findall(D,
            ( member(Other0, Others),
              evaluated(Other0, Other),
              bit(Other, Geometry, KO),
              D is KO - K ),
            Ds),
    list_min(Ds, Offset),
    foldl(add_bit(Offset), Ds, 0, Mask).

%% sample_segment(?Side, ?Move)
% Move is a segment that has a box on its Side on every board from 2 x 2
% up: side_mask/4 reads the relative bits of that box's sides from it.
%   ?- dots:sample_segment(above, M).
%      M = h(1,0).
sample_segment(above, h(1, 0)).
sample_segment(below, h(0, 0)).
sample_segment(left, v(0, 1)).
sample_segment(right, v(0, 0)).

%% evaluated(+Expr, -Move)
% Move is the segment Expr (as closes_box/3 writes it, h(I-1, J)) with its
% coordinates computed.
%   ?- dots:evaluated(h(2-1, 0+1), M).
%      M = h(1,1).
evaluated(h(IE, JE), h(I, J)) :- I is IE, J is JE.
evaluated(v(IE, JE), v(I, J)) :- I is IE, J is JE.

add_bit(Offset, D, Mask0, Mask) :-
    Mask is Mask0 \/ (1 << (D - Offset)).

%% closes(+Side, +Move, +K, +Drawn, +Geometry)
% Drawing Move, whose bit is K, closes the box on Side: the box is on the
% board and its three other sides are drawn.
closes(above, h(I, _), K, Drawn, geometry(_, _, _, mask(O, M), _, _, _)) :-
    I > 0,
    Drawn >> (K + O) /\ M =:= M.
closes(below, h(I, _), K, Drawn, geometry(Rows, _, _, _, mask(O, M), _, _)) :-
    I < Rows - 1,
    Drawn >> (K + O) /\ M =:= M.
closes(left, v(_, J), K, Drawn, geometry(_, _, _, _, _, mask(O, M), _)) :-
    J > 0,
    Drawn >> (K + O) /\ M =:= M.
closes(right, v(_, J), K, Drawn, geometry(_, Cols, _, _, _, _, mask(O, M))) :-
    J < Cols - 1,
    Drawn >> (K + O) /\ M =:= M.

%% boxes_closed_by(+Move, +K, +Drawn, +Geometry, -Boxes)
% The boxes (0, 1 or 2) that drawing Move, bit K, closes when the segments
% Drawn are drawn.
boxes_closed_by(Move, K, Drawn, Geometry, Boxes) :-
    sides(Move, Side1, Side2),
    (   closes(Side1, Move, K, Drawn, Geometry) ->
        box_on(Side1, Move, Box1),
        Boxes = [Box1|Boxes1]
    ;   Boxes = Boxes1
    ),
    (   closes(Side2, Move, K, Drawn, Geometry) ->
        box_on(Side2, Move, Box2),
        Boxes1 = [Box2]
    ;   Boxes1 = []
    ).

%% box_on(+Side, +Move, -Box)
% The box on that Side of segment Move.
box_on(above, h(I, J), box(I0, J)) :- I0 is I - 1.
box_on(below, h(I, J), box(I, J)).
box_on(left,  v(I, J), box(I, J0)) :- J0 is J - 1.
box_on(right, v(I, J), box(I, J)).

%% closed_boxes(+State, +Move, -Boxes)
% Boxes is the list of boxes box(I,J) that drawing the undrawn segment Move
% would close now: [], one box, or two. Fails if Move is not an undrawn
% segment of the board. Computer players use it to look for boxes to take.
closed_boxes(State, Move, Boxes) :-
    segment_bit(State, Move, K),
    State = dots(Geometry, _, _, Drawn, _, _, _, _),
    Drawn >> K /\ 1 =:= 0,
    boxes_closed_by(Move, K, Drawn, Geometry, Boxes).

%% box_sides(+Box, -Sides)
% Sides are the four sides of Box = box(I,J): [h(I,J), h(I+1,J), v(I,J),
% v(I,J+1)] (top, bottom, left, right).
box_sides(box(I, J), [h(I, J), h(I1, J), v(I, J), v(I, J1)]) :-
    I1 is I + 1,
    J1 is J + 1.

%% segment_boxes(+State, +Move, -Boxes)
% Boxes is the list of the boxes box(I,J) that segment Move is a side of:
% one for a border segment, two for an inner one (above then below, or left
% then right). Fails if Move is not a segment of the board.
segment_boxes(State, Move, Boxes) :-
    segment_bit(State, Move, _),
    board_size(State, Rows, Cols),
    sides(Move, Side1, Side2),
    findall(Box,
            ( member(Side, [Side1, Side2]),
              box_on(Side, Move, Box),
              box_on_board(Box, Rows, Cols) ),
            Boxes).

box_on_board(box(I, J), Rows, Cols) :-
    integer(I), integer(J),
    I >= 0, I < Rows - 1,
    J >= 0, J < Cols - 1.

%% sides_drawn(+State, +I, +J, -N)
% N (0..4) is the number of drawn sides of box(I,J). Fails if there is no
% such box on the board. A box with 3 sides drawn can be taken by the next
% move; drawing a box's third side is what a careful player avoids.
sides_drawn(State, I, J, N) :-
    board_size(State, Rows, Cols),
    box_on_board(box(I, J), Rows, Cols),
    box_sides(box(I, J), Sides),
    count_drawn(Sides, State, 0, N).

count_drawn([], _, N, N).
count_drawn([Side|Sides], State, N0, N) :-
    (   drawn(State, Side) -> N1 is N0 + 1 ; N1 = N0 ),
    count_drawn(Sides, State, N1, N).

%% box_owner(+State, +I, +J, -Player)
% Player closed box(I,J). Fails if the box is not closed (yet).
box_owner(dots(_, _, _, _, _, _, Owned, _), I, J, Player) :-
    memberchk(box(I, J, Player), Owned).


/* ---------------------------------------------------------------------
   Moves
   --------------------------------------------------------------------- */

%% legal_move(+State, ?Move)
% Move is a segment that may be drawn now: one not drawn yet (so the game
% is not over). With Move unbound (or partly bound) it enumerates the legal
% moves in the order of legal_moves/2; with Move ground it checks it, and
% any term that is not a legal move (even `foo` or `h(a,b)`) just fails
% (a ground Move is looked up with memberchk/2 among the undrawn segments).
legal_move(dots(_, _, _, _, Free, _, _, _), Move) :-
    (   ground(Move) -> memberchk(Move, Free)
    ;   member(Move, Free)
    ).

%% legal_moves(+State, -Moves)
% Moves is the list of every undrawn segment, in segment-number order: the
% horizontal segments row by row, then the vertical ones. It is [] exactly
% when the game is over.
legal_moves(dots(_, _, _, _, Free, _, _, _), Free).

%% apply_move(+State0, +Move, -State, -Events)
% State is the position after the player to move draws segment Move in
% State0. Deterministic; fails if Move is not a legal move. Events lists
% what the move caused, in this order:
%   * box(I,J) for each box the move closed (0, 1 or 2; above before below,
%     left before right);
%   * extra_turn if it closed a box and the game goes on: the same player
%     moves again;
%   * game_over if it was the last segment.
% With no box closed and the game going on, Events is [] and the turn
% passes to the next player.
apply_move(dots(Geometry, Players, Player, Drawn0, Free0, Boxes0, Owned0,
                History0),
           Move, State, Events) :-
    % Only a segment not drawn yet may be drawn: it must be in Free0 (and
    % anything else, a partly bound term included, is not there).
    remove_segment(Free0, Move, Free),
    bit(Move, Geometry, K),
    boxes_closed_by(Move, K, Drawn0, Geometry, Closed),
    Drawn is Drawn0 \/ (1 << K),
    (   Closed == [] ->
        % No box: the turn passes to the next player, cyclically.
        next_player(Player, Players, Next),
        Boxes = Boxes0,
        Owned = Owned0
    ;   % One or two boxes: they are the mover's, and she moves again.
        Next = Player,
        length(Closed, N),
        add_boxes(Player, N, Boxes0, Boxes),
        own_boxes(Closed, Player, Owned0, Owned)
    ),
    State = dots(Geometry, Players, Next, Drawn, Free, Boxes, Owned,
                 [seg(Move, Player)|History0]),
    (   Free == [] -> append(Closed, [game_over], Events)
    ;   Closed == [] -> Events = []
    ;   append(Closed, [extra_turn], Events)
    ).

%% remove_segment(+Segments, +Move, -Rest)
% Rest is Segments without Move; fails if Move is not in Segments. The order
% of the others is kept.
remove_segment([S|Ss], Move, Rest) :-
    (   S == Move -> Rest = Ss
    ;   Rest = [S|Rest1],
        remove_segment(Ss, Move, Rest1)
    ).

%% next_player(+Player, +Players, -Next)
% 1, 2, ..., Players, 1, ...
next_player(Player, Players, Next) :-
    Next is Player mod Players + 1.

%% add_boxes(+Player, +N, +Boxes0, -Boxes)
% Player closed N more boxes.
add_boxes(1, N, [B0|Bs], [B|Bs]) :-
    !,
    B is B0 + N.
add_boxes(P, N, [B|Bs0], [B|Bs]) :-
    P1 is P - 1,
    add_boxes(P1, N, Bs0, Bs).

%% own_boxes(+Boxes, +Player, +Owned0, -Owned)
% Owned is Owned0 with box(I, J, Player) added for each box(I, J) of Boxes
% (the boxes Player just closed), newest first.
%   ?- dots:own_boxes([box(0,0)], 1, [], O).
%      O = [box(0,0,1)].
own_boxes([], _, Owned, Owned).
own_boxes([box(I, J)|Boxes], Player, Owned0, Owned) :-
    own_boxes(Boxes, Player, [box(I, J, Player)|Owned0], Owned).


/* ---------------------------------------------------------------------
   Scores and the end of the game
   --------------------------------------------------------------------- */

%% scores(+State, -Scores)
% Scores is the list of points of each player, in player order: the boxes
% each has closed times box_points/1.
scores(dots(_, _, _, _, _, Boxes, _, _), Scores) :-
    box_points(Points),
    boxes_points(Boxes, Points, Scores).

boxes_points([], _, []).
boxes_points([B|Bs], Points, [S|Ss]) :-
    S is B * Points,
    boxes_points(Bs, Points, Ss).

%% outcome(+State, -Outcome)
% Outcome is `ongoing` while a segment is left, and `over(Scores, Result)`
% once every segment is drawn: Scores are the points in player order and
% Result is winner(P) when player P alone has the most points, or tie(Ps)
% when the players Ps (a sorted list) share the most points. CHOICE: the
% assignment does not say what equal points mean; we call it a tie.
outcome(State, Outcome) :-
    (   to_move(State, _) ->
        Outcome = ongoing
    ;   scores(State, Scores),
        result(Scores, Result),
        Outcome = over(Scores, Result)
    ).

%% result(+Scores, -Result)
% Who has the most points.
result(Scores, Result) :-
    list_max(Scores, Best),
    findall(P, nth1(P, Scores, Best), Tops),
    (   Tops = [Winner] -> Result = winner(Winner)
    ;   Result = tie(Tops)
    ).


/* ---------------------------------------------------------------------
   Notation
   --------------------------------------------------------------------- */

%% move_text(+State, ?Move)//
% The text of a move. With Move bound and the text unbound it describes the
% canonical text: the pair of dots the segment joins, e.g. "a1-b1" (the
% left dot first) or "a1-a2" (the lower dot first), as the board's edges
% name them; a segment off the board, which has no dots to name, is
% written in the assignment's notation, "h(9,9)".
% With the text bound (a list of characters) it parses any accepted
% notation, with blanks allowed before, after and between the parts:
%   * a pair of adjacent dots "a1-b1": column letter (a = 0, from the left),
%     row number from 1 at the BOTTOM; either order, any case, the "-"
%     optional ("b1a1", "A1 - A2");
%   * the assignment's "h(0,1)", "H(0, 1)", "h (0,1)", "h 0 1", "v 2,3".
% Parsing never throws; it fails on text that is not a move. It does not
% check legality: a drawn segment parses, and so does h(9,9), off the
% board, so that explain_illegal/3 can say what is wrong with it. Dot pairs
% that are not adjacent, or name a dot off the board, fail (and
% explain_unreadable/3 says why).
% (It is written as a predicate, move_text/4, because it looks at the text
% to choose between parsing and printing. It calls the nonterminals below
% directly and never through phrase/3: in Scryer 0.10, phrase/3 inside a
% predicate that is reached through call/N may resolve the nonterminal in
% another loaded module that has one of the same name.)
move_text(State, Move, Cs0, Cs) :-
    (   proper_list(Cs0) ->
        parsed_move(State, Move0, Cs0, Cs),
        Move = Move0
    ;   var(Cs0), ground(Move) ->
        canonical(State, Move, Cs0, Cs)
    ).

proper_list(L) :-
    (   L == [] -> true
    ;   nonvar(L), L = [_|T], proper_list(T)
    ).

%% canonical(+State, +Move)//
% The canonical text of the segment Move: its pair of dots on the board of
% State (dot_pair_text//2), else (off the board) the assignment's h(I,J) or
% v(I,J), with no blanks.
%   ?- dots:initial_state([], _S), phrase(dots:canonical(_S, v(2,3)), Cs).
%      Cs = "d2-d3".
%   ?- dots:initial_state([], _S), phrase(dots:canonical(_S, h(9,9)), Cs).
%      Cs = "h(9,9)".
canonical(State, Move, Cs0, Cs) :-
    (   nonvar(State), dot_pair_text(State, Move, Cs1, Cs2) ->
        Cs0 = Cs1, Cs = Cs2
    ;   assignment_text(Move, Cs0, Cs)
    ).

%% assignment_text(+Move)//
% The assignment's text of a segment, h(I,J) or v(I,J), with no blanks.
%   ?- phrase(dots:assignment_text(v(2,3)), Cs).
%      Cs = "v(2,3)".
assignment_text(h(I, J)) --> { integer(I), integer(J) }, "h(", int(I), ",", int(J), ")".
assignment_text(v(I, J)) --> { integer(I), integer(J) }, "v(", int(I), ",", int(J), ")".

%% int(+N)//
% The digits of the integer N (printing only).
%   ?- phrase(dots:int(12), Cs).
%      Cs = "12".
int(N) --> { number_chars(N, Cs) }, seq(Cs).

parsed_move(State, Move) -->
    notation:blanks, notation(State, Move), notation:blanks.

notation(State, Move) --> pair_notation(State, Move).
notation(_, Move) --> hv_notation(Move).

%% hv_notation(-Move)//
% The assignment's notation, h(I,J) or v(I,J), with or without the
% parentheses, in either case, with blanks or a comma between the numbers.
%   ?- phrase(dots:hv_notation(M), "H 1 2").
%      M = h(1,2).
hv_notation(Move) -->
    kind(Kind), notation:blanks, hv_arguments(I, J),
    { Move =.. [Kind, I, J] }.

%% kind(-Kind)//
% The letter of a segment, h or v, in either case.
%   ?- phrase(dots:kind(K), "V").
%      K = v.
kind(h) --> [C], { C == h ; C == 'H' }, !.
kind(v) --> [C], { C == v ; C == 'V' }, !.

%% hv_arguments(-I, -J)//
% The two numbers of a segment, in parentheses or not, separated by a comma
% or blanks (separator//0).
%   ?- phrase(dots:hv_arguments(I, J), "( 1, 2 )").
%      I = 1, J = 2.
hv_arguments(I, J) -->
    "(", !, notation:blanks, nat(I), separator, nat(J), notation:blanks, ")".
hv_arguments(I, J) -->
    nat(I), separator, nat(J).

%% separator//
% Between the two numbers of a segment: a comma with optional blanks around
% it, or one blank or more.
%   ?- phrase(dots:separator, " , ").
%      true.
separator --> notation:blanks, ",", !, notation:blanks.
separator --> notation:blank, notation:blanks.

%% pair_notation(+State, -Move)//
% A pair of adjacent dots of the board, each its column letter and its row
% number from the bottom, joined by an optional "-": the segment between
% them on the board of State (its height turns the row numbers round).
%   ?- dots:initial_state([], _S), phrase(dots:pair_notation(_S, M), "a5-b5").
%      M = h(0,0).
pair_notation(State, Move) -->
    dot(State, Dot1), notation:blanks, optional_dash, notation:blanks, dot(State, Dot2),
    { dot_on_board(State, Dot1), dot_on_board(State, Dot2),
      adjacent_dots(Dot1, Dot2, Move) }.

optional_dash --> "-", !.
optional_dash --> [].

%% dot(+State, -Dot)//
% A dot, its column letter and its row number from the bottom, as
% dot(I, J) in the assignment's coordinates (row I from the top).
%   ?- dots:initial_state([], _S), phrase(dots:dot(_S, D), "b1").
%      D = dot(4,1).
dot(State, dot(I, J)) -->
    [C], { column_letter(C, J) }, notation:blanks, nat(N),
    { board_size(State, Rows, _), I is Rows - N }.

%% adjacent_dots(+Dot1, +Dot2, -Move)
% The segment joining two adjacent dots.
adjacent_dots(dot(I, J1), dot(I, J2), h(I, J)) :-
    1 =:= abs(J1 - J2), !,
    J is min(J1, J2).
adjacent_dots(dot(I1, J), dot(I2, J), v(I, J)) :-
    1 =:= abs(I1 - I2),
    I is min(I1, I2).

%% nat(-N)//
% A natural number: one digit or more, read greedily and built digit by
% digit (number_chars/2 could throw).
%   ?- phrase(dots:nat(N), "042").
%      N = 42.
nat(N) --> notation:digit(D), digits(D, N).

% The small text helpers below (blanks, digits, letters) are repeated in
% each rules file on purpose: a rules file stands alone, so that a copy of
% it can be edited and checked anywhere (tabula check /tmp/copy.pl) without
% a shared module beside it.
%% digits(+N0, -N)//
% The digits that follow, added to N0 as its last decimal places (none:
% N = N0).
%   ?- phrase(dots:digits(4, N), "21").
%      N = 421.
digits(N0, N) --> notation:digit(D), !, { N1 is N0*10 + D }, digits(N1, N).
digits(N, N) --> [].


%% column_letter(+Char, -J)
% Char names dot column J, in either case.
column_letter(C, J) :-
    atom(C),
    (   letter(C, _, J0) -> J = J0
    ;   letter(_, C, J0) -> J = J0
    ).

%% letter(?Lower, ?Upper, ?J)
% The column letter, lower and upper case, of dot column J (a is 0).
%   ?- dots:letter(L, _, 2).
%      L = c.
letter(a, 'A',  0). letter(b, 'B',  1). letter(c, 'C',  2). letter(d, 'D',  3).
letter(e, 'E',  4). letter(f, 'F',  5). letter(g, 'G',  6). letter(h, 'H',  7).
letter(i, 'I',  8). letter(j, 'J',  9). letter(k, 'K', 10). letter(l, 'L', 11).
letter(m, 'M', 12). letter(n, 'N', 13). letter(o, 'O', 14). letter(p, 'P', 15).
letter(q, 'Q', 16). letter(r, 'R', 17). letter(s, 'S', 18). letter(t, 'T', 19).
letter(u, 'U', 20). letter(v, 'V', 21). letter(w, 'W', 22). letter(x, 'X', 23).
letter(y, 'Y', 24). letter(z, 'Z', 25).

%% dot_pair_text(+State, +Move)//
% The pair-of-dots text of a segment of the board, e.g. "a1-b1" for the
% bottom-left horizontal segment: the left dot first for h, the lower dot
% first for v. Fails for a segment that is not on the board.
dot_pair_text(State, Move) -->
    { segment_bit(State, Move, _),
      board_size(State, Rows, _),
      pair_dots(Move, Dot1, Dot2) },
    dot_name(Rows, Dot1), "-", dot_name(Rows, Dot2).

pair_dots(h(I, J), dot(I, J), dot(I, J1)) :- J1 is J + 1.
pair_dots(v(I, J), dot(I1, J), dot(I, J)) :- I1 is I + 1.

dot_name(Rows, dot(I, J)) -->
    { letter(C, _, J), N is Rows - I },
    [C], int(N).


%% events_text(+State, +Events, -Chars)
% Chars says Events (see apply_move/4) in words. Fails for [] (a segment
% that closes nothing: the turn passes, which the board shows).
%   ?- events_text(_, [box(0,0), extra_turn], Cs).
%   Cs = "closes a box, moves again".
%   ?- events_text(_, [box(3,4), box(3,5), game_over], Cs).
%   Cs = "closes 2 boxes: the game is over".
events_text(_, Events, Chars) :-
    Events = [_|_],
    findall(B, ( member(B, Events), B = box(_, _) ), Boxes),
    length(Boxes, N),
    phrase(( boxes_closed(N), after_boxes(Events) ), Chars).

boxes_closed(0) --> "the last segment".
boxes_closed(1) --> "closes a box".
boxes_closed(N) --> { N > 1 }, "closes ", int(N), " boxes".

after_boxes(Events) -->
    (   { memberchk(extra_turn, Events) } -> ", moves again"
    ;   { memberchk(game_over, Events) } -> ": the game is over"
    ;   []
    ).

%% explain_unreadable(+State, +Chars, -Message)
% Message says why Chars, which names two dots, is not a move: a dot that
% is not on the board, or two dots that no segment joins.
%   ?- initial_state([], S), explain_unreadable(S, "a1-c1", M).
%   M = "a1 and c1 are not neighbouring dots: a segment joins two dots
%        side by side or one above the other, such as a1-b1 or a1-a2".
explain_unreadable(State, Chars, Message) :-
    phrase(( notation:blanks, dot(State, Dot1), notation:blanks, optional_dash, notation:blanks,
             dot(State, Dot2), notation:blanks ), Chars),
    \+ ( dot_on_board(State, Dot1), dot_on_board(State, Dot2),
         adjacent_dots(Dot1, Dot2, _) ),
    board_size(State, Rows, Cols),
    phrase(unreadable(Dot1, Dot2, State, Rows, Cols), Message).

unreadable(Dot1, Dot2, State, Rows, Cols) -->
    (   { \+ dot_on_board(State, Dot1) } -> off_board(Dot1, Rows, Cols)
    ;   { \+ dot_on_board(State, Dot2) } -> off_board(Dot2, Rows, Cols)
    ;   dot_name(Rows, Dot1), " and ", dot_name(Rows, Dot2),
        " are not neighbouring dots: a segment joins two dots side by side",
        " or one above the other, such as a1-b1 or a1-a2"
    ).

off_board(dot(I, J), Rows, Cols) -->
    { N is Rows - I, letter(C, _, J) },
    [C], int(N), " is not a dot of this board: its dots go from a1 to ",
    { LastJ is Cols - 1, letter(L, _, LastJ) },
    [L], int(Rows).

dot_on_board(State, dot(I, J)) :-
    board_size(State, Rows, Cols),
    I >= 0, I < Rows, J >= 0, J < Cols.


/* ---------------------------------------------------------------------
   Explaining illegal moves
   --------------------------------------------------------------------- */

%% explain_illegal(+State, +Move, -Message)
% Message (a list of characters) says why Move is not legal in State, the
% first reason that applies: "the game is over"; "foo is not a move: a move
% is h(I,J) or v(I,J) with I and J integers" (the term written quoted);
% "v(7,0) is not a segment of a 5 x 6 board"; "a5-b5 is already drawn".
% Fails if Move is legal.
explain_illegal(State, Move, Message) :-
    \+ ( ground(Move), legal_move(State, Move) ),
    reason(State, Move, Message, []).

%% reason(+State, +Move)//
% Why Move cannot be played in State, in words: the first reason that
% applies, from the most general to the most precise (explain_illegal/3).
%   ?- dots:initial_state([], _S), phrase(dots:reason(_S, h(9,9)), Cs).
%      Cs = "h(9,9) is not a segment of a 5 x 6 board".
reason(State, _) -->
    { \+ to_move(State, _) }, !,
    "the game is over".
reason(_, Move) -->
    { \+ segment_term(Move) }, !,
    notation:quoted(Move),
    " is not a move: a move is h(I,J) or v(I,J) with I and J integers".
reason(State, Move) -->
    { \+ segment_bit(State, Move, _), !,
      board_size(State, Rows, Cols) },
    assignment_text(Move), " is not a segment of a ", int(Rows), " x ", int(Cols),
    " board".
reason(State, Move) -->
    canonical(State, Move), " is already drawn".


segment_term(Move) :-
    nonvar(Move),
    ( Move = h(I, J) ; Move = v(I, J) ),
    integer(I), integer(J).


/* ---------------------------------------------------------------------
   The view
   --------------------------------------------------------------------- */

%% view(+State, -Board)
% Board is the position in game.pl's board vocabulary: the Rows x Cols
% dots; each drawn segment a line in its player's colour, oldest first;
% each closed box filled with its owner's letter (A, B, C, D); the dots'
% names as the notation writes them: their column letters along the
% bottom, their row numbers (1 at the bottom) along the left.
%   ?- initial_state([rows(2), cols(2)], S0), apply_move(S0, h(0,0), S, _),
%      view(S, board(Shape, [Line|_])).
%   Shape = lattice(2, 2), Line = line(1, 1, 1, 2, 1).
view(State, board(lattice(Rows, Cols), Items)) :-
    State = dots(_, _, _, _, _, _, Owned, History),
    board_size(State, Rows, Cols),
    reverse(History, Segments),
    reverse(Owned, Boxes),
    maplist(segment_line, Segments, Lines),
    maplist(box_fill, Boxes, Fills),
    letter_texts(Cols, Bottom),
    count_down_texts(Rows, Left),
    append([Lines, Fills,
            [labels(left, Left), labels(bottom, Bottom)]], Items).

segment_line(seg(Move, Player), line(R1, C1, R2, C2, Player)) :-
    move_regions(_, Move, [line(R1, C1, R2, C2)]).

box_fill(box(I, J, Player), fill(R, C, Player, [Letter])) :-
    R is I + 1,
    C is J + 1,
    nth1(Player, "ABCD", Letter).

%% move_regions(+State, +Move, -Regions)
% A segment is drawn by clicking the line between its two dots: h(I,J)
% joins dots (I+1, J+1) and (I+1, J+2) of the board view, v(I,J) joins
% (I+1, J+1) and (I+2, J+1). Fails for anything else.
%   ?- move_regions(_, v(0, 2), Rs).
%   Rs = [line(1, 3, 2, 3)].
move_regions(_, Move, [line(R1, C1, R2, C2)]) :-
    nonvar(Move),
    (   Move = h(I, J) -> integer(I), integer(J), R1 is I + 1, R2 = R1,
        C1 is J + 1, C2 is J + 2
    ;   Move = v(I, J) -> integer(I), integer(J), R1 is I + 1, R2 is I + 2,
        C1 is J + 1, C2 = C1
    ).

% count_texts(+From, +N, -Texts): the numbers From, From+1, ... (N of them)
% as texts.
count_texts(From, N, Texts) :-
    To is From + N - 1,
    numlist(From, To, Ns),
    maplist(number_text, Ns, Texts).

% count_down_texts(+N, -Texts): N, N-1, ..., 1 as texts.
count_down_texts(N, Texts) :-
    count_texts(1, N, Up),
    reverse(Up, Texts).

% letter_texts(+N, -Texts): "a", "b", ... for N columns.
letter_texts(N, Texts) :-
    numlist(1, N, Ns),
    maplist(letter_text, Ns, Texts).

letter_text(N, [L]) :-
    Code is 0'a + (N - 1) mod 26,
    char_code(L, Code).

number_text(N, Text) :- number_chars(N, Text).
