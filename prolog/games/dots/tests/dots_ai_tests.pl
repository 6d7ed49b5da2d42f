/** Tests of the strong computer player of Timbiriche (dots_ai.pl, level ai).

Load game.pl, dots.pl and dots_ai.pl first, then harness.pl and this file;
run with harness:run_tests(dots_ai_tests). Positions are built by applying
move lists with dots:apply_move/4 from dots:initial_state/2 (board/3);
whoever is to move after them is "the player to move" of the test (the
values of exact_value/2 do not depend on who that is).

Each layer of level ai is tested on its own: the chain analysis
(components/2, long_chains/2, control_parity/2), the value of simple loony
endgames (loony_value/2), the exact search against a brute-force solver
written here (brute_value/2, plain negamax over dots:apply_move/4, no
pruning), the rules used without search (BudgetMs = 0: take a box, play
safe, double-deal, sacrifice the least) and the whole player (budget,
games against greedy and random).
*/

:- module(dots_ai_tests, []).

:- use_module(library(lists)).
:- use_module(library(between)).
:- use_module(library(random)).
:- use_module(library(assoc)).
:- use_module(library(iso_ext)).
:- use_module(library(time)).

:- dynamic(test/1).
:- discontiguous(test/1).


/* ---------------------------------------------------------------------
   Helpers
   --------------------------------------------------------------------- */

% board(+Options, +Moves, -State): the position after Moves.
board(Options, Moves, State) :-
    dots:initial_state(Options, S0),
    foldl(apply_, Moves, S0, State).

apply_(Move, S0, S) :- dots:apply_move(S0, Move, S, _).

% The positions of the tests, drawn here (row I from the top, column J from
% the left; box(I,J) has sides h(I,J), h(I+1,J), v(I,J), v(I,J+1)).

% One row of 3 boxes, top and bottom drawn: a chain of 3.
chain3(S) :- board([rows(2), cols(4)], [h(0,0), h(0,1), h(0,2), h(1,0), h(1,1), h(1,2)], S).

% A 2 x 2 block with its border drawn: a loop of 4.
loop4(S) :-
    board([rows(3), cols(3)],
          [h(0,0), h(0,1), h(2,0), h(2,1), v(0,0), v(1,0), v(0,2), v(1,2)], S).

% Two rows of 3 boxes, every horizontal segment drawn: two chains of 3.
two_chains(S) :-
    board([rows(3), cols(4)],
          [h(0,0), h(0,1), h(0,2), h(1,0), h(1,1), h(1,2), h(2,0), h(2,1), h(2,2)], S).

% A chain of 3 (row 0), a chain of 2 (box(1,0), box(1,1)) and a chain of 1
% (box(1,2)).
chains_1_2_3(S) :-
    board([rows(3), cols(4)],
          [h(0,0), h(0,1), h(0,2), h(1,0), h(1,1), h(1,2), v(1,2), v(1,0)], S).

% A loop of 4 (columns 0-1) and a chain of 6 (columns 2-4, a U).
loop4_chain6(S) :-
    board([rows(3), cols(6)],
          [h(0,0), h(0,1), h(2,0), h(2,1), v(0,0), v(1,0), v(0,2), v(1,2),
           h(1,2), h(0,3), h(1,3), h(0,4), v(0,5), h(2,4), v(1,5), h(2,3)], S).

% Two long chains (rows 0 and 1) and a row of 3 boxes with one side each
% (row 2): still 7 safe moves to share, and who will have to open the
% first long chain depends on how row 2 ends up.
parity_fight(S) :-
    board([rows(4), cols(4)],
          [h(0,0), h(0,1), h(0,2), h(1,0), h(1,1), h(1,2), h(2,0), h(2,1), h(2,2)], S).

sorted_components(S, Cs) :-
    dots_chains:components(S, Cs0),
    findall(C, ( member(C0, Cs0), C0 =.. [K, N, Bs0], msort(Bs0, Bs), C =.. [K, N, Bs] ), Cs1),
    msort(Cs1, Cs).

