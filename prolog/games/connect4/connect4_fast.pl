/** Connect Four: the fast path.

The rules of Connect Four are connect4.pl, written to be read; this file
plays the same rules fast, for the referee and the generic computer
players (players.pl). It is an accelerator: tabula uses it only after
checking it against connect4.pl (legal moves, resulting positions and
events, and the evaluation, on a few hundred random positions, see
accelerators.pl), so a rule or an evaluation edited there is never
contradicted here. Edit the rules, not this file: should they disagree,
tabula says so and plays by the rules as written.

It works on the same state as the rules (connect4/5: a list of discs per
column, from the bottom up), so nothing is converted on the way in or
out.

What is faster here:
  * legal_moves/2 and apply_move/4 walk the columns once, by recursion,
    where the rules enumerate columns with between/3 and look holes up
    with nth1/3 from the first column each time; a win is looked for
    only through the disc just dropped, and a full frame only when that
    disc fills its column.
  * evaluation/3 (the rules' sum, over the windows of Connect holes in a
    line, of the square of the number of discs of the one colour a
    window holds, again over the windows whose empty holes are at the
    colour's parity, the worth of each colour's threats and the bonus of
    the zugzwang threat) is computed on
    bit masks, one per colour, a whole line direction at a time rather
    than window by window or hole by hole (see "The evaluation").
    Measured with bench/connect4_evaluation.pl: about fifty times fewer
    microseconds than the rules' (docs/benchmarks.md, "The generic
    players").
*/

:- module(connect4_fast, [legal_moves/2,
                          apply_move/4,
                          evaluation/3]).

:- use_module(library(lists)).


/* ---------------------------------------------------------------------
   The moves
   --------------------------------------------------------------------- */

%% legal_moves(+State, -Moves)
% The columns that are not full, column a first, as drop(C); [] once the
% game is over.
%   ?- connect4:initial_state([cols(4)], S), legal_moves(S, Ms).
%   Ms = [drop(1),drop(2),drop(3),drop(4)].
legal_moves(connect4(size(_, Rows, _), Columns, _, _, Result), Moves) :-
    (   Result == ongoing -> open_columns(Columns, 1, Rows, Moves)
    ;   Moves = []
    ).

open_columns([], _, _, []).
open_columns([Column|Columns], C, Rows, Moves) :-
    length(Column, Filled),
    (   Filled < Rows -> Moves = [drop(C)|Moves1] ; Moves = Moves1 ),
    C1 is C + 1,
    open_columns(Columns, C1, Rows, Moves1).

%% apply_move(+State0, +Move, -State, -Events)
% As connect4:apply_move/4: the disc lands on top of its column; a line of
% Connect through it wins, else a full frame is a draw. Fails for a move
% that is not legal.
apply_move(connect4(Size, Columns0, Turn, _, Result0), Move, State, Events) :-
    Result0 == ongoing,
    nonvar(Move),
    Move = drop(C),
    integer(C),
    Size = size(Cols, Rows, Connect),
    C >= 1, C =< Cols,
    drop_disc(Columns0, C, Turn, Rows, Columns, Column, H),
    (   in_a_row(Columns, Column, C, H, Turn, Connect) ->
        Result = won(Turn), Events = [in_a_row(Connect)]
    ;   H =:= Rows, all_full(Columns, Rows) ->
        Result = draw, Events = [board_full]
    ;   Result = ongoing, Events = []
    ),
    Next is 3 - Turn,
    State = connect4(Size, Columns, Next, at(C, H), Result).

% drop_disc(+Columns0, +C, +Disc, +Rows, -Columns, -Column, -H): Disc on
% top of column C (Column, as it is after), at height H; fails when the
% column is full.
drop_disc([Column0|Columns], 1, Disc, Rows, [Column|Columns], Column, H) :-
    !,
    length(Column0, Filled),
    Filled < Rows,
    H is Filled + 1,
    append(Column0, [Disc], Column).
drop_disc([Column0|Columns0], C, Disc, Rows, [Column0|Columns], Column, H) :-
    C1 is C - 1,
    drop_disc(Columns0, C1, Disc, Rows, Columns, Column, H).

