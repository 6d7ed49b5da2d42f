/** Breakthrough: the fast path.

The rules of Breakthrough are breakthrough.pl, written to be read; this
file plays the same rules fast, for the referee, the random playouts of
the bench and the computer players. It is an accelerator: tabula uses it
only after checking it against breakthrough.pl (legal moves, resulting
positions and outcomes on a few hundred random positions, see
accelerators.pl), so a rule edited there is never contradicted here. Edit
the rules, not this file: should they disagree, tabula says so and plays
by the rules as written.

It works on the same state as the rules (breakthrough/8, see
breakthrough.pl: one small integer per row and side, bit C-1 for column
C), so nothing is converted on the way in or out.

How the moves are found fast (random playouts on 8 x 8 run at about
115 000 moves a second of CPU time; the rules as written, which look at
the squares one by one, about 50 times fewer): the rows are taken in
adjacent pairs. For White on row R (mask O) and the row above (own pieces
A, enemy pieces E), with Full the mask of the board's Cols columns and
NotOwn = Full /\ \A, the pieces that can go up-left are O /\ (NotOwn << 1),
straight up O /\ NotOwn /\ \E, up-right O /\ (NotOwn >> 1) (shifting
NotOwn, which is masked to the board, is what stops a piece on an edge
from wrapping around). Each of these sets is then looked up in a table
that holds its list of moves ready-made (left_moves/5 and the like),
rather than taking the set bits out one by one; and the rows are not
walked by a recursion: a generator clause per side and board height,
built when a board of that height first comes, takes the lists apart in its head and has the row
numbers written in (see "Generating the moves"). Black is the same with
the rows the other way round. apply_move/4 checks the few squares
involved and rebuilds only the rows that changed, reaching them with one
indexed call (row_of/3 and the like) instead of a walk. A random playout
asks for neither list: counted_moves/3 counts the moves two rows at a time and
nth_successor/5 plays the one drawn (see "Counting the moves").
*/

:- module(breakthrough_fast, [legal_moves/2,
                              apply_move/4,
                              counted_moves/3,
                              nth_successor/5]).

:- use_module(library(lists)).
:- use_module(library(between)).
:- use_module(library(arithmetic), [popcount/2]).


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
        % A generator fails only when it is not built yet: the first position
        % of a height builds that height's generators (and asks again). Written
        % out for each of the four: a helper between them costs a call a move,
        % 2% of the playouts' speed.
        (   Cols =< 8 ->
            (   Turn =:= 1 ->
                (   white_narrow(Rows, White, Black, Full, Moves0) -> true
                ;   build_generators(Rows),
                    white_narrow(Rows, White, Black, Full, Moves0)
                )
            ;   black_narrow(Rows, White, Black, Full, Moves0) -> true
            ;   build_generators(Rows),
                black_narrow(Rows, White, Black, Full, Moves0)
            )
        ;   Turn =:= 1 ->
            (   white_wide(Rows, White, Black, Full, Moves0) -> true
            ;   build_generators(Rows),
                white_wide(Rows, White, Black, Full, Moves0)
            )
        ;   black_wide(Rows, White, Black, Full, Moves0) -> true
        ;   build_generators(Rows),
            black_wide(Rows, White, Black, Full, Moves0)
        ),
        Moves = Moves0
    ;   Moves = []
    ).

/* ---------------------------------------------------------------------
   Counting the moves: a random move without the list
   --------------------------------------------------------------------- */

%% counted_moves(+State, -Count, -Moves)
% Count is the number of legal moves and Moves the same moves as
% legal_moves/2, in the same order, in a compact form that
% nth_successor/5 reads: what a random playout needs (one move drawn at
% random, the position after it) without the list of every move built
% first. game.pl's random_successor/5 uses it; accelerators.pl checks it
% against the rules like the rest of this file.
% ?- breakthrough:initial_state([], S), counted_moves(S, N, _).
%    N = 22.
counted_moves(breakthrough(Rows, Cols, Turn, White, Black, Plies, _, Result),
              Count, counted(Rows, Cols, Turn, White, Black, Plies, Lane, Recs)) :-
    (   Result == ongoing ->
        % A counter fails only when it is not built yet: the first position
        % of a size and side builds it (and asks again).
        Key is (Rows << 5) + (Cols << 1) + Turn,
        (   counter(Key, White, Black, Count, Lane, Recs) -> true
        ;   build_counter(Rows, Cols, Turn),
            counter(Key, White, Black, Count, Lane, Recs)
        )
    ;   no_moves(Count, Lane, Recs)
    ).

