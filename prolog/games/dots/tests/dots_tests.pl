/** Tests of the Timbiriche rules (dots.pl), the game contract (game.pl) and
the computer players (dots_ai.pl).

Load game.pl, dots.pl and dots_ai.pl first, then this file and harness.pl,
and run harness:run_tests(dots_tests) (or run_tests/2 for the results as a
list). The tests call the other modules qualified: dots:apply_move/4, ...

Positions are written as the list of moves that lead to them from the
start, so each test reads like a game on paper. On the default 5 x 6
board, rows of dots are 0..4 from the top and columns 0..5 from the left.
*/

:- module(dots_tests, [test/1]).

:- use_module(library(lists)).
:- use_module(library(between)).
:- use_module(library(random)).
:- use_module(library(dcgs)).
:- use_module(library(iso_ext)).

:- dynamic(test/1).
:- discontiguous(test/1).


/* ---------------------------------------------------------------------
   Helpers
   --------------------------------------------------------------------- */

% play(+Options, +Moves, -State): the position after Moves from the start.
play(Options, Moves, State) :-
    dots:initial_state(Options, State0),
    play_moves(Moves, State0, State, _).

% play(+Options, +Moves, -State, -Events): also the Events of the last move.
play(Options, Moves, State, Events) :-
    dots:initial_state(Options, State0),
    play_moves(Moves, State0, State, Events).

play_moves([], State, State, []).
play_moves([Move|Moves], State0, State, Events) :-
    dots:apply_move(State0, Move, State1, Events1),
    (   Moves == [] -> State = State1, Events = Events1
    ;   play_moves(Moves, State1, State, Events)
    ).

% points(+N, -Points): N boxes are worth Points.
points(N, Points) :-
    dots:box_points(P),
    Points is N * P.

% random_game(+Options, +Seed, -Final, -Plies): a whole game of random
% moves; also checks that each move's events are well formed.
random_game(Options, Seed, Final, Plies) :-
    set_random(seed(Seed)),
    dots:initial_state(Options, State),
    random_game_(State, 0, Final, Plies).

random_game_(State, Plies0, Final, Plies) :-
    (   game:random_move(dots, State, Move) ->
        dots:apply_move(State, Move, State1, _),
        Plies1 is Plies0 + 1,
        random_game_(State1, Plies1, Final, Plies)
    ;   Final = State,
        Plies = Plies0
    ).

text_move(State, Text, Move) :-
    game:move_from_text(dots, State, Text, Move).

move_text(State, Move, Text) :-
    game:move_to_text(dots, State, Move, Text).

boards([[rows(2), cols(2)], [rows(5), cols(6)], [rows(3), cols(7)],
        [rows(12), cols(12)], [rows(7), cols(4)]]).

% explanation(+State, +Move, +Part): explain_illegal/3 gives a message that
% contains the characters Part.
explanation(State, Move, Part) :-
    dots:explain_illegal(State, Move, Message),
    append(_, Rest, Message),
    append(Part, _, Rest),
    !.

domain_error_for(Options, Domain, Value) :-
    catch(( dots:initial_state(Options, _), fail ),
          error(domain_error(Domain, Value), _),
          true).

% The position of the sacrifice test, on a 3 x 3 board (2 x 2 boxes): every
% box has two sides drawn; box(0,0) is alone (giving it away costs one box)
% and the other three form a chain (giving it away costs three).
sacrifice_position(State) :-
    play([rows(3), cols(3)],
         [h(1,0), v(0,1), h(0,1), h(2,1), v(1,2), h(2,0)],
         State).

% safe_for_opponent(+State, +Move): after Move no box has three sides.
no_third_side(State, Move) :-
    dots:segment_boxes(State, Move, Boxes),
    dots:apply_move(State, Move, State1, _),
    \+ ( member(box(I, J), Boxes), dots:sides_drawn(State1, I, J, 3) ).


/* ---------------------------------------------------------------------
   The board and the options
   --------------------------------------------------------------------- */

