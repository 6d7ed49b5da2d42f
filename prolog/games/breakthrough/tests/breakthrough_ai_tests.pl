/** Tests of the computer players of Breakthrough (breakthrough_ai.pl).

Load game.pl, breakthrough.pl and breakthrough_ai.pl first, then
harness.pl and this file, and run harness:run_tests(breakthrough_ai_tests).
Positions are written as position texts (breakthrough.pl: the rows from
the top, row Rows first, "w", "b" or "." per square, then the side to
move) or played from a start with breakthrough:apply_move/4.

What is tested: the levels and their errors; that every level answers a
legal move in random positions of random sizes; greedy's rules in
hand-made positions; the exact solver against brute-force solvers
written here over the rules' legal_moves/2 and apply_move/4, independent
of breakthrough_ai.pl: brute_value/3 (plain memoised negamax, exact
lengths, for sparse positions), brute_winner/3 (win or loss only, which
settles the 4 x 4 start in 2 280 positions and 4 x 5 in 11 622) and
plies_consistent/3 (the solver's game lengths agree one move later); the
known results (4 x 4 and 4 x 5: the second player wins);
level ai in hand-made positions (a win in one, a forced capture, a
defence found by the solver, an unstoppable runner of either side), the
symmetries of the evaluation, determinism, and a few quick games. No test
depends on the speed of the machine, except for generous sanity bounds.
*/

:- module(breakthrough_ai_tests, []).

:- use_module(library(lists)).
:- use_module(library(between)).
:- use_module(library(random)).
:- use_module(library(assoc)).
:- use_module(library(iso_ext)).
:- use_module(library(time)).
:- use_module(library(pairs)).

:- dynamic(test/1).
:- discontiguous(test/1).


/* ---------------------------------------------------------------------
   Helpers
   --------------------------------------------------------------------- */

% pos(+Text, -State): the position of a position text (an atom).
pos(Text, State) :-
    breakthrough:initial_state([position(Text)], State).

start(Rows, Cols, State) :-
    breakthrough:initial_state([rows(Rows), cols(Cols)], State).

% play(+State0, +Moves, -State)
play(State, [], State).
play(State0, [M|Ms], State) :-
    breakthrough:apply_move(State0, M, State1, _),
    play(State1, Ms, State).

legal(State, Move) :-
    breakthrough:legal_moves(State, Moves),
    memberchk(Move, Moves).

% random_position(-State): a game in progress on a board of random size:
% a championship start, then some random moves (a game that ends on the
% way is started again).
random_position(State) :-
    random_integer(0, 1000000, Seed),
    breakthrough:initial_state([random_start(Seed)], S0),
    random_integer(0, 30, N),
    (   random_moves(N, S0, State) -> true
    ;   random_position(State)
    ).

random_moves(0, S, S) :- !.
random_moves(N, S0, S) :-
    breakthrough:legal_moves(S0, Moves),
    Moves = [_|_],
    length(Moves, K),
    random_integer(0, K, I),
    nth0(I, Moves, M),
    breakthrough:apply_move(S0, M, S1, _),
    S1 = breakthrough(_, _, _, _, _, _, _, ongoing),
    N1 is N - 1,
    random_moves(N1, S1, S).