all_full([], _).
all_full([Column|Columns], Rows) :-
    length(Column, Rows),
    all_full(Columns, Rows).

% in_a_row(+Columns, +Column, +C, +H, +Disc, +Connect): the disc at (C, H),
% the top of Column, is in a line of Connect discs of its colour. Up and
% down is only ever down: nothing lies above the top disc.
in_a_row(_, Column, _, H, Disc, Connect) :-
    H >= Connect,
    Below is H - Connect + 1,
    run_from(Column, Below, Connect, Disc).
in_a_row(Columns, _, C, H, Disc, Connect) :-
    Grid =.. [c|Columns],
    functor(Grid, _, Cols),
    line_direction(DH),
    Max is Connect - 1,
    run(Grid, Cols, C, H, 1, DH, Disc, Max, Ahead),
    BackH is -DH,
    run(Grid, Cols, C, H, -1, BackH, Disc, Max, Behind),
    Ahead + 1 + Behind >= Connect,
    !.

% The three lines that cross columns: across and the two diagonals, by
% their step in height from one column to the next.
line_direction(0).
line_direction(1).
line_direction(-1).

% run_from(+Column, +From, +N, +Disc): the N discs of Column from height
% From up are all Disc.
run_from(Column, From, N, Disc) :-
    Skip is From - 1,
    length(Prefix, Skip),
    append(Prefix, Run, Column),
    length(Run, N),
    maplist(==(Disc), Run).

% run(+Grid, +Cols, +C0, +H0, +DC, +DH, +Disc, +Max, -N): going from
% (C0, H0) in steps of (DC, DH), the next N holes hold Disc (counting
% stops at Max).
run(Grid, Cols, C0, H0, DC, DH, Disc, Max, N) :-
    C is C0 + DC,
    H is H0 + DH,
    (   Max > 0, C >= 1, C =< Cols, H >= 1,
        arg(C, Grid, Column),
        nth1(H, Column, D), D == Disc ->
        Max1 is Max - 1,
        run(Grid, Cols, C, H, DC, DH, Disc, Max1, N0),
        N is N0 + 1
    ;   N = 0
    ).


/* ---------------------------------------------------------------------
   The evaluation
   --------------------------------------------------------------------- */

/* Each colour's discs are a bit mask: the hole in column C at height H is
   bit (C-1)*S + H-1, with S = Rows + 1, so that every column has a bit
   above its top hole that is never a hole. A window of K holes starting
   at bit I in direction D (1 up, S across, S+1 up the diagonal, S-1 down
   it) holds bits I, I+D, ..., I+(K-1)D; it lies inside the frame exactly
   when all of them are holes (the mask Frame): a window that leaves the
   frame at the top or the bottom meets the spare bit of a column, one that
   leaves it at the side meets bits past the last column.

   For one colour (Own, the other colour Opp), the holes not taken by Opp
   are Free = Frame /\ \Opp, and the windows open to Own, by their first
   bit, are Open = Free /\ Free >> D /\ ... /\ Free >> (K-1)D. With
   X_j = Open /\ Own >> jD (bit I set when the window at I is open to Own
   and holds an Own disc at its j-th hole), the number of Own discs of a
   window is n = sum of its x_j, and the square the rules count is
   n^2 = sum_j x_j + 2 sum_{j<k} x_j x_k: summed over the windows, the
   popcounts of the X_j and of the X_j /\ X_k. A window open to neither
   colour counts for neither, nor does an empty one (n = 0).

   Small integers. Scryer keeps an integer below 2^55 in the term itself;
   a larger one is allocated apart and never given back, not even on
   backtracking (measured: about 64 bytes each; an evaluation that shifted
   a mask up past 2^55 kept about 265 bytes, and a player searching at 3 s
   a move outgrew its 1 GiB in its tenth move). So no step here exceeds
   the frame's bits (a mask is cut before it is shifted up, see reverse_runs/8),
   and a frame of more than 55 bits (e.g. 10 x 10) is judged by the rules'
   evaluation, which counts hole by hole. */