test(default_board_is_5_by_6_for_2_players) :-
    dots:initial_state([], S),
    dots:board_size(S, 5, 6),
    dots:players(S, 2),
    dots:to_move(S, 1),
    dots:segment_count(S, 49),
    dots:legal_moves(S, Moves), length(Moves, 49),
    dots:outcome(S, ongoing),
    dots:scores(S, [0, 0]).

test(options_set_the_board_and_players) :-
    dots:initial_state([players(3), cols(4), rows(3), colour(red)], S),
    dots:board_size(S, 3, 4),
    dots:players(S, 3),
    dots:segment_count(S, 17),
    dots:scores(S, [0, 0, 0]).

test(rejects_rows_1) :-
    domain_error_for([rows(1)], rows_between_2_and_12, 1).

test(rejects_rows_13) :-
    domain_error_for([rows(13)], rows_between_2_and_12, 13).

test(rejects_players_1) :-
    domain_error_for([players(1)], players_between_2_and_4, 1).

test(rejects_players_5) :-
    domain_error_for([players(5)], players_between_2_and_4, 5).

test(rejects_cols_out_of_range_and_non_integers) :-
    domain_error_for([cols(13)], cols_between_2_and_12, 13),
    domain_error_for([cols(1)], cols_between_2_and_12, 1),
    catch(( dots:initial_state([rows(five)], _), fail ),
          error(type_error(integer, five), _), true).

test(legal_moves_in_segment_order) :-
    dots:initial_state([rows(2), cols(3)], S),
    dots:legal_moves(S, [h(0,0), h(0,1), h(1,0), h(1,1), v(0,0), v(0,1), v(0,2)]),
    findall(M, dots:legal_move(S, M), Enumerated),
    Enumerated == [h(0,0), h(0,1), h(1,0), h(1,1), v(0,0), v(0,1), v(0,2)].

test(segment_bits_follow_the_numbering) :-
    dots:initial_state([], S),
    dots:segment_bit(S, h(0,0), 0),
    dots:segment_bit(S, h(1,2), 8),     % 1*6 + 2
    dots:segment_bit(S, v(0,0), 30),    % 5*6
    dots:segment_bit(S, v(3,5), 53),    % 30 + 3*6 + 5
    \+ dots:segment_bit(S, h(0,5), _),
    \+ dots:segment_bit(S, v(4,0), _).


/* ---------------------------------------------------------------------
   Closing boxes
   --------------------------------------------------------------------- */

test(box_closed_on_the_top_border) :-
    play([], [h(1,2), v(0,2), v(0,3), h(0,2)], S, Events),
    Events == [box(0,2), extra_turn],
    dots:box_owner(S, 0, 2, 2),
    points(1, P), dots:scores(S, [0, P]).

test(box_closed_on_the_bottom_border) :-
    play([], [h(3,2), v(3,2), v(3,3), h(4,2)], S, Events),
    Events == [box(3,2), extra_turn],
    dots:box_owner(S, 3, 2, 2).

test(box_closed_on_the_left_border) :-
    play([], [h(2,0), h(3,0), v(2,1), v(2,0)], S, Events),
    Events == [box(2,0), extra_turn],
    dots:box_owner(S, 2, 0, 2).

test(box_closed_on_the_right_border) :-
    play([], [h(2,4), h(3,4), v(2,4), v(2,5)], S, Events),
    Events == [box(2,4), extra_turn],
    dots:box_owner(S, 2, 4, 2).

test(box_closed_in_the_corners) :-
    play([], [h(1,0), v(0,0), v(0,1), h(0,0)], _, Events1),
    Events1 == [box(0,0), extra_turn],
    play([], [h(3,4), h(4,4), v(3,4), v(3,5)], _, Events2),
    Events2 == [box(3,4), extra_turn].

test(inner_segment_closes_the_box_above_only) :-
    play([], [h(1,2), v(1,2), v(1,3), h(2,2)], _, Events),
    Events == [box(1,2), extra_turn].