% brute_value(+State, -Winner, -Plies): the exact result of State (a game
% in progress) by plain negamax over the rules (game_legal_moves/3 and
% game_apply_move/5: the rules' fast path, checked against them), memoised on the position, without any pruning: a
% score 1000 - P for a win of the mover at ply P, -(1000 - P) for a loss.
% Independent of breakthrough_ai.pl; for sparse positions only (the 4 x 4
% start has over a million positions).
brute_value(State, Winner, Plies) :-
    State = breakthrough(_, _, Turn, _, _, _, _, _),
    empty_assoc(M0),
    brute(State, M0, _, V),
    (   V > 0 -> Winner = Turn, Plies is 1000 - V
    ;   Winner is 3 - Turn, Plies is 1000 + V
    ).

brute(State, M0, M, V) :-
    State = breakthrough(_, _, Turn, W, B, _, _, _),
    Key = k(Turn, W, B),
    (   get_assoc(Key, M0, V0) -> V = V0, M = M0
    ;   game:game_legal_moves(breakthrough, State, Moves),
        brute_moves(Moves, State, M0, M1, -10000, V),
        put_assoc(Key, M1, V, M)
    ).

brute_moves([], _, M, M, V, V).
brute_moves([Move|Moves], State, M0, M, V0, V) :-
    game:game_apply_move(breakthrough, State, Move, S1, _),
    (   S1 = breakthrough(_, _, _, _, _, _, _, won(_, _)) ->
        S = 999, M1 = M0     % the mover wins with this move
    ;   brute(S1, M0, M1, V1),
        (   V1 > 0 -> S is -V1 + 1 ; S is -V1 - 1 )
    ),
    V2 is max(V0, S),
    brute_moves(Moves, State, M1, M, V2, V).

% brute_winner(+State, -Winner, -Positions): who wins State, by a plain
% memoised negamax on win or loss only, which stops at the first winning
% move it finds (looking first for a move that wins at once); Positions
% is the number of positions it solved.
brute_winner(State, Winner, Positions) :-
    State = breakthrough(_, _, Turn, _, _, _, _, _),
    empty_assoc(M0),
    bwin(State, M0, M, Won),
    assoc_to_keys(M, Keys),
    length(Keys, Positions),
    (   Won == true -> Winner = Turn ; Winner is 3 - Turn ).

bwin(State, M0, M, Won) :-
    State = breakthrough(_, _, Turn, W, B, _, _, _),
    Key = k(Turn, W, B),
    (   get_assoc(Key, M0, Won0) -> Won = Won0, M = M0
    ;   game:game_legal_moves(breakthrough, State, Moves),
        findall(S1, ( member(Move, Moves), game:game_apply_move(breakthrough, State, Move, S1, _) ), Next),
        (   member(breakthrough(_, _, _, _, _, _, _, won(_, _)), Next) ->
            M1 = M0, Won = true      % a move wins at once
        ;   bwin_moves(Next, M0, M1, Won)
        ),
        put_assoc(Key, M1, Won, M)
    ).

bwin_moves([], M, M, false).
bwin_moves([S1|Next], M0, M, Won) :-
    bwin(S1, M0, M1, Won1),
    (   Won1 == false -> M = M1, Won = true
    ;   bwin_moves(Next, M1, M, Won)
    ).

% plies_consistent(+State, +Winner, +Plies): Plies (for Winner) agrees with
% the solver's results one move later: the winner has a move to a
% position won in Plies - 1 and none faster; every move of the loser leads
% to a win in at most Plies - 1.
plies_consistent(State, Winner, Plies) :-
    State = breakthrough(_, _, Turn, _, _, _, _, _),
    game:game_legal_moves(breakthrough, State, Moves),
    findall(W1-P1,
            ( member(M, Moves),
              game:game_apply_move(breakthrough, State, M, S1, _),
              (   S1 = breakthrough(_, _, _, _, _, _, _, won(W1, _)) -> P1 = 0
              ;   breakthrough_ai:solve(S1, W1, P1)
              ) ),
            Results),
    Before is Plies - 1,
    (   Turn =:= Winner ->
        findall(P1, member(Winner-P1, Results), [P|Ps]),
        foldl(min_, Ps, P, Before)
    ;   forall(member(W1-_, Results), W1 =:= Winner),
        findall(P1, member(_-P1, Results), [P|Ps]),
        foldl(max_, Ps, P, Before)
    ).

min_(X, M0, M) :- M is min(X, M0).
max_(X, M0, M) :- M is max(X, M0).

% mirror(+State, -Mirrored): the same position with the colours swapped
% (rows reversed, White's pieces become Black's and back, the other side
% to move): the same game for the side to move.
mirror(breakthrough(R, C, Turn, W, B, P, L, Res), breakthrough(R, C, Turn1, W1, B1, P, L, Res)) :-
    Turn1 is 3 - Turn,
    reverse(B, W1),
    reverse(W, B1).

% flip_columns(+State, -Flipped): the position seen in a mirror (column
% C becomes Cols + 1 - C).
flip_columns(breakthrough(R, C, T, W, B, P, L, Res), breakthrough(R, C, T, W1, B1, P, L, Res)) :-
    maplist(reverse_bits(C), W, W1),
    maplist(reverse_bits(C), B, B1).

reverse_bits(C, X, Y) :-
    reverse_bits(C, X, 0, Y).
reverse_bits(0, _, Y, Y) :- !.
reverse_bits(C, X, Y0, Y) :-
    Y1 is (Y0 << 1) \/ (X /\ 1),
    X1 is X >> 1,
    C1 is C - 1,
    reverse_bits(C1, X1, Y1, Y).

% game(+Seats, +Budget, +State0, -Winner): plays to the end with the levels
% of Seats ([WhiteLevel, BlackLevel]); fails on an illegal move.
game(Seats, Budget, State0, Winner) :-
    (   State0 = breakthrough(_, _, _, _, _, _, _, won(Winner0, _)) ->
        Winner = Winner0
    ;   State0 = breakthrough(_, _, Turn, _, _, _, _, _),
        nth1(Turn, Seats, Level),
        breakthrough_ai:choose_move(Level, State0, Budget, Move, _),
        legal(State0, Move),
        breakthrough:apply_move(State0, Move, State1, _),
        game(Seats, Budget, State1, Winner)
    ).


/* ---------------------------------------------------------------------
   The levels
   --------------------------------------------------------------------- */

test(levels) :-
    breakthrough_ai:levels([random, greedy, ai]).

test(unknown_level_is_a_domain_error) :-
    start(4, 4, S),
    catch(( breakthrough_ai:choose_move(perfect, S, 100, _, _), fail ),
          error(domain_error(breakthrough_ai_level, perfect), _),
          true).

test(finished_games_are_refused) :-
    S = breakthrough(4, 4, 2, [0, 0, 0, 4], [0, 4, 0, 0], 3, none, won(1, goal)),
    \+ breakthrough_ai:choose_move(random, S, 100, _, _),
    \+ breakthrough_ai:choose_move(greedy, S, 100, _, _),
    \+ breakthrough_ai:choose_move(ai, S, 100, _, _).

test(every_level_plays_legal_moves_in_random_positions) :-
    set_random(seed(11)),
    forall(between(1, 12, _),
           ( random_position(S),
             forall(member(Level-Budget, [random-0, greedy-0, ai-60]),
                    ( breakthrough_ai:choose_move(Level, S, Budget, M, _),
                      legal(S, M) )) )).

test(ai_with_no_time_still_moves) :-
    start(8, 8, S),
    breakthrough_ai:choose_move(ai, S, 0, M, _),
    legal(S, M).

test(ai_is_deterministic_on_a_solved_board) :-
    pos('b.b../...../.w.../..... w', S),    % 4 x 5: solved, deterministic
    breakthrough_ai:choose_move(ai, S, 1000, M, _),
    breakthrough_ai:choose_move(ai, S, 1000, M, _).


/* ---------------------------------------------------------------------
   Level random and determinism
   --------------------------------------------------------------------- */

test(random_is_reproducible_with_a_seed) :-
    start(8, 8, S),
    set_random(seed(5)),
    findall(M, ( between(1, 10, _), breakthrough_ai:choose_move(random, S, 0, M, random) ), Ms1),
    set_random(seed(5)),
    findall(M, ( between(1, 10, _), breakthrough_ai:choose_move(random, S, 0, M, random) ), Ms2),
    Ms1 == Ms2,
    sort(Ms1, Set),
    length(Set, K),
    K > 1.

test(random_draws_every_move) :-
    start(4, 4, S),          % White's first move is one of 6 captures
    set_random(seed(3)),
    findall(M, ( between(1, 200, _), breakthrough_ai:choose_move(random, S, 0, M, _) ), Ms),
    sort(Ms, Set),
    breakthrough:legal_moves(S, Legal),
    sort(Legal, Set).

test(greedy_and_ai_are_deterministic) :-
    set_random(seed(21)),
    random_position(S),
    breakthrough_ai:choose_move(greedy, S, 0, G1, R1),
    breakthrough_ai:choose_move(greedy, S, 0, G2, R2),
    G1 == G2, R1 == R2,
    start(4, 5, S45),
    % The budget is the process's CPU time, which other tests running in the same
    % process spend too: a budget the exact solver (about 0.1 s here) always fits in.
    breakthrough_ai:choose_move(ai, S45, 20000, A1, Q1),
    breakthrough_ai:choose_move(ai, S45, 20000, A2, Q2),
    A1 == A2, Q1 == Q2.


/* ---------------------------------------------------------------------
   Level greedy
   --------------------------------------------------------------------- */

test(greedy_reaches_the_goal_row) :-
    pos('b...b/.w.../...../..b../w...w w', S),
    breakthrough_ai:choose_move(greedy, S, 0, M, greedy(win)),
    M = move(4, 2, 5, _).

test(greedy_takes_the_last_piece) :-
    pos('...../...../..b../.w.../w.... w', S),
    breakthrough_ai:choose_move(greedy, S, 0, move(2, 2, 3, 3), greedy(win)).

test(greedy_black_reaches_its_goal_row) :-
    pos('b.b../...../...w./.b.../w...w b', S),
    breakthrough_ai:choose_move(greedy, S, 0, M, greedy(win)),
    M = move(2, 2, 1, _).

test(greedy_captures_the_most_advanced) :-
    % White captures on row 3 (from (2,1)) or on row 4 (from (3,4)): row 4.
    pos('bb.../....b/.b.w./w..../..... w', S),
    breakthrough_ai:choose_move(greedy, S, 0, move(3, 4, 4, 5), greedy(capture)).

test(greedy_advances_the_rear_most_safe_piece) :-
    % Black (3,3) attacks (2,2) and (2,4): the piece on (1,3) goes straight.
    pos('....b/...../..b../w..../..w.. w', S),
    breakthrough_ai:choose_move(greedy, S, 0, move(1, 3, 2, 3), greedy(advance)).

test(greedy_advance_avoids_attacked_squares) :-
    % (2,2) and (2,4) are attacked; (1,2) goes to (2,1) (safe, and the
    % lowest column among its safe moves), not straight.
    pos('....b/...../b.b../...../.w..w w', S),
    breakthrough_ai:choose_move(greedy, S, 0, move(1, 2, 2, 1), greedy(advance)).

test(greedy_plays_any_move_when_nothing_is_safe) :-
    pos('....b/...../bb.../...../.w... w', S),
    breakthrough:legal_moves(S, [First|_]),
    breakthrough_ai:choose_move(greedy, S, 0, First, greedy(any)).


/* ---------------------------------------------------------------------
   Exact solving
   --------------------------------------------------------------------- */

test(four_by_four_is_won_by_black) :-
    start(4, 4, S),
    breakthrough_ai:solve(S, 2, Plies, [move(_), nodes(N), ms(_)]),
    N < 20000,
    brute_winner(S, 2, Positions),
    Positions > 2000, Positions < 3000,
    plies_consistent(S, 2, Plies).

test(four_by_five_is_won_by_black) :-
    start(4, 5, S),
    breakthrough_ai:solve(S, 2, Plies),
    brute_winner(S, 2, _),
    plies_consistent(S, 2, Plies).

test(ai_knows_it_loses_the_four_by_four_start) :-
    start(4, 4, S),
    breakthrough_ai:solve(S, 2, Plies),
    breakthrough_ai:choose_move(ai, S, 2000, M, proven_loss(Plies)),
    breakthrough:apply_move(S, M, S1, _),
    % Black (the winner) hurries: one ply less to go
    Plies1 is Plies - 1,
    breakthrough_ai:choose_move(ai, S1, 2000, M1, proven_win(Plies1)),
    breakthrough:apply_move(S1, M1, S2, _),
    breakthrough_ai:solve(S2, 2, Plies2),
    Plies2 =:= Plies1 - 1.

test(ai_knows_black_wins_four_by_five) :-
    start(4, 5, S),
    breakthrough_ai:solve(S, 2, Plies),
    breakthrough_ai:choose_move(ai, S, 2000, _, proven_loss(Plies)).

test(solver_agrees_with_brute_force_on_small_positions) :-
    set_random(seed(4)),
    forall(between(1, 8, I),
           ( Cols is 4 + I mod 2,
             start(4, Cols, S0),
             random_integer(1, 5, N),
             (   random_moves(N, S0, S) -> true ; S = S0 ),
             breakthrough_ai:solve(S, W, P),
             brute_winner(S, W, _),
             plies_consistent(S, W, P) )).

test(solver_agrees_with_brute_force_on_sparse_positions) :-
    forall(member(Text, ['b..b./..b../...../.w.w./w.... w',
                         '..b../b...b/..w../w.... b',
                         '.b.b/..../.w../w..w/.... w',
                         'b.../.b../..../w.w./.... b']),
           ( pos(Text, S),
             breakthrough_ai:solve(S, W, P),
             brute_value(S, W, P) )).

test(solve_a_finished_game) :-
    S = breakthrough(4, 4, 2, [0, 0, 0, 4], [0, 4, 0, 0], 3, none, won(1, goal)),
    breakthrough_ai:solve(S, 1, 0).

test(solved_moves_are_perfect) :-
    % On 4 x 5 level ai plays from the solver: each of its moves keeps the
    % result, and the winner's shortens the game by exactly one ply.
    start(4, 5, S0),
    breakthrough:legal_moves(S0, [M0|_]),
    breakthrough:apply_move(S0, M0, S, _),       % some White move
    breakthrough_ai:solve(S, W, P),
    breakthrough_ai:choose_move(ai, S, 2000, M, _),
    breakthrough:apply_move(S, M, S1, _),
    (   S1 = breakthrough(_, _, _, _, _, _, _, won(W1, _)) -> W1 == W, P =:= 1
    ;   breakthrough_ai:solve(S1, W, P1),
        P1 =:= P - 1
    ).


/* ---------------------------------------------------------------------
   Level ai
   --------------------------------------------------------------------- */

test(ai_wins_in_one) :-
    % 6 x 6 (searched, not solved): White's piece on (5,3) walks in,
    % although Black threatens to do the same next move.
    pos('b....b/..w.../....../....../.b..../w....w w', S),
    breakthrough_ai:choose_move(ai, S, 500, M, proven_win(1)),
    M = move(5, 3, 6, _).

test(ai_takes_the_last_piece) :-
    pos('....../....../..b.../.w..../....../w..... w', S),
    breakthrough_ai:choose_move(ai, S, 500, move(3, 2, 4, 3), proven_win(1)).

test(ai_captures_the_piece_about_to_win) :-
    % Black's piece on (2,3) wins next move unless (1,2) takes it.
    pos('b....b/....../....../....../..b.../.w..ww w', S),
    breakthrough_ai:choose_move(ai, S, 500, move(1, 2, 2, 3), _).

test(ai_sees_two_threats_as_lost) :-
    pos('b....b/....../....../....../.b.b../w....w w', S),
    breakthrough_ai:choose_move(ai, S, 500, M, proven_loss(2)),
    legal(S, M).

test(ai_sees_an_unstoppable_runner) :-
    % White's (5,4): no black piece can reach its path in time, and Black's
    % nearest piece is 5 rows from its goal: White wins at ply 5.
    pos('......../.......b/b......./...w..../......../......../......../w....... w', S),
    breakthrough_ai:evaluate(S, V),
    V =:= 100000 - 5,
    breakthrough_ai:choose_move(ai, S, 500, M, proven_win(P)),
    P =< 5,
    legal(S, M).

test(ai_sees_an_enemy_runner) :-
    % Black's piece on (4,4) cannot be caught (White's pieces are beside
    % it, and White pieces capture upwards only), and White's nearest piece
    % needs 4 moves: Black wins at ply 6, its third move.
    pos('b......./......../......../......../w..b...w/......../......../........ w', S),
    breakthrough_ai:evaluate(S, V),
    V =:= -(100000 - 6),
    breakthrough_ai:choose_move(ai, S, 500, M, proven_loss(Plies)),
    Plies =< 6,
    legal(S, M).

