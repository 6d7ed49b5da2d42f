/** Chains and loops of a Timbiriche position (dots.pl), as Berlekamp's
"The Dots-and-Boxes Game" counts them, for the computer players
(dots_ai.pl):

  * capturing_moves/2, safe_moves/2, sacrifices/2, boxes_given/3: what a
    move gives or takes, which is all greedy needs;
  * components/2: the position cut into open chains, chains, loops and
    the regions still open to safe moves;
  * long_chains/2 and control_parity/2: the long chain rule, who will
    have to open the first long chain;
  * loony_value/2: the value of an endgame of chains and loops alone.

The vocabulary (capturable box, chain, loop, control, double-dealing) is
explained at the top of dots_ai.pl.
*/

:- module(dots_chains, [capturing_moves/2,
                        capturing_among/3,
                        safe_moves/2,
                        safe_among/3,
                        sacrifices/2,
                        boxes_given/3,
                        components/2,
                        long_chains/2,
                        control_parity/2,
                        loony_value/2,
                        loony_value/4,
                        loony_memo/4,
                        loony_choices/2,
                        open_value/3]).

:- use_module(library(lists)).
:- use_module(library(random)).
:- use_module(library(error)).
:- use_module(library(between)).
:- use_module(library(assoc)).
:- use_module(library(pairs)).
:- use_module(library(time)).
:- use_module(dots_model).


/* ---------------------------------------------------------------------
   Board analysis
   --------------------------------------------------------------------- */

%% capturing_moves(+State, -Moves)
% Moves are the legal moves that close at least one box now, in the order
% of dots:legal_moves/2.
capturing_moves(State, Moves) :-
    dots:legal_moves(State, All),
    capturing_among(All, State, Moves).

capturing_among([], _, []).
capturing_among([M|Ms], State, Capturing) :-
    (   dots:closed_boxes(State, M, [_|_]) -> Capturing = [M|Capturing1]
    ;   Capturing = Capturing1
    ),
    capturing_among(Ms, State, Capturing1).

%% safe_moves(+State, -Moves)
% Moves are the legal moves that close no box and give no box its third
% side (every box beside the segment has at most one side drawn): after
% one of them the next player has no box to take. (A move that
% closes a box is not "safe" here: it is better than safe.)
safe_moves(State, Moves) :-
    dots:legal_moves(State, All),
    safe_among(All, State, Moves).

safe_among([], _, []).
safe_among([M|Ms], State, Safe) :-
    (   safe_move(State, M) -> Safe = [M|Safe1]
    ;   Safe = Safe1
    ),
    safe_among(Ms, State, Safe1).

% safe_move(+State, +Move): every box beside Move has at most one side drawn
% now, so it has at most two once Move is drawn.
safe_move(State, Move) :-
    dots:segment_boxes(State, Move, Boxes),
    \+ ( member(box(I, J), Boxes),
         dots:sides_drawn(State, I, J, N),
         N >= 2 ).

%% sacrifices(+State, -Costs)
% Costs pairs every legal move with the number of boxes it gives away:
% Move-N, in the order of dots:legal_moves/2 (see boxes_given/3).
sacrifices(State, Costs) :-
    dots:legal_moves(State, Moves),
    findall(M-N, ( member(M, Moves), boxes_given(State, M, N) ), Costs).

%% boxes_given(+State, +Move, -N)
% N is the number of boxes the next player takes after the player to move
% draws Move, if that player then greedily captures what it can: it draws
% the missing side of every box that has three sides, again and again,
% starting from the boxes beside Move. When no box has three sides before
% Move (the only case where greedy asks), that is everything it can take.
% A Move that closes a box itself gives nothing (the mover moves again):
% then N is 0.
boxes_given(State, Move, N) :-
    dots:apply_move(State, Move, State1, Events),
    (   memberchk(box(_, _), Events) ->
        N = 0
    ;   dots:segment_boxes(State, Move, Boxes),
        take_all(Boxes, State1, 0, N)
    ).

%% take_all(+Boxes, +State, +N0, -N)
% The boxes to look at are Boxes, a work list. A box with three sides drawn is
% taken by drawing its fourth side; the boxes beside that side then join the
% work list, since only a box beside the segment just drawn can have just got
% its third side.
take_all([], _, N, N).
take_all([box(I, J)|Boxes], State, N0, N) :-
    (   dots:sides_drawn(State, I, J, 3) ->
        missing_side(State, box(I, J), Side),
        dots:apply_move(State, Side, State1, Events),
        count_boxes(Events, 0, K),
        N1 is N0 + K,
        dots:segment_boxes(State, Side, Next),
        append(Next, Boxes, Boxes1),
        take_all(Boxes1, State1, N1, N)
    ;   take_all(Boxes, State, N0, N)
    ).