test(inner_segment_closes_the_box_on_the_right_only) :-
    play([], [v(2,3), h(2,2), h(3,2), v(2,2)], _, Events),
    Events == [box(2,2), extra_turn].

test(one_horizontal_segment_closes_two_boxes) :-
    play([], [h(1,2), v(1,2), v(1,3), h(3,2), v(2,2), v(2,3), h(2,2)],
         S, Events),
    Events == [box(1,2), box(2,2), extra_turn],
    dots:box_owner(S, 1, 2, 1),
    dots:box_owner(S, 2, 2, 1),
    points(2, P), dots:scores(S, [P, 0]).

test(one_vertical_segment_closes_two_boxes) :-
    play([], [v(2,1), h(2,1), h(3,1), v(2,3), h(2,2), h(3,2), v(2,2)],
         S, Events),
    Events == [box(2,1), box(2,2), extra_turn],
    points(2, P), dots:scores(S, [P, 0]).

test(border_segment_closes_at_most_one_box) :-
    % A border segment is a side of one box, an inner one of two ...
    forall(( between(2, 6, R), between(2, 6, C) ),
           ( dots:initial_state([rows(R), cols(C)], S),
             dots:legal_moves(S, Moves),
             forall(member(M, Moves),
                    ( dots:segment_boxes(S, M, Boxes),
                      length(Boxes, N),
                      (   border(M, R, C) -> N =:= 1 ; N =:= 2 ) )) )),
    % ... and in whole games no border move ever closes two.
    forall(between(1, 5, Seed),
           ( set_random(seed(Seed)),
             dots:initial_state([rows(4), cols(5)], S0),
             border_moves_close_one(S0, 4, 5) )).

border(h(I, _), R, _) :- ( I =:= 0 ; I =:= R - 1 ).
border(v(_, J), _, C) :- ( J =:= 0 ; J =:= C - 1 ).

border_moves_close_one(S, R, C) :-
    (   game:random_move(dots, S, M) ->
        dots:apply_move(S, M, S1, Events),
        findall(B, ( member(B, Events), B = box(_, _) ), Boxes),
        length(Boxes, N),
        (   border(M, R, C) -> N =< 1 ; N =< 2 ),
        border_moves_close_one(S1, R, C)
    ;   true
    ).

test(fast_box_test_agrees_with_the_rulebook) :-
    % closed_boxes/3 uses masks; here every closing is recomputed from the
    % assignment's table closes_box/3 with drawn/2, in random positions.
    forall(( member(Options, [[rows(3), cols(3)], [rows(5), cols(6)],
                              [rows(4), cols(7)], [rows(7), cols(5)]]),
             between(1, 2, Seed) ),
           ( set_random(seed(Seed)),
             dots:initial_state(Options, S0),
             rule_agreement(S0) )).

rule_agreement(S) :-
    (   dots:legal_moves(S, Moves), Moves \== [] ->
        forall(member(M, Moves),
               ( dots:closed_boxes(S, M, Fast),
                 rule_boxes(S, M, Slow),
                 Fast == Slow )),
        game:random_move(dots, S, Move),
        dots:apply_move(S, Move, S1, _),
        rule_agreement(S1)
    ;   true
    ).

% The boxes Move closes by the rulebook: for each side of Move (above then
% below, left then right) whose box is on the board, the three segments
% named by closes_box/3 are drawn.
rule_boxes(S, Move, Boxes) :-
    dots:board_size(S, R, C),
    findall(box(I, J),
            ( member(Side, [above, below, left, right]),
              dots:closes_box(Side, Move, Others),
              dots:box_on(Side, Move, box(I, J)),
              I >= 0, I < R - 1, J >= 0, J < C - 1,
              forall(member(O0, Others),
                     ( dots:evaluated(O0, O), dots:drawn(S, O) )) ),
            Boxes).