test(a_runner_in_reach_is_not_unstoppable) :-
    % A black piece on (7,5) is inside the cone of White's (5,4).
    pos('......../.......b/b...b.../...w..../......../......../......../w....... w', S),
    breakthrough_ai:evaluate(S, V),
    V < 90000.

test(ai_defends_against_a_runner) :-
    % Found with the solver. Black's piece on (3,3) is two steps from its
    % goal; White (to move) wins only with (1,3)-(2,3): blocked, the runner
    % can only step to (2,2) or (2,4), where (1,1) or (1,5) takes it, and
    % White's own runner on (3,6) then wins. Every other move loses, among
    % them greedy's (1,1)-(2,1).
    defence_position(S, Only),
    breakthrough_ai:choose_move(ai, S, 1000, M, _),
    M == Only,
    breakthrough_ai:choose_move(greedy, S, 0, G, _),
    G \== Only,
    breakthrough:apply_move(S, G, SG, _),
    breakthrough_ai:solve(SG, 2, _).

defence_position(S, move(1, 3, 2, 3)) :-
    pos('..b.b./b...../....../..b..w/....../w.w.w. w', S).

test(ai_move_keeps_the_win_the_solver_sees) :-
    defence_position(S, _),
    breakthrough_ai:solve(S, 1, _),
    breakthrough_ai:choose_move(ai, S, 500, M, _),
    breakthrough:apply_move(S, M, S1, _),
    breakthrough_ai:solve(S1, 1, _).

