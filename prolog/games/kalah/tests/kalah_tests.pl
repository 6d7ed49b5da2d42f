/** Tests of Kalah (kalah.pl) and of its contract (game.pl).

Load game.pl and kalah.pl first (and players.pl, for the tests of the
generic players), then tests/harness.pl and this file, and run
harness:run_tests(kalah_tests) (or run_tests/2 for the results as a
list). The tests call the rules qualified: kalah:apply_move/4, ...

Positions are written as position(South, SouthStore, North, NorthStore,
Turn, State): each row in its owner's own order, pit 1 first (South's
pit 1 is its leftmost as drawn, North's its rightmost), as kalah.pl
documents the state term. Moves are sow(K), written "K". The expected
boards were worked out by hand, seed by seed; the comments say how. And
twelve games played by OpenSpiel's "mancala" replay here move for move,
with the same boards, the same player moving again, and the same end.
*/

:- module(kalah_tests, [test/1]).

:- use_module(library(lists)).
:- use_module(library(between)).
:- use_module(library(random)).
:- use_module(library(iso_ext)).

:- dynamic(test/1).
:- discontiguous(test/1).


/* ---------------------------------------------------------------------
   Helpers
   --------------------------------------------------------------------- */

% position(+South, +SouthStore, +North, +NorthStore, +Turn, -State): the
% position written, Turn (1 South, 2 North) to move.
position(South, SouthStore, North, NorthStore, Turn,
         kalah(Pits, board(South, SouthStore, North, NorthStore), Turn, none)) :-
    length(South, Pits),
    length(North, Pits).

% board_is(+State, +South, +SouthStore, +North, +NorthStore)
board_is(kalah(_, board(South, SouthStore, North, NorthStore), _, _),
         South, SouthStore, North, NorthStore).

% play(+Options, +Texts, -State, -Events): the position after the moves
% written in Texts, and the events of the last one.
play(Options, Texts, State, Events) :-
    kalah:initial_state(Options, State0),
    play_from(State0, Texts, State, [], Events).

play_from(State, [], State, Events, Events).
play_from(State0, [Text|Texts], State, _, Events) :-
    game:move_from_text(kalah, State0, Text, Move),
    kalah:apply_move(State0, Move, State1, Events1),
    play_from(State1, Texts, State, Events1, Events).

text_move(Text, Move) :-
    game:move_from_text(kalah, none, Text, Move).

move_text(Move, Text) :-
    game:move_to_text(kalah, none, Move, Text).

% explanation(+State, +Move, +Part): explain_illegal/3 gives a message that
% contains Part.
explanation(State, Move, Part) :-
    kalah:explain_illegal(State, Move, Message),
    append(_, Rest, Message),
    append(Part, _, Rest),
    !.

domain_error_for(Options, Domain) :-
    catch(( kalah:initial_state(Options, _), fail ),
          error(domain_error(Domain, _), _),
          true).

% seeds(+State, -N): every seed of State, in the pits and the stores.
seeds(kalah(_, board(South, SouthStore, North, NorthStore), _, _), N) :-
    sum_list(South, S),
    sum_list(North, T),
    N is S + T + SouthStore + NorthStore.

% random_game(+Options, +Seed, -States): every position of a game of
% random moves, from the start to the end.
random_game(Options, Seed, States) :-
    set_random(seed(Seed)),
    kalah:initial_state(Options, S0),
    random_states(S0, States).

random_states(S, [S|States]) :-
    kalah:legal_moves(S, Moves),
    (   Moves == [] ->
        States = []
    ;   length(Moves, N),
        random_integer(0, N, K),
        nth0(K, Moves, Move),
        kalah:apply_move(S, Move, S1, _),
        random_states(S1, States)
    ).

/* A second, slow reading of the sowing: the seeds dropped one at a time,
   walking the fourteen holes of the whole board (both stores on it) and
   stepping over the opponent's store, as a person sows. Ring positions:
   South's pits 1..Pits, South's store, North's pits 1..Pits, North's
   store. Returns the board after the sowing alone (no capture) and where
   the last seed fell. */
slow_sow(Pits, Board0, Player, K, Board, Last) :-
    Board0 = board(South, SS, North, NS),
    append([South, [SS], North, [NS]], Holes0),
    Length is 2 * Pits + 2,
    (   Player =:= 1 -> Start = K, Skip = Length
    ;   Start is Pits + 1 + K, Skip is Pits + 1
    ),
    nth1(Start, Holes0, Seeds),
    put(Holes0, Start, 0, Holes1),
    drop(Seeds, Start, Skip, Length, Holes1, Holes, Last),
    length(South1, Pits), length(North1, Pits),
    append([South1, [SS1], North1, [NS1]], Holes),
    Board = board(South1, SS1, North1, NS1).

drop(0, Last, _, _, Holes, Holes, Last) :- !.
drop(N, At0, Skip, Length, Holes0, Holes, Last) :-
    next_hole(At0, Skip, Length, At),
    nth1(At, Holes0, H0),
    H is H0 + 1,
    put(Holes0, At, H, Holes1),
    N1 is N - 1,
    drop(N1, At, Skip, Length, Holes1, Holes, Last).

next_hole(At0, Skip, Length, At) :-
    At1 is At0 mod Length + 1,
    (   At1 =:= Skip -> At is At1 mod Length + 1 ; At = At1 ).

put(List0, I, X, List) :-
    nth1(I, List0, _, Rest),
    nth1(I, List, X, Rest).

/* The test's own oracle for small endgames: the exact final difference
   of seeds for the player to move, when both sides play to make it
   largest for themselves (plain negamax over every line to the end, a
   player who moves again searched as the same player; nothing of
   players.pl). */
exact_diff(State, Diff) :-
    kalah:to_move(State, P),
    kalah:legal_moves(State, Moves),
    findall(D, ( member(M, Moves),
                 kalah:apply_move(State, M, S1, _),
                 side_diff(S1, P, D) ),
            Ds),
    list_max(Ds, Diff).

