/** Tests of the generic computer players (players.pl).

Load game.pl, dots.pl (tabula's REPL has it already), breakthrough.pl,
kingpawn.pl and players.pl, then harness.pl and this file, and run
harness:run_tests(players_tests).

What is tested: the levels and their errors; that every level answers a
legal move in each of the three games, from the start and from a
position in the middle of a game (and in a game of three players); that
alphabeta and mcts find a win in one move (Breakthrough: a piece one step
from its goal row; the chase: the king next to the pawn; dots: a box to
close, after which the same player moves again and closes the last box:
the other move loses both boxes); that mcts proves a Connect Four win in
three plies (MCTS-Solver) and alphabeta finds it; that both find and prove
the one winning move of an Othello endgame whose exact score an oracle of
the test's own computes (plain negamax to the end); that the search bench
repeats itself; that level ai plays the level that suits the game; that the time budget is kept and used (wall
time, Breakthrough 8 x 8, 200 ms and 300 ms); that random is
reproducible with a seed. The searches run with small budgets, so the
whole file takes a few seconds; no test depends on the speed of the
machine, except for the budget tests, which allow 25% over the budget
and ask for 80% of it used by mcts, 40% by alphabeta (the players plan
to 92%).
*/

:- module(players_tests, []).

:- use_module(library(lists)).
:- use_module(library(error)).
:- use_module(library(between)).
:- use_module(library(random)).
:- use_module(library(iso_ext)).
:- use_module(library(time)).
:- use_module(library(pairs)).

:- dynamic(test/1).
:- discontiguous(test/1).


/* ---------------------------------------------------------------------
   Helpers
   --------------------------------------------------------------------- */

% games(-Games): the games the tests play.
games([dots, breakthrough, kingpawn]).

% start(+Game, -State): the default start of Game.
start(Game, State) :-
    game:game_initial_state(Game, [], State).

% middle(+Game, -State): a game in progress: 12 random moves from the
% start, the generator seeded (the same position every run).
middle(Game, State) :-
    start(Game, S0),
    set_random(seed(12)),
    random_moves(12, Game, S0, State).

random_moves(0, _, S, S) :- !.
random_moves(N, Game, S0, S) :-
    game:game_legal_moves(Game, S0, Moves),
    Moves = [_|_],
    length(Moves, K),
    random_integer(0, K, I),
    nth0(I, Moves, M),
    game:game_apply_move(Game, S0, M, S1, _),
    N1 is N - 1,
    random_moves(N1, Game, S1, S).

% play(+Game, +State0, +Moves, -State)
play(_, State, [], State).
play(Game, State0, [M|Ms], State) :-
    game:game_apply_move(Game, State0, M, State1, _),
    play(Game, State1, Ms, State).

% legal_answer(+Game, +Level, +State, +BudgetMs): Level answers a legal
% move in State.
legal_answer(Game, Level, State, BudgetMs) :-
    players:choose_move(Game, Level, State, BudgetMs, Move, _),
    game:game_legal_moves(Game, State, Moves),
    memberchk(Move, Moves).

% every_level_legal(+Position): every level answers a legal move in the
% Position (start or middle) of every game.
every_level_legal(Position) :-
    games(Games),
    players:levels(Levels),
    forall(( member(Game, Games), member(Level, Levels) ),
           ( position(Position, Game, State),
             legal_answer(Game, Level, State, 60) )).

position(start, Game, State) :- start(Game, State).
position(middle, Game, State) :- middle(Game, State).

% win_in_one(+Game, -State, -Winning): a position of Game in which the
% player to move wins with one of the moves Winning.
win_in_one(breakthrough, State, [move(4,3,5,2), move(4,3,5,3), move(4,3,5,4)]) :-
    % White's piece c4 steps to row 5; Black's e2 would reach row 1 next.
    breakthrough:initial_state([position('.b.../..w../...../....b/w.... w')], State).
win_in_one(kingpawn, State, [sq(1,8)]) :-
    % the white king on (2 8) takes the pawn on (1 8).
    kingpawn:initial_state([white(2,8), black(4,6), pawn(1,8)], State).
win_in_one(dots, State, [v(0,1)]) :-
    % 2 x 3 dots, two boxes, player 2 to move: v(0,1) closes the left box
    % and gives the right one its third side: player 2 moves again and
    % closes it too (2-0). v(0,2) closes nothing, and player 1 then
    % closes both boxes with v(0,1) (0-2).
    dots:initial_state([rows(2), cols(3)], S0),
    play(dots, S0, [h(0,0), h(1,0), v(0,0), h(0,1), h(1,1)], State),
    dots:to_move(State, 2).