/* ---------------------------------------------------------------------
   Turns and scores
   --------------------------------------------------------------------- */

test(the_player_who_closes_a_box_moves_again) :-
    play([], [h(1,2), v(0,2), v(0,3)], S0),
    dots:to_move(S0, 2),
    dots:apply_move(S0, h(0,2), S1, Events),
    memberchk(extra_turn, Events),
    dots:to_move(S1, 2),
    dots:apply_move(S1, h(4,4), S2, []),
    dots:to_move(S2, 1).

test(the_turn_passes_when_no_box_is_closed) :-
    dots:initial_state([], S0),
    dots:apply_move(S0, h(0,0), S1, Events),
    Events == [],
    dots:to_move(S1, 2),
    dots:apply_move(S1, v(3,5), S2, []),
    dots:to_move(S2, 1).

test(three_players_take_turns_in_order) :-
    dots:initial_state([players(3)], S0),
    dots:to_move(S0, 1),
    dots:apply_move(S0, h(0,0), S1, _), dots:to_move(S1, 2),
    dots:apply_move(S1, h(0,1), S2, _), dots:to_move(S2, 3),
    dots:apply_move(S2, h(0,2), S3, _), dots:to_move(S3, 1).

test(four_players_score_their_own_boxes) :-
    % Twelve moves draw three sides of each corner box of a 4 x 4 board;
    % then each player in turn closes one and draws a harmless segment.
    play([rows(4), cols(4), players(4)],
         [h(0,0), h(1,0), v(0,0), h(0,2), h(1,2), v(0,3),
          h(2,0), h(3,0), v(2,0), h(2,2), h(3,2), v(2,3),
          v(0,1), h(1,1),       % player 1: box(0,0), then passes
          v(0,2), v(1,1),       % player 2: box(0,2)
          v(2,1), h(2,1),       % player 3: box(2,0)
          v(2,2)],              % player 4: box(2,2)
         S),
    points(1, P),
    dots:scores(S, [P, P, P, P]),
    dots:box_owner(S, 0, 0, 1), dots:box_owner(S, 0, 2, 2),
    dots:box_owner(S, 2, 0, 3), dots:box_owner(S, 2, 2, 4),
    dots:to_move(S, 4).

test(scores_are_boxes_times_box_points) :-
    play([], [h(1,2), v(1,2), v(1,3), h(3,2), v(2,2), v(2,3), h(2,2)], S),
    dots:box_points(P),
    Expected is 2 * P,
    dots:scores(S, [Expected, 0]).


/* ---------------------------------------------------------------------
   The end of the game
   --------------------------------------------------------------------- */

test(the_game_ends_when_every_segment_is_drawn_and_has_a_winner) :-
    % 2 x 2 dots: one box; player 2 draws its last side.
    play([rows(2), cols(2)], [h(0,0), h(1,0), v(0,0), v(0,1)], S, Events),
    Events == [box(0,0), game_over],
    points(1, P),
    dots:outcome(S, over([0, P], winner(2))),
    \+ dots:to_move(S, _),
    dots:legal_moves(S, []),
    dots:segments_left(S, 0),
    dots:view(S, board(lattice(2, 2), Items)),
    memberchk(fill(1, 1, 2, "B"), Items).

test(equal_top_points_is_a_tie) :-
    % 2 x 3 dots: two boxes, one for each player.
    play([rows(2), cols(3)],
         [v(0,1), h(0,0), h(1,0), h(0,1), v(0,0), h(1,1), v(0,2)], S),
    points(1, P),
    dots:outcome(S, over([P, P], tie([1, 2]))).

test(a_tie_is_between_the_top_players_only) :-
    % 3 players on 2 x 3 dots: players 1 and 3 get a box each, 2 none.
    play([rows(2), cols(3), players(3)],
         [h(0,0), h(1,0), v(0,1), v(0,0),      % 1, 2, 3; player 1 closes box(0,0)
          h(0,1), h(1,1), v(0,2)],             % 1, 2; player 3 closes box(0,1)
         S),
    points(1, P),
    dots:outcome(S, over([P, 0, P], tie([1, 3]))).


