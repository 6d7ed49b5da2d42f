/** Tests of Connect Four (connect4.pl) and of its contract (game.pl).

Load game.pl and connect4.pl first, then tests/harness.pl and this file,
and run harness:run_tests(connect4_tests) (or run_tests/2 for the results
as a list). The tests call the rules qualified: connect4:apply_move/4, ...

Games are written as the moves' texts, one column letter (or number) after
another, separated by blanks: "d d e" is Red in d, Yellow in d, Red in e.
Squares are the view's: sq(R, C), row R from the top.
*/

:- module(connect4_tests, [test/1]).

:- use_module(library(lists)).
:- use_module(library(between)).
:- use_module(library(random)).
:- use_module(library(iso_ext)).

:- dynamic(test/1).
:- discontiguous(test/1).


/* ---------------------------------------------------------------------
   Helpers
   --------------------------------------------------------------------- */

% play(+Options, +Text, -State, -Events): the position after the moves of
% Text from the start, and the events of the last move. Fails if a move
% does not parse or is illegal.
play(Options, Text, State, Events) :-
    connect4:initial_state(Options, State0),
    words(Text, Words),
    play_words(Words, State0, State, [], Events).

play(Options, Text, State) :-
    play(Options, Text, State, _).

play_words([], State, State, Events, Events).
play_words([Word|Words], State0, State, _, Events) :-
    game:move_from_text(connect4, State0, Word, Move),
    connect4:apply_move(State0, Move, State1, Events1),
    play_words(Words, State1, State, Events1, Events).

% words(+Text, -Words): Text cut at its blanks.
words(Text, Words) :-
    (   Text == [] -> Words = []
    ;   Text = [' '|Rest] -> words(Rest, Words)
    ;   word(Text, Word, Rest),
        Words = [Word|Words1],
        words(Rest, Words1)
    ).

word([], [], []).
word([C|Cs], Word, Rest) :-
    (   C == ' ' -> Word = [], Rest = [C|Cs]
    ;   Word = [C|Word1],
        word(Cs, Word1, Rest)
    ).

text_move(Text, Move) :-
    game:move_from_text(connect4, none, Text, Move).

move_text(Move, Text) :-
    game:move_to_text(connect4, none, Move, Text).

% explanation(+State, +Move, +Part): explain_illegal/3 gives a message that
% contains Part.
explanation(State, Move, Part) :-
    connect4:explain_illegal(State, Move, Message),
    append(_, Rest, Message),
    append(Part, _, Rest),
    !.

domain_error_for(Options, Domain) :-
    catch(( connect4:initial_state(Options, _), fail ),
          error(domain_error(Domain, _), _),
          true).

% pieces(+State, -Pieces): the view's pieces as R-C-Player, sorted.
pieces(State, Pieces) :-
    connect4:view(State, board(_, Items)),
    findall(R-C-P, member(piece(R, C, P, _), Items), Pieces0),
    sort(Pieces0, Pieces).

% random_game(+Options, +Seed, -States, -LastEvents): a whole game of
% random moves, every position from the start, and the events of its last
% move.
random_game(Options, Seed, States, Events) :-
    set_random(seed(Seed)),
    connect4:initial_state(Options, S0),
    random_states(S0, [], States, Events).

random_states(S, Events0, [S|States], Events) :-
    connect4:legal_moves(S, Moves),
    (   Moves == [] ->
        States = [], Events = Events0
    ;   length(Moves, N),
        random_integer(0, N, K),
        nth0(K, Moves, Move),
        connect4:apply_move(S, Move, S1, Events1),
        random_states(S1, Events1, States, Events)
    ).

% A full 7 x 6 frame without four in a row: 42 moves, a draw.
drawn_game("c a a b a d a a b a c b c b b b f c f c c d d d d e e f e g e e e g f g g d g f g f").


/* ---------------------------------------------------------------------
   The start and the options
   --------------------------------------------------------------------- */

test(the_start_is_an_empty_seven_by_six_frame_red_to_move) :-
    connect4:initial_state([], S),
    connect4:players(S, 2),
    connect4:to_move(S, 1),
    connect4:outcome(S, ongoing),
    connect4:legal_moves(S, [drop(1), drop(2), drop(3), drop(4), drop(5),
                             drop(6), drop(7)]),
    connect4:max_plies(S, 42),
    connect4:view(S, board(squares(6, 7), Items)),
    \+ member(piece(_, _, _, _), Items),
    \+ member(mark(_, _), Items).