% finds_win(+Level, +BudgetMs): Level plays a winning move in each
% win_in_one/3 position.
finds_win(Level, BudgetMs) :-
    games(Games),
    forall(member(Game, Games),
           ( win_in_one(Game, State, Winning),
             players:choose_move(Game, Level, State, BudgetMs, Move, _),
             memberchk(Move, Winning) )).

% time_used(+Game, +Level, +State, +BudgetMs, -Used): the wall time in ms
% that choose_move/6 took.
time_used(Game, Level, State, BudgetMs, Used) :-
    statistics(walltime, [T0, _]),
    players:choose_move(Game, Level, State, BudgetMs, _, _),
    statistics(walltime, [T1, _]),
    Used is T1 - T0.

% connect4_threat(-State): Connect Four, 7 x 6; the first player has c1
% and d1, the second c2 and d2 on top of them, and the first is to move:
% b1 or e1 makes three in a row open at both ends, which the second player
% cannot block twice (a win in three plies); no other move wins by force.
connect4_threat(State) :-
    connect4:initial_state([], S0),
    play(connect4, S0, [drop(3), drop(3), drop(4), drop(4)], State).


/* ---------------------------------------------------------------------
   The levels
   --------------------------------------------------------------------- */

test(levels) :-
    players:levels([random, alphabeta, mcts, ai]).

test(level_info_for_each_level) :-
    players:levels(Levels),
    forall(member(L, Levels),
           ( players:level_info(L, Text), Text = [_|_] )).

test(unknown_level_throws) :-
    start(dots, S),
    catch(players:choose_move(dots, nosuch, S, 100, _, _), E, true),
    E = error(domain_error(players_level, nosuch), _).

test(budget_must_be_an_integer) :-
    start(dots, S),
    catch(players:choose_move(dots, random, S, foo, _, _), E, true),
    E = error(type_error(integer, foo), _).

test(game_over_fails) :-
    win_in_one(dots, S0, _),
    play(dots, S0, [v(0,1), v(0,2)], S),
    \+ players:choose_move(dots, random, S, 100, _, _),
    \+ players:choose_move(dots, alphabeta, S, 100, _, _),
    \+ players:choose_move(dots, mcts, S, 100, _, _).


/* ---------------------------------------------------------------------
   Legal moves
   --------------------------------------------------------------------- */

test(every_level_legal_at_the_start) :-
    every_level_legal(start).

test(every_level_legal_in_the_middle) :-
    every_level_legal(middle).

test(three_players) :-
    dots:initial_state([rows(3), cols(4), players(3)], S0),
    set_random(seed(3)),
    random_moves(5, dots, S0, S),
    players:levels(Levels),
    forall(member(Level, Levels), legal_answer(dots, Level, S, 60)).

test(only_move_at_once) :-
    % after v(0,2) in the dots position only v(0,1) is left
    win_in_one(dots, S0, _),
    play(dots, S0, [v(0,2)], S),
    players:choose_move(dots, alphabeta, S, 10000, v(0,1), only_move),
    players:choose_move(dots, mcts, S, 10000, v(0,1), only_move).

test(zero_budget_still_answers) :-
    start(breakthrough, S),
    legal_answer(breakthrough, alphabeta, S, 0),
    legal_answer(breakthrough, mcts, S, 0).


% An evaluation that throws (a mistake in an edited rule) costs a weak move,
% and the reason carries the error instead of hiding it.
test(a_throwing_evaluation_is_shown_not_hidden) :-
    broken_evaluation_game,
    players:choose_move(broken_eval, alphabeta, s(0), 200, Move, Reason),
    Move == a,
    Reason = fallback(error(type_error(integer, oops), _)).

% broken_eval: three plies of a or b, then a draw; its evaluation answers at
% the start (so alphabeta chooses to use it) and throws everywhere else.
broken_evaluation_game :-
    M = broken_eval,
    forall(member(P, [legal_moves/2, apply_move/4, to_move/2, players/2, outcome/2, evaluation/3]),
           ( P = N/A, functor(H, N, A), retractall(M:H) )),
    assertz(M:(legal_moves(s(N), Ms) :- ( N < 3 -> Ms = [a, b] ; Ms = [] ))),
    assertz(M:(apply_move(s(N), _, s(N1), []) :- N1 is N + 1)),
    assertz(M:(to_move(s(N), P) :- N < 3, P is N mod 2 + 1)),
    assertz(M:(players(_, 2))),
    assertz(M:(outcome(s(N), O) :- ( N < 3 -> O = ongoing ; O = over([1, 1], tie([1, 2])) ))),
    assertz(M:(evaluation(s(N), _, V) :-
                   (   N =:= 0 -> V = 0
                   ;   throw(error(type_error(integer, oops), evaluation/3))
                   ))).


/* ---------------------------------------------------------------------
   Wins in one
   --------------------------------------------------------------------- */