/* ---------------------------------------------------------------------
   Illegal moves
   --------------------------------------------------------------------- */

test(a_drawn_segment_is_refused) :-
    play([], [h(0,0)], S),
    \+ dots:legal_move(S, h(0,0)),
    \+ dots:apply_move(S, h(0,0), _, _),
    dots:explain_illegal(S, h(0,0), Message),
    Message == "a5-b5 is already drawn".

test(a_segment_off_the_board_is_refused) :-
    dots:initial_state([], S),
    forall(member(M, [v(7,0), h(0,5), v(4,0), h(5,0), h(-1,0), v(0,6)]),
           ( \+ dots:legal_move(S, M),
             \+ dots:apply_move(S, M, _, _),
             explanation(S, M, "is not a segment of a 5 x 6 board") )),
    dots:explain_illegal(S, v(7,0), "v(7,0) is not a segment of a 5 x 6 board").

test(garbage_is_refused_without_exceptions) :-
    dots:initial_state([], S),
    forall(member(M, [foo, 42, h(a,b), h(0), h(0,0,0), v(1.5,2), "h(0,0)",
                      [], f(x), h(_, 0)]),
           ( \+ ( ground(M), dots:legal_move(S, M) ),
             \+ dots:apply_move(S, M, _, _),
             explanation(S, M, "is not a move") )).

test(every_move_is_refused_after_the_game_is_over) :-
    play([rows(2), cols(2)], [h(0,0), h(1,0), v(0,0), v(0,1)], S),
    dots:explain_illegal(S, h(0,0), "the game is over"),
    dots:explain_illegal(S, foo, "the game is over"),
    \+ dots:legal_move(S, _),
    \+ dots:apply_move(S, h(0,0), _, _).

test(explain_illegal_fails_for_a_legal_move) :-
    dots:initial_state([], S),
    \+ dots:explain_illegal(S, h(0,0), _),
    \+ dots:explain_illegal(S, v(3,5), _).


/* ---------------------------------------------------------------------
   Notation
   --------------------------------------------------------------------- */

% The canonical text is the pair of dots, as the board's edges name them:
% letters along the bottom, rows from 1 at the bottom along the left.
test(canonical_text_is_the_pair_of_dots) :-
    dots:initial_state([], S),                % 5 rows: row I = 0 is row 5
    move_text(S, h(0,1), T1), T1 == "b5-c5",
    move_text(S, v(3,5), T2), T2 == "f1-f2",
    phrase(dots:move_text(S, v(2,3)), T3), T3 == "d2-d3",
    move_text(S, h(4,0), T4), T4 == "a1-b1",
    dots:view(S, board(_, Items)),
    memberchk(labels(left, ["5","4","3","2","1"]), Items),
    memberchk(labels(bottom, ["a","b","c","d","e","f"]), Items).

% A segment off the board has no dots to name: the assignment's text.
test(a_segment_off_the_board_is_written_as_the_assignment_does) :-
    dots:initial_state([], S),
    move_text(S, h(9,9), T), T == "h(9,9)".

test(other_spellings_parse) :-
    dots:initial_state([], S),
    forall(member(Text-Move,
                  ["h(0,1)"-h(0,1), "H(0,1)"-h(0,1), "h (0, 1)"-h(0,1),
                   "h 0 1"-h(0,1), "h0 , 1"-h(0,1), "  v(2,3)  "-v(2,3),
                   "V 2 3"-v(2,3), "v( 2 ,3 )"-v(2,3), "h 10 11"-h(10,11)]),
           text_move(S, Text, Move)).