% side_diff(+S1, +P, -D): the exact final difference for P of S1.
side_diff(S1, P, D) :-
    kalah:outcome(S1, Outcome),
    (   Outcome = over([South, North], _) ->
        (   P =:= 1 -> D is South - North ; D is North - South )
    ;   kalah:to_move(S1, Q),
        exact_diff(S1, D1),
        (   Q =:= P -> D = D1 ; D is -D1 )
    ).


/* ---------------------------------------------------------------------
   The start and the options
   --------------------------------------------------------------------- */

test(the_start_has_four_seeds_in_every_pit_and_empty_stores) :-
    kalah:initial_state([], S),
    board_is(S, [4,4,4,4,4,4], 0, [4,4,4,4,4,4], 0),
    kalah:players(S, 2),
    kalah:to_move(S, 1),
    kalah:outcome(S, ongoing),
    kalah:scores(S, [0, 0]),
    kalah:legal_moves(S, [sow(1), sow(2), sow(3), sow(4), sow(5), sow(6)]),
    findall(M, kalah:legal_move(S, M), Ms),
    kalah:legal_moves(S, Ms),
    % (48 + 1) * (48 * 5 + 1)
    kalah:max_plies(S, 11809).

test(the_options_choose_the_pits_and_the_seeds) :-
    kalah:initial_state([pits(3), seeds(1)], S3),
    board_is(S3, [1,1,1], 0, [1,1,1], 0),
    kalah:initial_state([pits(8), seeds(8)], S8),
    seeds(S8, 128),
    kalah:view(S8, board(squares(2, 10), _)),
    % unknown options are ignored, and the first one given counts
    kalah:initial_state([size(5), seeds(2), pits(4), seeds(7)], S),
    board_is(S, [2,2,2,2], 0, [2,2,2,2], 0).

test(options_out_of_range_are_refused) :-
    domain_error_for([pits(2)], pits_between_3_and_8),
    domain_error_for([pits(9)], pits_between_3_and_8),
    domain_error_for([seeds(0)], seeds_between_1_and_8),
    domain_error_for([seeds(9)], seeds_between_1_and_8),
    catch(( kalah:initial_state([pits(six)], _), fail ),
          error(type_error(integer, six), _), true).

test(game_info_declares_the_real_options) :-
    kalah:game_info(Facts),
    memberchk(title("Kalah"), Facts),
    memberchk(sides(["South", "North"]), Facts),
    memberchk(options([option(pits, integer(3, 8), 6, _),
                       option(seeds, integer(1, 8), 4, _)]), Facts),
    memberchk(championship([scoring(points), random_start(false),
                            self_games(false)]), Facts),
    \+ memberchk(players(_), Facts),
    forall(kalah:option(Name, Min, Max, Default),
           memberchk(option(Name, integer(Min, Max), Default, _),
                     [option(pits, integer(3, 8), 6, _),
                      option(seeds, integer(1, 8), 4, _)])).


/* ---------------------------------------------------------------------
   Sowing
   --------------------------------------------------------------------- */

test(an_opening_sow_drops_one_seed_in_each_next_pit) :-
    % South's pit 1 holds 4: pits 2, 3, 4 and 5 get one each; the turn
    % passes
    play([], ["1"], S, Events),
    Events == [],
    board_is(S, [0,5,5,5,5,4], 0, [4,4,4,4,4,4], 0),
    kalah:to_move(S, 2),
    kalah:scores(S, [0, 0]),
    % North's pit 1 holds 4 too, and sows into its pits 2 to 5
    kalah:apply_move(S, sow(1), S2, []),
    board_is(S2, [0,5,5,5,5,4], 0, [0,5,5,5,5,4], 0),
    kalah:to_move(S2, 1).

test(sowing_past_the_store_puts_one_seed_in_it_and_goes_on_across) :-
    % South's pit 5 holds 4: pit 6, the store, North's pits 1 and 2
    play([], ["5"], S, []),
    board_is(S, [4,4,4,4,0,5], 1, [5,5,4,4,4,4], 0),
    kalah:scores(S, [1, 0]),
    kalah:to_move(S, 2).

test(a_last_seed_in_the_store_gives_another_move) :-
    % South's pit 3 holds 4: pits 4, 5, 6 and the store: South again
    kalah:initial_state([], S0),
    kalah:apply_move(S0, sow(3), S1, Events1),
    Events1 == [extra_turn],
    board_is(S1, [4,4,0,5,5,5], 1, [4,4,4,4,4,4], 0),
    kalah:to_move(S1, 1),
    kalah:events_text(S0, Events1, "the last seed in the store: moves again"),
    kalah:view(S1, board(_, Items1)),
    memberchk(caption("South to move again: the last seed fell in its store"), Items1),
    % then pit 6 (5 seeds): the store and North's pits 1 to 4; North's turn
    kalah:apply_move(S1, sow(6), S2, []),
    board_is(S2, [4,4,0,5,5,0], 2, [5,5,5,5,4,4], 0),
    kalah:to_move(S2, 2),
    % North's pit 2 (5 seeds): its pits 3 to 6 and its store: North again
    kalah:apply_move(S2, sow(2), S3, [extra_turn]),
    board_is(S3, [4,4,0,5,5,0], 2, [5,0,6,6,5,5], 1),
    kalah:to_move(S3, 2),
    kalah:legal_moves(S3, [sow(1), sow(3), sow(4), sow(5), sow(6)]).