no_moves(0, 8, []).

/* The compact form of the moves: counted(Rows, Cols, Turn, White, Black,
   Plies, Lane, Recs), the position's fields (taken apart in the heads:
   a unification of the whole position in a body costs more than the
   rest of a move) and records r(C, R, Bits) of the rows of the side to
   move (in the order legal_moves/2 takes the rows). Bits holds where the
   moves go, in lanes of Lane bits (8 on a board of at most 8 columns,
   else 12): the moves to the left in the first lane, straight in the
   second, to the right in the third (the order of the list: by
   direction, then column), and C is the number of its moves, counted by
   Scryer's '$popcount'/2 (the primitive under library(arithmetic)'s
   popcount/2, called as is: the type check there would cost more than
   the count). On a narrow board a record holds two rows, R and R + 1,
   the first in the three lanes from bit 1 on, the second from bit 25,
   and every pair has its record, empty or not; on a wide board (three lanes of 12 bits) a record
   holds one row, and only the rows with pieces have one.

   The counters (counter/6) are built like the generators, one for each
   side and board size when it is first counted (build_counter/3), with
   the board's mask of columns Full and its lane width written in, and
   the list of records in the head. For a narrow board, the rows R and
   R + 1 of White are the goals

       Bits is Lanes(R) \/ Lanes(R + 1) << 24,   % the shift folded in
       '$popcount'(Bits, C)

   where the lanes of a row with pieces O, and own pieces A and enemy
   pieces E on the row they go to, are, from bit 1 on,

       (O * Spread)                 % [O, O << 9, O << 18]: the targets
       /\ ((xor(Full, A) * Triple)  % squares not its own, x 3, from bit 1
           - (E << 9))              % straight: not the enemy's

   where Spread = 1 + 2^9 + 2^18 puts the row's pieces once in each lane,
   at the squares they would go to to the left (lanes start at bit 1, so
   bit C - 1 of O is column C - 1 of the first lane), straight and to the
   right, Triple = 2 + 2^9 + 2^17 puts the squares the side may enter
   (Full xor A, as A is within Full) in each lane, and the enemy's row,
   within those squares, is taken out of the middle lane: no carry or
   borrow crosses a lane, and what the product pushes out of a lane's
   columns the mask takes away. (A wide board's rows are the older form,
   ((O * Spread) >> 1) /\ (xor(Full, A) * Triple) /\ \(E << 12), lanes
   from bit 0.) The count is the sum of the records'
   C, in one goal at the end. (A goal, an arithmetic one too, costs about
   as much as five operations in it, a test in an if-then-else about as
   much as a goal, and each element of a list taken apart in a head a
   quarter of one: hence two rows an expression and no test, products
   with constants in place of shifts and masks (6 operations a row; 14
   for the three sets apart), and the tables of rows written out as
   facts. The pairs took counting from about 33 000 to 26 000
   instructions a move on 8 x 8.) */

%% nth_successor(+Moves, +K, -Move, -Next, -Events)
% Move is the K-th (from 0) of the moves Moves of counted_moves/3, the
% K-th of legal_moves/2, and Next and Events the position and the events
% after it (as apply_move/4). Fails when K is not below the count.
nth_successor(counted(Rows, Cols, Turn, White0, Black0, Plies0, Lane, Recs), K,
              Move, Next, Events) :-
    nth_record(Recs, K, R, Bits, I),
    lane_move(Lane, Bits, I, R, R1, D, C2),
    C1 is C2 - D,
    R2 is R1 + 3 - 2 * Turn,                % R1 + 1 for White, R1 - 1 for Black
    Move = move(R1, C1, R2, C2),
    played(Turn, R1, C1, R2, C2, White0, Black0, White, Black, Captured),
    finish(Turn, Rows, Cols, White, Black, Plies0, Move,
           Captured, R2, C2, Next, Events).

% lane_move(+Lane, +Bits, +I, +R, -R1, -D, -C): the I-th move of the
% record of row R with lanes Bits (of Lane bits each) goes from row R1, D
% columns to the side, to column C. A record of 8-bit lanes holds the rows
% R (bits 1-24) and R + 1 (bits 25-48): the count of the first says which.
lane_move(8, Bits, I, R, R1, D, C) :-
    Low is Bits /\ 33554431,
    '$popcount'(Low, N),
    (   I < N -> R1 = R, byte_move(Low, I, D, C)
    ;   R1 is R + 1,
        I1 is I - N,
        High is Bits >> 24,
        byte_move(High, I1, D, C)
    ).