test(alphabeta_wins_in_one) :-
    finds_win(alphabeta, 300).

test(alphabeta_proves_the_win) :-
    win_in_one(breakthrough, S, _),
    players:choose_move(breakthrough, alphabeta, S, 300, _, search(1, V)),
    V >= 9000.

test(alphabeta_extra_turn_sees_the_second_box) :-
    % depth 2 sees both boxes closed by player 2: a win, not a loss
    win_in_one(dots, S, _),
    players:choose_move(dots, alphabeta, S, 300, v(0,1), search(D, V)),
    D >= 2,
    V >= 9000.

test(mcts_wins_in_one) :-
    finds_win(mcts, 300).

test(mcts_extra_turn_win_rate) :-
    % every playout after v(0,1) is a win for player 2, and the solver
    % proves it
    win_in_one(dots, S, _),
    players:choose_move(dots, mcts, S, 100, v(0,1), Reason),
    (   Reason = mcts(N, 100) -> N > 0
    ;   Reason = proven(N, winner(2)), N > 0
    ).

% MCTS-Solver: the win in three plies is proven (every reply of the second
% player answered by a win), and the search stops once it is.
test(mcts_proves_a_connect_four_win_in_three) :-
    connect4_threat(S),
    players:choose_move(connect4, mcts, S, 5000, Move, proven(_, winner(1))),
    memberchk(Move, [drop(2), drop(5)]).

test(alphabeta_proves_a_connect_four_win_in_three) :-
    connect4_threat(S),
    players:choose_move(connect4, alphabeta, S, 5000, Move, search(D, V)),
    memberchk(Move, [drop(2), drop(5)]),
    D =< 3,
    V >= 9000.

% othello_endgame(-State): Othello 6 x 6, the position after 24 random
% moves drawn from seed 4 (14 discs each, 8 squares empty, Black to move),
% for an exact search to the end.
othello_endgame(State) :-
    othello:initial_state([size(6)], S0),
    set_random(seed(4)),
    random_moves(24, othello, S0, State),
    othello:outcome(State, ongoing).

% exact_diff(+State, -Diff): the final disc difference for the player to
% move in State (a game going on) when both sides play to make it largest for themselves
% (plain negamax over every line to the end: the test's own oracle, no
% pruning, nothing of players.pl).
exact_diff(State, Diff) :-
    othello:to_move(State, P),
    othello:legal_moves(State, Moves),
    findall(D, ( member(M, Moves),
                 othello:apply_move(State, M, S1, _),
                 side_diff(S1, P, D) ),
            Ds),
    list_max(Ds, Diff).

% side_diff(+S1, +P, -D): the exact final difference for P of S1.
side_diff(S1, P, D) :-
    othello:outcome(S1, Outcome),
    (   Outcome = over([B, W], _) ->
        (   P =:= 1 -> D is B - W ; D is W - B )
    ;   othello:to_move(S1, Q),
        exact_diff(S1, D1),
        (   Q =:= P -> D = D1 ; D is -D1 )
    ).

% An exact endgame: in an Othello position with 8 squares empty, the
% oracle finds that one move wins, f4 (sq(6,4)), by 6 discs with best play
% on both sides, and that every other loses (by 6 to 10). alphabeta, which
% searches to the end within its budget, plays it and proves the win; so
% does mcts, whose solver backs the proven results up.
test(othello_endgame_exact) :-
    othello_endgame(S),
    othello:to_move(S, 1),
    findall(M-D, ( othello:legal_moves(S, Ms), member(M, Ms),
                   othello:apply_move(S, M, S1, _), side_diff(S1, 1, D) ),
            Exact),
    sort(Exact, [sq(2,1)- -8, sq(3,6)- -8, sq(4,6)- -6, sq(5,6)- -10, sq(6,4)-6]),
    players:choose_move(othello, alphabeta, S, 20000, sq(6,4), search(_, V)),
    V >= 9000,
    players:choose_move(othello, mcts, S, 20000, sq(6,4), proven(_, winner(1))).

% The search bench: the same work gives the same move and count every
% time, and moving the best moves first (alphabeta's ordering by the
% game's evaluation) leaves the moves as they were.
test(bench_search_repeats_itself) :-
    players:bench_positions(connect4, [S0|Ss]),
    length(Ss, 9),
    forall(member(Level-Work, [alphabeta-3, mcts-200]),
           ( players:bench_search(connect4, Level, S0, Work, M, I),
             players:bench_search(connect4, Level, S0, Work, M, I2),
             memberchk(work(N), I), memberchk(work(N), I2), N > 0 )).

% The searches judge Connect Four's positions on its fast path (checked, and
% switched on, when the tests load the games), and Othello's, which has no
% fast path, by its rules.
test(the_searches_judge_on_the_fast_path_when_there_is_one) :-
    game:accelerated(connect4, connect4_fast),
    connect4_threat(S),
    players:choose_move(connect4, alphabeta, S, 300, _, search(_, _)),
    players:fast_evaluation(connect4, connect4_fast),
    start(othello, O),
    players:choose_move(othello, alphabeta, O, 100, _, _),
    \+ players:fast_evaluation(othello, _).