test(a_last_seed_in_an_empty_pit_captures_the_pit_across) :-
    % South's pit 3 (2 seeds) sows pits 4 and 5; pit 5 was empty and
    % North's pit 2, across from it (6 + 1 - 5), holds 2: both go to the
    % store with the last seed, 5 + 2 + 1 = 8
    position([0,0,2,0,0,3], 5, [1,2,3,4,5,6], 3, 1, S0),
    kalah:apply_move(S0, sow(3), S, Events),
    Events == [captured(2)],
    board_is(S, [0,0,0,1,0,3], 8, [1,0,3,4,5,6], 3),
    kalah:to_move(S, 2),
    kalah:events_text(S0, Events, "captures 2 seeds and the last one"),
    % the view marks the captured pit: North's pit 2, second from the right
    kalah:view(S, board(squares(2, 8), Items)),
    memberchk(mark(sq(1, 6), capture), Items),
    memberchk(caption("South's last seed fell in its empty pit 5 and captured 2 seeds from North's pit across"), Items),
    % North captures the same way: its pit 4 (1 seed) into its empty pit
    % 5, across from South's pit 2 (6 + 1 - 5), which holds 3: 3 + 1
    position([2,3,0,0,0,0], 0, [0,0,0,1,0,2], 0, 2, N0),
    kalah:apply_move(N0, sow(4), N1, [captured(3)]),
    board_is(N1, [2,0,0,0,0,0], 0, [0,0,0,0,0,2], 4),
    kalah:to_move(N1, 1),
    kalah:view(N1, board(_, NItems)),
    memberchk(mark(sq(2, 3), capture), NItems).

test(no_capture_when_the_pit_across_is_empty) :-
    % as above, but North's pit 2 is empty: the last seed stays in South's
    % pit 5 and the turn passes
    position([0,0,2,0,0,3], 5, [1,0,3,4,5,6], 3, 1, S0),
    kalah:apply_move(S0, sow(3), S, Events),
    Events == [],
    board_is(S, [0,0,0,1,1,3], 5, [1,0,3,4,5,6], 3),
    kalah:to_move(S, 2),
    kalah:view(S, board(_, Items)),
    \+ memberchk(mark(_, capture), Items).

test(no_capture_in_the_opponents_row_nor_in_a_pit_that_held_seeds) :-
    % South's pit 6 (3 seeds): the store, North's pits 1 and 2; North's
    % pit 2 was empty but is North's: nothing is captured
    position([1,0,0,0,0,3], 0, [0,0,5,0,0,0], 0, 1, S0),
    kalah:apply_move(S0, sow(6), S1, []),
    board_is(S1, [1,0,0,0,0,0], 1, [1,1,5,0,0,0], 0),
    % South's pit 1 (1 seed) into its pit 2, which holds a seed: nothing
    position([1,1,0,0,0,0], 0, [0,0,0,0,5,0], 0, 1, S2),
    kalah:apply_move(S2, sow(1), S3, []),
    board_is(S3, [0,2,0,0,0,0], 0, [0,0,0,0,5,0], 0).

