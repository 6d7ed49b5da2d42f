/** Computer players for Timbiriche (dots.pl).

choose_move/5 is the one entry point: a Level names a player, and each
level is a layer built on the board analysis below it:

  * random: a legal move drawn uniformly at random. A baseline, and the
    opponent the benchmarks and tests play against.
  * greedy: the classic "medium" program. It takes a box whenever a move
    closes one; otherwise it draws a safe segment (one that gives no box
    its third side, so the opponent cannot take anything), at random; when
    no safe segment is left, it gives away as few boxes as it can, counting
    what the opponent would take by greedily capturing everything it can.
  * ai: the strong player. Its moves come from analysing the board, never
    from chance (it uses no random numbers at all): chains and loops
    (components/2), the long chain rule of Berlekamp, which the assignment
    suggests (who will have to open the first long chain), double-dealing
    to keep control, and, once few enough segments are left, an exact
    alpha-beta search of the rest of the game (exact_move/4) that returns
    the provably best move. BudgetMs bounds the time it may think.

All randomness goes through library(random), so set_random(seed(S)) before
a game makes the random and greedy players reproducible; ai is
deterministic.

Vocabulary (Berlekamp's "The Dots-and-Boxes Game"):
  * a box with 3 sides drawn is capturable: drawing its 4th side takes it;
  * a chain is a path of boxes with exactly 2 sides drawn each, in which
    drawing any segment gives the opponent every box of the chain; it is
    long when it has 3 boxes or more;
  * a loop is a chain that closes on itself (4 boxes or more on a grid);
  * the player in control is the one who, when only chains and loops are
    left, makes the other open them one by one: she takes all the boxes
    of each opened chain but the last two (four of a loop), which she
    gives back with one move that closes none of them (the double-dealing
    move), so the opponent takes them with one stroke (a double-cross) and
    must open the next chain. On the last chain she takes everything.
  * the long chain rule decides who gets control: see control_parity/2.

This module calls the rules as dots:Name(...), so dots.pl must be loaded
in the same machine. When it is not loaded yet (dots:box_points/1 does not
answer), the directive below loads dots.pl from the directory of this file
(Scryer resolves a relative use_module/1 against the file being loaded),
so `scryer-prolog prolog/dots_ai.pl` works from any directory; when the
host already loaded dots (as tabula does, before this file), nothing is
loaded twice. (current_module/1 and current_predicate/1 cannot tell:
the dots:Name(...) calls below already make Scryer create the module.)
*/

:- module(dots_ai, [level_info/2,
                  choose_move/5,
                    levels/1,
                    capturing_moves/2,
                    safe_moves/2,
                    boxes_given/3,
                    sacrifices/2,
                    components/2,
                    long_chains/2,
                    control_parity/2,
                    loony_value/2,
                    exact_value/2,
                    exact_move/4,
                    exact_search/5,
                    model_agrees/2]).

:- use_module(library(lists)).
:- use_module(library(random)).
:- use_module(library(error)).
:- use_module(library(between)).
:- use_module(library(assoc)).
:- use_module(library(pairs)).
:- use_module(library(time)).

:- initialization((catch(dots:box_points(_), _, fail) -> true ; use_module(dots))).


/* ---------------------------------------------------------------------
   The levels
   --------------------------------------------------------------------- */

%% levels(-Levels)
% Levels are the names of the computer players choose_move/5 knows, from
% the weakest to the strongest.
levels([random, greedy, ai]).

%% level_info(?Level, -Text)
% Text says in one line how Level plays.
level_info(random, "plays any legal move, at random").
level_info(greedy, "takes every box it can, else plays safe, else gives away as little as it can").
level_info(ai, "chain analysis, the long chain rule and an exact search of the endgame").

%% choose_move(+Level, +State, +BudgetMs, -Move, -Reason)
% Move is the move the computer player Level chooses in State, a dots
% position in which the game is not over, and Reason says why:
%   * random: Level random, any legal move;
%   * take_box: the move closes at least one box;
%   * safe: the move gives the opponent nothing to take;
%   * sacrifice(N): every move gives boxes away, and this one gives N, as
%     few as possible (for greedy, N counts what the next player takes by
%     greedily capturing everything it then can; for ai, it is the length
%     of the chain or loop opened);
% and, for Level ai only:
%   * control(Parity): a safe move chosen to get control, by the
%     safe-move game (who will run out of safe moves first, and what the
%     chains left will then be worth) or by the long chain rule (after it
%     the number of long chains has the Parity); Parity (even or odd) is
%     the parity of the number of long chains that makes the opponent
%     open the first long chain (control_parity/2);
%   * double_deal: the move declines the last two boxes of a chain (four
%     of a loop) so as to keep control;
%   * exact(Diff): the exact search proved this move best; Diff is the
%     number of boxes the player to move takes from here to the end minus
%     the number the opponent takes, with best play by both.
% BudgetMs is the time the level may think, in milliseconds (CPU time,
% measured with statistics(runtime, _)); random and greedy answer at once
% and ignore it; ai finishes within about 80% of it, and with BudgetMs 0
% it uses its rules only, without search. Fails when the game is over;
% throws domain_error(dots_ai_level, Level) for an unknown level.
choose_move(Level, State, BudgetMs, Move, Reason) :-
    must_be(integer, BudgetMs),
    (   levels(Levels), memberchk(Level, Levels) -> true
    ;   domain_error(dots_ai_level, Level, choose_move/5)
    ),
    dots:legal_moves(State, Moves),
    Moves \== [],
    level_move(Level, State, Moves, BudgetMs, Move, Reason).

level_move(random, _, Moves, _, Move, random) :-
    random_element(Moves, Move).
level_move(greedy, State, Moves, _, Move, Reason) :-
    greedy_move(State, Moves, Move, Reason).
% The analysis and the search play a model of the rules of their own (see
% "The compact model of a position"), right only while the rules are the
% ones it was written for: tabula checks it against the rules
% (model_agrees/2, accelerators.pl) and says so with game:checked/1. When
% an edited rule no longer agrees, the generic players stand in.
level_move(ai, State, Moves, BudgetMs, Move, Reason) :-
    (   catch(game:checked(dots), _, fail) ->
        ai_move(State, BudgetMs, Move, Reason)
    ;   catch(players:levels(_), _, fail) ->
        players:stand_in(dots, State, BudgetMs, Move, Reason)
    ;   greedy_move(State, Moves, Move, Why),
        Reason = rules_edited(greedy, Why)
    ).


/* ---------------------------------------------------------------------
   Level greedy
   --------------------------------------------------------------------- */

% greedy_move(+State, +Moves, -Move, -Reason): take a box if possible, else
% play safe, else give away as little as possible.
greedy_move(State, Moves, Move, Reason) :-
    (   capturing(Moves, State, Capturing), Capturing \== [] ->
        random_element(Capturing, Move),
        Reason = take_box
    ;   safe(Moves, State, Safe), Safe \== [] ->
        random_element(Safe, Move),
        Reason = safe
    ;   sacrifices(State, Costs),
        cheapest(Costs, N, Cheapest),
        random_element(Cheapest, Move),
        Reason = sacrifice(N)
    ).

% cheapest(+Costs, -N, -Moves): N is the least number of boxes given in
% Costs (a list of Move-N), and Moves the moves that give exactly N.
cheapest(Costs, N, Moves) :-
    pairs_values_(Costs, Ns),
    list_min(Ns, N),
    findall(M, member(M-N, Costs), Moves).