%% missing_side(+State, +Box, -Side)
% Side is a side of Box that is not drawn in State (on backtracking, each).
%   ?- dots:initial_state([rows(2), cols(2)], _S), dots_chains:missing_side(_S, box(0,0), Side).
%      Side = h(0,0).
missing_side(State, Box, Side) :-
    dots:box_sides(Box, Sides),
    member(Side, Sides),
    \+ dots:drawn(State, Side),
    !.

count_boxes([], N, N).
count_boxes([E|Es], N0, N) :-
    (   E = box(_, _) -> N1 is N0 + 1 ; N1 = N0 ),
    count_boxes(Es, N1, N).


/* ---------------------------------------------------------------------
   Chains and loops
   --------------------------------------------------------------------- */

%% components(+State, -Components)
% Components decomposes the boxes of State that are not closed yet, each
% box in exactly one component, boxes listed in path order:
%   * open_chain(N, Boxes): N boxes the player to move can take now, one
%     after the other: Boxes starts with a box that has 3 sides drawn and
%     goes on through boxes with 2 sides; when it also ends with a box of 3
%     sides (an opened loop, or the two boxes of a double-deal), both ends
%     can be taken;
%   * chain(N, Boxes): a chain: N boxes with exactly 2 sides drawn each, in
%     a path whose two ends are the border of the board or a box with 0 or
%     1 side drawn (a junction, whose fate is not decided yet). Drawing any
%     of its segments lets the opponent take the whole chain;
%   * loop(N, Boxes): N boxes with 2 sides drawn each, in a closed path;
%   * region(N, Boxes): N boxes with 0 or 1 side drawn, connected through
%     undrawn segments: the part of the board still open to safe moves.
% Components are listed open chains first, then chains and loops, then
% regions, each kind in the order of their first box (row by row).
components(State, Components) :-
    model(State, inf, M, Deg, _, _),
    M = m(_, _, BoxArr, _, _),
    functor(BoxArr, _, NB),
    NB1 is NB - 1,
    numlist_(0, NB1, Js),
    comps_of(Js, 3, M, 0, Deg, 0, Vis1, Open),
    comps_of(Js, 2, M, 0, Deg, Vis1, Vis2, Chains),
    comps_of(Js, 1, M, 0, Deg, Vis2, _, Regions),
    append([Open, Chains, Regions], Components0),
    named_components(Components0, M, Components).

%% long_chains(+State, -N)
% N is the number of long chains of State: chain/2 components (see
% components/2) of 3 boxes or more. Loops are not counted: the long chain
% rule counts chains only (a loop handed over costs the controller 4 boxes
% but does not change who is in control). Open chains are not counted
% either: they are being taken.
long_chains(State, N) :-
    components(State, Components),
    findall(x, ( member(chain(L, _), Components), L >= 3 ), Xs),
    length(Xs, N).