msort(L, S) :- findall(X-x, member(X, L), K), keysort(K, KS), findall(X, member(X-_, KS), S).

% brute_value(+State, -V): the value by plain negamax over every legal
% move, with a table of positions: independent of dots_ai's search.
brute_value(S, V) :- empty_assoc(T0), brute(S, V, T0, _).

brute(S, V, T0, T) :-
    S = dots(_, _, _, Drawn, Free, _, _, _),
    (   Free == [] -> V = 0, T = T0
    ;   get_assoc(Drawn, T0, V0) -> V = V0, T = T0
    ;   brute_moves(Free, S, -1000, V, T0, T1), put_assoc(Drawn, T1, V, T)
    ).

brute_moves([], _, V, V, T, T).
brute_moves([M|Ms], S, V0, V, T0, T) :-
    dots:apply_move(S, M, S1, Events),
    findall(x, member(box(_, _), Events), Bs),
    length(Bs, G),
    brute(S1, V1, T0, T1),
    (   G > 0 -> VM is G + V1 ; VM is -V1 ),
    V2 is max(V0, VM),
    brute_moves(Ms, S, V2, V, T1, T).

% random_position(+Options, +Left, -S): random moves until Left segments
% are left.
random_position(Options, Left, S) :-
    dots:initial_state(Options, S0),
    random_walk(S0, Left, S).

random_walk(S0, Left, S) :-
    (   dots:segments_left(S0, L), L =< Left -> S = S0
    ;   dots:legal_moves(S0, Ms), length(Ms, N), random_integer(0, N, I),
        nth0(I, Ms, M), dots:apply_move(S0, M, S1, _),
        random_walk(S1, Left, S)
    ).

% greedy_position(+Options, +Left, -S): greedy self-play until Left
% segments are left (positions with real chains in them).
greedy_position(Options, Left, S) :-
    dots:initial_state(Options, S0),
    greedy_walk(S0, Left, S).

greedy_walk(S0, Left, S) :-
    (   dots:segments_left(S0, L), L =< Left -> S = S0
    ;   dots_ai:choose_move(greedy, S0, 0, M, _), dots:apply_move(S0, M, S1, _),
        greedy_walk(S1, Left, S)
    ).

no_third_side(S, M) :-
    dots:segment_boxes(S, M, Boxes),
    \+ ( member(box(I, J), Boxes), dots:sides_drawn(S, I, J, N), N >= 2 ).

cpu_ms(T) :- statistics(runtime, [T, _]).

% play_game(+Levels, +Budget, +S0, -S): a whole game, Levels the level of
% player 1 and player 2.
play_game(Levels, Budget, S0, S) :-
    (   dots:to_move(S0, P) ->
        nth1(P, Levels, Level),
        dots_ai:choose_move(Level, S0, Budget, M, _),
        dots:apply_move(S0, M, S1, _),
        play_game(Levels, Budget, S1, S)
    ;   S = S0
    ).


/* ---------------------------------------------------------------------
   Chains and loops
   --------------------------------------------------------------------- */

test(components_a_chain_of_three) :-
    chain3(S),
    sorted_components(S, [chain(3, [box(0,0), box(0,1), box(0,2)])]),
    dots_chains:long_chains(S, 1).

test(components_a_loop_of_four) :-
    loop4(S),
    sorted_components(S, [loop(4, [box(0,0), box(0,1), box(1,0), box(1,1)])]),
    dots_chains:long_chains(S, 0).

test(components_two_chains) :-
    two_chains(S),
    sorted_components(S, [chain(3, [box(0,0), box(0,1), box(0,2)]),
                          chain(3, [box(1,0), box(1,1), box(1,2)])]),
    dots_chains:long_chains(S, 2).

test(components_short_chains_and_a_long_one) :-
    chains_1_2_3(S),
    sorted_components(S, [chain(1, [box(1,2)]),
                          chain(2, [box(1,0), box(1,1)]),
                          chain(3, [box(0,0), box(0,1), box(0,2)])]),
    dots_chains:long_chains(S, 1).