lane_move(12, Bits, I, R, R, D, C) :-
    wide_lane_move(Bits, I, -1, D, C).

% nth_record(+Recs, +K, -R, -Bits, -I): the K-th move is the I-th of the
% record of row R.
nth_record([r(C, R0, Bits0)|Recs], K, R, Bits, I) :-
    (   K < C -> record_found(R0, Bits0, K, R, Bits, I)
    ;   K1 is K - C,
        nth_record(Recs, K1, R, Bits, I)
    ).

record_found(R, Bits, I, R, Bits, I).

% byte_move(+Bits, +I, -D, -C): the move of lane_move/7 in three lanes of
% 8 bits from bit 1 on, a lookup a lane (byte_step/2) and no count: the lanes are unrolled, and the
% lookup that does not find the move in its byte says how many moves are
% left for the next one.
byte_move(Bits, I, D, C) :-
    Key0 is ((Bits << 4) /\ 8160) \/ I,
    byte_step(Key0, S0),
    (   S0 > 0 -> lane_found(-1, S0, D, C)
    ;   Key1 is ((Bits >> 4) /\ 8160) - S0,
        byte_step(Key1, S1),
        (   S1 > 0 -> lane_found(0, S1, D, C)
        ;   Key2 is ((Bits >> 12) /\ 8160) - S1,
            byte_step(Key2, C),
            C > 0,
            D = 1
        )
    ).

lane_found(D, C, D, C).

% byte_step(+Key, -S): Key is Byte << 5 \/ I (I in 0..23), and S the
% column (from 1) of the I-th (from 0) set bit of Byte if Byte has more
% than I, or else minus the rest, I - popcount(Byte) (6144 facts, built by
% build_counter/3).
% ?- byte_step(0b10100000, S).   % Byte 5, I 0: its first bit is column 1
%    S = 1.
:- dynamic(byte_step/2).

build_byte_steps :-
    retractall(byte_step(_, _)),
    (   between(0, 255, Byte),
        popcount(Byte, N),
        between(0, 23, I),
        Key is (Byte << 5) \/ I,
        (   I < N ->
            between(0, 7, B),
            Byte /\ (1 << B) =\= 0,
            Below is Byte /\ ((1 << B) - 1),
            popcount(Below, I),
            S is B + 1
        ;   S is N - I
        ),
        assertz(byte_step(Key, S)),
        fail
    ;   true
    ).

% wide_lane_move(+Bits, +I, +Dir, -D, -C): lane_move/7 for lanes of 12
% bits, the first of direction Dir.
wide_lane_move(Bits, I, Dir, D, C) :-
    Pieces is Bits /\ 4095,
    '$popcount'(Pieces, N),
    (   I < N ->
        D = Dir,
        nth_bit(Pieces, I, B),
        C is B + 1
    ;   I1 is I - N,
        Bits1 is Bits >> 12,
        Dir1 is Dir + 1,
        wide_lane_move(Bits1, I1, Dir1, D, C)
    ).

% nth_bit(+Bits, +I, -B): B is the position of the I-th (from 0) set bit
% of Bits, from the lowest.
nth_bit(Bits, I, B) :-
    (   I =:= 0 ->
        Low is Bits /\ (-Bits),
        bit_position(Low, B)
    ;   Bits1 is Bits /\ (Bits - 1),
        I1 is I - 1,
        nth_bit(Bits1, I1, B)
    ).

% bit_position(+Bit, -B): Bit is 1 << B, for B in 0..11 (built at load).
:- dynamic(bit_position/2).

build_bit_positions :-
    retractall(bit_position(_, _)),
    (   between(0, 11, B),
        Bit is 1 << B,
        assertz(bit_position(Bit, B)),
        fail
    ;   true
    ).