pairs_values_([], []).
pairs_values_([_-V|Ps], [V|Vs]) :- pairs_values_(Ps, Vs).


/* ---------------------------------------------------------------------
   Board analysis
   --------------------------------------------------------------------- */

%% capturing_moves(+State, -Moves)
% Moves are the legal moves that close at least one box now, in the order
% of dots:legal_moves/2.
capturing_moves(State, Moves) :-
    dots:legal_moves(State, All),
    capturing(All, State, Moves).

capturing([], _, []).
capturing([M|Ms], State, Capturing) :-
    (   dots:closed_boxes(State, M, [_|_]) -> Capturing = [M|Capturing1]
    ;   Capturing = Capturing1
    ),
    capturing(Ms, State, Capturing1).

%% safe_moves(+State, -Moves)
% Moves are the legal moves that close no box and give no box its third
% side: after one of them the next player has no box to take. (A move that
% closes a box is not "safe" here: it is better than safe.)
safe_moves(State, Moves) :-
    dots:legal_moves(State, All),
    safe(All, State, Moves).

safe([], _, []).
safe([M|Ms], State, Safe) :-
    (   safe_move(State, M) -> Safe = [M|Safe1]
    ;   Safe = Safe1
    ),
    safe(Ms, State, Safe1).

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

% take_all(+Boxes, +State, +N0, -N): the boxes to look at are Boxes, a work
% list. A box with three sides drawn is taken by drawing its fourth side;
% the boxes beside that side then join the work list, since only a box
% beside the segment just drawn can have just got its third side.
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
    msort_(Bs0, Bs),
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
   The compact model of a position
   --------------------------------------------------------------------- */

/* The search and the analysis work on a compact copy of the position,
   made once per call by model/6, in which every operation is a few
   integer operations (Scryer is fast on integers and slow on everything
   else):

   * the boxes not closed yet ("live" boxes) are numbered 0..NB-1 and the
     number of drawn sides of each (0..3) is packed in one integer, Deg,
     two bits per box (box J in bits 2J and 2J+1). Drawing a segment adds
     its precomputed increment (1 << 2J for each live box J beside it), so
     one addition updates both boxes (play/7 says what happens to a box
     that gets its 4th side). Whole sets of boxes are then tested at once
     ("SWAR"): with Ones the bit 2J of every box,
        Deg /\ (Deg >> 1) /\ Ones   the boxes with 3 sides (11);
        (Deg >> 1) /\ Ones          the boxes with 2 sides or more;
     Two bits and not three: Scryer's small integers stop at 2^55, and a
     bigger integer is a big integer, slower and kept in an arena that
     backtracking does not free: 20 boxes x 3 bits would leak memory at
     every node;
   * the undrawn segments are numbered 0..NS-1 (in the order of the Free
     list of the state) and the ones drawn since are the bits of D;
   * M = m(Ones, Segs, BoxArr, Deadline, Names): Segs = s(Seg0, ...) with
     SegI = seg(Move, Inc, Boxes) (Move the dots term, Inc the increment,
     Boxes the live boxes beside it, one or two); BoxArr = b(Sides0, ...)
     the undrawn segments of each live box; Deadline the CPU time (ms) at
     which a search gives up, or inf; Names = n(box(I,J), ...).
   Both bit sets fit in a small integer on 5 x 6 (20 boxes x 2 bits, 49
   segments); on bigger boards they are big integers, which still work.
*/

% model(+State, +Deadline, -M, -Deg, -Rem, -Ids): M and Deg as above, Rem
% the number of live boxes, Ids the segment ids 0..NS-1.
model(State, Deadline, m(Ones, Segs, BoxArr, Deadline, Names), Deg, Rem, Ids) :-
    State = dots(_, _, _, _, Free, _, _, _),
    dots:board_size(State, R, C),
    R1 is R - 2, C1 is C - 2,
    findall(box(I, J)-N,
            ( between(0, R1, I), between(0, C1, J),
              dots:sides_drawn(State, I, J, N), N < 4 ),
            Live),
    length(Live, Rem),
    pairs_keys_values(Live, LiveBoxes, Counts),
    numbered(Free, 0, Ids),
    seg_infos(Free, State, LiveBoxes, SegList),
    seg_table(SegList, Segs),
    findall(Sides, ( member(B, LiveBoxes), box_free_ids(B, Free, Sides) ),
            BoxSides),
    BoxArr =.. [b|BoxSides],
    Names =.. [n|LiveBoxes],
    packed(Counts, 0, 0, Deg),
    ones(Rem, Ones).

numbered([], _, []).
numbered([_|Xs], I, [I|Is]) :- I1 is I + 1, numbered(Xs, I1, Is).

seg_infos([], _, _, []).
seg_infos([Move|Moves], State, LiveBoxes, [seg(Move, Inc, Js)|Infos]) :-
    dots:segment_boxes(State, Move, Boxes),
    findall(J, ( member(B, Boxes), nth0(J, LiveBoxes, B) ), Js),
    foldl(inc_field, Js, 0, Inc),
    seg_infos(Moves, State, LiveBoxes, Infos).

inc_field(J, I0, I) :- I is I0 + (1 << (2*J)).

box_free_ids(Box, Free, Ids) :-
    dots:box_sides(Box, Sides),
    findall(I, ( member(S, Sides), nth0(I, Free, S) ), Ids).

packed([], _, D, D).
packed([N|Ns], J, D0, D) :-
    D1 is D0 + (N << (2*J)),
    J1 is J + 1,
    packed(Ns, J1, D1, D).

ones(0, 0) :- !.
ones(N, O) :- N1 is N - 1, ones(N1, O1), O is (O1 << 2) \/ 1.

% count(+Deg, +J, ?N): live box J has N sides drawn.
count(Deg, J, N) :- N is (Deg >> (2*J)) /\ 3.

% seg(+M, +I, -Move, -Inc, -Boxes): segment I of the model.
seg(m(_, Segs, _, _, _), I, Move, Inc, Js) :-
    seg_at(Segs, I, seg(Move, Inc, Js)).

% seg_table(+Infos, -Segs): the segment table, one term s(...) of them, or
% big(Lo, Hi) with the first 200 and the rest when there are more than 255
% (the largest arity of Scryer; 12 x 12 dots have 264 segments).
seg_table(Infos, Segs) :-
    length(Infos, N),
    (   N =< 255 -> Segs =.. [s|Infos]
    ;   length(Lo, 200), append(Lo, Hi, Infos),
        LoT =.. [s|Lo], HiT =.. [s|Hi],
        Segs = big(LoT, HiT)
    ).

seg_at(big(Lo, Hi), I, X) :-
    !,
    (   I < 200 -> I1 is I + 1, arg(I1, Lo, X)
    ;   I1 is I - 199, arg(I1, Hi, X)
    ).
seg_at(Segs, I, X) :-
    I1 is I + 1,
    arg(I1, Segs, X).

% free_sides(+M, +D, +J, -Ss): the undrawn sides of live box J.
free_sides(m(_, _, BoxArr, _, _), D, J, Ss) :-
    J1 is J + 1,
    arg(J1, BoxArr, All),
    free_ids(All, D, Ss).