%% evaluation(+State, +Player, -Value)
% As connect4:evaluation/3: 1000, -1000 or 0 once the game is over, else
% Player's sum (squares of the windows, worth of the threats) minus the
% opponent's, within -999..999.
%   ?- connect4:initial_state([], S0), apply_move(S0, drop(4), S, _),
%      evaluation(S, 1, V).
%   V = 7.
evaluation(State, Player, Value) :-
    State = connect4(size(Cols, Rows, K), Columns, _, _, Result),
    (   Result == ongoing, Cols * (Rows + 1) > 55 ->
        % The masks would not fit a small integer (see "Small integers").
        connect4:evaluation(State, Player, Value)
    ;   Result == ongoing ->
        S is Rows + 1,
        Bits is Cols * S,
        masks(Columns, 0, S, 0, 0, Red, Yellow),
        frame(Cols, Rows, Frame, Odd),
        D2 is S + 1, D3 is S - 1,
        Ds = [1, S, D2, D3],
        open_sum(Red, Yellow, Frame, K, Ds, 0, RedWindows),
        open_sum(Yellow, Red, Frame, K, Ds, 0, YellowWindows),
        Empty is Frame /\ \ (Red \/ Yellow),
        threats(Ds, Red, K, Bits, 0, RedThreats0),
        threats(Ds, Yellow, K, Bits, 0, YellowThreats0),
        RedThreats is RedThreats0 /\ Empty,
        YellowThreats is YellowThreats0 /\ Empty,
        Even is Frame /\ \ Odd,
        % The parity windows: those free of the opponent's discs and of
        % the empty holes at the opponent's parity.
        RedOut is Yellow \/ (Empty /\ Even),
        YellowOut is Red \/ (Empty /\ Odd),
        open_sum(Red, RedOut, Frame, K, Ds, 0, RedParity),
        open_sum(Yellow, YellowOut, Frame, K, Ds, 0, YellowParity),
        threats_worth(RedThreats, Odd, RedWorth),
        threats_worth(YellowThreats, Even, YellowWorth),
        zugzwang(RedThreats, YellowThreats, Odd, Even, Frame, Rows, RedZ, YellowZ),
        RedSum is RedWindows + 4 * RedParity + RedWorth + RedZ,
        YellowSum is YellowWindows + 4 * YellowParity + YellowWorth + YellowZ,
        (   Player =:= 1 -> Raw is RedSum - YellowSum
        ;   Player =:= 2 -> Raw is YellowSum - RedSum
        ),
        Value is max(-999, min(999, Raw))
    ;   Result = won(W) ->
        (   Player =:= W -> Value = 1000
        ;   Player =:= 3 - W -> Value = -1000
        )
    ;   Result == draw, memberchk(Player, [1, 2]) ->
        Value = 0
    ).

% threats_worth(+Threats, +Parity, -Worth): 16 for each threat at a height
% of the colour's parity (in Parity), 8 for each other.
threats_worth(Threats, Parity, Worth) :-
    '$popcount'(Threats, All),
    Good is Threats /\ Parity,
    '$popcount'(Good, NGood),
    Worth is 8 * (All - NGood) + 16 * NGood.

% zugzwang(+RedThreats, +YellowThreats, +Odd, +Even, +Frame, +Rows, -RedZ,
% -YellowZ): 100 to the colour that alone has a threat at its parity with
% no threat of the other colour below it in its column, else 0 to both
% (connect4:zugzwang_value/3).
zugzwang(RedThreats, YellowThreats, Odd, Even, Frame, Rows, RedZ, YellowZ) :-
    above(RedThreats, Frame, Rows, AboveRed),
    above(YellowThreats, Frame, Rows, AboveYellow),
    RedGood is RedThreats /\ Odd /\ \ AboveYellow,
    YellowGood is YellowThreats /\ Even /\ \ AboveRed,
    (   RedGood =\= 0, YellowGood =:= 0 -> RedZ = 100, YellowZ = 0
    ;   RedGood =:= 0, YellowGood =\= 0 -> RedZ = 0, YellowZ = 100
    ;   RedZ = 0, YellowZ = 0
    ).