/* How the moves are generated. Every side, board height and width class
   (at most 8 columns, or more) has its own generator, a clause built the
   first time a board of that height is asked for its moves
   (build_generators/1: most runs play one size, and the 36 clauses of all
   nine heights would cost 14 ms and 2 MB at every start): it takes the row masks apart in
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

% The generators, built by build_generators/1:
:- dynamic(white_narrow/5).
:- dynamic(white_wide/5).
:- dynamic(black_narrow/5).
:- dynamic(black_wide/5).
:- dynamic(counter/6).

%% build_generators(+Rows)
% Asserts the four generators of boards of Rows rows (4..12), in place of
% any built before; fails for another height, which has no board.
build_generators(Rows) :-
    between(4, 12, Rows),
    retractall(white_narrow(Rows, _, _, _, _)),
    retractall(white_wide(Rows, _, _, _, _)),
    retractall(black_narrow(Rows, _, _, _, _)),
    retractall(black_wide(Rows, _, _, _, _)),
    (   member(Side-Width, [white-narrow, white-wide, black-narrow, black-wide]),
        generator(Side, Width, Rows, Clause),
        assertz(Clause),
        fail
    ;   true
    ).

%% build_counter(+Rows, +Cols, +Turn)
% Asserts the counter of the side Turn on boards of Rows x Cols, in place of
% any built before, and the table byte_step/2 if it is not built yet: apart
% from the generators, since only random playouts count the moves (a player
% or the referee that never does pays nothing for them). Fails for a size
% that has no board.
build_counter(Rows, Cols, Turn) :-
    between(4, 12, Rows),
    between(1, 12, Cols),
    member(Turn-Side, [1-white, 2-black]),
    Key is (Rows << 5) + (Cols << 1) + Turn,
    retractall(counter(Key, _, _, _, _, _)),
    (   byte_step(_, _) -> true
    ;   build_byte_steps
    ),
    counter_clause(Side, Rows, Cols, Key, Clause),
    assertz(Clause).

% counter_clause(+Side, +Rows, +Cols, +Key, -Clause): the counter of Side
% on boards of Rows x Cols, with the mask of the board's columns and the
% width of the lanes written in.
counter_clause(Side, Rows, Cols, Key,
               (counter(Key, White, Black, Count, Lane, Recs) :- Body)) :-
    length(White, Rows),
    length(Black, Rows),
    Full is (1 << Cols) - 1,
    (   Cols =< 8 -> Lane = 8 ; Lane = 12 ),
    side_origins(Side, Rows, White, Black, Own, Opp, Origins, Step),
    count_goals(Origins, Step, Lane, Own, Opp, Full, Cs, Recs, Goals0),
    sum_expression(Cs, Sum),
    append(Goals0, [Count is Sum], Goals),
    list_conjunction(Goals, Body).

% side_origins(+Side, +Rows, +White, +Black, -Own, -Opp, -Origins, -Step):
% the rows of Side's pieces that may move (ascending), and the step to
% the rows they go to.
side_origins(white, Rows, White, Black, White, Black, Origins, 1) :-
    numlist(1, Rows, Origins0),
    append(Origins, [_], Origins0).          % rows 1 .. Rows-1
side_origins(black, Rows, White, Black, Black, White, Origins, -1) :-
    numlist(2, Rows, Origins).               % rows 2 .. Rows

%% generator(+Side, +Width, +Rows, -Clause)
% The generator clause.
generator(Side, Width, Rows, (Head :- Body)) :-
    length(White, Rows),
    length(Black, Rows),
    atom_concat(Side, '_', Prefix),
    atom_concat(Prefix, Width, Name),
    Head =.. [Name, Rows, White, Black, Full, Moves],
    side_origins(Side, Rows, White, Black, Own, Opp, Origins, Step),
    row_goals(Origins, Step, Width, Own, Opp, Full, Moves, Goals),
    list_conjunction(Goals, Body).

% count_goals(+Origins, +Step, +Lane, +Own, +Opp, +Full, -Cs, -Recs,
% -Goals): the goals of a counting generator (see "Counting the moves"),
% and Cs the records' counts. On a narrow board (Lane 8) the rows go in
% pairs, one record and no test a pair; on a wide board one a row, with
% the test for an empty row.
count_goals(Origins, Step, 8, Own, Opp, Full, Cs, Recs, Goals) :-
    pair_goals(Origins, Step, Own, Opp, Full, Cs, Recs, Goals).
count_goals(Origins, Step, 12, Own, Opp, Full, Cs, Recs, Goals) :-
    wide_count_goals(Origins, Step, Own, Opp, Full, Cs, Recs, Goals).

pair_goals([], _, _, _, _, [], [], []).
pair_goals([R], Step, Own, Opp, Full, [C], [r(C, R, Bits)],
           [Bits is Low, '$popcount'(Bits, C)]) :-
    lanes_expression(R, Step, 0, Own, Opp, Full, Low).
pair_goals([R, R1|Rs], Step, Own, Opp, Full, [C|Cs], [r(C, R, Bits)|Recs],
           [Bits is Low \/ High, '$popcount'(Bits, C)|Goals]) :-
    lanes_expression(R, Step, 0, Own, Opp, Full, Low),
    lanes_expression(R1, Step, 24, Own, Opp, Full, High),
    pair_goals(Rs, Step, Own, Opp, Full, Cs, Recs, Goals).

% lanes_expression(+R, +Step, +Shift, +Own, +Opp, +Full, -Expr): the
% expression of the three lanes of 8 bits of the moves of row R (to row
% R + Step), from bit 1 + Shift on (Shift 0 or 24, folded into the
% constants).
lanes_expression(R, Step, Shift, Own, Opp, Full, Expr) :-
    RT is R + Step,
    nth1(R, Own, O),
    nth1(RT, Own, A),
    nth1(RT, Opp, E),
    Spread is (1 + (1 << 9) + (1 << 18)) << Shift,
    Triple is (2 + (1 << 9) + (1 << 17)) << Shift,
    EnemyShift is 9 + Shift,
    Expr = (O * Spread) /\ ((xor(Full, A) * Triple) - (E << EnemyShift)).

wide_count_goals([], _, _, _, _, [], [], []).
wide_count_goals([R|Rs], Step, Own, Opp, Full, [C|Cs], Recs, [Goal|Goals]) :-
    RT is R + Step,
    nth1(R, Own, O),
    nth1(RT, Own, A),
    nth1(RT, Opp, E),
    Spread is 1 + (1 << 13) + (1 << 26),
    Triple is 1 + (1 << 12) + (1 << 24),
    Goal = (   O =:= 0 -> C = 0, Recs = Recs1
           ;   Bits is ((O * Spread) >> 1) /\ (xor(Full, A) * Triple)
                       /\ (\ (E << 12)),
               '$popcount'(Bits, C),
               Recs = [r(C, R, Bits)|Recs1]
           ),
    wide_count_goals(Rs, Step, Own, Opp, Full, Cs, Recs1, Goals).

% sum_expression(+Xs, -Sum): the expression X1 + ... + Xn.
sum_expression([X], X) :- !.
sum_expression([X|Xs], X + Sum) :-
    sum_expression(Xs, Sum).

%% row_goals(+Rows, +Step, +Width, +Own, +Opp, +Full, -Moves, -Goals)
% Goals are the goals of a generator (generator/4) that find the moves of
% the pieces of the rows Rows (the variables Own, Opp of each row's masks),
% each to row R + Step, on a board of Width columns (Full its mask of
% columns), adding them to the difference list Moves.
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

%% wide_moves(+Left, +S, +Right, +R, +RT, -Moves, ?Tail)
% The moves from row R to row RT of the pieces Left (to the left), S
% (straight) and Right (to the right), the columns 1-8 and 9-12 of each looked
% up apart.
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

%% build_moves_tables
% Builds the move tables left_moves/5, straight_moves/5 and right_moves/5
% (one fact a byte of pieces that can move and a row), after removing any
% built before: run when the file is loaded.
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

%% bits_moves(+Bits, +C, +D, ?R, ?RT, -Moves, ?Tail)
% The moves from row R to row RT of the pieces Bits (bit 0 is column C), each
% going D columns to the right.
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
   Playing a move
   --------------------------------------------------------------------- */

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
    (   Turn =:= 1 -> R2 =:= R1 + 1, R1 >= 1, R2 =< Rows
    ;   R2 =:= R1 - 1, R2 >= 1, R1 =< Rows
    ),
    moved(Turn, R1, C1, R2, C2, D, White0, Black0, White, Black, Captured),
    finish(Turn, Rows, Cols, White, Black, Plies0, Move, Captured, R2, C2,
           State, Events).