free_ids([], _, []).
free_ids([S|Ss], D, Fs) :-
    (   D >> S /\ 1 =:= 0 -> Fs = [S|Fs1] ; Fs = Fs1 ),
    free_ids(Ss, D, Fs1).

% other_box(+Boxes, +J, -K): the box other than J beside a segment whose
% boxes are Boxes; none for a segment on the border.
other_box([J1|Js], J, K) :-
    (   J1 =:= J -> ( Js = [K0] -> K = K0 ; K = none )
    ;   K = J1
    ).

% play(+M, +S, +D, +Deg, -D1, -Deg1, -G): draw segment S, which closes G
% boxes (those beside it that had 3 sides). A box that it closes goes from
% 3 to 2, not to 4 (which would not fit in its 2 bits): a closed box is
% beside no undrawn segment, so nothing asks for its count again, and with
% 2 it passes the test "every box has 2 sides" of the simple loony
% endgame.
play(M, S, D, Deg, D1, Deg1, G) :-
    seg(M, S, _, Inc, Js),
    gain(Js, Deg, 0, G, 0, Corr),
    D1 is D \/ (1 << S),
    Deg1 is Deg + Inc - Corr.

gain([], _, G, G, C, C).
gain([J|Js], Deg, G0, G, C0, C) :-
    (   (Deg >> (2*J)) /\ 3 =:= 3 ->
        G1 is G0 + 1, C1 is C0 + (2 << (2*J))
    ;   G1 = G0, C1 = C0
    ),
    gain(Js, Deg, G1, G, C1, C).

%% model_agrees(+State, +Successors)
% The compact model agrees with the rules in State, whose legal moves and
% the positions they lead to are Successors (Move-Next pairs sorted by
% Move): the model's segments are the legal moves; drawing one closes, in
% the model, as many boxes as the rules give the mover, for box_points/1
% points each; and the mover moves again exactly when it closed a box
% (unless the game is over). Used by tabula's check (accelerators.pl);
% level ai plays its analysis only while it holds.
model_agrees(State, Successors) :-
    State = dots(_, _, Mover, _, Free, _, _, _),
    (   Free == [] -> Successors == []
    ;   model(State, inf, M, Deg, _, Ids),
        findall(Move-I, ( member(I, Ids), seg(M, I, Move, _, _) ), Pairs0),
        keysort(Pairs0, Pairs),
        dots:scores(State, Scores0),
        nth1(Mover, Scores0, Points0),
        dots:box_points(BoxPoints),
        maplist(model_step(M, Deg, Mover, Points0, BoxPoints), Pairs, Successors)
    ).

model_step(M, Deg, Mover, Points0, BoxPoints, Move-I, Move-Next) :-
    play(M, I, 0, Deg, _, _, G),
    dots:scores(Next, Scores),
    nth1(Mover, Scores, Points),
    Points =:= Points0 + G * BoxPoints,
    (   Next = dots(_, _, _, _, [], _, _, _) -> true
    ;   dots:to_move(Next, Turn),
        (   G > 0 -> Turn =:= Mover ; Turn =\= Mover )
    ).

msort_(L, S) :- keyed(L, K), keysort(K, KS), pairs_keys(KS, S).
keyed([], []).
keyed([X|Xs], [X-x|Ks]) :- keyed(Xs, Ks).


/* ---------------------------------------------------------------------
   The exact endgame search
   --------------------------------------------------------------------- */

/* The value of a position, V, is the number of boxes the player to move
   takes from here to the end minus the number her opponent takes, both
   playing perfectly (two players). It depends on the drawn segments only,
   not on the score so far nor on who moves. A move that closes G boxes
   keeps the turn: its value is G + V(after); a move that closes none
   passes it: -V(after). search/13 is a negamax alpha-beta search
   (fail-soft) on the compact model with a transposition table
   (library(assoc) keyed by D, the bit set of the segments drawn since the
   root; entries e(Flag, Value, BestMove) with Flag exact, lower or upper),
   driven at the root by MTD(f) (mtd/15: null-window searches narrowing
   the value, the table carried from one to the next), and these
   reductions, each of which keeps the value exact (the test suite checks
   it against a brute-force solver):

   * a capturable box whose 4th side is on the border or is a side of a
     box with 0, 1 or 3 sides drawn is taken at once, without branching:
     taking it gives nothing away;
   * so is the first box of a capturable chain of 3 boxes or more (after
     it, the same choices remain); the only choice is at the last two
     boxes of a chain: take them, or draw the far side of the last box
     and leave both to the opponent (the double-dealing move); and with an
     opened loop, at its last four boxes: take them, or draw the segment
     between the middle two, leaving two pairs (the loop's double-deal);
   * in a quiet position (nothing to take), every segment of a long chain
     (3+ boxes) or of a loop gives the same choices to the opponent (take
     all, or all but 2 / 4), and leads to the same board once the chain is
     gone, so one segment per chain or loop is searched; of a chain of 1
     or 2 boxes ending on the border at both ends, one border end is
     enough (its two ends are alike);
   * a position in which every box left has exactly 2 sides drawn is a
     "simple loony endgame": only chains and loops, independent of each
     other; its value is computed without search by loony_value/2;
   * move ordering: the table's best move first, then safe moves, then
     sacrifices from the smallest (1- and 2-chains, the middle segment of
     a 2-chain first: the "hard-hearted handout"), loops, long chains; the
     chains are only analysed when no safe move gave a cutoff
     (quiet_search/14);
   * the search counts its nodes and every 128 nodes compares the CPU time
     with the deadline, throwing dots_ai_timeout when it is passed.
*/

%% exact_value(+State, -Diff)
% For a two-player State, Diff is the number of boxes the player to move
% takes from now to the end of the game minus the number the opponent
% takes, both playing perfectly. 0 when the game is over. No time limit:
% the time grows quickly with the number of segments left (on 5 x 6 dots,
% from positions of real games: about 10 ms with 24 left, 0.25 s with 28,
% 1 to 4 s with 30).
exact_value(State, Diff) :-
    (   dots:to_move(State, _) ->
        exact_run(State, inf, best, _, Diff, _)
    ;   Diff = 0
    ).

%% exact_move(+State, +BudgetMs, -Move, -Diff)
% Move is a best move of State (two players) and Diff its value (as in
% exact_value/2), proved by the exact search within BudgetMs milliseconds
% of CPU time. Fails if the search cannot finish in time, or if the game
% is over.
exact_move(State, BudgetMs, Move, Diff) :-
    exact_search(State, BudgetMs, Move, Diff, _).

%% exact_search(+State, +BudgetMs, -Move, -Diff, -Nodes)
% As exact_move/4, and Nodes is the number of positions searched.
% BudgetMs may be inf (no limit).
exact_search(State, BudgetMs, Move, Diff, Nodes) :-
    dots:to_move(State, _),
    (   BudgetMs == inf -> Deadline = inf
    ;   statistics(runtime, [T0, _]), Deadline is T0 + BudgetMs
    ),
    catch(exact_run(State, Deadline, best, Move, Diff, Nodes), dots_ai_timeout,
          fail).