test(components_a_loop_and_a_bent_chain) :-
    loop4_chain6(S),
    dots_chains:components(S, Cs),
    length(Cs, 2),
    memberchk(loop(4, _), Cs),
    memberchk(chain(6, Path), Cs),
    % in path order: one end is box(0,2), the other box(1,2)
    reverse(Path, Reversed),
    (   Path = [box(0,2)|_], Reversed = [box(1,2)|_]
    ;   Path = [box(1,2)|_], Reversed = [box(0,2)|_]
    ), !.

test(components_an_opened_chain_and_a_region) :-
    two_chains(S0),
    dots:apply_move(S0, v(0,0), S, _),           % opens row 0 at its end
    sorted_components(S, [chain(3, [box(1,0), box(1,1), box(1,2)]),
                          open_chain(3, [box(0,0), box(0,1), box(0,2)])]),
    dots_chains:components(S, [open_chain(3, [box(0,0), box(0,1), box(0,2)])|_]),
    dots:initial_state([rows(3), cols(3)], Empty),
    sorted_components(Empty, [region(4, [box(0,0), box(0,1), box(1,0), box(1,1)])]).

test(control_parity_is_the_long_chain_rule) :-
    % 5 x 6 dots (30, even): the first player wants an even number of long
    % chains; 5 x 5 dots (25, odd): an odd number.
    dots:initial_state([], S56), dots_chains:control_parity(S56, even),
    dots:apply_move(S56, h(0,0), S56b, []), dots_chains:control_parity(S56b, odd),
    dots:initial_state([rows(5), cols(5)], S55), dots_chains:control_parity(S55, odd),
    dots:initial_state([rows(4), cols(4)], S44), dots_chains:control_parity(S44, even),
    % two chains of 3 and nothing else: the player to move must open one:
    % E - B = 8 - 6 even, she wants an odd number; she has 2, so she does
    % not have control.
    two_chains(S2), dots_chains:control_parity(S2, odd), dots_chains:long_chains(S2, 2).


/* ---------------------------------------------------------------------
   Simple loony endgames (hand-computed)
   --------------------------------------------------------------------- */

test(loony_values_by_hand) :-
    dots_chains:loony_value([], 0),
    dots_chains:loony_value([chain(3)], -3),
    dots_chains:loony_value([loop(4)], -4),
    % two chains of 3: the opponent takes one box and double-deals, and
    % then takes the whole second chain: 1 - 2 + 3 = 2 for her.
    dots_chains:loony_value([chain(3), chain(3)], -2),
    % 1, 2, 3: opening the single box is best (-1 - v(2,3) = -2); v(2,3)
    % = 1 by the hard-hearted handout of the 2-chain.
    dots_chains:loony_value([chain(2), chain(3)], 1),
    dots_chains:loony_value([chain(1), chain(2), chain(3)], -2),
    % a loop of 4 and a chain of 6: open the loop; the opponent declines
    % all four and gets the 6: -4 + 6 = 2 for her.
    dots_chains:loony_value([loop(4), chain(6)], -2),
    % three chains of 3
    dots_chains:loony_value([chain(3), chain(3), chain(3)], -1).


/* ---------------------------------------------------------------------
   Exact values
   --------------------------------------------------------------------- */

test(exact_value_of_hand_made_positions) :-
    chain3(S1), dots_exact:exact_value(S1, -3),
    loop4(S2), dots_exact:exact_value(S2, -4),
    two_chains(S3), dots_exact:exact_value(S3, -2),
    chains_1_2_3(S4), dots_exact:exact_value(S4, -2),
    loop4_chain6(S5), dots_exact:exact_value(S5, -2),
    % a finished game is worth 0
    board([rows(2), cols(2)], [h(0,0), h(1,0), v(0,0), v(0,1)], Over),
    dots_exact:exact_value(Over, 0),
    % one box with three sides: take it
    board([rows(2), cols(2)], [h(0,0), h(1,0), v(0,0)], One),
    dots_exact:exact_value(One, 1).