% above(+Holes, +Frame, +Rows, -Above): the holes of the frame above a hole
% of Holes in its column, one height at a time: a shift of one never
% leaves the frame's bits (the spare bit on top of each column is not in
% Frame), so nothing spills into the next column, and no shift makes an
% integer of 2^55 or more (see "Small integers").
above(Holes, Frame, Rows, Above) :-
    Above0 is (Holes << 1) /\ Frame,
    N is Rows - 2,
    smear_up(N, Frame, Above0, Above).

smear_up(N, Frame, Above0, Above) :-
    (   N =< 0 -> Above = Above0
    ;   Above1 is Above0 \/ ((Above0 << 1) /\ Frame),
        N1 is N - 1,
        smear_up(N1, Frame, Above1, Above)
    ).

% masks(+Columns, +Base, +S, +Red0, +Yellow0, -Red, -Yellow): the discs of
% each colour as bit masks, column C's bits from Base = (C-1)*S.
masks([], _, _, Red, Yellow, Red, Yellow).
masks([Column|Columns], Base, S, Red0, Yellow0, Red, Yellow) :-
    column_masks(Column, Base, Red0, Yellow0, Red1, Yellow1),
    Base1 is Base + S,
    masks(Columns, Base1, S, Red1, Yellow1, Red, Yellow).

column_masks([], _, Red, Yellow, Red, Yellow).
column_masks([Disc|Discs], Bit, Red0, Yellow0, Red, Yellow) :-
    (   Disc =:= 1 -> Red1 is Red0 \/ (1 << Bit), Yellow1 = Yellow0
    ;   Red1 = Red0, Yellow1 is Yellow0 \/ (1 << Bit)
    ),
    Bit1 is Bit + 1,
    column_masks(Discs, Bit1, Red1, Yellow1, Red, Yellow).

%% frame(+Cols, +Rows, -Frame, -Odd)
% The mask of the holes of a Cols x Rows frame, and of those at an odd
% height, remembered per size.
:- dynamic(frame_masks/4).
frame(Cols, Rows, Frame, Odd) :-
    (   frame_masks(Cols, Rows, Frame0, Odd0) -> Frame = Frame0, Odd = Odd0
    ;   Column is (1 << Rows) - 1,
        odd_heights(Rows, 0, OddColumn),
        S is Rows + 1,
        frame_columns(Cols, Column, S, 0, 0, Frame),
        frame_columns(Cols, OddColumn, S, 0, 0, Odd),
        assertz(frame_masks(Cols, Rows, Frame, Odd))
    ).

% odd_heights(+H, +Mask0, -Mask): Mask0 with the bit of every odd height
% from 1 to H (bit H-1 for height H).
odd_heights(H, Mask0, Mask) :-
    (   H =< 0 -> Mask = Mask0
    ;   H mod 2 =:= 1 -> Mask1 is Mask0 \/ (1 << (H - 1)), H1 is H - 1,
        odd_heights(H1, Mask1, Mask)
    ;   H1 is H - 1,
        odd_heights(H1, Mask0, Mask)
    ).

% frame_columns(+N, +Column, +S, +Base, +Mask0, -Mask): Mask0 with the
% column mask Column repeated for N columns, S bits apart, from Base.
frame_columns(0, _, _, _, Mask, Mask) :- !.
frame_columns(N, Column, S, Base, Mask0, Mask) :-
    Mask1 is Mask0 \/ (Column << Base),
    Base1 is Base + S,
    N1 is N - 1,
    frame_columns(N1, Column, S, Base1, Mask1, Mask).

% open_sum(+Own, +Opp, +Frame, +K, +Directions, +Sum0, -Sum): Sum0 plus
% Own's sum of squares over the windows of each direction.
open_sum(_, _, _, _, [], Sum, Sum).
open_sum(Own, Opp, Frame, K, [D|Ds], Sum0, Sum) :-
    Free is Frame /\ \ Opp,
    open_windows(1, K, Free, D, Free, Open),
    (   Open =:= 0 -> Sum1 = Sum0
    ;   hits(0, K, Own, D, Open, Xs),
        singles_and_pairs(Xs, Sum0, Sum1)
    ),
    open_sum(Own, Opp, Frame, K, Ds, Sum1, Sum).