test(a_pit_of_thirteen_seeds_goes_round_and_captures_where_it_started) :-
    % 13 seeds from South's pit 1: one in each of the 12 other holes of the
    % ring (North's store is not on it) and the 13th back in pit 1, empty
    % since it was taken up: it captures North's pit 6, across, which got
    % a seed on the way (1 + 1), and the last seed: store 1 + 2 + 1
    position([13,1,1,1,1,1], 0, [1,1,1,1,1,1], 0, 1, S0),
    kalah:apply_move(S0, sow(1), S, Events),
    Events == [captured(2)],
    board_is(S, [0,2,2,2,2,2], 4, [2,2,2,2,2,0], 0),
    kalah:to_move(S, 2).

test(sowing_round_the_board_skips_the_opponents_store) :-
    % 15 seeds from South's pit 6: the store, North's pits 1..6, South's
    % pits 1..6 (pit 6 too), the store again, North's pit 1: North's store
    % (5) is passed without a seed, and the last seed lands in North's row
    position([0,0,0,0,0,15], 0, [1,1,1,1,1,1], 5, 1, S0),
    kalah:apply_move(S0, sow(6), S, Events),
    Events == [],
    board_is(S, [1,1,1,1,1,1], 2, [3,2,2,2,2,2], 5),
    kalah:to_move(S, 2),
    % North does the same round: 14 seeds from its pit 4
    position([1,1,1,1,1,1], 7, [0,0,0,14,0,0], 0, 2, N0),
    kalah:apply_move(N0, sow(4), N, []),
    % pits 5, 6, the store, South 1..6, North 1..4 (4 gets its seed back),
    % 5 again: South's store stays at 7
    board_is(N, [2,2,2,2,2,2], 7, [1,1,1,1,2,1], 1),
    kalah:to_move(N, 1).

test(sowing_agrees_with_a_seed_by_seed_reading_of_the_rules) :-
    forall(( member(Options-Seed, [[]-1, []-2, [pits(3), seeds(1)]-3,
                                   [pits(8), seeds(8)]-4, [pits(4)]-5]),
             random_game(Options, Seed, States),
             append(_, [S0, S1|_], States) ),
           ( S1 = kalah(Pits, Board1, _, last(P, K, Ending)),
             S0 = kalah(Pits, Board0, _, _),
             slow_sow(Pits, Board0, P, K, Sown, Last),
             % the last seed ends where the seed-by-seed sowing ends, and
             % captures exactly when it falls in an empty pit of the mover
             % with seeds across
             landing(Pits, P, Last, Where),
             (   Where = own(I), sown_pit(Sown, P, I, 1),
                 opponent(P, O), Across is Pits + 1 - I,
                 sown_pit(Sown, O, Across, N), N > 0 ->
                 Ending == capture(I, N)
             ;   Where == store -> Ending == store
             ;   Ending == pit
             ),
             % without a capture, and while the game goes on, the board is
             % the sowing's; the opponent's store never changes
             (   Ending \= capture(_, _), kalah:outcome(S1, ongoing) ->
                 Board1 == Sown
             ;   true
             ),
             (   P =:= 1 ->
                 Board0 = board(_, _, _, OppStore0),
                 Board1 = board(_, _, _, OppStore1)
             ;   Board0 = board(_, OppStore0, _, _),
                 Board1 = board(_, OppStore1, _, _)
             ),
             (   kalah:outcome(S1, ongoing) -> OppStore1 =:= OppStore0
             ;   true
             ) )).

% landing(+Pits, +Player, +Hole, -Where): hole Hole of the whole board
% (slow_sow/6) seen from Player: own(I), its pit I; store, its store;
% across, the opponent's row.
landing(Pits, Player, Hole, Where) :-
    (   Player =:= 1 -> Own0 = 0 ; Own0 = Pits + 1 ),
    I is Hole - Own0,
    (   I >= 1, I =< Pits -> Where = own(I)
    ;   I =:= Pits + 1 -> Where = store
    ;   Where = across
    ).

% sown_pit(+Board, +Player, +K, -Seeds): Player's pit K holds Seeds.
sown_pit(board(South, _, North, _), Player, K, Seeds) :-
    (   Player =:= 1 -> nth1(K, South, Seeds) ; nth1(K, North, Seeds) ).

opponent(1, 2).
opponent(2, 1).


/* ---------------------------------------------------------------------
   The end of the game
   --------------------------------------------------------------------- */

test(the_game_ends_when_the_mover_empties_its_row_and_the_rest_is_swept) :-
    % South's last seed goes into its store (21): its row is empty, so the
    % game is over, not South's move again; North's 6 seeds left go to
    % North's store, 21 + 6 = 27
    position([0,0,0,0,0,1], 20, [1,2,3,0,0,0], 21, 1, S0),
    kalah:apply_move(S0, sow(6), S, Events),
    Events == [game_over],
    board_is(S, [0,0,0,0,0,0], 21, [0,0,0,0,0,0], 27),
    kalah:outcome(S, over([21, 27], winner(2))),
    kalah:scores(S, [21, 27]),
    \+ kalah:to_move(S, _),
    kalah:legal_moves(S, []),
    kalah:max_plies(S, 0),
    kalah:events_text(S0, Events, "the game is over"),
    explanation(S, sow(1), "the game is over"),
    kalah:view(S, board(_, Items)),
    memberchk(caption("South 21, North 27: North wins"), Items),
    \+ kalah:move_regions(S, sow(1), _).

test(the_game_ends_when_a_capture_empties_the_opponents_row) :-
    % South's pit 5 (1 seed) into its empty pit 6, across from North's pit
    % 1 (2 seeds, North's last): 10 + 2 + 1 = 13; North's row is empty, so
    % South's 3 seeds left are swept into its store: 16
    position([3,0,0,0,1,0], 10, [2,0,0,0,0,0], 12, 1, S0),
    kalah:apply_move(S0, sow(5), S, Events),
    Events == [captured(2), game_over],
    board_is(S, [0,0,0,0,0,0], 16, [0,0,0,0,0,0], 12),
    kalah:outcome(S, over([16, 12], winner(1))),
    kalah:events_text(S0, Events, "captures 2 seeds and the last one: the game is over").

test(the_game_ends_after_any_move_that_empties_a_row_whoever_is_next) :-
    % North sows its only seed into its store: its row is empty; the game
    % ends although North would move again
    position([1,0,0,0,0,0], 10, [0,0,0,0,0,1], 13, 2, S0),
    kalah:apply_move(S0, sow(6), S, [game_over]),
    kalah:outcome(S, over([11, 14], winner(2))),
    % and a South move that empties South's row, North to move next
    position([0,0,0,0,0,2], 10, [0,0,0,0,4,0], 13, 1, T0),
    kalah:apply_move(T0, sow(6), T, [game_over]),
    kalah:outcome(T, over([11, 18], winner(2))).

test(as_many_seeds_at_the_end_is_a_draw) :-
    position([0,0,0,0,0,1], 23, [0,0,0,0,0,1], 23, 1, S0),
    kalah:apply_move(S0, sow(6), S, [game_over]),
    kalah:outcome(S, over([24, 24], tie([1, 2]))),
    kalah:view(S, board(_, Items)),
    memberchk(caption("South 24, North 24: a draw"), Items).

test(random_games_end_by_the_rules) :-
    forall(( member(Options, [[], [pits(3), seeds(1)], [pits(8), seeds(8)]]),
             between(1, 3, Seed),
             random_game(Options, Seed, States) ),
           ( States = [S0|_],
             append(_, [Last], States),
             seeds(S0, Total),
             % no seed is lost or made, and the rows are swept at the end
             forall(member(S, States), seeds(S, Total)),
             board_is(Last, Empty, South, Empty, North),
             sum_list(Empty, 0),
             kalah:outcome(Last, over([South, North], Result)),
             South + North =:= Total,
             (   South > North -> Result == winner(1)
             ;   North > South -> Result == winner(2)
             ;   Result == tie([1, 2])
             ),
             % every position before the last has both rows with seeds
             \+ ( member(S, States), S \== Last,
                  board_is(S, R1, _, R2, _),
                  ( sum_list(R1, 0) ; sum_list(R2, 0) ) ),
             length(States, N),
             kalah:max_plies(S0, Max),
             N - 1 =< Max )).

test(random_games_have_extra_turns_and_captures) :-
    random_game([], 7, States),
    once(( append(_, [S0, S1|_], States),
           kalah:to_move(S0, P), kalah:to_move(S1, P) )),
    once(( member(S, States), S = kalah(_, _, _, last(_, _, capture(_, _))) )).


/* ---------------------------------------------------------------------
   Notation
   --------------------------------------------------------------------- */

test(a_move_is_written_as_its_pits_number) :-
    move_text(sow(1), "1"),
    move_text(sow(6), "6"),
    move_text(sow(8), "8").

test(pit_numbers_are_read_with_blanks_around) :-
    text_move("3", sow(3)),
    text_move("  5 ", sow(5)),
    % read whatever the board, so that explain_illegal/3 can answer
    text_move("9", sow(9)),
    text_move("0", sow(0)),
    \+ text_move("", _),
    \+ text_move("a", _),
    \+ text_move("12", _),
    \+ text_move("3 4", _),
    \+ text_move("-1", _),
    \+ text_move("sow(3)", _).

test(the_same_pit_numbers_for_both_players) :-
    % North's pit 1 is its first in sowing order, as South's is: OpenSpiel's
    % action 8 for its second player
    play([], ["1", "1"], S, []),
    board_is(S, [0,5,5,5,5,4], 0, [0,5,5,5,5,4], 0).

test(every_legal_move_round_trips_through_its_text) :-
    forall(( member(Options-Seed, [[]-1, [pits(8), seeds(8)]-2, [pits(3)]-3]),
             random_game(Options, Seed, States),
             member(S, States),
             kalah:legal_move(S, M) ),
           ( game:move_to_text(kalah, S, M, Text),
             game:move_from_text(kalah, S, Text, M) )).

test(illegal_moves_are_explained) :-
    play([], ["1"], S, _),
    % North to move; all its pits hold seeds
    position([4,4,4,4,4,4], 0, [4,0,4,4,4,4], 0, 2, T),
    explanation(T, sow(2), "North's pit 2 is empty: sow one that holds seeds"),
    explanation(S, sow(7), "there is no pit 7: North's pits are 1 to 6"),
    explanation(S, sow(0), "there is no pit 0"),
    explanation(S, foo, "foo is not a move: a move is the number of one of your pits, 1 to 6"),
    explanation(S, sow(a), "is not a move"),
    \+ kalah:legal_move(T, sow(2)),
    \+ kalah:apply_move(T, sow(2), _, _),
    \+ kalah:legal_move(S, 3),
    \+ kalah:apply_move(S, _, _, _),
    \+ kalah:explain_illegal(S, sow(1), _).


/* ---------------------------------------------------------------------
   The view and the mouse
   --------------------------------------------------------------------- */

test(the_view_lays_the_board_out_counter_clockwise) :-
    play([], ["5"], S, _),
    kalah:view(S, board(squares(2, 8), Items)),
    % South's row from the left, its store on the right; North's row from
    % the right, its store on the left; numbers as the notation counts
    memberchk(labels(bottom, ["", "1", "2", "3", "4", "5", "6", ""]), Items),
    memberchk(labels(top, ["", "6", "5", "4", "3", "2", "1", ""]), Items),
    findall(R-C-P-G, member(piece(R, C, P, G), Items), Pieces),
    sort(Pieces, [1-2-2-"4", 1-3-2-"4", 1-4-2-"4", 1-5-2-"4",
                   1-6-2-"5", 1-7-2-"5",
                   2-2-1-"4", 2-3-1-"4", 2-4-1-"4", 2-5-1-"4",
                   2-7-1-"5"]),
    memberchk(fill(2, 8, 1, "1"), Items),
    memberchk(fill(1, 1, 2, "0"), Items),
    memberchk(look(plain), Items),
    memberchk(caption("North to move"), Items),
    % a click on one of the mover's pits sows it: North's pit 1 is on the
    % right of the top row
    kalah:move_regions(S, sow(1), [sq(1, 7)]),
    kalah:move_regions(S, sow(6), [sq(1, 2)]),
    \+ kalah:move_regions(S, sow(7), _),
    \+ kalah:move_regions(S, foo, _),
    kalah:initial_state([], S0),
    kalah:move_regions(S0, sow(1), [sq(2, 2)]),
    kalah:move_regions(S0, sow(6), [sq(2, 7)]).


/* ---------------------------------------------------------------------
   The evaluation
   --------------------------------------------------------------------- */

test(the_evaluation_is_the_difference_of_the_stores) :-
    kalah:initial_state([], S0),
    kalah:evaluation(S0, 1, 0),
    kalah:evaluation(S0, 2, 0),
    % after "3": South's store 1, North's 0
    play([], ["3"], S1, _),
    kalah:evaluation(S1, 1, 1),
    kalah:evaluation(S1, 2, -1),
    % the seeds in the rows do not count
    position([9,0,0,0,0,0], 5, [1,0,0,0,0,0], 8, 1, R),
    kalah:evaluation(R, 1, -3),
    kalah:evaluation(R, 2, 3),
    position([0,0,0,0,0,1], 23, [0,0,0,0,0,1], 23, 1, T0),
    kalah:apply_move(T0, sow(6), Tie, _),
    kalah:evaluation(Tie, 1, 0),
    position([3,0,0,0,1,0], 10, [2,0,0,0,0,0], 12, 1, W0),
    kalah:apply_move(W0, sow(5), Won, _),
    kalah:evaluation(Won, 1, 1000),
    kalah:evaluation(Won, 2, -1000).

test(the_evaluation_stays_in_range_and_is_antisymmetric) :-
    forall(( member(Options-Seed, [[]-1, []-2, [pits(8), seeds(8)]-3]),
             random_game(Options, Seed, States),
             member(S, States) ),
           ( kalah:evaluation(S, 1, V1),
             kalah:evaluation(S, 2, V2),
             integer(V1), V1 >= -1000, V1 =< 1000,
             V1 =:= -V2 )).


/* ---------------------------------------------------------------------
   The generic players
   --------------------------------------------------------------------- */

test(every_generic_level_answers_a_legal_move) :-
    kalah:initial_state([], S0),
    random_game([], 11, States),
    nth0(10, States, Middle),
    players:levels(Levels),
    forall(( member(S, [S0, Middle]), member(Level, Levels) ),
           ( players:choose_move(kalah, Level, S, 60, Move, _),
             kalah:legal_moves(S, Moves),
             memberchk(Move, Moves) )).

% An endgame that needs the extra turn: South sows pit 6 into its store
% and moves again, then pit 5 into its empty pit 6, capturing North's last
% seed: 13 to 12. Sowing pit 5 first leaves pit 6 with 2 seeds, and South
% loses 11 to 14. The oracle says so; alphabeta, which searches the extra
% turn as South's own move, plays pit 6 and proves the win; so does mcts.
test(the_generic_players_see_the_extra_turn) :-
    position([0,0,0,0,1,1], 10, [1,0,0,0,0,0], 12, 1, S),
    findall(M-D, ( kalah:legal_moves(S, Ms), member(M, Ms),
                   kalah:apply_move(S, M, S1, _), side_diff(S1, 1, D) ),
            Exact),
    Exact == [sow(5)- -3, sow(6)-1],
    players:choose_move(kalah, alphabeta, S, 2000, sow(6), search(_, V)),
    V >= 9000,
    players:choose_move(kalah, mcts, S, 5000, sow(6), proven(_, winner(1))).

test(ai_plays_alphabeta_with_the_evaluation) :-
    kalah:initial_state([], S),
    players:ai_level(kalah, S, alphabeta).


/* ---------------------------------------------------------------------
   Games played by OpenSpiel
   --------------------------------------------------------------------- */

/* Games of OpenSpiel's "mancala" (open_spiel 2.0.2 from PyPI, pyspiel),
   recorded by a script of a few lines: from its start, uniformly random
   moves, or (the games marked "fewest") mostly the pit with the fewest
   seeds, which lets seeds pile up in the others until a pit of 13 or more
   goes round the board. Each is

       openspiel_game(Id, Moves, Movers, Boards, Final)

   Moves are the pits sown, in this file's notation (OpenSpiel's action A
   is South's pit A, or North's pit A - 7); Movers who sowed each, 1 for
   OpenSpiel's player 0; Boards some boards after move N, as [N, Board];
   Final the last board. A board is OpenSpiel's: 14 numbers, North's store
   first, then South's pits 1 to 6, South's store, North's pits 1 to 6.
   OpenSpiel does not sweep the rows at the end: it counts each side's
   row and store. */

% random seed 1: 48 moves, 0 sowing(s) of 13 seeds or more, returns [1.0, -1.0]
openspiel_game(1,
    [2,5,1,3,1,5,4,4,6,4,2,1,6,1,6,4,6,1,5,3,6,2,5,3,3,1,4,1,5,4,6,2,2,1,1,
     5,2,3,3,4,6,2,4,5,3,5,4,6],
    [1,2,1,2,2,1,2,1,2,1,2,1,2,2,1,2,2,1,2,1,2,1,2,1,2,2,1,2,1,2,1,2,1,2,1,
     2,1,2,1,1,2,1,2,1,1,2,1,2],
    [[10,[4,2,4,8,0,3,9,2,2,7,3,1,3,0]],
     [20,[9,2,9,0,2,4,1,9,2,3,3,1,1,2]],
     [30,[16,1,1,0,0,0,4,12,1,7,2,0,2,2]],
     [40,[18,1,0,0,0,2,1,19,0,1,0,2,0,4]]],
    [23,0,0,0,0,1,2,22,0,0,0,0,0,0]).
% fewest seed 1: 57 moves, 1 sowing(s) of 13 seeds or more, returns [-1.0, 1.0]
openspiel_game(2,
    [1,4,1,3,4,2,2,6,2,3,6,2,2,3,4,6,1,1,4,2,5,6,1,1,5,1,2,5,6,1,6,3,2,3,5,
     6,5,2,4,6,5,4,5,3,2,3,1,6,3,2,1,4,6,1,5,1,6],
    [1,2,1,2,2,1,2,1,2,1,2,1,2,1,2,1,2,1,2,1,2,1,1,2,1,2,1,2,1,1,2,1,1,2,1,
     2,2,1,2,1,2,1,2,1,1,2,1,2,1,2,1,2,1,2,1,2,1],
    [[10,[2,0,0,0,7,7,1,3,7,1,3,2,8,7]],
     [20,[6,0,0,1,10,9,0,4,0,1,5,0,11,1]],
     [30,[7,0,1,3,12,0,0,13,0,0,7,1,0,4]],
     [40,[13,0,0,3,14,0,0,15,1,0,0,0,1,1]],
     [50,[18,1,2,0,0,3,2,19,2,0,0,1,0,0]]],
    [22,0,0,0,0,0,0,22,0,2,1,1,0,0]).
% random seed 2: 37 moves, 0 sowing(s) of 13 seeds or more, returns [-1.0, 1.0]
openspiel_game(3,
    [1,1,2,5,2,4,3,5,2,1,4,4,6,4,5,5,6,3,4,1,1,4,6,4,2,6,5,1,1,2,3,3,4,6,4,
     5,6],
    [1,2,1,1,2,1,2,1,2,1,2,1,2,1,2,1,2,2,1,2,1,2,1,2,1,2,2,2,1,2,1,2,1,2,2,
     1,1],
    [[10,[4,0,2,8,0,0,8,3,2,0,0,8,7,6]],
     [20,[20,3,5,0,0,0,11,6,0,1,1,1,0,0]],
     [30,[31,0,0,3,0,0,0,11,0,0,1,1,0,1]]],
    [32,0,0,0,0,0,0,13,1,0,0,0,1,1]).
% fewest seed 2: 48 moves, 1 sowing(s) of 13 seeds or more, returns [1.0, -1.0]
openspiel_game(4,
    [2,4,6,1,4,2,1,3,5,1,2,3,1,6,1,4,1,6,2,4,5,4,2,5,1,1,2,2,5,4,5,6,6,2,4,
     4,5,3,1,6,1,2,3,1,6,2,2,3],
    [1,2,1,2,1,2,1,1,2,1,2,1,2,1,2,1,2,1,1,2,2,1,2,1,2,1,2,1,2,2,2,1,2,1,2,
     1,2,2,1,2,1,2,1,2,1,1,2,1],
    [[10,[3,0,4,1,3,9,3,4,2,1,7,3,0,8]],
     [20,[4,0,0,1,1,11,1,7,0,4,9,0,1,9]],
     [30,[6,0,0,3,0,0,2,22,0,0,0,0,1,14]],
     [40,[16,1,1,1,0,2,1,23,2,1,0,0,0,0]]],
    [16,0,0,0,0,2,0,30,0,0,0,0,0,0]).
% random seed 3: 45 moves, 0 sowing(s) of 13 seeds or more, returns [1.0, -1.0]
openspiel_game(5,
    [2,5,5,2,4,6,4,1,6,2,5,3,2,2,6,4,5,6,4,3,6,1,1,2,6,5,5,1,6,3,2,3,5,4,6,
     6,5,4,6,1,6,1,3,2,2],
    [1,2,1,2,2,1,2,1,1,1,2,1,2,1,2,1,2,1,2,1,2,1,2,1,2,2,1,2,1,1,2,2,1,2,2,
     1,2,1,2,2,1,1,2,1,2],
    [[10,[3,0,0,7,7,2,0,4,6,1,7,0,4,7]],
     [20,[7,2,0,0,0,5,0,20,10,2,0,0,0,2]],
     [30,[12,0,0,0,4,1,1,22,0,5,2,1,0,0]],
     [40,[17,2,1,0,0,1,1,24,0,1,1,0,0,0]]],
    [21,0,0,1,0,1,0,25,0,0,0,0,0,0]).
% random seed 4: 39 moves, 0 sowing(s) of 13 seeds or more, returns [-1.0, 1.0]
openspiel_game(6,
    [2,3,1,5,4,2,1,1,2,4,5,3,1,2,6,5,3,3,2,1,4,2,1,4,3,3,2,5,6,6,2,1,1,5,2,
     2,1,3,2],
    [1,2,2,1,2,1,2,1,2,1,2,1,2,1,2,1,2,1,2,1,2,1,2,1,2,1,2,1,1,2,1,2,1,2,1,
     2,1,2,1],
    [[10,[3,1,2,8,0,2,8,2,1,1,4,1,8,7]],
     [20,[18,0,3,1,6,2,2,4,1,0,1,5,3,2]],
     [30,[26,2,1,0,0,0,0,7,2,1,1,3,5,0]]],
    [31,0,0,0,0,0,0,16,0,0,0,0,0,1]).
% random seed 5: 43 moves, 0 sowing(s) of 13 seeds or more, returns [1.0, -1.0]
openspiel_game(7,
    [5,3,4,6,1,5,2,1,3,1,5,4,1,5,6,1,2,1,3,5,4,2,6,2,1,3,6,2,2,1,1,3,4,3,5,
     4,3,2,2,3,6,2,1],
    [1,2,2,1,2,2,1,2,1,2,1,2,1,1,2,1,2,1,2,1,1,2,1,2,1,2,2,1,2,1,2,1,1,2,1,
     2,1,2,1,2,1,2,1],
    [[10,[4,6,0,0,7,3,2,4,0,10,2,2,0,8]],
     [20,[6,0,5,3,10,0,8,7,2,0,0,2,3,2]],
     [30,[10,0,0,4,0,2,1,21,5,0,0,5,0,0]],
     [40,[11,1,0,0,2,0,3,25,1,0,0,1,2,2]]],
    [14,0,0,0,0,0,0,29,2,0,0,1,0,2]).
% random seed 6: 51 moves, 0 sowing(s) of 13 seeds or more, returns [-1.0, 1.0]
openspiel_game(8,
    [5,1,4,3,1,1,3,6,4,3,4,1,5,4,1,5,5,1,2,6,5,3,1,5,3,1,5,6,3,3,1,2,5,3,4,
     4,2,5,5,3,1,6,2,1,6,2,3,1,1,2,2],
    [1,2,1,2,1,2,1,2,1,1,2,1,2,1,2,1,2,1,2,1,2,2,1,2,1,2,1,2,1,2,1,2,1,2,1,
     2,1,2,1,1,2,1,2,1,2,1,2,1,2,1,2],
    [[10,[2,1,6,0,1,5,9,4,1,7,0,6,6,0]],
     [20,[5,2,12,5,2,0,0,6,2,1,3,3,2,5]],
     [30,[11,1,14,0,5,1,0,7,0,3,0,6,0,0]],
     [40,[28,1,0,0,2,0,3,11,1,0,0,0,0,2]],
     [50,[29,0,0,0,2,0,0,16,0,1,0,0,0,0]]],
    [32,0,0,0,0,0,0,16,0,0,0,0,0,0]).
% fewest seed 6: 40 moves, 1 sowing(s) of 13 seeds or more, returns [-1.0, 1.0]
openspiel_game(9,
    [4,3,2,3,4,3,1,1,4,2,3,5,3,4,3,5,4,1,6,5,1,1,2,1,4,3,3,4,4,5,6,3,3,2,5,
     4,6,2,1,6],
    [1,2,2,1,1,2,1,2,1,2,1,2,1,2,1,2,1,2,1,2,1,2,1,2,1,2,1,2,1,2,2,1,2,1,2,
     1,2,2,2,1],
    [[10,[1,0,5,1,0,9,6,2,0,0,2,8,7,7]],
     [20,[16,2,7,0,0,0,0,7,1,1,1,1,0,12]],
     [30,[17,0,0,0,0,3,1,10,0,4,0,0,0,13]]],
    [28,0,0,0,0,0,0,14,1,1,1,1,1,1]).
% fewest seed 9: 42 moves, 1 sowing(s) of 13 seeds or more, returns [1.0, -1.0]
openspiel_game(10,
    [4,5,3,4,4,2,3,1,4,4,1,2,5,4,6,4,3,2,5,1,6,2,4,5,6,3,2,1,6,4,5,2,6,5,3,
     6,1,6,4,5,2,6],
    [1,2,1,1,2,1,1,2,1,2,1,1,2,1,2,1,2,1,2,1,2,1,2,1,2,2,1,2,1,1,2,2,1,1,2,
     1,1,2,2,2,1,2],
    [[10,[2,6,0,0,0,9,8,3,0,5,5,0,3,7]],
     [20,[16,0,1,5,1,13,0,4,0,5,0,1,0,2]],
     [30,[18,2,0,8,0,1,1,13,0,1,0,2,2,0]],
     [40,[21,0,1,9,0,0,0,15,0,0,0,0,0,2]]],
    [22,1,0,10,0,0,0,15,0,0,0,0,0,0]).
% fewest seed 12: 36 moves, 1 sowing(s) of 13 seeds or more, returns [-1.0, 1.0]
openspiel_game(11,
    [4,5,2,3,3,5,6,3,4,5,1,2,5,4,3,3,4,3,5,6,1,1,6,2,1,5,3,5,6,1,4,1,6,5,4,
     6],
    [1,2,1,1,2,2,1,2,1,2,1,2,2,1,2,1,2,1,2,1,2,1,2,1,2,1,1,2,1,2,1,2,1,1,2,
     1],
    [[10,[2,5,0,0,0,8,0,12,0,5,0,7,0,9]],
     [20,[4,1,2,0,3,11,0,13,1,0,0,0,0,13]],
     [30,[19,0,0,0,6,0,0,18,0,2,1,1,0,1]]],
    [19,0,0,0,0,0,0,21,0,4,2,0,1,1]).
% fewest seed 14: 58 moves, 1 sowing(s) of 13 seeds or more, returns [-1.0, 1.0]
openspiel_game(12,
    [6,5,4,4,6,5,5,3,1,3,3,1,1,5,1,3,4,5,5,4,5,6,2,3,1,1,5,2,2,3,4,2,3,6,3,
     4,5,1,4,4,2,2,5,3,1,4,3,6,6,1,1,4,2,3,4,5,2,6],
    [1,2,1,2,1,1,2,1,1,1,2,1,2,1,1,2,1,1,2,2,2,1,2,1,2,1,2,2,1,2,1,2,1,2,1,
     2,1,2,1,2,1,2,1,2,1,2,1,2,1,2,1,2,1,2,1,1,2,1],
    [[10,[2,0,6,0,3,2,3,6,7,6,6,0,0,7]],
     [20,[6,0,9,0,0,0,6,8,0,7,0,0,1,11]],
     [30,[8,0,0,1,1,1,1,13,1,1,0,4,2,15]],
     [40,[11,3,2,0,0,1,4,16,0,2,2,0,5,2]],
     [50,[14,1,1,0,2,0,0,20,0,2,1,1,6,0]]],
    [16,0,0,0,0,0,0,22,1,0,1,1,7,0]).

% openspiel_board(+State, -Board): State's board in OpenSpiel's order.
openspiel_board(kalah(6, board(South, SouthStore, North, NorthStore), _, _),
                [NorthStore|Rest]) :-
    append(South, [SouthStore|North], Rest).

% replay_openspiel(+State, +N, +Moves, +Movers, +Boards, -Last): the moves
% from State, the N-th next, each made by its mover and leading to the
% boards recorded.
replay_openspiel(State, _, [], [], _, State).
replay_openspiel(State0, N, [K|Ks], [P|Ps], Boards, State) :-
    kalah:to_move(State0, P),
    kalah:apply_move(State0, sow(K), State1, _),
    (   memberchk([N, Board], Boards) -> openspiel_board(State1, Board)
    ;   true
    ),
    N1 is N + 1,
    replay_openspiel(State1, N1, Ks, Ps, Boards, State).

test(openspiels_games_replay_move_for_move) :-
    findall(Id, openspiel_game(Id, _, _, _, _), Ids),
    length(Ids, 12),
    forall(openspiel_game(_, Moves, Movers, Boards, Final),
           ( kalah:initial_state([], S0),
             replay_openspiel(S0, 1, Moves, Movers, Boards, S),
             % the game ends where OpenSpiel's ended, with its counts
             Final = [NorthStore, S1, S2, S3, S4, S5, S6, SouthStore|North],
             South is S1 + S2 + S3 + S4 + S5 + S6 + SouthStore,
             sum_list(North, NorthRow),
             NorthTotal is NorthStore + NorthRow,
             kalah:outcome(S, over([South, NorthTotal], _)) )).

/* ---------------------------------------------------------------------
   The contract
   --------------------------------------------------------------------- */

test(conformance_on_the_standard_board) :-
    conformance:conformance(kalah, [], 30, 1, Failures),
    Failures == [].

test(conformance_on_every_checked_option_list) :-
    kalah:check_options(Lists),
    Lists = [_|_],
    conformance:conformance_all(kalah, 5, 4, Failures),
    Failures == [].

test(dispatchers_and_playouts_reach_the_game) :-
    game:game_initial_state(kalah, [], S),
    game:game_legal_moves(kalah, S, [_, _, _, _, _, _]),
    game:game_apply_move(kalah, S, sow(3), S1, [extra_turn]),
    game:game_to_move(kalah, S1, 1),
    game:game_outcome(kalah, S1, ongoing),
    game:judge_text(kalah, S1, " 6 ", played(sow(6), S2, []), "6"),
    game:game_to_move(kalah, S2, 2),
    playouts:random_playout(kalah, [], 7, Plies),
    Plies >= 5,
    playouts:random_playouts(kalah, [pits(3)], 1, 10, Total),
    Total > 0,
    game:replay(kalah, [], [sow(3), sow(6)], S3),
    kalah:scores(S3, [2, 0]).