test(exact_value_agrees_with_brute_force_on_random_positions) :-
    set_random(seed(11)),
    forall(( between(1, 12, K), member(Options, [[rows(3), cols(3)], [rows(3), cols(4)], [rows(4), cols(4)]]) ),
           ( Left is 6 + K mod 7,
             random_position(Options, Left, S),
             brute_value(S, V),
             dots_exact:exact_value(S, V) )).

test(exact_value_agrees_with_brute_force_on_played_positions) :-
    set_random(seed(12)),
    forall(( between(1, 3, _), member(Options-Left, [[rows(4), cols(4)]-11, [rows(4), cols(5)]-11, [rows(5), cols(6)]-12]) ),
           ( greedy_position(Options, Left, S),
             brute_value(S, V),
             dots_exact:exact_value(S, V) )).

test(exact_move_is_optimal_and_gives_up_when_out_of_time) :-
    parity_fight(S),
    brute_value(S, V),
    dots_exact:exact_move(S, 5000, M, V),
    dots:apply_move(S, M, S1, Events),
    dots_exact:exact_value(S1, V1),
    (   memberchk(box(_, _), Events) -> V =:= V1 + 1 ; V =:= -V1 ),
    % an empty 5 x 6 board cannot be solved in 50 ms
    dots:initial_state([], Empty),
    \+ dots_exact:exact_move(Empty, 50, _, _).


/* ---------------------------------------------------------------------
   The rules (BudgetMs = 0: no search)
   --------------------------------------------------------------------- */

test(ai_takes_a_box_when_right) :-
    board([], [h(1,2), v(0,2), v(0,3)], S),
    dots_ai:choose_move(ai, S, 0, h(0,2), take_box),
    dots_ai:choose_move(ai, S, 1000, h(0,2), take_box),
    % the first box of an opened long chain
    two_chains(S2), dots:apply_move(S2, v(0,0), S3, []),
    dots_ai:choose_move(ai, S3, 0, v(0,1), take_box),
    dots_ai:choose_move(ai, S3, 1000, v(0,1), exact(2)).

test(ai_never_draws_a_third_side_while_a_safe_segment_exists) :-
    board([], [h(0,0), h(1,0)], S),
    dots_ai:choose_move(ai, S, 0, M, _),
    no_third_side(S, M), M \== v(0,0), M \== v(0,1),
    % and in whole games (rules only) against random, on two boards
    forall(member(Seed-Options, [1-[], 2-[rows(4), cols(4)], 3-[rows(4), cols(6)]]),
           ( set_random(seed(Seed)),
             dots:initial_state(Options, S0),
             rules_safe_game(S0) )).

rules_safe_game(S) :-
    (   dots:to_move(S, P) ->
        (   P =:= 1 ->
            dots_ai:choose_move(ai, S, 0, M, Reason),
            dots_chains:safe_moves(S, Safe),
            dots_chains:capturing_moves(S, Capturing),
            (   Capturing == [], Safe \== [] -> memberchk(M, Safe) ; true ),
            (   Reason == safe -> memberchk(M, Safe)
            ;   Reason = control(_) -> memberchk(M, Safe)
            ;   true
            )
        ;   dots_ai:choose_move(random, S, 0, M, _)
        ),
        dots:apply_move(S, M, S1, _),
        rules_safe_game(S1)
    ;   true
    ).

test(ai_double_deals_when_keeping_control_pays) :-
    % Two chains of 3; the opponent opened row 0 and we took box(0,0).
    % Taking the last two boxes (v(0,2)) would make us open row 1: -1 in
    % all; declining them with v(0,3) makes the opponent open it: +1.
    two_chains(S0),
    board_after(S0, [v(0,0), v(0,1)], S),
    dots_exact:exact_value(S, 1),
    dots_exact:exact_move(S, 5000, v(0,3), 1),
    dots_ai:choose_move(ai, S, 0, v(0,3), double_deal),
    dots_ai:choose_move(ai, S, 1000, v(0,3), exact(1)),
    % taking them instead is worth -1
    dots:apply_move(S, v(0,2), S1, [box(0,1), extra_turn]),
    dots_exact:exact_value(S1, V1), V1 + 1 =:= -1.