test(dot_pairs_parse_counting_rows_from_the_bottom) :-
    dots:initial_state([], S),      % 5 rows: row 1 is I = 4
    forall(member(Text-Move,
                  ["a1-b1"-h(4,0), "b1-a1"-h(4,0), "a1b1"-h(4,0),
                   "A1 - B1"-h(4,0), "a1-a2"-v(3,0), "a2 a1"-v(3,0),
                   "f5-e5"-h(0,4), "F4-f5"-v(0,5), " c3-c2 "-v(2,2)]),
           text_move(S, Text, Move)).

test(only_adjacent_dot_pairs_parse) :-
    dots:initial_state([], S),
    forall(member(Text, ["a1-c1", "a1-b2", "a1-a1", "a1-a3", "b2-a1"]),
           \+ text_move(S, Text, _)).

% ... and those that do not are explained: not neighbours, or off the board.
test(dot_pairs_that_are_no_segment_are_explained) :-
    dots:initial_state([], S),
    forall(member(Text-Start, ["a1-c1"-"a1 and c1 are not neighbouring dots",
                               "a1 b2"-"a1 and b2 are not neighbouring dots",
                               "A1-a1"-"a1 and a1 are not neighbouring dots",
                               "a1-a9"-"a9 is not a dot of this board: its dots go from a1 to f5",
                               "g1-a1"-"g1 is not a dot of this board"]),
           ( dots:explain_unreadable(S, Text, Message),
             append(Start, _, Message) )),
    forall(member(Text, ["a1-b1", "zz", "h(0,0)", ""]),
           \+ dots:explain_unreadable(S, Text, _)),
    game:game_explain_unreadable(dots, S, "a1-c1", _),
    \+ game:game_explain_unreadable(breakthrough, S, "a1-c1", _).

test(texts_off_the_board_parse_to_terms_or_are_explained) :-
    dots:initial_state([], S),
    text_move(S, "h(9,9)", h(9,9)),
    dots:explain_illegal(S, h(9,9), "h(9,9) is not a segment of a 5 x 6 board"),
    % dots beyond the edge are no dots: not read, and said so
    \+ text_move(S, "a9-b9", _),
    dots:explain_unreadable(S, "a9-b9", M1),
    append("a9 is not a dot of this board", _, M1),
    \+ text_move(S, "z1-y1", _),
    dots:explain_unreadable(S, "z1-y1", M2),
    append("z1 is not a dot of this board", _, M2).

test(garbage_text_fails_and_never_throws) :-
    dots:initial_state([], S),
    forall(member(Text, ["", " ", "h", "h(", "h(0", "h(0,", "h(0,1", "h0,1)",
                         "h(-1,0)", "h(a,b)", "x(0,1)", "h(0,1,2)", "hh(0,1)",
                         "a", "a1", "a1-", "-b1", "a1--b1", "1a-1b", "a1-b1-c1",
                         "h(0,1) x", "((", "))", "h(0;1)", "é1-b1"]),
           catch(\+ text_move(S, Text, _), _, fail)),
    % and lists that are not texts at all
    forall(member(Bad, [[1,2,3], [f(x)], [_, a]]),
           catch(\+ text_move(S, Bad, _), _, fail)).

test(every_segment_round_trips_in_the_assignments_notation) :-
    boards(Boards),
    forall(member(Options, Boards),
           ( dots:initial_state(Options, S),
             dots:legal_moves(S, Moves),
             forall(member(M, Moves),
                    ( move_text(S, M, Text),
                      text_move(S, Text, M1), M1 == M,
                      upper(Text, Upper),
                      text_move(S, Upper, M2), M2 == M )) )).

test(every_segment_round_trips_as_a_pair_of_dots) :-
    boards(Boards),
    forall(member(Options, Boards),
           ( dots:initial_state(Options, S),
             dots:legal_moves(S, Moves),
             forall(member(M, Moves),
                    ( phrase(dots:dot_pair_text(S, M), Text),
                      text_move(S, Text, M1), M1 == M,
                      append(First, ['-'|Second], Text),
                      append(Second, ['-'|First], Reversed),
                      text_move(S, Reversed, M2), M2 == M,
                      append(First, Second, NoDash),
                      text_move(S, NoDash, M3), M3 == M,
                      upper(Reversed, Upper),
                      text_move(S, Upper, M4), M4 == M )) )).

