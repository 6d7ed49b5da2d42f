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
100 000 moves a second of CPU time; the rules as written, which look at
the squares one by one, about 45 times fewer): the rows are taken in
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
asks for neither list: counted_moves/3 counts the moves row by row and
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
        Full is (1 << Cols) - 1,
        (   Cols =< 8 ->
            Lane = 8,
            (   Turn =:= 1 ->
                (   white_counted_narrow(Rows, White, Black, Full, Count, Recs) -> true
                ;   build_counted(Rows),
                    white_counted_narrow(Rows, White, Black, Full, Count, Recs)
                )
            ;   black_counted_narrow(Rows, White, Black, Full, Count, Recs) -> true
            ;   build_counted(Rows),
                black_counted_narrow(Rows, White, Black, Full, Count, Recs)
            )
        ;   Lane = 12,
            (   Turn =:= 1 ->
                (   white_counted_wide(Rows, White, Black, Full, Count, Recs) -> true
                ;   build_counted(Rows),
                    white_counted_wide(Rows, White, Black, Full, Count, Recs)
                )
            ;   black_counted_wide(Rows, White, Black, Full, Count, Recs) -> true
            ;   build_counted(Rows),
                black_counted_wide(Rows, White, Black, Full, Count, Recs)
            )
        )
    ;   Count = 0, Lane = 8, Recs = []
    ).

/* The compact form of the moves: counted(Rows, Cols, Turn, White, Black,
   Plies, Lane, Recs), the position's fields (taken apart in the heads:
   a unification of the whole position in a body costs more than the
   rest of a move) and a record r(C, R, Bits) for each row R of the side
   to move that has pieces (in the order legal_moves/2 takes the rows).
   Bits holds where the row's moves go, in lanes of Lane bits (8 on a
   board of at most 8 columns, else 12): the moves to the left in the
   first lane, straight in the second, to the right in the third (the
   order of the list: by direction, then column), and C is the number of
   its moves, counted by Scryer's '$popcount'/2 (the primitive under
   library(arithmetic)'s popcount/2, called as is: the type check there
   would cost more than the count). The counting generators
   (white_counted_narrow/6 and the like) are built like the others, when a
   board of their height is first counted (build_counted/1); each row is
   the goal

       (   O =:= 0 -> C = 0, Recs = Recs1
       ;   Bits is ((O * Spread) >> 1)          % [O >> 1, O, O << 1]
                   /\ (xor(Full, A) * Triple)   % squares not its own, x 3
                   /\ \(E << Lane),             % straight: not the enemy's
           '$popcount'(Bits, C),
           Recs = [r(C, R, Bits)|Recs1]
       )

   where Spread = 1 + 2^(Lane+1) + 2^(2 Lane+2) puts the row's pieces
   once in each lane, shifted by one column to the right, not at all and
   to the left (after the shift right by one), Triple = 1 + 2^Lane +
   2^(2 Lane) puts the squares the side may enter (Full xor A, as A is
   within Full) in each lane, and the complement of the enemy's row moved
   to the middle lane keeps only the straight moves to empty squares: no
   carry crosses a lane, and what a shift pushes out of a lane's columns
   the mask of the next takes away. The count is the sum of the rows' C,
   in one goal at the end. (An arithmetic goal costs about as much as
   three or four operations in it, and a test as much as a goal: hence
   one expression a row, and products with constants in place of shifts
   and masks a lane: 8 operations a row where the three sets apart took
   14.) */

%% nth_successor(+Moves, +K, -Move, -Next, -Events)
% Move is the K-th (from 0) of the moves Moves of counted_moves/3, the
% K-th of legal_moves/2, and Next and Events the position and the events
% after it (as apply_move/4). Fails when K is not below the count.
nth_successor(counted(Rows, Cols, Turn, White0, Black0, Plies0, Lane, Recs), K,
              Move, Next, Events) :-
    nth_record(Recs, K, R1, Bits, I),
    lane_move(Lane, Bits, I, D, C2),
    C1 is C2 - D,
    (   Turn =:= 1 -> R2 is R1 + 1 ; R2 is R1 - 1 ),
    Move = move(R1, C1, R2, C2),
    played(Turn, R1, C1, R2, C2, White0, Black0, White, Black, Captured),
    finish(Turn, Rows, Cols, White, Black, Plies0, Move, Captured, R2, C2,
           Next, Events).