test(ai_declines_four_boxes_of_an_opened_loop) :-
    % A loop of 4 and a chain of 6: the opponent opened the loop; taking
    % the four boxes would make us open the chain (4 - 6 = -2); giving all
    % four with h(1,1) makes the opponent open it (-4 + 6 = 2).
    loop4_chain6(S0),
    board_after(S0, [h(1,0)], S),
    dots_exact:exact_value(S, 2),
    dots_ai:choose_move(ai, S, 0, h(1,1), double_deal),
    dots_ai:choose_move(ai, S, 1000, h(1,1), exact(2)).

test(ai_takes_all_when_control_does_not_pay) :-
    % The last chain: take everything, never double-deal.
    chain3(S0),
    board_after(S0, [v(0,0)], S),
    dots_ai:choose_move(ai, S, 0, v(0,1), take_box),
    board_after(S, [v(0,1)], S1),
    dots_ai:choose_move(ai, S1, 0, v(0,2), take_box),
    dots_ai:choose_move(ai, S1, 1000, v(0,2), exact(2)).

test(ai_sacrifices_two_boxes_hard_heartedly) :-
    % Chains of 2 and 3, nothing else: open the 2-chain in its middle,
    % v(1,1), so that the opponent must take both and open the 3-chain
    % (+1); opening it at an end would let her double-deal (-1), opening
    % the 3-chain too (-1).
    chains_1_2_3(S0),
    board_after(S0, [h(2,2), v(1,3)], S),        % the single box is gone
    dots:segments_left(S, 7),
    dots_exact:exact_value(S, 1),
    dots_ai:choose_move(ai, S, 0, v(1,1), sacrifice(2)),
    dots_ai:choose_move(ai, S, 1000, v(1,1), exact(1)),
    dots:apply_move(S, h(2,0), S1, []), dots_exact:exact_value(S1, 1),   % half-hearted: the opponent gets +1
    dots:apply_move(S, v(0,1), S2, []), dots_exact:exact_value(S2, 1).   % the 3-chain: +1 for her too

test(ai_sacrifices_the_least_when_every_move_gives_boxes) :-
    chains_1_2_3(S),
    dots_chains:safe_moves(S, []),
    dots_ai:choose_move(ai, S, 0, M, sacrifice(1)),
    memberchk(M, [h(2,2), v(1,3)]),
    dots_ai:choose_move(ai, S, 1000, M2, exact(-2)),
    memberchk(M2, [h(2,2), v(1,3)]).

board_after(S0, Moves, S) :- foldl(apply_, Moves, S0, S).


/* ---------------------------------------------------------------------
   Control: the long chain rule decides
   --------------------------------------------------------------------- */

test(parity_decides_who_wins) :-
    % Rows 0 and 1 are long chains; row 2 has box(2,0) with 2 sides and
    % box(2,1), box(2,2) with 1 side: safe moves are left. The player to
    % move wants an even number of long chains (control_parity even), so
    % row 2 must not become a third one: v(2,2) cuts it into a 2-chain and
    % a single box and leaves no safe move, and the opponent must open
    % something: +1. Every other safe move lets the opponent make row 2
    % long (or keep a safe move for herself): -1.
    parity_fight(S0),
    board_after(S0, [h(3,0)], S),
    dots_chains:control_parity(S, even),
    brute_value(S, 1),
    forall(( dots_chains:safe_moves(S, Safe), member(M, Safe), M \== v(2,2) ),
           ( dots:apply_move(S, M, S1, []), dots_exact:exact_value(S1, 1) )),
    dots_ai:choose_move(ai, S, 1000, v(2,2), exact(1)),
    % the safe-move game (used before the exact search can finish) finds
    % it too; the static rule (BudgetMs 0) only plays some safe move
    dots_exact:safe_game_move(S, inf, v(2,2)),
    dots_ai:choose_move(ai, S, 0, MR, _),
    no_third_side(S, MR),
    % and in the position before, the player to move has lost the fight:
    parity_fight(S0), dots_exact:exact_value(S0, -1).