test(options_choose_the_frame_and_the_line) :-
    connect4:initial_state([cols(4), rows(10), connect(3), colour(blue)], S),
    connect4:view(S, board(squares(10, 4), _)),
    connect4:legal_moves(S, [drop(1), drop(2), drop(3), drop(4)]),
    connect4:max_plies(S, 40),
    % the first occurrence of an option counts
    connect4:initial_state([cols(5), cols(9)], S2),
    connect4:legal_moves(S2, Moves),
    length(Moves, 5).

test(options_out_of_range_are_refused) :-
    domain_error_for([cols(3)], cols_between_4_and_10),
    domain_error_for([cols(11)], cols_between_4_and_10),
    domain_error_for([rows(11)], rows_between_4_and_10),
    domain_error_for([rows(0)], rows_between_4_and_10),
    domain_error_for([connect(2)], connect_between_3_and_6),
    domain_error_for([connect(7)], connect_between_3_and_6),
    catch(( connect4:initial_state([rows(six)], _), fail ),
          error(type_error(integer, six), _), true).

test(game_info_declares_the_real_options) :-
    connect4:game_info(Facts),
    memberchk(title("Connect Four"), Facts),
    memberchk(sides(["Red", "Yellow"]), Facts),
    memberchk(aliases(Aliases), Facts),
    memberchk(connect_four, Aliases),
    memberchk(championship([scoring(points), random_start(false),
                            self_games(false)]), Facts),
    \+ memberchk(players(_), Facts),
    memberchk(options(Options), Facts),
    findall(N-Min-Max-D, member(option(N, integer(Min, Max), D, _), Options),
            Declared),
    findall(N-Min-Max-D, connect4:option(N, Min, Max, D), Real),
    Declared == Real,
    % and initial_state/2 takes exactly those ranges
    forall(member(N-Min-Max-_, Real),
           ( Below is Min - 1, Above is Max + 1,
             O1 =.. [N, Min], O2 =.. [N, Max],
             B =.. [N, Below], A =.. [N, Above],
             connect4:initial_state([O1], _),
             connect4:initial_state([O2], _),
             catch(( connect4:initial_state([B], _), fail ),
                   error(domain_error(_, Below), _), true),
             catch(( connect4:initial_state([A], _), fail ),
                   error(domain_error(_, Above), _), true) )).


/* ---------------------------------------------------------------------
   Dropping discs
   --------------------------------------------------------------------- */

test(a_disc_falls_to_the_lowest_empty_hole) :-
    play([], "d d e", S, Events),
    Events == [],
    pieces(S, [5-4-2, 6-4-1, 6-5-1]),
    connect4:disc_at(S, 4, 1, 1),
    connect4:disc_at(S, 4, 2, 2),
    \+ connect4:disc_at(S, 4, 3, _),
    connect4:landing_height(S, 4, 3),
    connect4:to_move(S, 2),
    connect4:max_plies(S, 39).

test(the_players_alternate) :-
    play([], "a", S1), connect4:to_move(S1, 2),
    play([], "a b", S2), connect4:to_move(S2, 1),
    play([], "a b c", S3), connect4:to_move(S3, 2).

test(a_full_column_is_refused) :-
    play([], "a a a a a a", S),
    connect4:outcome(S, ongoing),
    \+ connect4:legal_move(S, drop(1)),
    \+ connect4:apply_move(S, drop(1), _, _),
    connect4:legal_moves(S, [drop(2), drop(3), drop(4), drop(5), drop(6),
                             drop(7)]),
    connect4:explain_illegal(S, drop(1), Message),
    Message == "column a is full",
    \+ connect4:move_regions(S, drop(1), _),
    \+ connect4:explain_illegal(S, drop(2), _).

test(other_moves_are_refused_and_explained) :-
    connect4:initial_state([], S),
    explanation(S, drop(8), "there is no column h: the columns are a to g"),
    explanation(S, drop(0), "there is no column 0"),
    explanation(S, drop(12), "there is no column 12"),
    explanation(S, foo, "foo is not a move"),
    explanation(S, drop(a), "drop(a) is not a move"),
    explanation(S, 42, "42 is not a move"),
    \+ connect4:legal_move(S, drop(a)),
    \+ connect4:legal_move(S, foo),
    \+ connect4:legal_move(S, h(a, b)),
    \+ connect4:legal_move(S, drop(8)),
    \+ connect4:apply_move(S, drop(8), _, _),
    \+ connect4:apply_move(S, _, _, _),
    \+ connect4:explain_illegal(S, drop(7), _).