% nth_record(+Recs, +K, -R, -Bits, -I): the K-th move is the I-th of the
% record of row R.
nth_record([r(C, R0, Bits0)|Recs], K, R, Bits, I) :-
    (   K < C -> R = R0, Bits = Bits0, I = K
    ;   K1 is K - C,
        nth_record(Recs, K1, R, Bits, I)
    ).

% lane_move(+Lane, +Bits, +I, -D, -C): the I-th move of the lanes Bits
% (of Lane bits each; to the left, straight, to the right) goes D columns
% to the side, to column C (the lanes hold where the moves go).
lane_move(8, Bits, I, D, C) :-
    byte_move(Bits, I, D, C).
lane_move(12, Bits, I, D, C) :-
    wide_lane_move(Bits, I, -1, D, C).

% byte_move(+Bits, +I, -D, -C): lane_move/5 for lanes of 8 bits, a lookup
% a lane (byte_step/2) and no count: the lanes are unrolled, and the
% lookup that does not find the move in its byte says how many moves are
% left for the next one.
byte_move(Bits, I, D, C) :-
    Key0 is ((Bits /\ 255) << 5) \/ I,
    byte_step(Key0, S0),
    (   S0 > 0 -> D = -1, C = S0
    ;   Key1 is ((Bits >> 3) /\ 8160) - S0,
        byte_step(Key1, S1),
        (   S1 > 0 -> D = 0, C = S1
        ;   Key2 is ((Bits >> 11) /\ 8160) - S1,
            byte_step(Key2, C),
            C > 0,
            D = 1
        )
    ).

% byte_step(+Key, -S): Key is Byte << 5 \/ I (I in 0..23), and S the
% column (from 1) of the I-th (from 0) set bit of Byte if Byte has more
% than I, or else minus the rest, I - popcount(Byte) (6144 facts, built by
% build_counted/1).
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

% wide_lane_move(+Bits, +I, +Dir, -D, -C): lane_move/5 for lanes of 12
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
:- dynamic(white_counted_narrow/6).
:- dynamic(white_counted_wide/6).
:- dynamic(black_counted_narrow/6).
:- dynamic(black_counted_wide/6).

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