% exact_run(+State, +Deadline, +Choice, -Move, -Diff, -Nodes): the search,
% inside findall/3 so that the memory it used is given back at once
% (Scryer has no garbage collector; backtracking frees). Choice is best
% (the first best move found) or practical (among the best moves, the one
% that leaves the opponent the most to get wrong; see equal_moves/8).
exact_run(State, Deadline, Choice, Move, Diff, Nodes) :-
    findall(r(Move0, Diff0, Nodes0),
            ( model(State, Deadline, M, Deg, Rem, Ids),
              root_search(M, Ids, Deg, Rem, Choice, Diff0, Best, Nodes0),
              seg(M, Best, Move0, _, _) ),
            [r(Move, Diff, Nodes)]).

% root_search(+M, +Ids, +Deg, +Rem, +Choice, -V, -Best, -Nodes): as
% search/13, but always gives a move (it never evaluates the root without
% searching).
root_search(M, Ids, Deg, Rem, Choice, V, Best, Nodes) :-
    empty_assoc(TT0),
    A is -Rem - 1, B is Rem + 1,
    M = m(Ones, _, _, _, _),
    Cap is Deg /\ (Deg >> 1) /\ Ones,
    (   Cap =\= 0 ->
        capture_moves(M, 0, Deg, Cap, Kind),
        (   Kind = forced(S) -> Moves = [S]
        ;   Kind = choices(Pairs), choice_moves(Pairs, Moves)
        )
    ;   High is (Deg >> 1) /\ Ones,
        quiet_moves(M, Ids, 0, Deg, High, Moves)
    ),
    mtd(Moves, M, Ids, Deg, Rem, 0, A, B, none, V, Best0, TT0, TT1, 1, Nodes),
    (   Choice == practical ->
        select(Best0, Moves, Others),
        equal_moves(Others, M, Ids, Deg, Rem, V, TT1, Equal),
        most_complex([Best0|Equal], M, Ids, Deg, Best)
    ;   Best = Best0
    ).

/* Among the moves that are as good as the best one (with perfect play by
   both), the player prefers the one that leaves the opponent the most
   chances to go wrong: the most chains of two or more and loops (each is
   a decision to get right: double-deal or not, where to open), then the
   most safe moves. equal_moves/8 tests the other root moves one by one
   with null-window searches (the table of the main search makes them
   cheap) and stops, keeping what it has, at the deadline. */
equal_moves([], _, _, _, _, _, _, []).
equal_moves([S|Ss], M, Ids, Deg, Rem, V, TT0, Equal) :-
    (   catch(move_reaches(S, M, Ids, Deg, Rem, V, TT0, TT1, Reaches),
              dots_ai_timeout, fail) ->
        (   Reaches == true -> Equal = [S|Equal1] ; Equal = Equal1 ),
        equal_moves(Ss, M, Ids, Deg, Rem, V, TT1, Equal1)
    ;   Equal = []
    ).

move_reaches(S, M, Ids, Deg, Rem, V, TT0, TT, Reaches) :-
    Alpha is V - 1,
    moves_loop([S], M, Ids, 0, Deg, Rem, Alpha, V, -1000, none, VS, _,
               TT0, TT, 1, _),
    (   VS >= V -> Reaches = true ; Reaches = false ).

most_complex([S], _, _, _, S) :- !.
most_complex(Moves, M, Ids, Deg, Best) :-
    findall(Key-S,
            ( member(S, Moves),
              play(M, S, 0, Deg, D1, Deg1, _),
              take_all(M, D1, Deg1, D2, Deg2),
              complexity(M, Ids, D2, Deg2, Key0),
              Key is -Key0 ),
            Keyed),
    (   keysort(Keyed, [_-Best0|_]) -> Best = Best0 ; Moves = [Best|_] ).

% complexity(+M, +Ids, +D, +Deg, -K): 100 x (chains of 2 or more and
% loops) + safe moves of the position.
complexity(M, Ids, D, Deg, K) :-
    M = m(Ones, _, _, _, _),
    High is (Deg >> 1) /\ Ones,
    quiet_scan(Ids, M, D, Deg, High, 0, Safe, Sacs),
    length(Safe, NSafe),
    findall(x, ( member(Key-_, Sacs), Key >= 2 ), Xs),
    length(Xs, N),
    K is 100*N + NSafe.

% mtd(+Moves, +M, +Ids, +Deg, +Rem, +Guess, +Lower, +Upper, +Best0, -V,
% -Best, +TT0, -TT, +C0, -C): MTD(f): null-window searches of the root around a
% guess, narrowing [Lower, Upper] to the value; the table carries over from
% one search to the next. The best move is the one of the last search that
% failed high (value >= its beta): it proves the lower bound.
mtd(Moves, M, Ids, Deg, Rem, G, Lo, Up, Best0, V, Best, TT0, TT, C0, C) :-
    (   Lo >= Up ->
        V = Lo, Best = Best0, TT = TT0, C = C0
    ;   (   G =:= Lo -> Beta is G + 1 ; Beta = G ),
        Alpha is Beta - 1,
        moves_loop(Moves, M, Ids, 0, Deg, Rem, Alpha, Beta, -1000, none, G1,
                   Best1, TT0, TT1, C0, C1),
        (   G1 < Beta ->
            mtd(Moves, M, Ids, Deg, Rem, G1, Lo, G1, Best0, V, Best, TT1, TT,
                C1, C)
        ;   mtd(Moves, M, Ids, Deg, Rem, G1, G1, Up, Best1, V, Best, TT1, TT,
                C1, C)
        )
    ).

tick(C, m(_, _, _, Deadline, _)) :-
    (   C /\ 127 =:= 0, Deadline \== inf ->
        statistics(runtime, [T, _]),
        (   T > Deadline -> throw(dots_ai_timeout) ; true )
    ;   true
    ).

% search(+M, +Ids, +D, +Deg, +Rem, +Alpha, +Beta, -V, -Best, +TT0, -TT,
%        +C0, -C): V is the value of the position (D, Deg) with Rem live
% boxes, within the window Alpha..Beta (fail-soft); Best the best move
% found (a segment id, or none); C counts the nodes.
search(M, Ids, D, Deg, Rem, A, B, V, Best, TT0, TT, C0, C) :-
    C1 is C0 + 1,
    tick(C1, M),
    (   Rem =:= 0 ->
        V = 0, Best = none, TT = TT0, C = C1
    ;   M = m(Ones, _, _, _, _),
        Cap is Deg /\ (Deg >> 1) /\ Ones,
        (   Cap =\= 0 ->
            capture_moves(M, D, Deg, Cap, Kind),
            (   Kind = forced(S) ->
                play(M, S, D, Deg, D1, Deg1, G),
                Rem1 is Rem - G,
                A1 is A - G, B1 is B - G,
                search(M, Ids, D1, Deg1, Rem1, A1, B1, V1, _, TT0, TT, C1, C),
                V is V1 + G, Best = S
            ;   Kind = choices(Pairs),
                choice_moves(Pairs, Moves),
                tt_search(M, Ids, D, Deg, Rem, A, B, Moves, V, Best, TT0, TT,
                          C1, C)
            )
        ;   High is (Deg >> 1) /\ Ones,
            (   High =:= Ones, Deg /\ Ones =:= 0 ->
                loony_leaf(M, Ids, D, Deg, V),
                Best = none, TT = TT0, C = C1
            ;   quiet_search(M, Ids, D, Deg, Rem, High, A, B, V, Best,
                             TT0, TT, C1, C)
            )
        )
    ).

