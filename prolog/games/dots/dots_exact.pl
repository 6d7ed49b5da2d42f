/** The exact endgame search of Timbiriche (dots.pl) for the computer
players (dots_ai.pl): exact_value/2 and exact_move/4 give the value of a
position with best play by both and a move that achieves it; the
safe-move game (safe_game_move/3) estimates the middle game, between the
opening and the reach of the exact search. Both compute on the compact
model (dots_model.pl); the search's reductions and move ordering come
from the analysis of chains and loops (dots_chains.pl and below).

Example:
  ?- dots:initial_state([rows(2), cols(2)], S), dots_exact:exact_value(S, V).
  V = -1.
*/

:- module(dots_exact, [exact_value/2,
                       exact_move/4,
                       exact_search/5,
                       exact_run/6,
                       safe_game_move/3,
                       capture_moves/5,
                       quiet_scan/8,
                       loony_leaf/5]).

:- use_module(library(lists)).
:- use_module(library(random)).
:- use_module(library(error)).
:- use_module(library(between)).
:- use_module(library(pairs)).
:- use_module(library(time)).
:- use_module(dots_model).
:- use_module(dots_chains).


/* ---------------------------------------------------------------------
   The exact endgame search
   --------------------------------------------------------------------- */

/* The value of a position, V, is the number of boxes the player to move
   takes from here to the end minus the number her opponent takes, both
   playing perfectly (two players). It depends on the drawn segments only,
   not on the score so far nor on who moves. A move that closes G boxes
   keeps the turn: its value is G + V(after); a move that closes none
   passes it: -V(after). search/13 is a negamax alpha-beta search
   (fail-soft) on the compact model with a transposition table (a hash
   table that is filled in place, dots_model:tt_new/1, keyed by D, the bit
   set of the segments drawn since the root; entries b(Lower, Upper,
   BestMove), both bounds of the value (merge_bounds/6: 1.6% fewer
   positions than one bound, which the fail-high and fail-low searches
   of MTD(f) overwrote in turn), or l(Value) when it is exact),
   driven at the root by MTD(f) (mtd/15: null-window searches narrowing
   the value, the table carried from one to the next, in steps of 2: a
   value has the parity of the boxes left), and these reductions, each of
   which keeps the value exact (the test suite checks it against a
   brute-force solver):

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
     gone, so one segment per chain or loop is searched; of a chain of 2
     boxes only the middle segment: the opponent must then take both
     (2 + V, V the value of the board left to him), while at an end he
     may also decline them (-2 - V), and the board left is the same; of
     a chain of 1 box one side only: once the opponent has taken it, the
     board is the same whichever side was drawn first;
   * a long chain or loop opened is worth at most -(N - 2) (a loop
     -(N - 4)) to the player who opens it (loony_bound/2): not searched
     when that cannot raise alpha;
   * the two outer sides of a corner box are twins (search_model/3): one
     position for the table, one safe move for the search;
   * a position in which every box left has exactly 2 sides drawn is a
     "simple loony endgame": only chains and loops, independent of each
     other; its value is computed without search by loony_value/4, which
     keeps the values of the multisets of chains and loops in the table
     (under their sorted lists), so that endgames of the same lengths in
     other places are computed once, and opens only the shortest long
     chain and the smallest loop (dots_chains.pl says why); the position
     keeps its value too (leaf_value/6);
   * a position without safe moves that is not a simple loony endgame
     (some boxes, "junctions", have fewer than 2 sides; the others are in
     chains and loops, independent ones and chains that end at a junction)
     is valued without search by graph_value/5, on its strings-and-coins
     graph alone: the lengths of its chains and which junction or the
     border each ends at, the junctions numbered so that boards alike but
     for the places of their junctions share their values (of two
     junctions, both numberings tried). No safe move can come back (sides
     are only added), every move opens a chain or loop, the opponent takes
     it all or all but 2 (4 of a loop), and the board left is known: a
     junction at its ends with a side more joins its other two chains
     into one when 2 sides are left undrawn, and is taken (with the chain
     after it) when 1 is. The simple loony endgames it meets are valued
     by loony_value/4, which keeps every endgame it solves on the way in
     the table. 30-35% fewer positions (junction_value/7);
   * enhanced transposition cutoffs: in a quiet position without a best
     move in the table, the positions the safe moves lead to are looked
     up before any is searched, and one whose entry proves a cutoff
     gives it at once (etc_cut/6);
   * when the table's best move opens a chain or loop whose key the
     entry kept (see below), it is searched first as the other
     sacrifices are, without a node per box taken;
   * move ordering: the table's best move first, then safe moves (those
     that give the most boxes their second side first, safe_order/4),
     then sacrifices from the smallest (1- and 2-chains, the middle
     segment of a 2-chain first: the "hard-hearted handout"), loops, long
     chains; the chains are only analysed when no safe move gave a cutoff
     (quiet_search/14);
   * the search counts its nodes and every 128 nodes compares the CPU time
     with the deadline, throwing dots_ai_timeout when it is passed.
*/

%% exact_value(+State, -Diff)
% For a two-player State, Diff is the number of boxes the player to move
% takes from now to the end of the game minus the number the opponent
% takes, both playing perfectly (the points difference is Diff times
% dots:box_points/1). It depends only on the drawn segments. 0 when the
% game is over. No time limit:
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
    ;   statistics(walltime, [T0, _]), Deadline is T0 + BudgetMs
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
            ( model(State, Deadline, M0, Deg, Rem, Ids),
              search_model(M0, Ids, M),
              root_search(M, Ids, Deg, Rem, Choice, Diff0, Best, Nodes0),
              seg(M, Best, Move0, _, _) ),
            [r(Move, Diff, Nodes)]).

% root_search(+M, +Ids, +Deg, +Rem, +Choice, -V, -Best, -Nodes): as
% search/13, but always gives a move (it never evaluates the root without
% searching).
root_search(M, Ids, Deg, Rem, Choice, V, Best, Nodes) :-
    tt_new(TT0),
    A is -Rem - 2, B = Rem,
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
% failed high (value >= its beta): it proves the lower bound. A value has
% the parity of the boxes left (it is 2 x mine - Rem), so the bounds are
% rounded to that parity and each search tests the next value of it: half
% the searches of a step of 1 (Lower starts one value below -Rem, so that
% even V = -Rem is proved by a search that fails high and gives its move).
% ?- mtd(Moves, M, Ids, Deg, 4, 0, -6, 4, none, V, Best, TT0, _, 1, _)
%    tests V >= 0, then V >= 2 or V >= -2, ...
mtd(Moves, M, Ids, Deg, Rem, G, Lo, Up, Best0, V, Best, TT0, TT, C0, C) :-
    (   Lo >= Up ->
        V = Lo, Best = Best0, TT = TT0, C = C0
    ;   parity_round(G, Rem, up, G0),
        (   G0 =< Lo -> Beta is Lo + 2
        ;   G0 > Up -> Beta = Up
        ;   Beta = G0
        ),
        Alpha is Beta - 1,
        moves_loop(Moves, M, Ids, 0, Deg, Rem, Alpha, Beta, -1000, none, G1,
                   Best1, TT0, TT1, C0, C1),
        (   G1 < Beta ->
            parity_round(G1, Rem, down, Up1),
            mtd(Moves, M, Ids, Deg, Rem, Up1, Lo, Up1, Best0, V, Best, TT1, TT,
                C1, C)
        ;   parity_round(G1, Rem, up, Lo1),
            mtd(Moves, M, Ids, Deg, Rem, Lo1, Lo1, Up, Best1, V, Best, TT1, TT,
                C1, C)
        )
    ).