%% build_counted(+Rows)
% Asserts the four counting generators of boards of Rows rows (4..12), in
% place of any built before, and the table byte_step/2 if it is not built
% yet: apart from the others, since only random playouts count the moves
% (a player or the referee that never does pays nothing for them).
build_counted(Rows) :-
    between(4, 12, Rows),
    retractall(white_counted_narrow(Rows, _, _, _, _, _)),
    retractall(white_counted_wide(Rows, _, _, _, _, _)),
    retractall(black_counted_narrow(Rows, _, _, _, _, _)),
    retractall(black_counted_wide(Rows, _, _, _, _, _)),
    (   byte_step(_, _) -> true
    ;   build_byte_steps
    ),
    (   member(Side-Width, [white-counted_narrow, white-counted_wide,
                            black-counted_narrow, black-counted_wide]),
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
    (   counted_lane(Width, _) ->
        Head =.. [Name, Rows, White, Black, Full, Count, Moves]
    ;   Head =.. [Name, Rows, White, Black, Full, Moves]
    ),
    (   Side == white ->
        Own = White, Opp = Black,
        numlist(1, Rows, Origins0),
        append(Origins, [_], Origins0),      % rows 1 .. Rows-1
        Step = 1
    ;   Own = Black, Opp = White,
        numlist(2, Rows, Origins),           % rows 2 .. Rows
        Step = -1
    ),
    (   counted_lane(Width, Lane) ->
        count_goals(Origins, Step, Lane, Own, Opp, Full, Cs, Moves, Goals0),
        sum_expression(Cs, Sum),
        append(Goals0, [Count is Sum], Goals)
    ;   row_goals(Origins, Step, Width, Own, Opp, Full, Moves, Goals)
    ),
    list_conjunction(Goals, Body).

counted_lane(counted_narrow, 8).
counted_lane(counted_wide, 12).

% count_goals(+Origins, +Step, +Lane, +Own, +Opp, +Full, -Cs, -Recs,
% -Goals): the goals of a counting generator, one a row (see "Counting the
% moves"), and Cs the rows' counts.
count_goals([], _, _, _, _, _, [], [], []).
count_goals([R|Rs], Step, Lane, Own, Opp, Full, [C|Cs], Recs, [Goal|Goals]) :-
    RT is R + Step,
    nth1(R, Own, O),
    nth1(RT, Own, A),
    nth1(RT, Opp, E),
    Spread is 1 + (1 << (Lane + 1)) + (1 << (2 * Lane + 2)),
    Triple is 1 + (1 << Lane) + (1 << (2 * Lane)),
    Goal = (   O =:= 0 -> C = 0, Recs = Recs1
           ;   Bits is ((O * Spread) >> 1) /\ (xor(Full, A) * Triple)
                       /\ (\ (E << Lane)),
               '$popcount'(Bits, C),
               Recs = [r(C, R, Bits)|Recs1]
           ),
    count_goals(Rs, Step, Lane, Own, Opp, Full, Cs, Recs1, Goals).

% sum_expression(+Xs, -Sum): the expression X1 + ... + Xn.
sum_expression([X], X) :- !.
sum_expression([X|Xs], X + Sum) :-
    sum_expression(Xs, Sum).

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

% moved(+Turn, +R1, +C1, +R2, +C2, +D, +White0, +Black0, -White, -Black,
% -Captured): the row masks after the piece of the side Turn on (R1,C1)
% goes to (R2,C2), D columns to the side, on a board whose rows R1 and R2
% exist; Captured is true when it took an enemy piece there. Fails when
% there is no piece of that side on (R1,C1), one of its own on (R2,C2),
% or an enemy there in front of it.
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

% played(+Turn, +R1, +C1, +R2, +C2, +White0, +Black0, -White, -Black,
% -Captured): moved/11 for a move known to be legal, one that
% counted_moves/3 found: without its checks.
played(1, R1, C1, R2, C2, White0, Black0, White, Black, Captured) :-
    two_rows(R1, White0, O1, O2, White, N1, N2),
    N1 is O1 - (1 << (C1 - 1)),
    To is 1 << (C2 - 1),
    N2 is O2 \/ To,
    row_of(R2, Black0, P2),
    (   P2 /\ To =:= 0 -> Captured = false, Black = Black0
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
    (   P2 /\ To =:= 0 -> Captured = false, White = White0
    ;   Captured = true,
        new_row(R2, White0, White, P),
        P is P2 - To
    ).

% finish(+Turn, +Rows, +Cols, +White, +Black, +Plies0, +Move, +Captured,
% +R2, +C2, -State, -Events): the position after Move, its result and
% events.
finish(Turn, Rows, Cols, White, Black, Plies0, Move, Captured, R2, C2,
       State, Events) :-
    Plies is Plies0 + 1,
    % R2 is the far row: Rows for White (Turn 1), 1 for Black (a test, not
    % a call)
    (   Captured == false ->
        (   R2 =:= 1 + (2 - Turn) * (Rows - 1) ->
            Result = won(Turn, goal), Events = [won(Turn)]
        ;   Result = ongoing, Events = []
        )
    ;   R2 =:= 1 + (2 - Turn) * (Rows - 1) ->
        Result = won(Turn, goal), Events = [capture(R2, C2), won(Turn)]
    ;   (   Turn =:= 1 -> all_zero(Black) ; all_zero(White) ) ->
        Result = won(Turn, no_pieces), Events = [capture(R2, C2), won(Turn)]
    ;   Result = ongoing, Events = [capture(R2, C2)]
    ),
    Next is 3 - Turn,
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
   The tables, built when the file is loaded
   --------------------------------------------------------------------- */

:- initialization((build_moves_tables, build_row_tables, build_bit_positions)).