upper([], []).
upper([C|Cs], [U|Us]) :-
    (   dots:letter(C, U0, _) -> U = U0 ; U = C ),
    upper(Cs, Us).


/* ---------------------------------------------------------------------
   Whole games and the contract
   --------------------------------------------------------------------- */

test(a_random_game_draws_every_segment_and_shares_every_box) :-
    forall(( member(Options, [[rows(2), cols(2)], [rows(3), cols(4)], [],
                              [rows(4), cols(7), players(3)],
                              [rows(6), cols(5), players(4)],
                              [rows(12), cols(12)]]),
             member(Seed, [1, 2]) ),
           ( random_game(Options, Seed, Final, Plies),
             dots:board_size(Final, R, C),
             Plies =:= R*(C-1) + (R-1)*C,
             dots:outcome(Final, over(Scores, _)),
             sum_list(Scores, Total),
             points((R-1)*(C-1), Total) )).

test(random_playout_plays_a_whole_game) :-
    playouts:random_playout(dots, [], 7, 49),
    playouts:random_playout(dots, [rows(12), cols(12)], 7, 264),
    playouts:random_playouts(dots, [rows(3), cols(3)], 7, 5, 60).

test(replay_reaches_the_same_position) :-
    Moves = [h(1,2), v(0,2), v(0,3), h(0,2)],
    game:replay(dots, [], Moves, S1),
    play([], Moves, S2),
    S1 == S2,
    \+ game:replay(dots, [], [h(0,0), h(0,0)], _).

test(view_draws_lines_oldest_first_and_boxes_with_their_owner) :-
    play([], [h(1,2), v(0,2), v(0,3), h(0,2)], S),
    dots:view(S, board(lattice(5, 6), Items)),
    findall(L, (member(L, Items), L = line(_, _, _, _, _)), Lines),
    % h(I,J) joins dots (I+1,J+1)-(I+1,J+2); v(I,J) joins (I+1,J+1)-(I+2,J+1)
    Lines == [line(2,3,2,4,1), line(1,3,2,3,2), line(1,4,2,4,1), line(1,3,1,4,2)],
    findall(F, (member(F, Items), F = fill(_, _, _, _)), Fills),
    Fills == [fill(1, 3, 2, "B")],
    memberchk(labels(bottom, ["a","b","c","d","e","f"]), Items),
    memberchk(labels(left, ["5","4","3","2","1"]), Items),
    \+ memberchk(labels(top, _), Items),
    \+ memberchk(labels(right, _), Items),
    dots:move_regions(S, v(0,2), [line(1,3,2,3)]),
    \+ dots:move_regions(S, foo, _).

test(dispatchers_reach_the_game) :-
    game:game_initial_state(dots, [rows(3)], S),
    game:game_players(dots, S, 2),
    game:game_to_move(dots, S, 1),
    game:game_legal_moves(dots, S, Moves), length(Moves, 27),
    game:game_legal_move(dots, S, h(0,0)),
    game:game_apply_move(dots, S, h(0,0), S1, []),
    game:game_outcome(dots, S1, ongoing),
    game:game_view(dots, S1, board(lattice(3, 6), [line(1,1,1,2,1)|_])),
    game:game_explain_illegal(dots, S1, h(0,0), _),
    game:game_check_options(dots, [_|_]),
    game:game_max_plies(dots, S1, 26).

test(conformance_finds_no_failure) :-
    conformance:conformance_all(dots, 1, 2024, Failures),
    Failures == [].


/* ---------------------------------------------------------------------
   Computer players
   --------------------------------------------------------------------- */

test(random_level_plays_legal_moves) :-
    set_random(seed(5)),
    dots:initial_state([], S),
    forall(between(1, 20, _),
           ( dots_ai:choose_move(random, S, 0, M, random),
             dots:legal_move(S, M) )).