test(evaluation_is_the_same_for_both_colours) :-
    set_random(seed(8)),
    forall(between(1, 15, _),
           ( random_position(S),
             breakthrough_ai:evaluate(S, V),
             mirror(S, SM),
             breakthrough_ai:evaluate(SM, VM),
             flip_columns(S, SF),
             breakthrough_ai:evaluate(SF, VF),
             V =:= VM, V =:= VF )).

test(search_reports_and_respects_a_budget) :-
    start(12, 12, S),
    statistics(runtime, [T0, _]),
    breakthrough_ai:search(S, 300, M, [reason(search(D, _)), depth(D), nodes(N), ms(Ms)]),
    statistics(runtime, [T1, _]),
    legal(S, M),
    D >= 1, N > 0,
    Ms =< 1000,                  % 300 asked; generous
    T1 - T0 < 2000.

test(ai_beats_random_on_a_small_board) :-
    set_random(seed(2)),
    start(6, 6, S),
    game([ai, random], 40, S, 1),
    game([random, ai], 40, S, 2).

test(ai_beats_greedy_on_a_small_board) :-
    start(6, 5, S),
    game([ai, greedy], 100, S, 1),
    game([greedy, ai], 100, S, 2).

% Reasons are said in words (reason_text/2), for the terminal and the window.
test(reasons_in_words) :-
    breakthrough_ai:reason_text(search(4, -7), "searched 4 moves ahead: 0.07 of a piece behind"),
    breakthrough_ai:reason_text(search(1, 250), "searched 1 move ahead: 2.50 of a piece ahead"),
    breakthrough_ai:reason_text(proven_win(3), "a forced win, within 3 moves"),
    breakthrough_ai:reason_text(proven_win(1), "a forced win, within 1 move"),
    breakthrough_ai:reason_text(proven_loss(1), "a lost position: holds out as long as it can (1 move)"),
    breakthrough_ai:reason_text(greedy(capture), "captures"),
    breakthrough_ai:reason_text(rules_edited(greedy, advance), _).