%% parity_round(+X, +Rem, +Dir, -Y)
% Y is X rounded up or down (Dir) to the parity of Rem, the parity of every
% value of a position with Rem boxes left.
% ?- parity_round(3, 4, down, Y).   Y = 2.
parity_round(X, Rem, Dir, Y) :-
    (   (X - Rem) /\ 1 =:= 0 -> Y = X
    ;   Dir == up -> Y is X + 1
    ;   Y is X - 1
    ).

% tightened(+V0, +Rem, +A, +B, -V, -Flag): the fail-soft result V0 of a
% search with window A..B, as a bound for the table: an upper bound
% (V0 =< A) rounded down, a lower bound (V0 >= B) up, to the parity of
% the values of the position (parity_round/4), so that it answers more
% windows later.
tightened(V0, Rem, A, B, V, Flag) :-
    (   V0 =< A -> Flag = upper, parity_round(V0, Rem, down, V)
    ;   V0 >= B -> Flag = lower, parity_round(V0, Rem, up, V)
    ;   Flag = exact, V = V0
    ).

tick(C, m(_, _, _, x(Deadline, _, _, _, _, _), _)) :-
    (   C /\ 127 =:= 0, Deadline \== inf ->
        statistics(walltime, [T, _]),
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
                leaf_value(M, D, Deg, V, TT0, TT),
                Best = none, C = C1
            ;   quiet_search(M, Ids, D, Deg, Rem, High, A, B, V, Best,
                             TT0, TT, C1, C)
            )
        )
    ).