test(greedy_takes_a_box_when_one_can_be_closed) :-
    play([], [h(1,2), v(0,2), v(0,3)], S),
    forall(between(1, 10, Seed),
           ( set_random(seed(Seed)),
             dots_ai:choose_move(greedy, S, 100, h(0,2), take_box) )).

test(greedy_never_draws_a_third_side_while_a_safe_segment_exists) :-
    % box(0,0) has two sides drawn: v(0,0) and v(0,1) would give it away.
    play([], [h(0,0), h(1,0)], S),
    forall(between(1, 30, Seed),
           ( set_random(seed(Seed)),
             dots_ai:choose_move(greedy, S, 100, M, safe),
             M \== v(0,0), M \== v(0,1),
             no_third_side(S, M) )),
    % and in whole games against random, every safe choice is safe
    forall(between(1, 3, Seed),
           ( set_random(seed(Seed)),
             dots:initial_state([rows(4), cols(4)], S0),
             greedy_safe_game(S0) )).

greedy_safe_game(S) :-
    (   dots:to_move(S, P) ->
        (   P =:= 1 ->
            dots_ai:choose_move(greedy, S, 100, M, Reason),
            (   Reason == safe -> no_third_side(S, M) ; true )
        ;   dots_ai:choose_move(random, S, 100, M, _)
        ),
        dots:apply_move(S, M, S1, _),
        greedy_safe_game(S1)
    ;   true
    ).

test(greedy_sacrifices_the_smallest_chain_when_forced) :-
    sacrifice_position(S),
    dots_chains:capturing_moves(S, []),
    dots_chains:safe_moves(S, []),
    dots_chains:boxes_given(S, h(0,0), 1),
    dots_chains:boxes_given(S, v(0,0), 1),
    dots_chains:boxes_given(S, v(0,2), 3),
    dots_chains:boxes_given(S, h(1,1), 3),
    forall(between(1, 10, Seed),
           ( set_random(seed(Seed)),
             dots_ai:choose_move(greedy, S, 100, M, sacrifice(1)),
             memberchk(M, [h(0,0), v(0,0)]) )).

test(greedy_beats_random) :-
    findall(W,
            ( between(1, 6, Seed),
              set_random(seed(Seed)),
              dots:initial_state([rows(4), cols(4)], S0),
              ai_game([greedy, random], S0, S),
              dots:outcome(S, over(_, W)) ),
            Results),
    findall(x, member(winner(1), Results), Wins),
    length(Wins, N),
    N >= 5.

ai_game(Levels, S0, S) :-
    (   dots:to_move(S0, P) ->
        nth1(P, Levels, Level),
        dots_ai:choose_move(Level, S0, 100, M, _),
        dots:apply_move(S0, M, S1, _),
        ai_game(Levels, S1, S)
    ;   S = S0
    ).

test(computer_players_refuse_unknown_levels_and_finished_games) :-
    dots:initial_state([], S),
    catch(( dots_ai:choose_move(grandmaster, S, 100, _, _), fail ),
          error(domain_error(dots_ai_level, grandmaster), _), true),
    play([rows(2), cols(2)], [h(0,0), h(1,0), v(0,0), v(0,1)], Over),
    \+ dots_ai:choose_move(greedy, Over, 100, _, _),
    \+ dots_ai:choose_move(random, Over, 100, _, _).

% What a move did, in words (events_text/3), for the terminal and the window.
test(events_in_words) :-
    dots:events_text(_, [box(0,0), extra_turn], "closes a box, moves again"),
    dots:events_text(_, [box(3,4), box(3,5), game_over], "closes 2 boxes: the game is over"),
    dots:events_text(_, [box(1,1), box(1,2), extra_turn], "closes 2 boxes, moves again"),
    \+ dots:events_text(_, [], _),
    dots:initial_state([], S),
    game:game_events_text(dots, S, [box(0,0), extra_turn], "closes a box, moves again").