test(legal_move_enumerates_the_legal_moves_in_order) :-
    play([cols(5), rows(4)], "c c c c", S),
    findall(M, connect4:legal_move(S, M), Ms),
    connect4:legal_moves(S, Ms),
    Ms == [drop(1), drop(2), drop(4), drop(5)].


/* ---------------------------------------------------------------------
   Winning and drawing
   --------------------------------------------------------------------- */

test(four_up_and_down_wins) :-
    play([], "a b a b a b", S0),
    connect4:outcome(S0, ongoing),
    play([], "a b a b a b a", S, Events),
    Events == [in_a_row(4)],
    connect4:outcome(S, over([1, 0], winner(1))),
    \+ connect4:to_move(S, _),
    connect4:legal_moves(S, []),
    connect4:max_plies(S, 0),
    explanation(S, drop(3), "the game is over").

test(four_across_wins_for_yellow) :-
    play([], "a b a c a d g e", S, Events),
    Events == [in_a_row(4)],
    connect4:outcome(S, over([0, 1], winner(2))).

test(four_on_a_diagonal_wins) :-
    % Red: a1 b2 c3 d4, rising to the right
    play([], "a b b c c d c d d g", S0),
    connect4:outcome(S0, ongoing),
    play([], "a b b c c d c d d g d", S, Events),
    Events == [in_a_row(4)],
    connect4:outcome(S, over([1, 0], winner(1))),
    % and the mirror image: g1 f2 e3 d4, rising to the left
    play([], "g f f e e d e d d a d", S2, Events2),
    Events2 == [in_a_row(4)],
    connect4:outcome(S2, over([1, 0], winner(1))).

test(a_disc_that_completes_a_line_in_the_middle_wins) :-
    % Red a1 b1 d1, then c1 in the gap
    play([], "a a b b d d c", S, Events),
    Events == [in_a_row(4)],
    connect4:outcome(S, over([1, 0], winner(1))).

test(three_in_a_row_is_not_enough) :-
    play([], "a b a b a", S, Events),
    Events == [],
    connect4:outcome(S, ongoing).

test(connect_three_wins_with_three) :-
    play([connect(3)], "a b a b a", S, Events),
    Events == [in_a_row(3)],
    connect4:outcome(S, over([1, 0], winner(1))),
    play([connect(5)], "a b a b a b a", S5, _),
    connect4:outcome(S5, ongoing).

test(a_full_frame_without_a_line_is_a_draw) :-
    drawn_game(Text),
    words(Text, Words),
    length(Words, 42),
    append(First, [_], Words),
    connect4:initial_state([], S0),
    % no move before the last ends the game
    play_quietly(First, S0, S41),
    connect4:outcome(S41, ongoing),
    connect4:legal_moves(S41, [drop(6)]),
    play([], Text, S, Events),
    Events == [board_full],
    connect4:outcome(S, over([0, 0], tie([1, 2]))),
    connect4:legal_moves(S, []),
    \+ connect4:to_move(S, _).

play_quietly([], S, S).
play_quietly([Word|Words], S0, S) :-
    game:move_from_text(connect4, S0, Word, Move),
    connect4:apply_move(S0, Move, S1, Events),
    Events == [],
    play_quietly(Words, S1, S).

test(random_games_end_with_a_line_or_a_full_frame) :-
    forall(( member(Options, [[], [cols(4), rows(4)], [cols(10), rows(10), connect(6)]]),
             between(1, 10, Seed) ),
           ( random_game(Options, Seed, States, Events),
             append(_, [S], States),
             connect4:outcome(S, over(Scores, Result)),
             connect4:max_plies(S, 0),
             (   Events = [in_a_row(_)] ->
                 Result = winner(P), nth1(P, Scores, 1)
             ;   Events == [board_full],
                 Scores == [0, 0], Result == tie([1, 2])
             ),
             % max_plies/2 bounds the game from every position
             length(States, N),
             connect4:initial_state(Options, S0),
             connect4:max_plies(S0, Max),
             N - 1 =< Max )).


/* ---------------------------------------------------------------------
   Notation
   --------------------------------------------------------------------- */

test(a_move_is_written_as_its_column_letter) :-
    move_text(drop(1), "a"),
    move_text(drop(4), "d"),
    move_text(drop(10), "j").