% quiet_search(+M, +Ids, +D, +Deg, +Rem, +High, +A, +B, -V, -Best, +TT0,
% -TT, +C0, -C): search/13 in a quiet position. The safe moves are tried
% first (after the table's move) and the chains are analysed only if none
% of them is good enough for a cutoff.
quiet_search(M, Ids, D, Deg, Rem, High, A, B, V, Best, TT0, TT, C0, C) :-
    (   get_assoc(D, TT0, e(Flag, TV, TBest)) -> true
    ;   Flag = none, TBest = none
    ),
    (   tt_hit(Flag, TV, A, B) ->
        V = TV, Best = TBest, TT = TT0, C = C0
    ;   safe_ids(Ids, M, D, High, Safe),
        (   TBest == none -> First = Safe
        ;   select(TBest, Safe, Rest) -> First = [TBest|Rest]
        ;   First = [TBest|Safe]
        ),
        moves_loop(First, M, Ids, D, Deg, Rem, A, B, -1000, none, V1, Best1,
                   TT0, TT1, C0, C1),
        (   V1 >= B ->
            V = V1, Best = Best1, TT2 = TT1, C = C1
        ;   A1 is max(A, V1),
            quiet_scan(Ids, M, D, Deg, High, 0, _, Sacs),
            keysort(Sacs, Sorted),
            pairs_values(Sorted, SacMoves0),
            append(SacMoves0, SacMoves1),
            (   TBest \== none, select(TBest, SacMoves1, SacMoves) -> true
            ;   SacMoves = SacMoves1
            ),
            moves_loop(SacMoves, M, Ids, D, Deg, Rem, A1, B, V1, Best1, V, Best,
                       TT1, TT2, C1, C)
        ),
        (   V =< A -> Flag1 = upper
        ;   V >= B -> Flag1 = lower
        ;   Flag1 = exact
        ),
        put_assoc(D, TT2, e(Flag1, V, Best), TT)
    ).

tt_hit(exact, _, _, _).
tt_hit(lower, TV, _, B) :- TV >= B.
tt_hit(upper, TV, A, _) :- TV =< A.

% safe_ids(+Ids, +M, +D, +High, -Safe): the undrawn segments that give no
% box a third side.
safe_ids([], _, _, _, []).
safe_ids([S|Ss], M, D, High, Safe) :-
    (   D >> S /\ 1 =:= 0, seg(M, S, _, Inc, _), Inc /\ High =:= 0 ->
        Safe = [S|Safe1]
    ;   Safe = Safe1
    ),
    safe_ids(Ss, M, D, High, Safe1).

tt_search(M, Ids, D, Deg, Rem, A, B, Moves0, V, Best, TT0, TT, C0, C) :-
    (   get_assoc(D, TT0, e(Flag, TV, TBest)) ->
        (   Flag == exact -> Hit = true
        ;   Flag == lower, TV >= B -> Hit = true
        ;   Flag == upper, TV =< A -> Hit = true
        ;   Hit = false
        ),
        (   TBest \== none, select(TBest, Moves0, Rest) ->
            Moves = [TBest|Rest]
        ;   Moves = Moves0
        )
    ;   Hit = false, Moves = Moves0
    ),
    (   Hit == true ->
        V = TV, Best = TBest, TT = TT0, C = C0
    ;   moves_loop(Moves, M, Ids, D, Deg, Rem, A, B, -1000, none, V, Best,
                   TT0, TT1, C0, C),
        (   V =< A -> Flag1 = upper
        ;   V >= B -> Flag1 = lower
        ;   Flag1 = exact
        ),
        put_assoc(D, TT1, e(Flag1, V, Best), TT)
    ).

moves_loop([], _, _, _, _, _, _, _, V, Best, V, Best, TT, TT, C, C).
moves_loop([S|Ss], M, Ids, D, Deg, Rem, A, B, V0, Best0, V, Best, TT0, TT,
           C0, C) :-
    play(M, S, D, Deg, D1, Deg1, G),
    (   G > 0 ->
        Rem1 is Rem - G, A1 is A - G, B1 is B - G,
        search(M, Ids, D1, Deg1, Rem1, A1, B1, V1, _, TT0, TT1, C0, C1),
        VS is V1 + G
    ;   NA is -B, NB is -A,
        search(M, Ids, D1, Deg1, Rem, NA, NB, V1, _, TT0, TT1, C0, C1),
        VS is -V1
    ),
    (   VS > V0 -> V2 = VS, Best2 = S ; V2 = V0, Best2 = Best0 ),
    (   V2 >= B ->
        V = V2, Best = Best2, TT = TT1, C = C1
    ;   A2 is max(A, V2),
        moves_loop(Ss, M, Ids, D, Deg, Rem, A2, B, V2, Best2, V, Best,
                   TT1, TT, C1, C)
    ).

/* Capturable boxes. capture_moves/5 gives forced(S) when a box can be
   taken without giving up anything (see the reductions above), else
   choices(Pairs): for each capturable end of a chain of two boxes (or of
   an opened loop of four), Take-Decline: the move that takes it and the
   move that declines (the double-deal). */
capture_moves(M, D, Deg, Cap, Kind) :-
    cap_boxes(Cap, 0, Js),
    classify_caps(Js, M, D, Deg, [], Kind).

cap_boxes(0, _, []) :- !.
cap_boxes(Cap, J, Js) :-
    J1 is J + 1, Cap1 is Cap >> 2,
    (   Cap /\ 1 =:= 1 -> Js = [J|Js1] ; Js = Js1 ),
    cap_boxes(Cap1, J1, Js1).

classify_caps([], _, _, _, Pairs0, choices(Pairs)) :-
    reverse(Pairs0, Pairs).
classify_caps([J|Js], M, D, Deg, Ch0, Kind) :-
    free_sides(M, D, J, [S]),
    seg(M, S, _, _, SJs),
    other_box(SJs, J, K),
    (   K == none -> Kind = forced(S)
    ;   count(Deg, K, NK), NK =\= 2 -> Kind = forced(S)
    ;   free_sides(M, D, K, KSs), select(S, KSs, [T]),
        seg(M, T, _, _, TJs), other_box(TJs, K, E),
        (   E == none ->
            classify_caps(Js, M, D, Deg, [S-T|Ch0], Kind)
        ;   count(Deg, E, NE), NE =\= 2 ->
            classify_caps(Js, M, D, Deg, [S-T|Ch0], Kind)
        ;   four_both_ends(M, D, Deg, E, T) ->
            classify_caps(Js, M, D, Deg, [S-T|Ch0], Kind)
        ;   Kind = forced(S)
        )
    ).

% four_both_ends(+M, +D, +Deg, +E, +T): box E (2 sides, reached through
% segment T) is the third box of an opened loop of exactly four: its other
% neighbour has 3 sides.
four_both_ends(M, D, Deg, E, T) :-
    free_sides(M, D, E, ESs),
    select(T, ESs, [U]),
    seg(M, U, _, _, UJs),
    other_box(UJs, E, F),
    F \== none,
    count(Deg, F, 3).

% choice_moves(+Pairs, -Moves): the moves of the Take-Decline pairs, each
% once, in order.
choice_moves(Pairs, Moves) :-
    choice_moves(Pairs, [], Moves).

choice_moves([], _, []).
choice_moves([Take-Decline|Pairs], Seen, Moves) :-
    add_new(Take, Seen, Seen1, Moves, Moves1),
    add_new(Decline, Seen1, Seen2, Moves1, Moves2),
    choice_moves(Pairs, Seen2, Moves2).

add_new(X, Seen, Seen1, Moves, Moves1) :-
    (   memberchk(X, Seen) -> Seen1 = Seen, Moves = Moves1
    ;   Seen1 = [X|Seen], Moves = [X|Moves1]
    ).

/* Quiet positions: nothing to take. quiet_moves/6 gives the safe moves
   (every box beside them keeps at most 2 sides) and then one
   representative per chain or loop, smallest sacrifice first. */
quiet_moves(M, Ids, D, Deg, High, Moves) :-
    quiet_scan(Ids, M, D, Deg, High, 0, Safe, Sacs),
    keysort(Sacs, Sorted),
    pairs_values(Sorted, SacMoves0),
    append(SacMoves0, SacMoves),
    append(Safe, SacMoves, Moves).

quiet_scan([], _, _, _, _, _, [], []).
quiet_scan([S|Ss], M, D, Deg, High, Vis, Safe, Sacs) :-
    (   D >> S /\ 1 =:= 1 ->
        quiet_scan(Ss, M, D, Deg, High, Vis, Safe, Sacs)
    ;   Vis >> S /\ 1 =:= 1 ->
        quiet_scan(Ss, M, D, Deg, High, Vis, Safe, Sacs)
    ;   seg(M, S, _, Inc, Js),
        (   Inc /\ High =:= 0 ->
            Safe = [S|Safe1],
            quiet_scan(Ss, M, D, Deg, High, Vis, Safe1, Sacs)
        ;   chain_of(M, D, Deg, S, Js, Len, Kind, Mask, Reps),
            Vis1 is Vis \/ Mask,
            order_key(Kind, Len, Key),
            Sacs = [Key-Reps|Sacs1],
            quiet_scan(Ss, M, D, Deg, High, Vis1, Safe, Sacs1)
        )
    ).

order_key(loop, Len, K) :- K is 100 + Len.
order_key(chain, Len, K) :- ( Len >= 3 -> K is 200 + Len ; K = Len ).

% chain_of(+M, +D, +Deg, +S, +Js, -Len, -Kind, -Mask, -Reps): segment S
% (beside the boxes Js, one of which has 2 sides) belongs to a chain or
% loop (Kind) of Len boxes whose segments are the bits of Mask; Reps are
% the segments of it worth searching.
chain_of(M, D, Deg, S, Js, Len, Kind, Mask, Reps) :-
    two_box(Js, Deg, B0),
    free_sides(M, D, B0, [S1, S2]),
    walk(M, D, Deg, B0, B0, S1, 0, L1, 0, M1, E1, Ends1),
    (   E1 == loop ->
        Len is L1 + 1, Kind = loop, Mask = M1, Reps = [S]
    ;   walk(M, D, Deg, B0, B0, S2, 0, L2, 0, M2, E2, Ends2),
        Len is 1 + L1 + L2, Kind = chain, Mask is M1 \/ M2,
        (   Len >= 3 -> Reps = [S]
        ;   mask_ids(Mask, 0, All),
            (   E1 == ground, E2 == ground, select(Ends2, All, Reps0) -> true
            ;   Reps0 = All
            ),
            middle_first(Reps0, Ends1, Ends2, Reps)
        )
    ).

middle_first(Reps0, E1, E2, Reps) :-
    partition_ends(Reps0, E1, E2, Mid, Ends),
    append(Mid, Ends, Reps).

partition_ends([], _, _, [], []).
partition_ends([S|Ss], E1, E2, Mid, Ends) :-
    (   ( S == E1 ; S == E2 ) ->
        Ends = [S|Ends1], partition_ends(Ss, E1, E2, Mid, Ends1)
    ;   Mid = [S|Mid1], partition_ends(Ss, E1, E2, Mid1, Ends)
    ).

two_box([J|Js], Deg, B) :-
    (   count(Deg, J, 2) -> B = J ; two_box(Js, Deg, B) ).

mask_ids(0, _, []) :- !.
mask_ids(X, I, Is) :-
    I1 is I + 1, X1 is X >> 1,
    (   X /\ 1 =:= 1 -> Is = [I|Is1] ; Is = Is1 ),
    mask_ids(X1, I1, Is1).

% walk(+M, +D, +Deg, +Start, +From, +Via, +L0, -L, +Mask0, -Mask, -End,
%      -EndSeg): from box From through its side Via, L more boxes with 2
% sides follow; the path ends at the border (End = ground), at a box with
% fewer sides (junction) or back at Start (loop); EndSeg is its last
% segment.
walk(M, D, Deg, Start, From, Via, L0, L, M0, Mask, End, EndSeg) :-
    M1 is M0 \/ (1 << Via),
    seg(M, Via, _, _, Js),
    other_box(Js, From, Z),
    (   Z == none -> L = L0, Mask = M1, End = ground, EndSeg = Via
    ;   Z =:= Start -> L = L0, Mask = M1, End = loop, EndSeg = Via
    ;   count(Deg, Z, 2) ->
        free_sides(M, D, Z, ZSs),
        select(Via, ZSs, [Next]),
        L1 is L0 + 1,
        walk(M, D, Deg, Start, Z, Next, L1, L, M1, Mask, End, EndSeg)
    ;   L = L0, Mask = M1, End = junction, EndSeg = Via
    ).

/* Simple loony endgames. */
loony_leaf(M, Ids, D, Deg, V) :-
    leaf_components(Ids, M, D, Deg, 0, Comps0),
    loony_value(Comps0, V).

leaf_components([], _, _, _, _, []).
leaf_components([S|Ss], M, D, Deg, Vis, Comps) :-
    (   ( D >> S /\ 1 =:= 1 ; Vis >> S /\ 1 =:= 1 ) ->
        leaf_components(Ss, M, D, Deg, Vis, Comps)
    ;   seg(M, S, _, _, Js),
        chain_of(M, D, Deg, S, Js, Len, Kind, Mask, _),
        Vis1 is Vis \/ Mask,
        Comp =.. [Kind, Len],
        Comps = [Comp|Comps1],
        leaf_components(Ss, M, D, Deg, Vis1, Comps1)
    ).

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
%   open loop(N):       -max(N + v(Rest), N - 8 - v(Rest))
% The values of the sub-multisets are memoized in an assoc.
loony_value(Comps0, V) :-
    msort_(Comps0, Comps),
    empty_assoc(Memo0),
    loony_value(Comps, V, Memo0, _).

loony_value([], 0, Memo, Memo) :- !.
loony_value(Comps, V, Memo0, Memo) :-
    (   get_assoc(Comps, Memo0, V0) -> V = V0, Memo = Memo0
    ;   distinct_choices(Comps, [], Choices),
        open_values(Choices, Comps, -1000, V, Memo0, Memo1),
        put_assoc(Comps, Memo1, V, Memo)
    ).

distinct_choices([], _, []).
distinct_choices([C|Cs], Seen, Ch) :-
    (   memberchk(C, Seen) -> distinct_choices(Cs, Seen, Ch)
    ;   Ch = [C|Ch1], distinct_choices(Cs, [C|Seen], Ch1)
    ).

open_values([], _, V, V, Memo, Memo).
open_values([X|Xs], Comps, V0, V, Memo0, Memo) :-
    select(X, Comps, Rest), !,
    loony_value(Rest, VR, Memo0, Memo1),
    open_value(X, VR, VX),
    V1 is max(V0, VX),
    open_values(Xs, Comps, V1, V, Memo1, Memo).

open_value(chain(N), VR, V) :-
    (   N =< 2 -> V is -N - VR
    ;   V is -max(N + VR, N - 4 - VR)
    ).
open_value(loop(N), VR, V) :-
    V is -max(N + VR, N - 8 - VR).


/* ---------------------------------------------------------------------
   Level ai
   --------------------------------------------------------------------- */

/* ai_move/4, two players, BudgetMs > 0 (the time is CPU time from the
   call, statistics(runtime, _)):
   1. With at most 31 segments left, the exact search (exact_share/2: until
      75% of the budget up to 29 segments left, 30% at 30 and 31); if it
      finishes, its move is provably best: Reason exact(Diff).
   2. Else, when nothing can be taken and at most safe_game_limit/1 safe
      moves are left, the safe-move game (approx_move/5) until 75% of the
      budget: Reason control(Parity).
   3. Else, and always with BudgetMs = 0, the rules, which answer in a few
      milliseconds:
      a. boxes to take: a box whose taking gives nothing up is taken
         (take_box); at the last two boxes of a chain (four of an opened
         loop) it double-deals (double_deal) when what is left is only
         chains and loops (no safe move left) and keeping control is worth
         more there (loony_value/2 decides), else it takes them;
      b. nothing to take: a safe move if there is one, chosen by the long
         chain rule: one after which the number of long chains has the
         parity the player wants (control(Parity)); if none does, the first
         safe move (safe);
      c. no safe move: open the smallest chain or loop, a chain of two in
         its middle so that the opponent cannot double-deal it
         (sacrifice(N), N boxes given).
   Three or four players: there is no control to fight for (the turn goes
   round and whoever gets a chain takes it), so the player is greedy but
   careful and deterministic: it takes every box it can, draws a safe
   segment while one exists, and then opens the smallest chain (the middle
   of a chain of two); no parity play, no double-deal, no search.
*/

% small_integers(+State): the model of State fits in small integers (at
% most 27 boxes left, 2 bits each, and 54 segments): the searches run only
% then, so as never to compute with big integers, which are slow and kept
% in memory that backtracking does not free. Always true on 5 x 6 dots; on
% big boards it waits until enough boxes are closed.
small_integers(State) :-
    dots:board_size(State, R, C),
    State = dots(_, _, _, _, _, Boxes, _, _),
    sum_list(Boxes, Taken),
    (R - 1)*(C - 1) - Taken =< 27,
    dots:segments_left(State, Left),
    Left =< 54.

% exact_share(+Left, -Share): the share of the budget the exact search may
% use with Left segments left: all of it (0.75) up to 29, where it usually
% finishes in a second on 5 x 6 dots; 0.3 at 30 and 31, leaving time to
% the safe-move game when it fails; none above.
exact_share(Left, Share) :-
    (   Left =< 29 -> Share = 0.75
    ;   Left =< 31 -> Share = 0.3
    ;   Share = 0
    ).

% ai_move(+State, +BudgetMs, -Move, -Reason)
ai_move(State, BudgetMs, Move, Reason) :-
    statistics(runtime, [T0, _]),
    dots:players(State, Players),
    dots:segments_left(State, Left),
    exact_share(Left, Share),
    (   Players =:= 2, BudgetMs > 0, Share > 0, small_integers(State),
        Deadline is T0 + BudgetMs * Share,
        catch(exact_run(State, Deadline, practical, Move0, Diff, _),
              dots_ai_timeout, fail) ->
        Move = Move0, Reason = exact(Diff)
    ;   Players =:= 2, BudgetMs > 0, small_integers(State),
        Deadline is T0 + BudgetMs * 0.75,
        catch(safe_game_move(State, Deadline, Move0), dots_ai_timeout, fail) ->
        Move = Move0,
        control_parity(State, Parity),
        Reason = control(Parity)
    ;   rules_move(State, Players, Move, Reason)
    ).

% safe_game_move(+State, +Deadline, -Move): the best safe move of the
% safe-move game (approx_move/5), when nothing can be taken and there are
% at most safe_game_limit/1 safe moves (with more it would not finish).
safe_game_move(State, Deadline, Move) :-
    findall(Move0,
            ( model(State, Deadline, M, Deg, _, Ids),
              M = m(Ones, _, _, _, _),
              Deg /\ (Deg >> 1) /\ Ones =:= 0,
              High is (Deg >> 1) /\ Ones,
              safe_ids(Ids, M, 0, High, Safe),
              length(Safe, NSafe),
              safe_game_limit(Limit),
              NSafe > 0, NSafe =< Limit,
              approx_move(M, Ids, Deg, S, _),
              seg(M, S, Move0, _, _) ),
            [Move]).

% safe_game_limit(-N): the safe-move game is tried with at most N safe
% moves (on 5 x 6 it takes from 0.2 to 0.7 s with 10-17 safe moves and 31
% segments left, 1 to 5 s with 16-21 safe moves and 33 left).
safe_game_limit(18).

% rules_move(+State, +Players, -Move, -Reason): the rules 3a-3c above
% (in findall/3, to give back the memory at once).
rules_move(State, Players, Move, Reason) :-
    findall(Move0-Reason0, rules_move_(State, Players, Move0, Reason0), [Move-Reason|_]).

rules_move_(State, Players, Move, Reason) :-
    model(State, inf, M, Deg, _, Ids),
    M = m(Ones, _, _, _, _),
    Cap is Deg /\ (Deg >> 1) /\ Ones,
    (   Cap =\= 0 ->
        capture_rule(Players, M, Ids, Deg, Cap, S, Reason)
    ;   High is (Deg >> 1) /\ Ones,
        quiet_scan(Ids, M, 0, Deg, High, 0, Safe, Sacs),
        (   Safe = [First|_] ->
            (   Players =:= 2, small_integers(State) ->
                control_parity(State, Parity),
                (   parity_move(Safe, M, Ids, Deg, Parity, S0) ->
                    S = S0, Reason = control(Parity)
                ;   S = First, Reason = safe
                )
            ;   S = First, Reason = safe
            )
        ;   keysort(Sacs, [Key-[S|_]|_]),
            sacrifice_size(Key, N),
            Reason = sacrifice(N)
        )
    ),
    seg(M, S, Move, _, _).

sacrifice_size(Key, N) :-
    (   Key >= 200 -> N is Key - 200
    ;   Key >= 100 -> N is Key - 100
    ;   N = Key
    ).

% capture_rule(+Players, +M, +Ids, +Deg, +Cap, -S, -Reason)
capture_rule(Players, M, Ids, Deg, Cap, S, Reason) :-
    capture_moves(M, 0, Deg, Cap, Kind),
    (   Kind = forced(S0) -> S = S0, Reason = take_box
    ;   Kind = choices([Take-Decline|_]),
        (   Players =:= 2,
            double_deal_pays(M, Ids, Deg, Take, Decline) ->
            S = Decline, Reason = double_deal
        ;   S = Take, Reason = take_box
        )
    ).

% double_deal_pays(+M, +Ids, +Deg, +Take, +Decline): declining is better
% than taking, judged on the position after all the boxes that can be
% taken are taken: it must be a simple loony endgame (chains and loops
% only) and keeping control must be worth more than the boxes given.
% The boxes of the chain being taken are counted the same in both cases
% but for those declined: take all = Taken + v(Rest), decline = (Taken -
% G) - G - v(Rest)... with G the boxes declined, so decline pays iff
% v(Rest) < -G... that is, iff opening the rest first is worse for the
% player than giving the G boxes.
double_deal_pays(M, Ids, Deg, Take, Decline) :-
    play(M, Take, 0, Deg, D1, Deg1, _),
    take_all(M, D1, Deg1, D2, Deg2),
    M = m(Ones, _, _, _, _),
    High is (Deg2 >> 1) /\ Ones,
    High =:= Ones, Deg2 /\ Ones =:= 0,
    loony_leaf(M, Ids, D2, Deg2, VRest),
    declined(M, Decline, Deg, G),
    VRest < -G.

% declined(+M, +Decline, +Deg, -G): how many boxes the double-deal gives:
% 2 for a chain, 4 for an opened loop of four.
declined(M, Decline, Deg, G) :-
    seg(M, Decline, _, _, Js),
    (   Js = [J1, J2], count(Deg, J1, 2), count(Deg, J2, 2) -> G = 4 ; G = 2 ).

% take_all(+M, +D0, +Deg0, -D, -Deg): take every box that can be taken.
take_all(M, D0, Deg0, D, Deg) :-
    take_all(M, D0, Deg0, D, Deg, 0, _).

% take_all(+M, +D0, +Deg0, -D, -Deg, +G0, -G): ... G - G0 boxes.
take_all(M, D0, Deg0, D, Deg, G0, G) :-
    M = m(Ones, _, _, _, _),
    Cap is Deg0 /\ (Deg0 >> 1) /\ Ones,
    (   Cap =:= 0 -> D = D0, Deg = Deg0, G = G0
    ;   cap_boxes(Cap, 0, [J|_]),
        free_sides(M, D0, J, [S]),
        play(M, S, D0, Deg0, D1, Deg1, G1),
        G2 is G0 + G1,
        take_all(M, D1, Deg1, D, Deg, G2, G)
    ).

/* The safe-move game. Between the opening (where any safe move will do)
   and the reach of the exact search, what matters is who will run out of
   safe moves first and how long the chains will be then. approx/12
   searches a smaller game in which the players only draw safe moves; a
   position without safe moves is valued exactly by search/13 (from there
   on only chains, loops and their junctions are left, which the exact
   search handles quickly). It is a negamax alpha-beta with a table, like
   search/13, sharing it, and gives up at the deadline the same way. Its
   value is an estimate: it ignores the sacrifices a player could make
   while safe moves remain, to change who runs out of them first (letting
   it sacrifice the smallest chain as well made it three times slower
   and no better, measured against the exact values of positions with 29
   segments left). */

% approx_move(+M, +Ids, +Deg, -S, -V): the best safe move S of
% the safe-move game and its estimated value V.
approx_move(M, Ids, Deg, S, V) :-
    empty_assoc(TT0),
    approx(M, Ids, 0, Deg, -1000, 1000, V, S, TT0, _, 0, _),
    S \== none.

approx(M, Ids, D, Deg, A, B, V, Best, TT0, TT, C0, C) :-
    C1 is C0 + 1,
    tick(C1, M),
    M = m(Ones, _, _, _, _),
    High is (Deg >> 1) /\ Ones,
    safe_ids(Ids, M, D, High, Safe),
    (   Safe == [] ->
        approx_rem(M, Rem),
        search(M, Ids, D, Deg, Rem, A, B, V, _, TT0, TT, C1, C),
        Best = none
    ;   get_assoc(D, TT0, e(Flag, TV, TBest)),
        (   Flag == exact ; Flag == lower, TV >= B ; Flag == upper, TV =< A ) ->
        V = TV, Best = TBest, TT = TT0, C = C1
    ;   All = Safe,
        (   get_assoc(D, TT0, e(_, _, TBest)), TBest \== none,
            select(TBest, All, Rest) -> Moves = [TBest|Rest]
        ;   Moves = All
        ),
        approx_loop(Moves, M, Ids, D, Deg, A, B, -1000, none, V, Best, TT0, TT1, C1, C),
        (   V =< A -> Flag1 = upper
        ;   V >= B -> Flag1 = lower
        ;   Flag1 = exact
        ),
        put_assoc(D, TT1, e(Flag1, V, Best), TT)
    ).

approx_loop([], _, _, _, _, _, _, V, Best, V, Best, TT, TT, C, C).
approx_loop([S|Ss], M, Ids, D, Deg, A, B, V0, Best0, V, Best, TT0, TT, C0, C) :-
    play(M, S, D, Deg, D1, Deg1, _),
    take_all(M, D1, Deg1, D2, Deg2, 0, G),
    NA is -B - G, NB is -A - G,
    approx(M, Ids, D2, Deg2, NA, NB, V1, _, TT0, TT1, C0, C1),
    VS is -(V1 + G),
    (   VS > V0 -> V2 = VS, Best2 = S ; V2 = V0, Best2 = Best0 ),
    (   V2 >= B ->
        V = V2, Best = Best2, TT = TT1, C = C1
    ;   A2 is max(A, V2),
        approx_loop(Ss, M, Ids, D, Deg, A2, B, V2, Best2, V, Best, TT1, TT, C1, C)
    ).

% approx_rem(+M, -Rem): a bound on the boxes left, for search/13 (the
% boxes open at the root: more than left is harmless, search/13 only uses
% it to bound its window and ends with the last segment anyway).
approx_rem(m(_, _, BoxArr, _, _), Rem) :-
    functor(BoxArr, _, Rem).

% parity_move(+Safe, +M, +Ids, +Deg, +Parity, -S): the first safe move
% after which the number of long chains has Parity.
parity_move([S|Ss], M, Ids, Deg, Parity, Move) :-
    play(M, S, 0, Deg, D1, Deg1, _),
    model_long_chains(M, Ids, D1, Deg1, N),
    (   parity(N, Parity) -> Move = S
    ;   parity_move(Ss, M, Ids, Deg, Parity, Move)
    ).

parity(N, P) :- ( N mod 2 =:= 0 -> P = even ; P = odd ).

% model_long_chains(+M, +Ids, +D, +Deg, -N): the chains of 3 boxes or more
% (not loops) in a quiet position of the model.
model_long_chains(M, Ids, D, Deg, N) :-
    M = m(Ones, _, _, _, _),
    High is (Deg >> 1) /\ Ones,
    quiet_scan(Ids, M, D, Deg, High, 0, _, Sacs),
    count_long(Sacs, 0, N).

count_long([], N, N).
count_long([Key-_|Ks], N0, N) :-
    (   Key >= 203 -> N1 is N0 + 1 ; N1 = N0 ),
    count_long(Ks, N1, N).


/* ---------------------------------------------------------------------
   Randomness
   --------------------------------------------------------------------- */

% random_element(+List, -X): X is an element of the non-empty List, drawn
% uniformly with library(random).
random_element(List, X) :-
    length(List, N),
    N > 0,
    random_integer(0, N, K),
    nth0(K, List, X).