%% control_parity(+State, -Parity)
% Parity (even or odd) is the parity of the number of long chains that the
% player to move wants at the end of the safe moves, so that her opponent
% has to open the first long chain and she keeps control to the end.
%
% Why (the long chain rule, worked out for any board and any position):
% count from now the moves that close no box, T. Every such move ends a
% turn, and the game ends on a move that closes a box, so there are T+1
% turns left and the player to move plays the last one (the one who takes
% the last chain: the player in control) iff T is even. Each of the E
% undrawn segments is drawn once, and of the B boxes left each closing
% move takes one, or two for a double-cross: E = T + B - DC. The player in
% control double-deals every long chain but the last, so DC = LC - 1
% (loops add two double-crosses each, which keeps the parity). Hence the
% player to move gets control iff E - B + LC is odd: she wants LC odd when
% E - B is even, and even when it is odd. On an empty board E - B =
% Dots - 1 (Euler's formula), which is Berlekamp's statement: the first
% player wants Dots + long chains to be even (on 5 x 6 dots, an even
% number of long chains), the second player wants it odd.
control_parity(State, Parity) :-
    dots:segments_left(State, E),
    dots:board_size(State, R, C),
    State = dots(_, _, _, _, _, Boxes, _, _),
    sum_list(Boxes, Taken),
    B is (R - 1)*(C - 1) - Taken,
    (   (E - B) mod 2 =:= 0 -> Parity = odd ; Parity = even ).

numlist_(L, H, []) :- L > H, !.
numlist_(L, H, [L|Ls]) :- L1 is L + 1, numlist_(L1, H, Ls).

% comps_of(+Js, +Kind, +M, +D, +Deg, +Vis0, -Vis, -Comps): the components
% that start at the unvisited boxes Js with 3 sides (Kind 3), 2 sides
% (Kind 2) or fewer (Kind 1). Vis is a bit set of box ids.
comps_of([], _, _, _, _, Vis, Vis, []).
comps_of([J|Js], Kind, M, D, Deg, Vis0, Vis, Comps) :-
    count(Deg, J, N),
    (   Vis0 >> J /\ 1 =:= 0, kind_count(Kind, N) ->
        component_at(Kind, M, D, Deg, J, Vis0, Vis1, Comp),
        Comps = [Comp|Comps1]
    ;   Vis1 = Vis0, Comps = Comps1
    ),
    comps_of(Js, Kind, M, D, Deg, Vis1, Vis, Comps1).

kind_count(3, 3).
kind_count(2, 2).
kind_count(1, N) :- N =< 1.

component_at(3, M, D, Deg, J, Vis0, Vis, open_chain(Len, [J|Bs])) :-
    free_sides(M, D, J, [S]),
    Vis1 is Vis0 \/ (1 << J),
    path(M, D, Deg, J, J, S, Vis1, Vis, Bs, _),
    length([J|Bs], Len).
component_at(2, M, D, Deg, J, Vis0, Vis, Comp) :-
    free_sides(M, D, J, [S1, S2]),
    Vis1 is Vis0 \/ (1 << J),
    path(M, D, Deg, J, J, S1, Vis1, Vis2, Bs1, End1),
    (   End1 == loop ->
        Vis = Vis2, length([J|Bs1], Len), Comp = loop(Len, [J|Bs1])
    ;   path(M, D, Deg, J, J, S2, Vis2, Vis, Bs2, _),
        reverse(Bs2, Rs2),
        append(Rs2, [J|Bs1], Bs),
        length(Bs, Len),
        Comp = chain(Len, Bs)
    ).
component_at(1, M, D, Deg, J, Vis0, Vis, region(Len, Bs)) :-
    Vis1 is Vis0 \/ (1 << J),
    region([J], M, D, Deg, Vis1, Vis, [J], Bs0),
    sorted_with_duplicates(Bs0, Bs),
    length(Bs, Len).

% path(+M, +D, +Deg, +Start, +From, +Via, +Vis0, -Vis, -Boxes, -End): the
% boxes met going from box From through its free side Via, while they have
% 2 sides drawn; a box with 3 sides ends the path (and is included).
path(M, D, Deg, Start, From, Via, Vis0, Vis, Bs, End) :-
    seg(M, Via, _, _, Js),
    other_box(Js, From, Z),
    (   Z == none -> Vis = Vis0, Bs = [], End = ground
    ;   Z =:= Start -> Vis = Vis0, Bs = [], End = loop
    ;   Vis0 >> Z /\ 1 =:= 1 -> Vis = Vis0, Bs = [], End = junction
    ;   count(Deg, Z, NZ),
        (   NZ =:= 2 ->
            free_sides(M, D, Z, ZSs), select(Via, ZSs, [Next]),
            Vis1 is Vis0 \/ (1 << Z),
            Bs = [Z|Bs1],
            path(M, D, Deg, Start, Z, Next, Vis1, Vis, Bs1, End)
        ;   NZ =:= 3 -> Vis is Vis0 \/ (1 << Z), Bs = [Z], End = capturable
        ;   Vis = Vis0, Bs = [], End = junction
        )
    ).

% region(+Queue, +M, +D, +Deg, +Vis0, -Vis, +Bs0, -Bs): the boxes with at
% most one side drawn reached from Queue through free segments.
region([], _, _, _, Vis, Vis, Bs, Bs).
region([J|Queue], M, D, Deg, Vis0, Vis, Bs0, Bs) :-
    free_sides(M, D, J, Ss),
    neighbours(Ss, M, J, Deg, Vis0, Vis1, New),
    append(Queue, New, Queue1),
    append(Bs0, New, Bs1),
    region(Queue1, M, D, Deg, Vis1, Vis, Bs1, Bs).

neighbours([], _, _, _, Vis, Vis, []).
neighbours([S|Ss], M, J, Deg, Vis0, Vis, New) :-
    seg(M, S, _, _, Js),
    other_box(Js, J, Z),
    (   Z \== none, Vis0 >> Z /\ 1 =:= 0, count(Deg, Z, NZ), NZ =< 1 ->
        Vis1 is Vis0 \/ (1 << Z), New = [Z|New1]
    ;   Vis1 = Vis0, New = New1
    ),
    neighbours(Ss, M, J, Deg, Vis1, Vis, New1).

named_components([], _, []).
named_components([C0|Cs0], M, [C|Cs]) :-
    C0 =.. [Kind, N, Js],
    M = m(_, _, _, _, Names),
    box_names(Js, Names, Bs),
    C =.. [Kind, N, Bs],
    named_components(Cs0, M, Cs).

box_names([], _, []).
box_names([J|Js], Names, [B|Bs]) :-
    J1 is J + 1, arg(J1, Names, B),
    box_names(Js, Names, Bs).



/* ---------------------------------------------------------------------
   Simple loony endgames
   --------------------------------------------------------------------- */

%% loony_value(+Components, -V)
% Components is a list of chain(N) and loop(N) terms: independent chains
% (ending on the border) and loops, all that is left of a game, and
% nothing else to play; V is the value (as in exact_value/2) for the
% player who must open one of them. The opener chooses which; the
% opponent then takes everything and opens the next one, or (a chain of 3
% or more, a loop) takes all but 2 (4) and double-deals, making the opener
% take those and open the next one:
%   open chain(1), chain(2) (in the middle): -N - v(Rest)
%   open chain(N >= 3): -max(N + v(Rest), N - 4 - v(Rest))
%                       = -(N - 2) - |v(Rest) + 2|
%   open loop(N):       -max(N + v(Rest), N - 8 - v(Rest))
%                       = -(N - 4) - |v(Rest) + 4|
% Of the long chains only the shortest need be tried, and of the loops
% the smallest: v changes by at most 1 when a long chain or a loop
% gets one box longer (each choice does, by induction, and a maximum of
% choices that each move by at most 1 moves by at most 1), so with long
% chains a < b and H the rest, |v(H + b) - v(H + a)| =< b - a, and
% opening a, -(a - 2) - |v(H + b) + 2|, is worth at least opening b,
% -(b - 2) - |v(H + a) + 2|. The same for loops. What is left after any
% sequence of such openings is then some 1-chains, some 2-chains, the
% longest long chains and the largest loops: the endgame is solved over
% those counts (loony_memo/4), a few dozen values instead of every
% sub-multiset.
% ?- loony_value([chain(3), chain(3)], V).
%    V = -2.
% ?- loony_value([chain(1), chain(4), loop(4)], V).
%    V = -1.
loony_value(Comps0, V) :-
    tt_new(Memo0),
    loony_value(Comps0, V, Memo0, _).

%% loony_value(+Components, -V, +Memo0, -Memo)
% As loony_value/2, with the values of endgames kept in the table Memo0 /
% Memo under their sorted lists of components, so that one memo serves
% many endgames (the exact search keeps them in its table, whose other
% keys are integers).
% ?- dots_model:tt_new(M0), loony_value([chain(3), chain(3)], V, M0, _).
%    V = -2.
loony_value(Comps0, V, Memo0, Memo) :-
    sorted_with_duplicates(Comps0, Comps),
    loony_memo(Comps, V, Memo0, Memo).

%% loony_memo(+Sorted, -V, +Memo0, -Memo)
% loony_value/4 of the sorted
% components, every endgame met on the way (Sorted less some of its
% components, still sorted) kept in Memo under its list: the next
% endgames share them.
loony_memo([], 0, Memo, Memo) :- !.
loony_memo(Comps, V, Memo0, Memo) :-
    (   tt_get(Comps, Memo0, V0) -> V = V0, Memo = Memo0
    ;   loony_choices(Comps, Cands),
        loony_options(Cands, Comps, -1000, V, Memo0, Memo1),
        tt_put(Comps, Memo1, V), Memo = Memo1
    ).

loony_options([], _, V, V, Memo, Memo).
loony_options([C|Cs], Comps, V0, V, Memo0, Memo) :-
    once(select(C, Comps, Rest)),
    loony_memo(Rest, W, Memo0, Memo1),
    open_value(C, W, VC),
    V1 is max(V0, VC),
    loony_options(Cs, Comps, V1, V, Memo1, Memo).

%% loony_choices(+Sorted, -Cands)
% Cands are the components of the sorted list Sorted worth opening (see
% loony_value/2): a chain(1), a chain(2), the shortest long chain, the
% smallest loop (chain(_) terms sort before loop(_), each by length).
% ?- loony_choices([chain(1), chain(1), chain(4), chain(5), loop(4)], Cs).
%    Cs = [chain(1), chain(4), loop(4)].
loony_choices(Comps, Cands) :-
    (   memberchk(chain(1), Comps) -> Cands = [chain(1)|C1] ; Cands = C1 ),
    (   memberchk(chain(2), Comps) -> C1 = [chain(2)|C2] ; C1 = C2 ),
    (   member(chain(N), Comps), N >= 3 -> C2 = [chain(N)|C3] ; C2 = C3 ),
    (   member(loop(P), Comps) -> C3 = [loop(P)] ; C3 = [] ).

%% open_value(+Comp, +W, -V)
% V is the value of opening Comp (chain(N) or loop(N)) for the player who
% opens it, W the value for the player to move of what is left once it
% is gone (see loony_value/2).
% ?- open_value(chain(4), 0, V).   V = -4.
open_value(chain(N), W, V) :-
    (   N =< 2 -> V is -N - W ; V is 2 - N - abs(W + 2) ).
open_value(loop(N), W, V) :-
    V is 4 - N - abs(W + 4).