test(letters_numbers_and_blanks_are_read) :-
    text_move("d", drop(4)),
    text_move("D", drop(4)),
    text_move("4", drop(4)),
    text_move("  4 ", drop(4)),
    text_move("10", drop(10)),
    text_move("j", drop(10)),
    % read whatever the frame, so that explain_illegal/3 can answer
    text_move("h", drop(8)),
    \+ text_move("", _),
    \+ text_move("dd", _),
    \+ text_move("k", _),
    \+ text_move("11", _),
    \+ text_move("0", _),
    \+ text_move("d4", _),
    \+ text_move("drop(4)", _).

test(every_legal_move_round_trips_through_its_text) :-
    forall(( member(Options, [[], [cols(10), rows(4)]]),
             between(1, 5, Seed),
             random_game(Options, Seed, States, _),
             member(S, States),
             connect4:legal_move(S, M) ),
           ( game:move_to_text(connect4, S, M, Text),
             game:move_from_text(connect4, S, Text, M) )).


/* ---------------------------------------------------------------------
   The view and the mouse
   --------------------------------------------------------------------- */

test(the_view_draws_the_frame_with_the_last_disc_marked) :-
    play([cols(4), rows(5)], "b b", S),
    connect4:view(S, board(squares(5, 4), Items)),
    length(Items, 7),
    sort(Items, Sorted),
    sort([piece(5, 2, 1, ""), piece(4, 2, 2, ""), mark(sq(4, 2), last),
           labels(bottom, ["a", "b", "c", "d"]),
           labels(left, ["5", "4", "3", "2", "1"]),
           colours([red, yellow]), look(holes)],
          Sorted).

test(a_move_is_made_by_a_click_where_the_disc_lands) :-
    connect4:initial_state([], S0),
    connect4:move_regions(S0, drop(4), [sq(6, 4)]),
    play([], "d d", S),
    connect4:move_regions(S, drop(4), [sq(4, 4)]),
    \+ connect4:move_regions(S, drop(8), _),
    \+ connect4:move_regions(S, foo, _),
    % the last move's region is the square the view marks
    connect4:apply_move(S, drop(4), S1, _),
    connect4:view(S1, board(_, Items)),
    memberchk(mark(sq(4, 4), last), Items).


/* ---------------------------------------------------------------------
   The evaluation
   --------------------------------------------------------------------- */

test(the_evaluation_is_even_at_the_start_and_knows_the_end) :-
    connect4:initial_state([], S0),
    connect4:evaluation(S0, 1, 0),
    connect4:evaluation(S0, 2, 0),
    % one disc in the middle opens seven windows for Red (7), and the
    % four across the bottom row have no empty hole but at odd heights,
    % Red's parity: four times 1 more each (16)
    play([], "d", S1),
    connect4:evaluation(S1, 1, V1),
    connect4:evaluation(S1, 2, V2),
    V1 =:= 23, V2 =:= -23,
    play([], "a b a b a b a", Won),
    connect4:evaluation(Won, 1, 1000),
    connect4:evaluation(Won, 2, -1000),
    drawn_game(Text),
    play([], Text, Drawn),
    connect4:evaluation(Drawn, 1, 0).

test(the_evaluation_stays_in_range_and_is_antisymmetric) :-
    forall(( between(1, 5, Seed),
             random_game([], Seed, States, _),
             member(S, States) ),
           ( connect4:evaluation(S, 1, V1),
             connect4:evaluation(S, 2, V2),
             integer(V1), V1 >= -1000, V1 =< 1000,
             V1 =:= -V2 )).


% Counted by hand on 4 x 4 with lines of three, after a b a (Red a1 a2,
% Yellow b1). The windows: Red has a1-a3 up (2 discs: 4), a2-a4 up, a2-c2
% across, the diagonals from a1 and from a2 (1 each): 8; Yellow has b1-d1
% across, b1-b3 up and the diagonal from b1 (1 each): 3; the window a1-c1
% holds both colours and counts for neither. The parity windows (every
% empty hole at the colour's parity): Red's a1-a3 up (a3, odd; 4 more
% times 4: 16); Yellow's none (each window through b1 has an empty hole
% at an odd height). The threats: Red's a3, at an odd height, Red's
% parity: 16; Yellow has none. Red's a3 is a zugzwang threat (Yellow has
% no threat below it, nor one of its own): 100.
% 8 + 16 + 16 + 100 - 3 = 137.
test(the_fast_evaluation_counts_what_the_rules_count) :-
    play([cols(4), rows(4), connect(3)], "a b a", S),
    findall(P-C-H, connect4:threat(S, P, C, H), [1-1-3]),
    connect4:evaluation(S, 1, 137),
    connect4:evaluation(S, 2, -137),
    connect4_fast:evaluation(S, 1, 137),
    connect4_fast:evaluation(S, 2, -137),
    forall(( between(1, 5, Seed),
             random_game([], Seed, States, _),
             member(S1, States),
             member(P, [1, 2]) ),
           ( connect4:evaluation(S1, P, V),
             connect4_fast:evaluation(S1, P, V) )).