% The search's model of the game (its positions, moves and make/5, with
% the material it keeps up to date) agrees with the rules in random
% positions of random sizes, as tabula's check of the fast paths asks.
test(the_search_model_agrees_with_the_rules) :-
    set_random(seed(21)),
    forall(between(1, 40, _),
           ( random_position(S),
             breakthrough:legal_moves(S, Moves),
             findall(M-S1, ( member(M, Moves), breakthrough:apply_move(S, M, S1, _) ), Pairs0),
             keysort(Pairs0, Pairs),
             breakthrough_ai:model_agrees(S, Pairs) )).

% search_view(+State, -G, -Pos, -Rows, -R, -Full, -Caps, -Quiet): the
% search's view of State (breakthrough_ai:state_position/4), its rows, the
% board's height and column mask, and its moves (gen_moves/5).
search_view(S, G, Pos, Rows, R, Full, Caps, Quiet) :-
    breakthrough_ai:state_position(S, inf, G, Pos),
    Pos = p(Rows, _, _, _, _, _, _, _),
    G = g(R, _, Full, _, _, _, _),
    breakthrough_ai:gen_moves(Rows, R, Full, Caps, Quiet).

% The moves come out of gen_moves/5 and gen_noisy/4 in the order of the
% keys the top of breakthrough_ai.pl gives them (keyed_moves/6 below, a
% sort by key written here from that description).
test(moves_come_in_the_order_of_their_keys) :-
    set_random(seed(22)),
    forall(between(1, 40, _),
           ( random_position(S),
             search_view(S, _, _, Rows, R, Full, Caps, Quiet),
             append(Caps, Quiet, All),
             keyed_moves(Rows, R, Full, all, All1, Caps1),
             All == All1,
             Caps == Caps1,
             breakthrough_ai:gen_noisy(Rows, R, Full, Noisy),
             keyed_moves(Rows, R, Full, noisy, Noisy1, _),
             Noisy == Noisy1 )).