%% moved(+Turn, +R1, +C1, +R2, +C2, +D, +White0, +Black0, -White, -Black, -Captured)
% The row masks after the piece of the side Turn on (R1,C1) goes to (R2,C2), D
% columns to the side, on a board whose rows R1 and R2 exist; Captured is true
% when it took an enemy piece there. Fails when there is no piece of that side
% on (R1,C1), one of its own on (R2,C2), or an enemy there in front of it.
moved(1, R1, C1, R2, C2, D, White0, Black0, White, Black, Captured) :-
    From is 1 << (C1 - 1),
    To is 1 << (C2 - 1),
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
    ).
moved(2, _, C1, R2, C2, D, White0, Black0, White, Black, Captured) :-
    From is 1 << (C1 - 1),
    To is 1 << (C2 - 1),
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
    ).

%% played(+Turn, +R1, +C1, +R2, +C2, +White0, +Black0, -White, -Black, -Captured)
% As moved/11, for a move known to be legal, one that counted_moves/3 found:
% without its checks.
played(1, R1, C1, R2, C2, White0, Black0, White, Black, Captured) :-
    two_rows(R1, White0, O1, O2, White, N1, N2),
    N1 is O1 - (1 << (C1 - 1)),
    To is 1 << (C2 - 1),
    N2 is O2 \/ To,
    row_of(R2, Black0, P2),
    (   P2 /\ To =:= 0 -> kept(Black0, Black, Captured)
    ;   Captured = true,
        new_row(R2, Black0, Black, P),
        P is P2 - To
    ).