% The searches follow the fast path as game.pl switches it off and on
% again (use_fast_path/1 asserts only what changed).
test(the_searches_follow_the_fast_path_as_it_is_switched) :-
    players:use_fast_path(connect4),
    players:use_fast_path(connect4),
    findall(F, players:fast_path(connect4, F), [connect4_fast]),
    setup_call_cleanup(game:play_as_written(connect4),
                       ( players:use_fast_path(connect4),
                         \+ players:fast_path(connect4, _),
                         \+ players:fast_evaluation(connect4, _) ),
                       game:play_fast(connect4, connect4_fast)),
    players:use_fast_path(connect4),
    players:fast_path(connect4, connect4_fast),
    players:fast_evaluation(connect4, connect4_fast).

% Level ai plays alphabeta where the game judges positions (Connect Four,
% Othello have evaluation/3) or keeps running scores (dots has scores/2);
% a tuned level comes first.
test(ai_plays_the_level_that_suits_the_game) :-
    connect4_threat(S),
    players:choose_move(connect4, ai, S, 2000, _, chose(alphabeta, _)),
    start(dots, D),
    players:choose_move(dots, ai, D, 100, _, chose(alphabeta, _)),
    setup_call_cleanup(assertz(players:tuned(connect4, mcts)),
                       players:choose_move(connect4, ai, S, 300, _, chose(mcts, _)),
                       retractall(players:tuned(connect4, _))).


/* ---------------------------------------------------------------------
   Time and randomness
   --------------------------------------------------------------------- */

test(budget_kept_breakthrough_8x8) :-
    start(breakthrough, S0),
    middle(breakthrough, S1),
    forall(( member(S, [S0, S1]), member(Level, [alphabeta, mcts]) ),
           ( time_used(breakthrough, Level, S, 200, Used),
             Used =< 250 )).

% The budget is used: mcts to its end (92%), alphabeta at least to 70% (it
% starts depths until 85%, and a depth cut short counts).
test(budget_used_breakthrough_8x8) :-
    middle(breakthrough, S),
    time_used(breakthrough, mcts, S, 300, UsedMcts),
    UsedMcts >= 240,
    time_used(breakthrough, alphabeta, S, 300, UsedAb),
    UsedAb >= 210.

test(random_reproducible) :-
    middle(breakthrough, S),
    findall(M, ( set_random(seed(99)),
                 between(1, 5, _),
                 players:choose_move(breakthrough, random, S, 0, M, random) ),
            Ms1),
    findall(M, ( set_random(seed(99)),
                 between(1, 5, _),
                 players:choose_move(breakthrough, random, S, 0, M, random) ),
            Ms2),
    Ms1 == Ms2,
    sort(Ms1, Distinct),
    length(Distinct, K),
    K > 1.

% Every reason is said in words (reason_text/2), for the terminal and the window.
test(reasons_in_words) :-
    players:reason_text(search(4, -7), "searched 4 moves ahead: slightly worse for me"),
    players:reason_text(search(1, 9990), "searched 1 move ahead: a forced win"),
    players:reason_text(mcts(300, 55), "300 random games played out: this move won 55% of them"),
    players:reason_text(proven(1, winner(1)), "a forced win, proven in 1 search of the game tree"),
    players:reason_text(proven(12, tie([1, 2])),
                        "a forced draw at best, proven in 12 searches of the game tree"),
    players:reason_text(rules_edited(alphabeta, search(2, 0)),
                        "the rules were edited, so alphabeta stands in: searched 2 moves ahead: even"),
    players:reason_text(fallback(no_move), _),
    % An error that stopped a search is said in words, never as its term.
    players:reason_text(fallback(error(rules_error("the role x has no legal move"), legal/2)),
                        "the search stopped on the role x has no legal move: the first legal move"),
    players:reason_text(fallback(error(type_error(integer, a), foo/1)),
                        "the search stopped on a value of the wrong type in the rules: the first legal move"),
    players:reason_text(fallback(oops), "the search stopped on an error in the rules: the first legal move"),
    forall(( member(Game, [dots, breakthrough, kingpawn]), middle(Game, S),
             member(Level, [random, alphabeta, mcts]) ),
           ( players:choose_move(Game, Level, S, 50, _, Reason),
             players:reason_text(Reason, _) )).