% quiet_search(+M, +Ids, +D, +Deg, +Rem, +High, +A, +B, -V, -Best, +TT0,
% -TT, +C0, -C): search/13 in a quiet position. The safe moves are tried
% first (after the table's move) and the chains are analysed only if none
% of them is good enough for a cutoff. The chains found are kept in the
% table entry, bq(Lo, Hi, Best, D, Sorted) rather than b(Lo, Hi, Best),
% for the next search of the same position (MTD(f) searches the root
% again and again); only for the same D, since a position keyed alike
% (tt_key/3) has the twin segment drawn instead.
quiet_search(M, Ids, D, Deg, Rem, High, A, B, V, Best, TT0, TT, C0, C) :-
    tt_key(M, D, Key),
    (   tt_get(Key, TT0, Entry) ->
        (   Entry = b(Lo, Hi, TBest0) -> Sorted0 = none
        ;   Entry = l(Lo) -> Hi = Lo, TBest0 = none, Sorted0 = none
        ;   Entry = bq(Lo, Hi, TBest0, D0, Sorted1),
            (   D0 =:= D -> Sorted0 = Sorted1 ; Sorted0 = none )
        ),
        % A position keyed alike may have its best move drawn here.
        (   TBest0 \== none, D >> TBest0 /\ 1 =:= 0 -> TBest = TBest0
        ;   TBest = none
        )
    ;   Lo = -1000, Hi = 1000, TBest = none, Sorted0 = none
    ),
    (   bounds_hit(Lo, Hi, A, B, TV) ->
        V = TV, Best = TBest, TT = TT0, C = C0
    ;   safe_ids(Ids, M, D, High, Safe0),
        (   few_safe(Safe0), junction_value(M, D, Deg, High, V0, TT0, TT1) ->
            V = V0, Best = none, C = C0,
            tt_put(Key, TT1, l(V0)), TT = TT1
        ;   quiet_moves_search(M, Ids, D, Deg, Rem, High, A, B, Key, Safe0,
                               TBest, Sorted0, Lo-Hi, V, Best, TT0, TT, C0,
                               C)
        )
    ).

few_safe([]).

% quiet_moves_search(+M, +Ids, +D, +Deg, +Rem, +High, +A, +B, +Key,
% +Safe0, +TBest, +Sorted0, -V, -Best, +TT0, -TT, +C0, -C): the search of
% the moves of quiet_search/14, Safe0 the safe moves, TBest and Sorted0
% what the table kept (none if nothing).
quiet_moves_search(M, Ids, D, Deg, Rem, High, A, B, Key, Safe0, TBest,
                   Sorted0, Lo-Hi, V, Best, TT0, TT, C0, C) :-
        twin_pruned(M, D, Safe0, Safe1),
        safe_order(Safe1, M, Deg, Safe),
        (   TBest == none -> First = Safe
        ;   select(TBest, Safe, Rest) -> First = [TBest|Rest]
        ;   Sorted0 \== none, group_of(Sorted0, TBest, K) ->
            First = sacrifice(K, TBest)
        ;   First = [TBest|Safe]
        ),
        (   TBest == none, etc_cut(Safe, D, B, TT0, VE, BE) ->
            V1 = VE, Best1 = BE, TT1 = TT0, C1 = C0
        ;   First = sacrifice(K1, S1) ->
            % The table's move opens a chain or loop whose key the entry
            % kept: searched as sacrifices_loop/17 would, its captures
            % without nodes, then the safe moves.
            group_moves([S1], K1, M, Ids, D, Deg, Rem, A, B, -1000, none, VG,
                        BG, TT0, TTG, C0, CG),
            (   VG >= B -> V1 = VG, Best1 = BG, TT1 = TTG, C1 = CG
            ;   AG is max(A, VG),
                moves_loop(Safe, M, Ids, D, Deg, Rem, AG, B, VG, BG, V1,
                           Best1, TTG, TT1, CG, C1)
            )
        ;   moves_loop(First, M, Ids, D, Deg, Rem, A, B, -1000, none, V1,
                       Best1, TT0, TT1, C0, C1)
        ),
        (   V1 >= B ->
            V0 = V1, Best = Best1, TT2 = TT1, C = C1, Sorted = Sorted0
        ;   A1 is max(A, V1),
            (   Sorted0 == none ->
                sacrifice_groups(M, D, Deg, High, Sacs),
                keysort(Sacs, Sorted)
            ;   Sorted = Sorted0
            ),
            sacrifices_loop(Sorted, TBest, M, Ids, D, Deg, Rem, A1, B, V1,
                            Best1, V0, Best, TT1, TT2, C1, C)
        ),
        tightened(V0, Rem, A, B, V, Flag1),
        merge_bounds(Flag1, V, Lo, Hi, Lo1, Hi1),
        (   Sorted == none -> Entry1 = b(Lo1, Hi1, Best)
        ;   Entry1 = bq(Lo1, Hi1, Best, D, Sorted)
        ),
        tt_put(Key, TT2, Entry1), TT = TT2.

% etc_cut(+Safe, +D, +B, +TT, -V, -S): the enhanced transposition cutoff:
% a safe move S of Safe leads to a position whose table entry already
% proves S worth V >= B (a safe move closes nothing, so it is worth minus
% the value of the position it leads to). quiet_search/14 looks the safe
% moves up so before searching any of them, in a position that the table
% gives no best move for (where it does, that move nearly always cuts off
% by itself, and the lookups did not pay: 30 left, 12 positions, 210 404
% positions searched against 215 132). The lookup is under D1 itself, not
% its key (tt_key/3): cheaper, and D1 is its own key unless a twin is
% drawn, when the lookup only misses.
etc_cut([S|Ss], D, B, TT, V, Best) :-
    D1 is D \/ (1 << S),
    (   tt_get(D1, TT, E), etc_value(E, B, V0) -> V = V0, Best = S
    ;   etc_cut(Ss, D, B, TT, V, Best)
    ).

etc_value(l(TV), B, V) :- V is -TV, V >= B.
etc_value(b(_, Hi, _), B, V) :- V is -Hi, V >= B.
etc_value(bq(_, Hi, _, _, _), B, V) :- V is -Hi, V >= B.

% sacrifices_loop(+Groups, +TBest, +M, +Ids, +D, +Deg, +Rem, +A, +B, +V0,
% +Best0, -V, -Best, +TT0, -TT, +C0, -C): moves_loop/16 over the
% sacrifices, one group (Key-Reps, from quiet_scan/8) per chain or loop,
% TBest left out (it was tried first). A group is not searched when its
% loony bound (loony_bound/2) is no better than alpha: the move cannot
% raise alpha, and the bound stands in for its value in the fail-soft
% result (an upper bound of the position's value when it fails low).
sacrifices_loop([], _, _, _, _, _, _, _, _, V, Best, V, Best, TT, TT, C, C).
sacrifices_loop([K-Reps0|Gs], TBest, M, Ids, D, Deg, Rem, A, B, V0, Best0, V,
                Best, TT0, TT, C0, C) :-
    (   loony_bound(K, UB), UB =< A ->
        V1 is max(V0, UB),
        sacrifices_loop(Gs, TBest, M, Ids, D, Deg, Rem, A, B, V1, Best0, V,
                        Best, TT0, TT, C0, C)
    ;   (   select(TBest, Reps0, Reps) -> true ; Reps = Reps0 ),
        group_moves(Reps, K, M, Ids, D, Deg, Rem, A, B, V0, Best0, V1, Best1,
                    TT0, TT1, C0, C1),
        (   V1 >= B ->
            V = V1, Best = Best1, TT = TT1, C = C1
        ;   A1 is max(A, V1),
            sacrifices_loop(Gs, TBest, M, Ids, D, Deg, Rem, A1, B, V1, Best1,
                            V, Best, TT1, TT, C1, C)
        )
    ).

% group_moves(+Reps, +K, +M, +Ids, +D, +Deg, +Rem, +A, +B, +V0, +Best0,
% -V, -Best, +TT0, -TT, +C0, -C): moves_loop/16 over the moves Reps of a
% chain or loop of key K (order_key/3), by loony_move/17 or short_loop/17.
group_moves(Reps, K, M, Ids, D, Deg, Rem, A, B, V0, Best0, V, Best, TT0, TT,
            C0, C) :-
    (   K > 100, Reps = [S] ->
        loony_move(S, K, M, Ids, D, Deg, Rem, A, B, V0, Best0, V, Best,
                   TT0, TT, C0, C)
    ;   short_loop(Reps, K, M, Ids, D, Deg, Rem, A, B, V0, Best0, V, Best,
                   TT0, TT, C0, C)
    ).

% group_of(+Groups, +S, -K): S is a move of the group of key K.
group_of([K0-Reps|Gs], S, K) :-
    (   memberchk(S, Reps) -> K = K0 ; group_of(Gs, S, K) ).

% loony_move(+S, +Key, +M, +Ids, +D, +Deg, +Rem, +A, +B, +V0, +Best0, -V,
% -Best, +TT0, -TT, +C0, -C): moves_loop/16 for S, which opens a long
% chain or a loop (Key as in order_key/3), without the nodes of its
% captures: the opponent's choice is take all the N boxes (N + V') or
% decline the last 2 (4 of a loop), N - 4 - V' (N - 8 - V'), both
% leading to the same board once the chain is gone, V' its value for the
% player to move. Only when taking the chain takes nothing else (a chain
% whose two ends meet at a box with a side drawn makes it capturable);
% else moves_loop/16.
loony_move(S, K, M, Ids, D, Deg, Rem, A, B, V0, Best0, V, Best, TT0, TT,
           C0, C) :-
    (   K > 200 -> N is K - 200, Dec = 4 ; N is K - 100, Dec = 8 ),
    play(M, S, D, Deg, D1, Deg1, _),
    take_bits(M, D1, Deg1, D2, Deg2, 0, G),
    (   G =:= N ->
        Rem2 is Rem - N,
        RA is -B, RB is -A,
        TA is RA - N, TB is RB - N,
        search(M, Ids, D2, Deg2, Rem2, TA, TB, VT, _, TT0, TT1, C0, C1),
        T is N + VT,
        (   T >= RB ->
            RV = T, TT = TT1, C = C1
        ;   RA1 is max(RA, T),
            DA is N - Dec - RB, DB is N - Dec - RA1,
            search(M, Ids, D2, Deg2, Rem2, DA, DB, VD, _, TT1, TT, C1, C),
            RV is max(T, N - Dec - VD)
        ),
        VS is -RV,
        (   VS > V0 -> V = VS, Best = S ; V = V0, Best = Best0 )
    ;   moves_loop([S], M, Ids, D, Deg, Rem, A, B, V0, Best0, V, Best,
                   TT0, TT, C0, C)
    ).