% The search makes the quiet moves of a position only when the table's
% move, the captures and the killers have not refuted it
% (front_moves/7); the moves it searches are the same, in the same order,
% as when all the moves are made first and put in order (all_in_order/6
% below). The table's move and the killers are drawn from the moves of
% this position and of others (so some are not legal here).
test(moves_searched_in_stages_are_the_moves_in_order) :-
    set_random(seed(24)),
    forall(between(1, 40, _),
           ( random_position(S),
             search_view(S, _, _, Rows, R, Full, Caps, Quiet),
             breakthrough_ai:gen_captures(Rows, R, Full, Caps1),
             breakthrough_ai:gen_quiet(Rows, R, Full, Quiet1),
             Caps1 == Caps, Quiet1 == Quiet,
             append(Caps, Quiet, All),
             forall(between(1, 10, _),
                    ( maybe_code(All, TM), maybe_code(All, K1), maybe_code(All, K2),
                      all_in_order(Caps, Quiet, TM, K1, K2, Expected),
                      breakthrough_ai:front_moves(Caps1, Rows, TM, K1, K2, Front, Taken),
                      breakthrough_ai:delete_all(Taken, Quiet1, Rest),
                      append(Front, Rest, Staged),
                      Staged == Expected )) )).

% maybe_code(+Codes, -Code): none, one of Codes, or a move code of the
% board drawn at random (a move of another position, mostly not legal).
maybe_code(Codes, Code) :-
    random_integer(0, 4, W),
    (   W =:= 0 -> Code = none
    ;   W =:= 1 ->
        random_integer(1, 8, K), random_integer(0, 8, F),
        random_integer(-1, 2, D), T is max(0, F + D),
        Code is (K << 8) \/ (F << 4) \/ T
    ;   Codes == [] -> Code = none
    ;   length(Codes, N), random_integer(0, N, I), nth0(I, Codes, Code)
    ).