/* ---------------------------------------------------------------------
   The whole player
   --------------------------------------------------------------------- */

test(budget_is_respected_on_a_5x6_middle_game) :-
    set_random(seed(21)),
    forall(member(Left, [30, 31, 32]),
           ( greedy_position([], Left, S),
             cpu_ms(T0),
             dots_ai:choose_move(ai, S, 200, M, _),
             cpu_ms(T1),
             T1 - T0 < 200,
             dots:legal_move(S, M) )).

test(early_moves_are_fast) :-
    dots:initial_state([], S),
    cpu_ms(T0),
    dots_ai:choose_move(ai, S, 1000, M, Reason),
    cpu_ms(T1),
    T1 - T0 < 100,
    dots:legal_move(S, M),
    Reason = control(_).

test(level_ai_plays_the_double_deal_in_two_chains) :-
    two_chains(S0),
    board_after(S0, [v(0,0), v(0,1)], S),
    dots_ai:choose_move(ai, S, 1000, v(0,3), _),
    dots_ai:levels(Levels), memberchk(ai, Levels).

test(ai_is_deterministic) :-
    greedy_position([], 36, S),
    set_random(seed(1)), dots_ai:choose_move(ai, S, 0, M1, R1),
    set_random(seed(2)), dots_ai:choose_move(ai, S, 0, M2, R2),
    M1 == M2, R1 == R2.

test(ai_beats_greedy_and_random_on_small_boards) :-
    forall(( member(Opp, [greedy, random]), member(Seed-Levels, [1-[ai, Opp], 2-[Opp, ai]]) ),
           ( set_random(seed(Seed)),
             dots:initial_state([rows(4), cols(4)], S0),
             play_game(Levels, 300, S0, S),
             nth1(P, Levels, ai),
             dots:outcome(S, over(_, winner(P))) )).

test(ai_plays_three_and_four_player_games) :-
    forall(member(Options-Levels, [[rows(3), cols(4), players(3)]-[ai, greedy, random],
                                   [rows(4), cols(4), players(4)]-[random, ai, greedy, ai]]),
           ( set_random(seed(3)),
             dots:initial_state(Options, S0),
             play_game(Levels, 100, S0, S),
             dots:outcome(S, over(_, _)) )).

test(ai_refuses_finished_games) :-
    board([rows(2), cols(2)], [h(0,0), h(1,0), v(0,0), v(0,1)], Over),
    \+ dots_ai:choose_move(ai, Over, 100, _, _),
    \+ dots_ai:choose_move(greedy, Over, 100, _, _).

% Every reason a level gives is said in words (reason_text/2).
test(reasons_in_words) :-
    dots_ai:reason_text(exact(2), "perfect play: 2 boxes ahead from here"),
    dots_ai:reason_text(exact(-1), "perfect play: 1 box behind from here, the best there is"),
    dots_ai:reason_text(sacrifice(3), "gives away 3 boxes, the fewest it can"),
    dots:initial_state([rows(3), cols(3)], S0),
    set_random(seed(4)),
    findall(R, ( member(Level, [random, greedy, ai]),
                 between(1, 12, K), game_after(S0, K, S),
                 dots_ai:choose_move(Level, S, 200, _, R) ), Reasons),
    Reasons = [_|_],
    forall(member(R, Reasons), dots_ai:reason_text(R, _)).

% game_after(+S0, +K, -S): S is S0 after K greedy moves, if the game lasts.
game_after(S, 0, S) :- !.
game_after(S0, K, S) :-
    dots_ai:choose_move(greedy, S0, 0, M, _),
    dots:apply_move(S0, M, S1, _),
    K1 is K - 1,
    game_after(S1, K1, S).