% Red's c1 d1 e1 threaten b1 and f1 (odd: Red's parity); Yellow's c2 d2 e2
% threaten b2 and f2 (even: Yellow's), each above a threat of Red's: Red
% alone has a zugzwang threat, worth 100 to it in the evaluation.
test(a_zugzwang_threat_has_no_threat_of_the_other_colour_below_it) :-
    play([], "d d e e c c", S),
    findall(C-H, connect4:threat(S, 1, C, H), Red),
    Red == [2-1, 6-1],
    findall(C-H, connect4:threat(S, 2, C, H), Yellow),
    Yellow == [2-2, 6-2],
    connect4:zugzwang_threat(S, 1),
    \+ connect4:zugzwang_threat(S, 2),
    connect4:zugzwang_value(1, Red, Yellow, 100),
    connect4:zugzwang_value(2, Yellow, Red, -100),
    connect4:evaluation(S, 1, V),
    connect4_fast:evaluation(S, 1, V).

test(the_fast_path_plays_the_rules_moves_and_refuses_the_rest) :-
    play([], "a b a b a b", S),
    connect4_fast:legal_moves(S, Moves),
    connect4:legal_moves(S, Moves),
    connect4_fast:apply_move(S, drop(1), Won, [in_a_row(4)]),
    connect4:apply_move(S, drop(1), Won, _),
    play([cols(4), rows(4)], "a a a a", Full),
    \+ connect4_fast:apply_move(Full, drop(1), _, _),
    \+ connect4_fast:apply_move(Full, drop(5), _, _),
    \+ connect4_fast:apply_move(Full, drop(0), _, _),
    \+ connect4_fast:apply_move(Full, drop(x), _, _),
    \+ connect4_fast:apply_move(Full, _, _, _),
    \+ connect4_fast:apply_move(Won, drop(2), _, _).

% The evaluation makes no integer of 2^55 or more, which Scryer would
% never free: it agrees with the rules on the usual frame (7 x 6, 49 bits
% with the spare bit of each column) and on 5 x 10 (55 bits, the most that
% fit), and a larger frame (10 x 10) is judged by the rules themselves.
test(the_fast_evaluation_agrees_on_the_largest_frames) :-
    forall(( member(Options, [[], [cols(5), rows(10)], [cols(10), rows(10)]]),
             between(1, 3, Seed),
             random_game(Options, Seed, States, _),
             member(S, States),
             member(P, [1, 2]) ),
           ( connect4:evaluation(S, P, V),
             connect4_fast:evaluation(S, P, V) )).

/* ---------------------------------------------------------------------
   The contract
   --------------------------------------------------------------------- */

test(conformance_on_the_standard_frame) :-
    conformance:conformance(connect4, [], 30, 1, Failures),
    Failures == [].

test(conformance_on_small_frames) :-
    conformance:conformance(connect4, [cols(4), rows(4)], 30, 2, F1),
    F1 == [],
    conformance:conformance(connect4, [cols(5), rows(4), connect(3)], 30, 3, F2),
    F2 == [].

test(conformance_on_every_checked_option_list) :-
    connect4:check_options(Lists),
    Lists = [_|_],
    conformance:conformance_all(connect4, 5, 4, Failures),
    Failures == [].

test(dispatchers_and_playouts_reach_the_game) :-
    game:game_initial_state(connect4, [], S),
    game:game_legal_moves(connect4, S, [_, _, _, _, _, _, _]),
    game:game_apply_move(connect4, S, drop(4), S1, []),
    game:game_to_move(connect4, S1, 2),
    game:game_max_plies(connect4, S1, 41),
    playouts:random_playout(connect4, [], 7, Plies),
    Plies >= 7, Plies =< 42,
    playouts:random_playouts(connect4, [], 1, 10, Total),
    Total >= 70, Total =< 420,
    game:replay(connect4, [], [drop(1), drop(1)], S2),
    connect4:disc_at(S2, 1, 2, 2).