% all_in_order(+Caps, +Quiet, +TM, +K1, +K2, -Codes): the table's move TM
% when it is among the moves, the captures, the killers K1 and K2 when
% they are among the quiet moves, then the other quiet moves.
all_in_order(Caps0, Quiet0, TM, K1, K2, Codes) :-
    (   TM \== none, select(TM, Caps0, Caps1) -> Caps = Caps1, Quiet1 = Quiet0, Codes = [TM|Rest]
    ;   TM \== none, select(TM, Quiet0, Quiet2) -> Caps = Caps0, Quiet1 = Quiet2, Codes = [TM|Rest]
    ;   Caps = Caps0, Quiet1 = Quiet0, Codes = Rest
    ),
    (   K1 \== none, select(K1, Quiet1, Quiet3) -> Ks = [K1|Ks1] ; Quiet3 = Quiet1, Ks = Ks1 ),
    (   K2 \== none, select(K2, Quiet3, Quiet4) -> Ks1 = [K2] ; Quiet4 = Quiet3, Ks1 = [] ),
    append(Caps, Ks, Front),
    append(Front, Quiet4, Rest).

% The evaluation's quick path (material kept by make/5, the defended
% pieces, and the full evaluation only where a piece is passed) gives the
% full evaluation's score, in random positions and one move later.
test(the_quick_evaluation_is_the_full_one) :-
    set_random(seed(23)),
    forall(between(1, 40, _),
           ( random_position(S),
             search_view(S, G, Pos, _, _, _, Caps, Quiet),
             append(Caps, Quiet, Codes),
             forall(( Pos1 = Pos ; member(C, Codes), breakthrough_ai:make(Pos, C, G, Pos1, _) ),
                    ( Pos1 = p(Rows1, _, _, _, _, _, _, _),
                      breakthrough_ai:eval(Pos1, G, 3, V),
                      breakthrough_ai:full_eval(Rows1, G, 3, VF),
                      V =:= VF )) )).