%% short_loop(+Ss, +N, +M, +Ids, +D, +Deg, +Rem, +A, +B, +V0, +Best0, -V, -Best, +TT0, -TT, +C0, -C)
% As moves_loop/16, over the moves Ss that open a chain of N = 1 or 2 boxes (its
% middle), without the nodes of their captures: the opponent takes the N boxes
% (each is taken at once, see capture_moves/5) and moves again on the board
% left, so the move is worth -(N + V'), V' the value of that board. When
% taking them takes anything else, moves_loop/16.
short_loop([], _, _, _, _, _, _, _, _, V, Best, V, Best, TT, TT, C, C).
short_loop([S|Ss], N, M, Ids, D, Deg, Rem, A, B, V0, Best0, V, Best, TT0, TT,
           C0, C) :-
    play(M, S, D, Deg, D1, Deg1, _),
    take_bits(M, D1, Deg1, D2, Deg2, 0, G),
    (   G =:= N ->
        Rem2 is Rem - N,
        NA is -B - N, NB is -A - N,
        search(M, Ids, D2, Deg2, Rem2, NA, NB, V1, _, TT0, TT1, C0, C1),
        VS is -(V1 + N),
        (   VS > V0 -> V2 = VS, Best2 = S ; V2 = V0, Best2 = Best0 )
    ;   moves_loop([S], M, Ids, D, Deg, Rem, A, B, V0, Best0, V2, Best2,
                   TT0, TT1, C0, C1)
    ),
    (   V2 >= B ->
        V = V2, Best = Best2, TT = TT1, C = C1
    ;   A2 is max(A, V2),
        short_loop(Ss, N, M, Ids, D, Deg, Rem, A2, B, V2, Best2, V, Best,
                   TT1, TT, C1, C)
    ).

%% take_bits(+M, +D0, +Deg0, -D, -Deg, +G0, -G)
% As dots_model:take_all/7, on a model of search_model/3: the lowest box with 3
% sides from the lowest bit of the set, its free side from its bit set of
% sides, no lists.
take_bits(M, D0, Deg0, D, Deg, G0, G) :-
    M = m(Ones, _, _, x(_, _, _, _, Sides, _), _),
    Cap is Deg0 /\ (Deg0 >> 1) /\ Ones,
    (   Cap =:= 0 -> D = D0, Deg = Deg0, G = G0
    ;   Low1 is (Cap /\ (-Cap)) - 1,
        '$popcount'(Low1, Bit),
        J1 is Bit // 2 + 1,
        arg(J1, Sides, BM),
        F1 is (BM /\ \ D0) - 1,
        '$popcount'(F1, S),
        play(M, S, D0, Deg0, D1, Deg1, G1),
        G2 is G0 + G1,
        take_bits(M, D1, Deg1, D, Deg, G2, G)
    ).

% loony_bound(+Key, -UB): opening a chain of N >= 3 boxes (Key 200 + N,
% order_key/3) or a loop of N (Key 100 + N) is a loony move: the opponent
% may take all (N + V') or all but 2 (N - 4 - V'; a loop: all but 4,
% N - 8 - V'), V' the value of what is left for the player to move then,
% and the better of two is at least their mean: N - 2 (a loop: N - 4).
% So the mover gets at most -(N - 2) (-(N - 4)), whatever is left.
loony_bound(K, UB) :-
    (   K > 200 -> UB is 2 - (K - 200)
    ;   K > 100 -> UB is 4 - (K - 100)
    ).

tt_hit(exact, _, _, _).
tt_hit(lower, TV, _, B) :- TV >= B.
tt_hit(upper, TV, A, _) :- TV =< A.

%% safe_ids(+Ids, +M, +D, +High, -Safe)
% The undrawn segments that give no box a third side, in increasing order:
% those of the root (Ids) not drawn and not a side of a box with 2 sides or
% more (the boxes of High), one bit set operation (unsafe_mask/5) rather than
% a test per segment.
safe_ids(_, m(_, _, _, x(_, _, Tables, Free, _, _), _), D, High, Safe) :-
    unsafe_mask(High, Tables, 1, 0, Unsafe),
    Bits is Free /\ \ (D \/ Unsafe),
    bit_list(Bits, Safe).

%% unsafe_mask(+High, +Tables, +G, +Mask0, -Mask)
% Mask (from Mask0) is the set of the segments (bits) beside a box of High
% (2-bit fields, box J at bit 2J), from box 3(G - 1) on: the boxes are
% taken three at a time, the 6 bits of their fields indexing table G,
% which search_model/3 filled with the unions of their sides.
% ?- High = 2'10001, unsafe_mask(High, Tables, 1, 0, M).
%    M: the sides of boxes 0 and 2.
unsafe_mask(H, Tables, G, M0, M) :-
    (   H =:= 0 -> M = M0
    ;   I is (H /\ 63) + 1,
        arg(G, Tables, T),
        arg(I, T, X),
        M1 is M0 \/ X,
        H1 is H >> 6, G1 is G + 1,
        unsafe_mask(H1, Tables, G1, M1, M)
    ).

%% safe_order(+Safe0, +M, +Deg, -Safe)
% Safe are the safe moves Safe0, those that give a second side to the
% most boxes (boxes with 1 side) first, then those beside the most boxes
% (inside the board before on its border), else in the order of Safe0.
% Such a move takes the most safe moves away from the opponent (the two
% other sides of each such box are no longer safe), and the safe moves
% left decide who must open the first chain; it cuts off sooner: 30 and
% 31 left, 12 positions each, 90 969 and 271 571 positions searched
% against 104 342 and 312 981 in the order of the segments.
% ?- Safe0 = [S1, S2], S2 gives a box with 1 side its second,
%    safe_order(Safe0, M, Deg, Safe).   Safe = [S2, S1].
safe_order(Safe0, M, Deg, Safe) :-
    M = m(Ones, _, _, _, _),
    One is Deg /\ \ (Deg >> 1) /\ Ones,
    safe_keys(Safe0, M, One, Keyed),
    keysort(Keyed, Sorted),
    pairs_values(Sorted, Safe).

% safe_keys(+Safe, +M, +One, -Keyed): Key-S for every S of Safe, Key
% -(5 x the boxes with 1 side beside S (of the set One) + the boxes with
% none), which orders as safe_order/4 says (a safe move has 1 or 2 boxes
% beside it, none with 2 sides or more).
safe_keys([], _, _, []).
safe_keys([S|Ss], M, One, [K-S|Ks]) :-
    seg(M, S, _, Inc, _),
    X is Inc /\ One,
    '$popcount'(X, N1),
    '$popcount'(Inc, N),
    K is -(4*N1 + N),
    safe_keys(Ss, M, One, Ks).

%% bit_list(+Bits, -Is)
% Is are the positions of the bits set in Bits, in increasing order.
% ?- bit_list(2'10110, Is).   Is = [1, 2, 4].
bit_list(0, []) :- !.
bit_list(X, [I|Is]) :-
    Low is X /\ (-X),
    Low1 is Low - 1,
    '$popcount'(Low1, I),
    X1 is X - Low,
    bit_list(X1, Is).

tt_search(M, Ids, D, Deg, Rem, A, B, Moves0, V, Best, TT0, TT, C0, C) :-
    tt_key(M, D, Key),
    (   tt_get(Key, TT0, b(Lo, Hi, TBest)) ->
        (   bounds_hit(Lo, Hi, A, B, TV) -> Hit = true ; Hit = false ),
        (   TBest \== none, select(TBest, Moves0, Rest) ->
            Moves = [TBest|Rest]
        ;   Moves = Moves0
        )
    ;   Hit = false, Moves = Moves0, Lo = -1000, Hi = 1000
    ),
    (   Hit == true ->
        V = TV, Best = TBest, TT = TT0, C = C0
    ;   moves_loop(Moves, M, Ids, D, Deg, Rem, A, B, -1000, none, V0, Best,
                   TT0, TT1, C0, C),
        tightened(V0, Rem, A, B, V, Flag1),
        merge_bounds(Flag1, V, Lo, Hi, Lo1, Hi1),
        tt_put(Key, TT1, b(Lo1, Hi1, Best)), TT = TT1
    ).

% bounds_hit(+Lo, +Hi, +A, +B, -V): the bounds Lo =< value =< Hi that the
% table keeps for a position answer a search with window A..B: V is the
% fail-soft value.
bounds_hit(Lo, Hi, A, B, V) :-
    (   Lo >= B -> V = Lo
    ;   Hi =< A -> V = Hi
    ;   Lo == Hi -> V = Lo
    ).

% merge_bounds(+Flag, +V, +Lo0, +Hi0, -Lo, -Hi): the bounds of a position
% once a search has found V (Flag as tightened/6) where they were Lo0 and
% Hi0 (-1000 and 1000 when none): the table keeps both, so that the
% searches of MTD(f), failing high and low in turn, do not forget the
% bound the last one proved.
merge_bounds(exact, V, _, _, V, V).
merge_bounds(lower, V, Lo0, Hi, Lo, Hi) :- Lo is max(Lo0, V).
merge_bounds(upper, V, Lo, Hi0, Lo, Hi) :- Hi is min(Hi0, V).

/* Twin segments. Two undrawn segments of the border that are sides of
   the same box (the two outer sides of a corner box) are interchangeable:
   in the strings-and-coins picture both are strings from that coin to the
   ground, and swapping them maps the board onto itself. So a position in
   which one of them is drawn has the value of the one in which the other
   is (the table keys them alike, tt_key/3), and when both are undrawn
   only the first is searched as a safe move (twin_pruned/4; as a
   sacrifice the box is a chain of one, of which chain_of/9 already gives
   one border end). search_model/3 finds the twins once per search and
   keeps them in the model beside the deadline: m(Ones, Segs, BoxArr,
   x(Deadline, Twins, Tables, Free, Sides, Pairs), Names), Twins a list of
   t(S1, S2, Bit1, Bit2), Tables those of unsafe_mask/5, Free the bit set of the
   segments of the root, Sides = bm(Mask0, ...) the bit sets of the sides
   of every box (at the root), Pairs = p(P0, ...) for every segment the sum
   of the numbers of the boxes beside it, -1 standing for the border (so
   that the box across segment S from box J is P - J, or the border when
   it is negative: one arg/3 per step of walk_bits/12). */

% search_model(+M0, +Ids, -M): the model of model/6 with the twins, the
% tables of the sides of the boxes three at a time, and the segments.
search_model(m(Ones, Segs, BoxArr, Deadline, Names), Ids,
             m(Ones, Segs, BoxArr,
               x(Deadline, Twins, Tables, Free, Sides, Pairs), Names)) :-
    M0 = m(Ones, Segs, BoxArr, Deadline, Names),
    findall(J-S, ( member(S, Ids), seg(M0, S, _, _, [J]) ), Border0),
    keysort(Border0, Border),
    twins(Border, Twins),
    BoxArr =.. [_|SideLists],
    maplist(bits_of, SideLists, BoxMasks),
    side_tables(BoxMasks, TableList),
    Tables =.. [u|TableList],
    Sides =.. [bm|BoxMasks],
    bits_of(Ids, Free),
    findall(P, ( member(S, Ids), seg(M0, S, _, _, Js), pair_sum(Js, P) ),
            PairList),
    % as the segment table of dots_model:model/6, read by seg_at/3
    seg_table(PairList, Pairs).

pair_sum([J], P) :- P is J - 1.
pair_sum([J, K], P) :- P is J + K.

% bits_of(+Is, -Bits): the bit set of the integers Is.
bits_of(Is, Bits) :-
    foldl(bit_or, Is, 0, Bits).

bit_or(I, B0, B) :- B is B0 \/ (1 << I).

% side_tables(+BoxMasks, -Tables): for every three boxes (the last group
% padded with no sides), a term of 22 arguments: argument I + 1 is the
% union of the sides of the boxes whose 2-bit field in I has its low bit
% set (the fields of High have only their low bit, so I =< 2'010101 = 21).
% Small tables, quickly built: a search of a small board is short.
side_tables([], []) :- !.
side_tables(Masks, [T|Ts]) :-
    (   Masks = [A, B, C|Rest] -> Three = [A, B, C]
    ;   append(Masks, [0, 0], Padded), Padded = [A, B, C|_],
        Three = [A, B, C], Rest = []
    ),
    findall(U, ( between(0, 21, I), union_of(Three, I, 0, U) ), Us),
    T =.. [g|Us],
    side_tables(Rest, Ts).

union_of([], _, U, U).
union_of([X|Xs], I, U0, U) :-
    (   I /\ 1 =:= 1 -> U1 is U0 \/ X ; U1 = U0 ),
    I1 is I >> 2,
    union_of(Xs, I1, U1, U).

twins([], []).
twins([J-S1|Rest], Twins) :-
    (   Rest = [J2-S2|Rest1], J2 == J ->
        B1 is 1 << S1, B2 is 1 << S2,
        Twins = [t(S1, S2, B1, B2)|Twins1],
        twins(Rest1, Twins1)
    ;   twins(Rest, Twins)
    ).

%% tt_key(+M, +D, -Key)
% The key of position D in the table: D with, of every pair of twins of which
% one is drawn, the first one drawn.
tt_key(m(_, _, _, x(_, Twins, _, _, _, _), _), D, Key) :-
    twin_key(Twins, D, Key).

twin_key([], D, D).
twin_key([t(_, _, B1, B2)|Ts], D0, D) :-
    (   D0 /\ B2 =\= 0, D0 /\ B1 =:= 0 -> D1 is (D0 - B2) \/ B1
    ;   D1 = D0
    ),
    twin_key(Ts, D1, D).

% twin_pruned(+M, +D, +Safe0, -Safe): Safe0 without the second of every
% pair of twins both undrawn.
twin_pruned(m(_, _, _, x(_, Twins, _, _, _, _), _), D, Safe0, Safe) :-
    twin_prune(Twins, D, Safe0, Safe).

twin_prune([], _, Safe, Safe).
twin_prune([t(_, S2, B1, B2)|Ts], D, Safe0, Safe) :-
    (   D /\ (B1 \/ B2) =:= 0, select(S2, Safe0, Safe1) -> true
    ;   Safe1 = Safe0
    ),
    twin_prune(Ts, D, Safe1, Safe).

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

% sacrifice_groups(+M, +D, +Deg, +High, -Sacs): as the Sacs of
% quiet_scan/8 (in the same order), over the undrawn sides of the boxes of
% High only, every chain or loop skipped at once once found.
sacrifice_groups(M, D, Deg, High, Sacs) :-
    M = m(_, _, _, x(_, _, Tables, Free, _, _), _),
    unsafe_mask(High, Tables, 1, 0, Unsafe),
    Bits is Free /\ Unsafe /\ \ D,
    sac_scan(Bits, M, D, Deg, Sacs).

sac_scan(0, _, _, _, []) :- !.
sac_scan(Bits, M, D, Deg, [Key-Reps|Sacs]) :-
    Low is Bits /\ (-Bits),
    Low1 is Low - 1,
    '$popcount'(Low1, S),
    seg(M, S, _, _, Js),
    chain_bits(M, D, Deg, S, Js, Len, Kind, Mask, Reps),
    order_key(Kind, Len, Key),
    Bits1 is (Bits - Low) /\ \ Mask,
    sac_scan(Bits1, M, D, Deg, Sacs).

%% chain_bits(+M, +D, +Deg, +S, +Js, -Len, -Kind, -Mask, -Reps)
% As chain_of/9, on a model of search_model/3, finding the free sides of a box
% from its bit set of sides rather than its list; a chain of 1 ending on the
% border at both ends is represented by its lowest segment.
chain_bits(M, D, Deg, S, Js, Len, Kind, Mask, Reps) :-
    chain_start(M, D, Deg, Js, Pairs, Sides, B0, S1, S2),
    walk_bits(Pairs, Sides, D, Deg, B0, B0, S1, 0, L1, 0, M1, E1),
    (   E1 < 0 ->
        Len is L1 + 1, Kind = loop, Mask = M1, Reps = [S]
    ;   walk_bits(Pairs, Sides, D, Deg, B0, B0, S2, 0, L2, 0, M2, _),
        Len is 1 + L1 + L2, Kind = chain, Mask is M1 \/ M2,
        (   Len >= 3 -> Reps = [S]
        ;   Len =:= 2 ->
            % The middle is the side of B0 that leads to the other box.
            (   L1 =:= 1 -> Reps = [S1] ; Reps = [S2] )
        ;   % A chain of 1: either side leaves the same board once the
            % opponent has taken the box (short_loop/17: its two sides
            % drawn, a side more on each box beside them; two boxes share
            % one side at most, so nothing else is taken).
            Reps = [S1]
        )
    ).

% walk_bits(+Pairs, +Sides, +D, +Deg, +Start, +From, +Via, +L0, -L,
% +Mask0, -Mask, -End): walk/12 with the sides of a box as bit sets and
% the box across a segment from Pairs (search_model/3); End is 0 at the
% border, -1 back at Start, J + 1 at the box J with fewer than 2 sides.
walk_bits(Pairs, Sides, D, Deg, Start, From, Via, L0, L, M0, Mask, End) :-
    ViaBit is 1 << Via,
    M1 is M0 \/ ViaBit,
    seg_at(Pairs, Via, P),
    Z is P - From,
    (   Z < 0 -> L = L0, Mask = M1, End = 0
    ;   Z =:= Start -> L = L0, Mask = M1, End = -1
    ;   (Deg >> (2*Z)) /\ 3 =:= 2 ->
        Z1 is Z + 1,
        arg(Z1, Sides, ZM),
        R is ZM /\ \ (D \/ ViaBit) - 1,
        '$popcount'(R, Next),
        L1 is L0 + 1,
        walk_bits(Pairs, Sides, D, Deg, Start, Z, Next, L1, L, M1, Mask,
                  End)
    ;   L = L0, Mask = M1, End is Z + 1
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
        ;   Len =:= 2 ->
            % The middle is the side of B0 that leads to the other box.
            (   L1 =:= 1 -> Reps = [S1] ; Reps = [S2] )
        ;   E1 == ground, E2 == ground -> Reps = [S1]
        ;   S1 < S2 -> Reps = [S1, S2]
        ;   Reps = [S2, S1]
        )
    ).

two_box([J|Js], Deg, B) :-
    (   count(Deg, J, 2) -> B = J ; two_box(Js, Deg, B) ).

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

% leaf_value(+M, +D, +Deg, -V, +TT0, -TT): the value of the simple loony
% endgame D (every box left has 2 sides), kept in the table as l(V) under
% the position's key: MTD(f) comes back to the same endgames, and walking
% their chains costs more than looking them up.
leaf_value(M, D, Deg, V, TT0, TT) :-
    tt_key(M, D, Key),
    (   tt_get(Key, TT0, l(V0)) -> V = V0, TT = TT0
    ;   M = m(_, _, _, x(_, _, _, Free, _, _), _),
        Bits is Free /\ \ D,
        leaf_comps(Bits, M, D, Deg, Comps),
        loony_value(Comps, V, TT0, TT1),
        tt_put(Key, TT1, l(V)), TT = TT1
    ).

% junction_value(+M, +D, +Deg, +High, -V, +TT0, -TT): the value of a
% quiet position D without safe moves and not a simple loony endgame: the
% boxes of fewer than 2 sides ("junctions", not in High) and the others in
% chains and loops, independent ones (both ends on the border) and the
% chains that end at a junction (at one end or both); computed by
% graph_value/5 over the lengths and ends alone (quiet_search/14 keeps it
% in the table as l(V), as leaf_value/6 does).
junction_value(M, D, Deg, High, V, TT0, TT) :-
    M = m(Ones, _, _, x(_, _, _, Free, _, _), _),
    Bits is Free /\ \ D,
    graph_comps(Bits, M, D, Deg, Comps, Edges0),
    Jn is Ones /\ \ High,
    junction_sides(Jn, 0, Deg, Edges0),
    sorted_with_duplicates(Comps, S),
    canonical_edges(Edges0, Edges),
    graph_value(S, Edges, V, TT0, TT).

% graph_comps(+Bits, +M, +D, +Deg, -Comps, -Edges): the chains and loops
% of a position of junction_value/7 over the undrawn segments Bits: Comps
% the independent ones (chain(N), loop(N)), Edges the others, e(A, B, N)
% for a chain of N boxes between A and B: the number of a junction box
% plus 1, or 0 for the border.
graph_comps(0, _, _, _, [], []) :- !.
graph_comps(Bits, M, D, Deg, Comps, Edges) :-
    Low is Bits /\ (-Bits),
    Low1 is Low - 1,
    '$popcount'(Low1, S),
    seg(M, S, _, _, Js),
    (   safe_edge(Js, Deg, E) ->
        Bits1 is Bits - Low, Comps = Comps1, Edges = [E|Edges1]
    ;   chain_ends(M, D, Deg, S, Js, Len, Kind, Mask, E1, E2),
        Bits1 is (Bits - Low) /\ \ Mask,
        (   Kind == loop -> Comps = [loop(Len)|Comps1], Edges = Edges1
        ;   E1 == 0, E2 == 0 -> Comps = [chain(Len)|Comps1], Edges = Edges1
        ;   Comps = Comps1, edge(E1, E2, Len, E), Edges = [E|Edges1]
        )
    ),
    graph_comps(Bits1, M, D, Deg, Comps1, Edges1).

% safe_edge(+Js, +Deg, -E): a segment beside the boxes Js, none of which
% has 2 sides (they have fewer: a safe move), is the edge E of no boxes
% between them (or the box and the border).
safe_edge([J], Deg, e(0, X, 0)) :-
    count(Deg, J, N), N < 2,
    X is J + 1.
safe_edge([J, K], Deg, E) :-
    count(Deg, J, NJ), NJ < 2,
    count(Deg, K, NK), NK < 2,
    X is J + 1, Y is K + 1,
    edge(X, Y, 0, E).

edge(A, B, L, E) :- ( A @=< B -> E = e(A, B, L) ; E = e(B, A, L) ).

% junction_sides(+Jn, +J, +Deg, +Edges): every junction box (from box J
% on) is the end of as many edges as it has sides undrawn.
junction_sides(0, _, _, _) :- !.
junction_sides(Jn, J, Deg, Edges) :-
    (   Jn /\ 1 =:= 1 ->
        count(Deg, J, N), X is J + 1,
        ends_at(Edges, X, 0, K),
        K0 is 4 - N, K == K0
    ;   true
    ),
    Jn1 is Jn >> 2, J1 is J + 1,
    junction_sides(Jn1, J1, Deg, Edges).

ends_at([], _, K, K).
ends_at([e(A, B, _)|Es], X, K0, K) :-
    (   A == X -> K1 is K0 + 1 ; K1 = K0 ),
    (   B == X -> K2 is K1 + 1 ; K2 = K1 ),
    ends_at(Es, X, K2, K).

% chain_start(+M, +D, +Deg, +Js, -Pairs, -Sides, -B0, -S1, -S2): where
% chain_bits/9 and chain_ends/10 start their walks: the box B0 of two_box/3,
% its free sides S1 and S2 (from its bit set of sides, less the drawn D),
% and the model's tables Pairs and Sides the walks read.
chain_start(M, D, Deg, Js, Pairs, Sides, B0, S1, S2) :-
    M = m(_, _, _, x(_, _, _, _, Sides, Pairs), _),
    two_box(Js, Deg, B0),
    B01 is B0 + 1,
    arg(B01, Sides, BM),
    Fr is BM /\ \ D,
    Lo is Fr /\ (-Fr), Lo1 is Lo - 1, '$popcount'(Lo1, S1),
    Hi is Fr - Lo, Hi1 is Hi - 1, '$popcount'(Hi1, S2).

% chain_ends(+M, +D, +Deg, +S, +Js, -Len, -Kind, -Mask, -E1, -E2): as
% chain_bits/9, with what each end of a chain meets instead of the
% segments worth searching: E1, E2 = 0 for the border, J + 1 for box J.
chain_ends(M, D, Deg, S, Js, Len, Kind, Mask, E1, E2) :-
    chain_start(M, D, Deg, Js, Pairs, Sides, B0, S1, S2),
    walk_bits(Pairs, Sides, D, Deg, B0, B0, S1, 0, L1, 0, M1, E1),
    (   E1 < 0 ->
        Len is L1 + 1, Kind = loop, Mask = M1, E2 = E1
    ;   walk_bits(Pairs, Sides, D, Deg, B0, B0, S2, 0, L2, 0, M2, E2),
        Len is 1 + L1 + L2, Kind = chain, Mask is M1 \/ M2
    ).

/* graph_value(+S, +Edges, -V, +TT0, -TT): the value for the player to
   move of the independent chains and loops S (sorted) and the chains
   Edges (canonical_edges/2) between junctions and the border, when every
   move opens one of them (no safe move is left, and none will come: sides
   are only added). Kept in the table under [g(Edges)|S]. Every choice is
   valued by open_value/3 from W, the value of the board it leaves for the
   player who moves next: the opponent takes all the N boxes opened, or,
   when there are 3 or more, all but 2 (4 of a loop) and double-deals,
   and the board left is the same either way (the test suite checks it
   against the brute force):
   * a chain or loop of S, as in dots_chains:loony_value/2, and only the
     shortest long chain and the smallest loop (its argument holds with
     the junctions on the board: a box more in an independent long chain
     or loop changes the value of any position by at most one);
   * a chain of Edges (one of each alike; of 2 boxes its middle, of 1
     either side, as search/13 does): once it is taken, each junction at
     its ends has a side more (settle/7): with 2 sides undrawn left, it
     joins its other two chains into one (or its chain back to itself
     into a loop); with 1, it has 3 sides and is taken too, and so is the
     chain after it (the opponent takes those boxes as well, and the
     junction at its other end has a side more). */
graph_value(S, Edges, V, TT0, TT) :-
    (   Edges == [] -> loony_memo(S, V, TT0, TT)
    ;   Key = [g(Edges)|S],
        (   tt_get(Key, TT0, V0) -> V = V0, TT = TT0
        ;   loony_choices(S, Cands),
            gv_comps(Cands, S, Edges, -1000, V1, TT0, TT1),
            distinct_edges(Edges, ECands),
            gv_edges(ECands, S, Edges, V1, V, TT1, TT2),
            tt_put(Key, TT2, V), TT = TT2
        )
    ).

% distinct_edges(+Sorted, -Distinct)
distinct_edges([], []).
distinct_edges([E|Es], [E|Ds]) :-
    skip_equal(Es, E, Es1),
    distinct_edges(Es1, Ds).

skip_equal([X|Xs], E, Ys) :- X == E, !, skip_equal(Xs, E, Ys).
skip_equal(Xs, _, Xs).

gv_comps([], _, _, V, V, TT, TT).
gv_comps([C|Cs], S, Edges, V0, V, TT0, TT) :-
    once(select(C, S, S1)),
    graph_value(S1, Edges, W, TT0, TT1),
    open_value(C, W, VC),
    V1 is max(V0, VC),
    gv_comps(Cs, S, Edges, V1, V, TT1, TT).

gv_edges([], _, _, V, V, TT, TT).
gv_edges([E|Es], S, Edges, V0, V, TT0, TT) :-
    once(select(E, Edges, Rest)),
    E = e(A, B, L),
    (   A == 0 -> Ends = [B] ; A == B -> Ends = [A] ; Ends = [A, B] ),
    settle(Ends, Rest, S, L, N, S2, Edges1),
    canonical_edges(Edges1, Edges2),
    graph_value(S2, Edges2, W, TT0, TT1),
    open_value(chain(N), W, VE),
    V1 is max(V0, VE),
    gv_edges(Es, S, Edges, V1, V, TT1, TT).

% settle(+Xs, +Edges0, +S0, +N0, -N, -S, -Edges): the junctions Xs have
% lost a side each (an edge at them was taken); N - N0 more boxes are
% taken with them (a junction left with one undrawn side, and the chain
% after it), S (sorted, as S0) and Edges are what is left.
settle([], Es, S, N, N, S, Es).
settle([X|Xs], Es0, S0, N0, N, S, Es) :-
    incident(Es0, X, Inc, Rest, 0, K),
    (   K >= 3 -> settle(Xs, Es0, S0, N0, N, S, Es)
    ;   K == 2 ->
        (   Inc = [e(_, _, L1)] ->
            L is L1 + 1, insert_comp(S0, loop(L), S1), Es1 = Rest
        ;   Inc = [E1, E2],
            other_end(E1, X, P, L1), other_end(E2, X, Q, L2),
            L is L1 + 1 + L2,
            (   P == 0, Q == 0 -> insert_comp(S0, chain(L), S1), Es1 = Rest
            ;   S1 = S0, edge(P, Q, L, E), Es1 = [E|Rest]
            )
        ),
        settle(Xs, Es1, S1, N0, N, S, Es)
    ;   K == 1 ->
        Inc = [E1], other_end(E1, X, P, L1),
        N1 is N0 + 1 + L1,
        (   P == 0 -> Xs1 = Xs ; Xs1 = [P|Xs] ),
        settle(Xs1, Rest, S0, N1, N, S, Es)
    ;   settle(Xs, Es0, S0, N0, N, S, Es)
    ).

% insert_comp(+S0, +C, -S): C inserted in the sorted list S0.
insert_comp([], C, [C]).
insert_comp([X|Xs], C, S) :-
    (   C @=< X -> S = [C, X|Xs]
    ;   S = [X|S1], insert_comp(Xs, C, S1)
    ).

% incident(+Edges, +X, -Inc, -Rest, +K0, -K): Inc the edges at X, Rest the
% others, K - K0 the ends at X (2 for an edge from X to X).
incident([], _, [], [], K, K).
incident([E|Es], X, Inc, Rest, K0, K) :-
    E = e(A, B, _),
    (   A == X ->
        ( B == X -> K1 is K0 + 2 ; K1 is K0 + 1 ),
        Inc = [E|Inc1], Rest = Rest1
    ;   B == X -> K1 is K0 + 1, Inc = [E|Inc1], Rest = Rest1
    ;   K1 = K0, Inc = Inc1, Rest = [E|Rest1]
    ),
    incident(Es, X, Inc1, Rest1, K1, K).

other_end(e(A, B, L), X, P, L) :- ( A == X -> P = B ; P = A ).

% canonical_edges(+Edges0, -Edges): Edges0 with its junctions numbered 1,
% 2, ... and sorted; of two junctions, the numbering that gives the
% smaller list, so that boards alike but for the places of their
% junctions are kept under one key (of more, in the order of their
% numbers: a key less general, as good).
canonical_edges([], []) :- !.
canonical_edges(Es0, Es) :-
    Es0 = [e(_, X, _)|_],
    (   one_junction(Es0, X) ->
        relabel1(Es0, Es1),
        sorted_with_duplicates(Es1, Es)
    ;   junction_list(Es0, Js0),
        sort(Js0, Js),
        (   Js = [Y, Z] ->
            relabel(Es0, [Y-1, Z-2], EsA),
            relabel(Es0, [Z-1, Y-2], EsB),
            min_term(EsA, EsB, Es)
        ;   length(Js, K),
            numlist(1, K, Ls),
            pairs_keys_values(Map, Js, Ls),
            relabel(Es0, Map, Es)
        )
    ).

one_junction([], _).
one_junction([e(A, B, _)|Es], X) :-
    B == X,
    ( A == 0 -> true ; A == X ),
    one_junction(Es, X).

relabel1([], []).
relabel1([e(A, _, L)|Es], [E|Es1]) :-
    ( A == 0 -> E = e(0, 1, L) ; E = e(1, 1, L) ),
    relabel1(Es, Es1).

junction_list([], []).
junction_list([e(A, B, _)|Es], Js) :-
    (   A == 0 -> Js = [B|Js1] ; Js = [A, B|Js1] ),
    junction_list(Es, Js1).

relabel(Es0, Map, Es) :-
    relabel_(Es0, Map, Es1),
    sorted_with_duplicates(Es1, Es).

relabel_([], _, []).
relabel_([e(A, B, L)|Es], Map, [E|Es1]) :-
    label(A, Map, A1), label(B, Map, B1),
    edge(A1, B1, L, E),
    relabel_(Es, Map, Es1).

label(0, _, 0) :- !.
label(X, Map, Y) :- memberchk(X-Y, Map).

min_term(X, Y, Z) :- ( X @< Y -> Z = X ; Z = Y ).

% leaf_comps(+Bits, +M, +D, +Deg, -Comps): as leaf_components/6, over
% the bits of the undrawn segments, a chain or loop skipped once found.
leaf_comps(0, _, _, _, []) :- !.
leaf_comps(Bits, M, D, Deg, [Comp|Comps]) :-
    Low is Bits /\ (-Bits),
    Low1 is Low - 1,
    '$popcount'(Low1, S),
    seg(M, S, _, _, Js),
    chain_bits(M, D, Deg, S, Js, Len, Kind, Mask, _),
    Comp =.. [Kind, Len],
    Bits1 is (Bits - Low) /\ \ Mask,
    leaf_comps(Bits1, M, D, Deg, Comps).

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


/* ---------------------------------------------------------------------
   The safe-move game
   --------------------------------------------------------------------- */

% safe_game_move(+State, +Deadline, -Move): the best safe move of the
% safe-move game (approx_move/5), when nothing can be taken and there are
% at most safe_game_limit/1 safe moves (with more it would not finish).
safe_game_move(State, Deadline, Move) :-
    findall(Move0,
            ( model(State, Deadline, M0, Deg, _, Ids),
              search_model(M0, Ids, M),
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

%% safe_game_limit(-N)
% The safe-move game is tried with at most N safe moves (on 5 x 6 it takes
% from 0.2 to 0.7 s with 10-17 safe moves and 31 segments left, 1 to 5 s with
% 16-21 safe moves and 33 left).
safe_game_limit(18).

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

%% approx_move(+M, +Ids, +Deg, -S, -V)
% The best safe move S of the safe-move game and its estimated value V.
approx_move(M, Ids, Deg, S, V) :-
    tt_new(TT0),
    approx_rem(M, Rem),
    approx(M, Ids, 0, Deg, Rem, -1000, 1000, V, S, TT0, _, 0, _),
    S \== none.

approx(M, Ids, D, Deg, Rem, A, B, V, Best, TT0, TT, C0, C) :-
    C1 is C0 + 1,
    tick(C1, M),
    M = m(Ones, _, _, _, _),
    High is (Deg >> 1) /\ Ones,
    safe_ids(Ids, M, D, High, Safe),
    (   Safe == [] ->
        search(M, Ids, D, Deg, Rem, A, B, V, _, TT0, TT, C1, C),
        Best = none
    ;   tt_key(M, D, Key),
        tt_get(Key, TT0, e(Flag, TV, TBest)),
        (   Flag == exact ; Flag == lower, TV >= B ; Flag == upper, TV =< A ) ->
        V = TV, Best = TBest, TT = TT0, C = C1
    ;   twin_pruned(M, D, Safe, All),
        (   tt_key(M, D, Key),
            tt_get(Key, TT0, e(_, _, TBest)), TBest \== none,
            select(TBest, All, Rest) -> Moves = [TBest|Rest]
        ;   Moves = All
        ),
        approx_loop(Moves, M, Ids, D, Deg, Rem, A, B, -1000, none, V, Best,
                    TT0, TT1, C1, C),
        (   V =< A -> Flag1 = upper
        ;   V >= B -> Flag1 = lower
        ;   Flag1 = exact
        ),
        tt_key(M, D, Key),
        tt_put(Key, TT1, e(Flag1, V, Best)), TT = TT1
    ).

approx_loop([], _, _, _, _, _, _, _, V, Best, V, Best, TT, TT, C, C).
approx_loop([S|Ss], M, Ids, D, Deg, Rem, A, B, V0, Best0, V, Best, TT0, TT,
            C0, C) :-
    play(M, S, D, Deg, D1, Deg1, _),
    take_all(M, D1, Deg1, D2, Deg2, 0, G),
    NA is -B - G, NB is -A - G,
    Rem2 is Rem - G,
    approx(M, Ids, D2, Deg2, Rem2, NA, NB, V1, _, TT0, TT1, C0, C1),
    VS is -(V1 + G),
    (   VS > V0 -> V2 = VS, Best2 = S ; V2 = V0, Best2 = Best0 ),
    (   V2 >= B ->
        V = V2, Best = Best2, TT = TT1, C = C1
    ;   A2 is max(A, V2),
        approx_loop(Ss, M, Ids, D, Deg, Rem, A2, B, V2, Best2, V, Best, TT1,
                    TT, C1, C)
    ).

% approx_rem(+M, -Rem): the boxes left at the root of the safe-move game
% (nothing can be taken there), counted down by approx_loop/16 as boxes
% are taken: search/13 needs the exact count (values have its parity).
approx_rem(m(_, _, BoxArr, _, _), Rem) :-
    functor(BoxArr, _, Rem).