% open_windows(+J, +K, +Free, +D, +Open0, -Open): Open0 /\ Free >> J*D
% /\ ... /\ Free >> (K-1)*D.
open_windows(J, K, Free, D, Open0, Open) :-
    (   J >= K -> Open = Open0
    ;   Open1 is Open0 /\ (Free >> (J * D)),
        J1 is J + 1,
        open_windows(J1, K, Free, D, Open1, Open)
    ).

% hits(+J, +K, +Own, +D, +Open, -Xs): X_J, ..., X_(K-1), those not 0.
hits(J, K, Own, D, Open, Xs) :-
    (   J >= K -> Xs = []
    ;   X is Open /\ (Own >> (J * D)),
        J1 is J + 1,
        (   X =:= 0 -> Xs = Xs1 ; Xs = [X|Xs1] ),
        hits(J1, K, Own, D, Open, Xs1)
    ).

/* The threats of a colour (Own) in direction D: the holes I with a run of
   A Own discs behind (I-D, ..., I-A*D) and of K-1-A ahead (I+D, ...,
   I+(K-1-A)*D), for some A from 0 to K-1; Ahead_k, the holes whose next k
   holes ahead are Own, is Ahead_(k-1) /\ Own >> k*D, and Behind_k the same
   with <<. Bits past the frame are never Own (the spare bit of each
   column, the bits past the last column), so no run crosses an edge. */

% threats(+Ds, +Own, +K, +Bits, +T0, -T): T0 \/ the holes (empty or not)
% where a disc of Own would complete a line of K in one of the directions
% Ds; the frame's masks have Bits bits.
threats([], _, _, _, T, T).
threats([D|Ds], Own, K, Bits, T0, T) :-
    runs(0, K, Own, D, -1, Aheads),
    reverse_runs(0, K, Own, D, Bits, -1, [], Behinds),
    join_runs(Aheads, Behinds, T0, T1),
    threats(Ds, Own, K, Bits, T1, T).

% runs(+J, +K, +Own, +D, +Run0, -Runs): Ahead_J, ..., Ahead_(K-1).
runs(J, K, Own, D, Run0, Runs) :-
    (   J >= K -> Runs = []
    ;   (   J =:= 0 -> Run = Run0 ; Run is Run0 /\ (Own >> (J * D)) ),
        Runs = [Run|Runs1],
        J1 is J + 1,
        runs(J1, K, Own, D, Run, Runs1)
    ).

% reverse_runs(+J, +K, +Own, +D, +Bits, +Run0, +Acc, -Runs): Behind_(K-1),
% ..., Behind_0.
reverse_runs(J, K, Own, D, Bits, Run0, Acc, Runs) :-
    (   J >= K -> Runs = Acc
    ;   N is J * D,
        % Own << N, cut first to the bits that stay inside the frame's
        % Bits (see "Small integers").
        (   J =:= 0 -> Run = Run0
        ;   N >= Bits -> Run = 0
        ;   Run is Run0 /\ ((Own /\ ((1 << (Bits - N)) - 1)) << N)
        ),
        J1 is J + 1,
        reverse_runs(J1, K, Own, D, Bits, Run, [Run|Acc], Runs)
    ).

% join_runs(+Aheads, +Behinds, +T0, -T): T0 \/ Ahead_j /\ Behind_(K-1-j)
% for each j.
join_runs([], [], T, T).
join_runs([A|As], [B|Bs], T0, T) :-
    T1 is T0 \/ (A /\ B),
    join_runs(As, Bs, T1, T).

% singles_and_pairs(+Xs, +Sum0, -Sum): Sum0 plus the popcount of each X
% and twice that of each pair's intersection.
singles_and_pairs([], Sum, Sum).
singles_and_pairs([X|Xs], Sum0, Sum) :-
    '$popcount'(X, N),
    Sum1 is Sum0 + N,
    pairs(Xs, X, Sum1, Sum2),
    singles_and_pairs(Xs, Sum2, Sum).

pairs([], _, Sum, Sum).
pairs([Y|Ys], X, Sum0, Sum) :-
    Both is X /\ Y,
    (   Both =:= 0 -> Sum1 = Sum0
    ;   '$popcount'(Both, N),
        Sum1 is Sum0 + 2 * N
    ),
    pairs(Ys, X, Sum1, Sum).