played(2, _, C1, R2, C2, White0, Black0, White, Black, Captured) :-
    two_rows(R2, Black0, O2, O1, Black, N2, N1),
    N1 is O1 - (1 << (C1 - 1)),
    To is 1 << (C2 - 1),
    N2 is O2 \/ To,
    row_of(R2, White0, P2),
    (   P2 /\ To =:= 0 -> kept(White0, White, Captured)
    ;   Captured = true,
        new_row(R2, White0, White, P),
        P is P2 - To
    ).

kept(Masks, Masks, false).

% finish(+Turn, +Rows, +Cols, +White, +Black, +Plies0, +Move, +Captured,
% +R2, +C2, -State, -Events): the position after Move, its result and
% events.
finish(Turn, Rows, Cols, White, Black, Plies0, Move, Captured, R2, C2,
       breakthrough(Rows, Cols, Next, White, Black, Plies,
                    last(Move, Captured), Result), Events) :-
    Plies is Plies0 + 1,
    Next is 3 - Turn,
    % R2 is the far row: Rows for White (Turn 1), 1 for Black (a test, not
    % a call)
    (   Captured == false ->
        (   R2 =:= 1 + (2 - Turn) * (Rows - 1) ->
            Result = won(Turn, goal), Events = [won(Turn)]
        ;   quiet(Result, Events)
        )
    ;   R2 =:= 1 + (2 - Turn) * (Rows - 1) ->
        Result = won(Turn, goal), Events = [capture(R2, C2), won(Turn)]
    ;   (   Turn =:= 1 -> all_zero(Black) ; all_zero(White) ) ->
        Result = won(Turn, no_pieces), Events = [capture(R2, C2), won(Turn)]
    ;   Result = ongoing, Events = [capture(R2, C2)]
    ).

quiet(ongoing, []).

/* Three small tables reach into a list of row masks in one indexed call
   (no walk along the list), for rows 1 to 12 (written out: static
   predicates are called faster than asserted ones):
     row_of(K, Masks, M)                    M is row K of Masks;
     new_row(K, Masks, NewMasks, M)         NewMasks is Masks with row K
                                            replaced by M (the other rows
                                            shared);
     two_rows(K, Masks, A, B, NewMasks, NA, NB)
                                            A and B are rows K and K+1 of
                                            Masks, NewMasks is Masks with
                                            them replaced by NA and NB. */
%% row_of(?K, ?Masks, ?M)
% M is row K of the row masks Masks; the list pattern is in the head, so
% first-argument indexing reaches the row in one call.
%   ?- breakthrough_fast:row_of(3, [1,2,3,4], M).
%      M = 3.
row_of(1, [M|_], M).
row_of(2, [_, M|_], M).
row_of(3, [_, _, M|_], M).
row_of(4, [_, _, _, M|_], M).
row_of(5, [_, _, _, _, M|_], M).
row_of(6, [_, _, _, _, _, M|_], M).
row_of(7, [_, _, _, _, _, _, M|_], M).
row_of(8, [_, _, _, _, _, _, _, M|_], M).
row_of(9, [_, _, _, _, _, _, _, _, M|_], M).
row_of(10, [_, _, _, _, _, _, _, _, _, M|_], M).
row_of(11, [_, _, _, _, _, _, _, _, _, _, M|_], M).
row_of(12, [_, _, _, _, _, _, _, _, _, _, _, M|_], M).