% keyed_moves(+Rows, +R, +Full, +Which, -Codes, -Caps): the mover's moves
% (Which = all) or the captures and the moves of row R-2 (noisy), sorted
% by their keys (the smallest first; keysort keeps the order of moves with
% equal keys: rows ascending, then straight, left, right, columns
% ascending); Caps the captures among them (the keys =< -3000):
%   * a capture from row K: -3010 - 20 (R - K) when the enemy does not
%     attack the square it lands on, -3000 - 20 (R - K) when it does;
%   * a quiet move from row K to an attacked square: -10 K;
%   * to a square not attacked: -2500 from row R-2, else -1000 - 10 K.
keyed_moves(Rows, R, Full, Which, Codes, Caps) :-
    keyed_rows(Rows, 1, R, Full, Which, Ms, []),
    keysort(Ms, Sorted),
    pairs_values(Sorted, Codes),
    findall(C, ( member(Key-C, Sorted), Key =< -3000 ), Caps).

keyed_rows([r(O, _)|Rest], K, R, Full, Which, Ms0, Ms) :-
    (   Rest = [r(O1, P1)|Rest1] ->
        K1 is K + 1,
        (   Rest1 = [r(_, P2)|_] -> Att is ((P2 << 1) /\ Full) \/ (P2 >> 1) ; Att = 0 ),
        Str is O /\ \ (O1 \/ P1),
        Lt is (O >> 1) /\ \ O1,
        Rt is (O << 1) /\ Full /\ \ O1,
        (   ( Which == all ; K1 =:= R - 1 ) -> S = Str, L = Lt, Rr = Rt
        ;   S = 0, L is Lt /\ P1, Rr is Rt /\ P1
        ),
        keyed_targets(S, 0, K, R, P1, Att, Ms0, Ms1),
        keyed_targets(L, 1, K, R, P1, Att, Ms1, Ms2),
        keyed_targets(Rr, -1, K, R, P1, Att, Ms2, Ms3),
        keyed_rows(Rest, K1, R, Full, Which, Ms3, Ms)
    ;   Ms0 = Ms
    ).

keyed_targets(T, Dir, K, R, P1, Att, Ms0, Ms) :-
    findall(Key-Code,
            ( between(0, 11, To),
              Bit is 1 << To,
              T /\ Bit =\= 0,
              From is To + Dir,
              Code is (K << 8) \/ (From << 4) \/ To,
              (   P1 /\ Bit =\= 0 ->
                  (   Att /\ Bit =:= 0 -> Key is -3010 - 20 * (R - K)
                  ;   Key is -3000 - 20 * (R - K)
                  )
              ;   Att /\ Bit =\= 0 -> Key is -10 * K
              ;   K + 2 =:= R -> Key = -2500
              ;   Key is -1000 - 10 * K
              ) ),
            New),
    append(New, Ms, Ms1),
    Ms0 = Ms1.