%% new_row(?K, ?Masks, ?NewMasks, ?M)
% NewMasks is Masks with row K replaced by M, the rows after it shared.
%   ?- breakthrough_fast:new_row(2, [1,2,3], New, 9).
%      New = [1,9,3].
new_row(1, [_|T], [M|T], M).
new_row(2, [R1, _|T], [R1, M|T], M).
new_row(3, [R1, R2, _|T], [R1, R2, M|T], M).
new_row(4, [R1, R2, R3, _|T], [R1, R2, R3, M|T], M).
new_row(5, [R1, R2, R3, R4, _|T], [R1, R2, R3, R4, M|T], M).
new_row(6, [R1, R2, R3, R4, R5, _|T], [R1, R2, R3, R4, R5, M|T], M).
new_row(7, [R1, R2, R3, R4, R5, R6, _|T], [R1, R2, R3, R4, R5, R6, M|T], M).
new_row(8, [R1, R2, R3, R4, R5, R6, R7, _|T], [R1, R2, R3, R4, R5, R6, R7, M|T], M).
new_row(9, [R1, R2, R3, R4, R5, R6, R7, R8, _|T], [R1, R2, R3, R4, R5, R6, R7, R8, M|T], M).
new_row(10, [R1, R2, R3, R4, R5, R6, R7, R8, R9, _|T], [R1, R2, R3, R4, R5, R6, R7, R8, R9, M|T], M).
new_row(11, [R1, R2, R3, R4, R5, R6, R7, R8, R9, R10, _|T], [R1, R2, R3, R4, R5, R6, R7, R8, R9, R10, M|T], M).
new_row(12, [R1, R2, R3, R4, R5, R6, R7, R8, R9, R10, R11, _|T], [R1, R2, R3, R4, R5, R6, R7, R8, R9, R10, R11, M|T], M).

%% two_rows(?K, ?Masks, ?A, ?B, ?NewMasks, ?NA, ?NB)
% A and B are rows K and K+1 of Masks; NewMasks is Masks with them replaced
% by NA and NB.
%   ?- breakthrough_fast:two_rows(2, [1,2,3,4], A, B, New, 8, 9).
%      A = 2, B = 3, New = [1,8,9,4].
two_rows(1, [A, B|T], A, B, [NA, NB|T], NA, NB).
two_rows(2, [R1, A, B|T], A, B, [R1, NA, NB|T], NA, NB).
two_rows(3, [R1, R2, A, B|T], A, B, [R1, R2, NA, NB|T], NA, NB).
two_rows(4, [R1, R2, R3, A, B|T], A, B, [R1, R2, R3, NA, NB|T], NA, NB).
two_rows(5, [R1, R2, R3, R4, A, B|T], A, B, [R1, R2, R3, R4, NA, NB|T], NA, NB).
two_rows(6, [R1, R2, R3, R4, R5, A, B|T], A, B, [R1, R2, R3, R4, R5, NA, NB|T], NA, NB).
two_rows(7, [R1, R2, R3, R4, R5, R6, A, B|T], A, B, [R1, R2, R3, R4, R5, R6, NA, NB|T], NA, NB).
two_rows(8, [R1, R2, R3, R4, R5, R6, R7, A, B|T], A, B, [R1, R2, R3, R4, R5, R6, R7, NA, NB|T], NA, NB).
two_rows(9, [R1, R2, R3, R4, R5, R6, R7, R8, A, B|T], A, B, [R1, R2, R3, R4, R5, R6, R7, R8, NA, NB|T], NA, NB).
two_rows(10, [R1, R2, R3, R4, R5, R6, R7, R8, R9, A, B|T], A, B, [R1, R2, R3, R4, R5, R6, R7, R8, R9, NA, NB|T], NA, NB).
two_rows(11, [R1, R2, R3, R4, R5, R6, R7, R8, R9, R10, A, B|T], A, B, [R1, R2, R3, R4, R5, R6, R7, R8, R9, R10, NA, NB|T], NA, NB).

all_zero([]).
all_zero([M|Ms]) :-
    M =:= 0,
    all_zero(Ms).



/* ---------------------------------------------------------------------
   The tables, built when the file is loaded
   --------------------------------------------------------------------- */

:- initialization((build_moves_tables, build_bit_positions)).
