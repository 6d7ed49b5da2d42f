/** Tests of Othello (othello.pl) and of its contract (game.pl).

Load game.pl and othello.pl first, then tests/harness.pl and this file,
and run harness:run_tests(othello_tests) (or run_tests/2 for the results
as a list). The tests call the rules qualified: othello:apply_move/4, ...

Positions are drawn as rows of text, row 1 (the top) first: "." an empty
square, "b" a black disc, "w" a white one. position/3 turns such a
drawing into a state, as othello.pl documents the state term. Moves are
sq(R, C), row R from the top and column C from the left, as d3 = sq(3,4).
*/

:- module(othello_tests, [test/1]).

:- use_module(library(lists)).
:- use_module(library(between)).
:- use_module(library(random)).
:- use_module(library(iso_ext)).

:- dynamic(test/1).
:- discontiguous(test/1).


/* ---------------------------------------------------------------------
   Helpers
   --------------------------------------------------------------------- */

% position(+Drawing, +Turn, -State): the position drawn, Turn (1 Black,
% 2 White) to move, over when neither side has a square to play.
position(Drawing, Turn, othello(Size, Board, Turn, none, Status)) :-
    length(Drawing, Size),
    maplist(drawn_row, Drawing, Rows),
    Board =.. [rows|Rows],
    (   ( othello:placements(Board, 1, [_|_])
        ; othello:placements(Board, 2, [_|_]) ) ->
        Status = ongoing
    ;   Status = over
    ).

drawn_row(Text, Row) :-
    maplist(char_disc, Text, Discs),
    Row =.. [row|Discs].

char_disc('.', 0).
char_disc(b, 1).
char_disc(w, 2).

% drawing(+State, -Drawing): the board of State drawn as position/3 reads
% it.
drawing(othello(_, Board, _, _, _), Drawing) :-
    Board =.. [rows|Rows],
    maplist(row_text, Rows, Drawing).

row_text(Row, Text) :-
    Row =.. [row|Discs],
    maplist(char_disc, Text, Discs).

% play(+Options, +Texts, -State, -Events): the position after the moves
% written in Texts, and the events of the last one.
play(Options, Texts, State, Events) :-
    othello:initial_state(Options, State0),
    play_from(State0, Texts, State, [], Events).

play_from(State, [], State, Events, Events).
play_from(State0, [Text|Texts], State, _, Events) :-
    game:move_from_text(othello, State0, Text, Move),
    othello:apply_move(State0, Move, State1, Events1),
    play_from(State1, Texts, State, Events1, Events).

text_move(Text, Move) :-
    game:move_from_text(othello, none, Text, Move).

move_text(Move, Text) :-
    game:move_to_text(othello, none, Move, Text).

legal_texts(State, Texts) :-
    othello:legal_moves(State, Moves),
    maplist(move_text, Moves, Texts).

% explanation(+State, +Move, +Part): explain_illegal/3 gives a message that
% contains Part.
explanation(State, Move, Part) :-
    othello:explain_illegal(State, Move, Message),
    append(_, Rest, Message),
    append(Part, _, Rest),
    !.

domain_error_for(Options, Domain) :-
    catch(( othello:initial_state(Options, _), fail ),
          error(domain_error(Domain, _), _),
          true).

% random_game(+Options, +Seed, -States): every position of a game of
% random moves, from the start to the end.
random_game(Options, Seed, States) :-
    set_random(seed(Seed)),
    othello:initial_state(Options, S0),
    random_states(S0, States).

random_states(S, [S|States]) :-
    othello:legal_moves(S, Moves),
    (   Moves == [] ->
        States = []
    ;   length(Moves, N),
        random_integer(0, N, K),
        nth0(K, Moves, Move),
        othello:apply_move(S, Move, S1, _),
        random_states(S1, States)
    ).

/* A second, slow reading of the rules, written over the view's pieces
   rather than over the board term: slow_placements/3 is every empty
   square from which some direction passes over one or more discs of the
   opponent and then reaches one of the mover's. */
slow_placements(State, Player, Squares) :-
    othello:view(State, board(squares(Size, Size), Items)),
    findall(R-C-P, member(piece(R, C, P, _), Items), Pieces),
    findall(sq(R, C),
            ( between(1, Size, R),
              between(1, Size, C),
              \+ memberchk(R-C-_, Pieces),
              once(( member(DR-DC, [-1-(-1), -1-0, -1-1, 0-(-1), 0-1,
                                    1-(-1), 1-0, 1-1]),
                     slow_flank(Pieces, Player, R, C, DR, DC, 0) )) ),
            Squares).

slow_flank(Pieces, Player, R0, C0, DR, DC, Passed) :-
    R is R0 + DR,
    C is C0 + DC,
    memberchk(R-C-P, Pieces),
    (   P =:= Player -> Passed > 0
    ;   Passed1 is Passed + 1,
        slow_flank(Pieces, Player, R, C, DR, DC, Passed1)
    ).

% The standard start, drawn.
start_drawing(["........",
               "........",
               "........",
               "...wb...",
               "...bw...",
               "........",
               "........",
               "........"]).


/* ---------------------------------------------------------------------
   The start and the options
   --------------------------------------------------------------------- */

test(the_start_is_white_on_d4_and_e5_black_on_d5_and_e4) :-
    othello:initial_state([], S),
    start_drawing(Drawing),
    drawing(S, Drawing),
    othello:players(S, 2),
    othello:to_move(S, 1),
    othello:outcome(S, ongoing),
    othello:scores(S, [2, 2]),
    othello:max_plies(S, 120).

test(black_has_exactly_d3_c4_f5_e6_at_the_start) :-
    othello:initial_state([], S),
    legal_texts(S, ["d3", "c4", "f5", "e6"]),
    othello:legal_moves(S, [sq(3,4), sq(4,3), sq(5,6), sq(6,5)]),
    findall(M, othello:legal_move(S, M), Ms),
    othello:legal_moves(S, Ms).

test(white_answers_d3_with_c3_e3_or_c5) :-
    play([], ["d3"], S, Events),
    Events == [flipped(1)],
    drawing(S, ["........",
                "........",
                "...b....",
                "...bb...",
                "...bw...",
                "........",
                "........",
                "........"]),
    othello:to_move(S, 2),
    othello:scores(S, [4, 1]),
    legal_texts(S, ["c3", "e3", "c5"]).

test(every_size_starts_with_the_four_centre_discs) :-
    forall(member(Size-Drawing,
                  [4-["....", ".wb.", ".bw.", "...."],
                   6-["......", "......", "..wb..", "..bw..", "......",
                      "......"]]),
           ( othello:initial_state([size(Size)], S),
             drawing(S, Drawing),
             othello:legal_moves(S, Moves),
             length(Moves, 4) )),
    othello:initial_state([size(10)], S10),
    othello:scores(S10, [2, 2]),
    othello:legal_moves(S10, [sq(4,5), sq(5,4), sq(6,7), sq(7,6)]).

test(options_out_of_range_are_refused) :-
    domain_error_for([size(2)], size_even_between_4_and_10),
    domain_error_for([size(5)], size_even_between_4_and_10),
    domain_error_for([size(12)], size_even_between_4_and_10),
    catch(( othello:initial_state([size(eight)], _), fail ),
          error(type_error(integer, eight), _), true),
    % unknown options are ignored, and the first size counts
    othello:initial_state([rows(5), size(6), size(8)], S),
    othello:view(S, board(squares(6, 6), _)).

test(game_info_declares_the_real_option) :-
    othello:game_info(Facts),
    memberchk(title("Othello"), Facts),
    memberchk(sides(["Black", "White"]), Facts),
    memberchk(options([option(size, integer(4, 10), 8, _)]), Facts),
    memberchk(championship([scoring(points), random_start(false),
                            self_games(false)]), Facts),
    \+ memberchk(players(_), Facts),
    othello:initial_state([size(4)], _),
    othello:initial_state([size(10)], _),
    othello:initial_state([], S),
    othello:view(S, board(squares(8, 8), _)).


/* ---------------------------------------------------------------------
   Placing and flipping
   --------------------------------------------------------------------- */

test(a_disc_flips_every_line_it_flanks_at_once) :-
    % d4 flanks d3 (up), c4 and b4 (to the left) and e5 (down to the
    % right); e4 is not flanked (f4 is empty), nor d5..d8 (they run to
    % the edge).
    position(["........",
              "...b....",
              "...w....",
              "bww.w...",
              "...ww...",
              "...w.b..",
              "...w....",
              "...w...."], 1, S0),
    othello:legal_move(S0, sq(4,4)),
    S0 = othello(_, Board0, _, _, _),
    othello:flipped_by(Board0, 1, sq(4,4), Flipped),
    sort(Flipped, [sq(3,4), sq(4,2), sq(4,3), sq(5,5)]),
    othello:apply_move(S0, sq(4,4), S, Events),
    Events == [flipped(4)],
    drawing(S, ["........",
                "...b....",
                "...b....",
                "bbbbw...",
                "...wb...",
                "...w.b..",
                "...w....",
                "...w...."]),
    othello:to_move(S, 2).

test(a_flipped_disc_does_not_flip_others) :-
    % a1 flanks b1 (with c1). Once turned, b1 and d3 would flank c2,
    % but only the new disc flanks: c2 stays white.
    position([".wb.", "..w.", "...b", "...."], 1, S0),
    othello:apply_move(S0, sq(1,1), S, [flipped(1)]),
    drawing(S, ["bbb.", "..w.", "...b", "...."]).

test(a_square_that_flanks_nothing_is_refused) :-
    othello:initial_state([], S),
    \+ othello:legal_move(S, sq(3,3)),
    \+ othello:apply_move(S, sq(3,3), _, _),
    othello:explain_illegal(S, sq(3,3), Message),
    Message == "c3 does not flank any white disc: a disc must close a line of white discs with a black one",
    explanation(S, sq(4,4), "d4 is already taken"),
    explanation(S, sq(9,9), "there is no square i9 on this 8 x 8 board"),
    explanation(S, sq(0,4), "there is no square"),
    explanation(S, foo, "foo is not a move"),
    explanation(S, sq(a,1), "is not a move"),
    explanation(S, pass, "Black cannot pass: it has a move, such as d3"),
    \+ othello:legal_move(S, pass),
    \+ othello:legal_move(S, h(a, b)),
    \+ othello:legal_move(S, 42),
    \+ othello:apply_move(S, _, _, _),
    \+ othello:explain_illegal(S, sq(3,4), _).

test(legal_moves_agree_with_a_slow_reading_of_the_rules) :-
    forall(( member(Options-Seed, [[]-1, []-2, [size(4)]-3, [size(6)]-4,
                                   [size(10)]-5]),
             random_game(Options, Seed, States),
             member(S, States),
             othello:to_move(S, P) ),
           ( slow_placements(S, P, Slow),
             othello:legal_moves(S, Moves),
             (   Slow == [] -> Moves == [pass]
             ;   Moves == Slow
             ) )).


/* ---------------------------------------------------------------------
   Passing and the end of the game
   --------------------------------------------------------------------- */

test(a_side_without_a_square_passes_and_only_then) :-
    % Black cannot flank the white corner disc; White can take b1 from c1.
    position(["wb......", "........", "........", "........",
              "........", "........", "........", "........"], 1, S0),
    othello:outcome(S0, ongoing),
    othello:legal_moves(S0, [pass]),
    text_move("pass", Pass),
    othello:legal_move(S0, Pass),
    othello:explain_illegal(S0, sq(1,3), Message),
    Message == "c1 does not flank any white disc: a disc must close a line of white discs with a black one (Black has no move and must pass)",
    othello:move_regions(S0, pass, []),
    othello:apply_move(S0, pass, S1, Events1),
    Events1 == [],
    othello:to_move(S1, 2),
    othello:legal_moves(S1, [sq(1,3)]),
    explanation(S1, pass, "White cannot pass"),
    othello:view(S1, board(_, Items)),
    memberchk(caption("Black had no move and passed"), Items),
    \+ memberchk(mark(_, last), Items),
    % White's c1 takes Black's last disc: nobody can move, White wins
    othello:apply_move(S1, sq(1,3), S2, Events2),
    Events2 == [flipped(1), game_over],
    othello:outcome(S2, over([0, 3], winner(2))),
    \+ othello:to_move(S2, _),
    othello:legal_moves(S2, []),
    othello:max_plies(S2, 0),
    explanation(S2, sq(2,2), "the game is over"),
    explanation(S2, pass, "the game is over").

test(the_game_ends_when_neither_side_can_move_even_with_empty_squares) :-
    position(["bw..", "....", "....", "...."], 1, S0),
    othello:apply_move(S0, sq(1,3), S, Events),
    Events == [flipped(1), game_over],
    drawing(S, ["bbb.", "....", "....", "...."]),
    othello:outcome(S, over([3, 0], winner(1))),
    othello:scores(S, [3, 0]).

test(equal_discs_at_the_end_are_a_tie) :-
    position(["bw......", "........", "........", "........",
              "........", ".......w", ".......w", ".......w"], 1, S0),
    othello:legal_moves(S0, [sq(1,3)]),
    othello:apply_move(S0, sq(1,3), S, Events),
    Events == [flipped(1), game_over],
    othello:outcome(S, over([3, 3], tie([1, 2]))).

test(random_games_end_by_the_rules) :-
    forall(( member(Options, [[], [size(4)], [size(6)], [size(10)]]),
             between(1, 3, Seed),
             random_game(Options, Seed, States) ),
           ( append(_, [Last], States),
             othello:outcome(Last, over([B, W], Result)),
             othello:scores(Last, [B, W]),
             (   B > W -> Result == winner(1)
             ;   W > B -> Result == winner(2)
             ;   Result == tie([1, 2])
             ),
             % neither side can move at the end
             Last = othello(_, Board, _, _, _),
             othello:placements(Board, 1, []),
             othello:placements(Board, 2, []),
             % no two passes in a row, and max_plies/2 bounds the game
             \+ ( append(_, [X, Y|_], States),
                  othello:legal_moves(X, [pass]),
                  othello:legal_moves(Y, [pass]) ),
             length(States, N),
             States = [S0|_],
             othello:max_plies(S0, Max),
             N - 1 =< Max )).


/* ---------------------------------------------------------------------
   Notation
   --------------------------------------------------------------------- */

test(a_move_is_written_as_its_square_or_pass) :-
    move_text(sq(3,4), "d3"),
    move_text(sq(1,1), "a1"),
    move_text(sq(8,8), "h8"),
    move_text(sq(10,10), "j10"),
    move_text(pass, "pass").

test(squares_and_pass_are_read_in_either_case) :-
    text_move("d3", sq(3,4)),
    text_move("D3", sq(3,4)),
    text_move("  f5 ", sq(5,6)),
    text_move("j10", sq(10,10)),
    text_move("pass", pass),
    text_move("PASS", pass),
    text_move(" Pass ", pass),
    % read whatever the board, so that explain_illegal/3 can answer
    text_move("i9", sq(9,9)),
    \+ text_move("", _),
    \+ text_move("d", _),
    \+ text_move("3", _),
    \+ text_move("d0", _),
    \+ text_move("d11", _),
    \+ text_move("k1", _),
    \+ text_move("3d", _),
    \+ text_move("d3d", _),
    \+ text_move("pas", _),
    \+ text_move("passe", _),
    \+ text_move("d 3", _).

test(every_legal_move_round_trips_through_its_text) :-
    forall(( member(Options-Seed, [[]-1, [size(10)]-2, [size(4)]-3]),
             random_game(Options, Seed, States),
             member(S, States),
             othello:legal_move(S, M) ),
           ( game:move_to_text(othello, S, M, Text),
             game:move_from_text(othello, S, Text, M) )).


/* ---------------------------------------------------------------------
   The view and the mouse
   --------------------------------------------------------------------- */

test(the_view_labels_match_the_notation) :-
    othello:initial_state([], S),
    othello:view(S, board(squares(8, 8), Items)),
    memberchk(labels(bottom, ["a", "b", "c", "d", "e", "f", "g", "h"]), Items),
    memberchk(labels(left, ["1", "2", "3", "4", "5", "6", "7", "8"]), Items),
    memberchk(colours([black, white]), Items),
    memberchk(look(plain), Items),
    memberchk(caption("Black 2, White 2"), Items),
    % d4 is row 4 from the top, column 4: a white disc
    text_move("d4", sq(R, C)),
    memberchk(piece(R, C, 2, ""), Items),
    findall(R1-C1-P, member(piece(R1, C1, P, _), Items), Pieces),
    sort(Pieces, [4-4-2, 4-5-1, 5-4-1, 5-5-2]),
    % the squares to play are hinted
    findall(Sq, member(mark(Sq, hint), Items), Hints),
    othello:legal_moves(S, Hints),
    \+ memberchk(mark(_, last), Items).

test(the_view_marks_the_last_disc) :-
    play([], ["d3"], S, _),
    othello:view(S, board(_, Items)),
    memberchk(mark(sq(3,4), last), Items),
    memberchk(caption("Black 4, White 1"), Items),
    othello:move_regions(S, sq(3,3), [sq(3,3)]),
    \+ othello:move_regions(S, sq(9,1), _),
    \+ othello:move_regions(S, foo, _).


/* ---------------------------------------------------------------------
   The evaluation
   --------------------------------------------------------------------- */

test(the_evaluation_is_even_at_the_start_and_knows_the_end) :-
    othello:initial_state([], S0),
    othello:evaluation(S0, 1, 0),
    othello:evaluation(S0, 2, 0),
    position(["bw..", "....", "....", "...."], 1, P),
    othello:apply_move(P, sq(1,3), Won, _),
    othello:evaluation(Won, 1, 1000),
    othello:evaluation(Won, 2, -1000),
    position(["bw......", "........", "........", "........",
              "........", ".......w", ".......w", ".......w"], 1, T),
    othello:apply_move(T, sq(1,3), Tie, _),
    othello:evaluation(Tie, 1, 0).

test(a_corner_is_worth_more_than_a_disc) :-
    position(["b...", ".wb.", ".bw.", "...."], 2, Corner),
    position([".b..", ".wb.", ".bw.", "...."], 2, Edge),
    othello:evaluation(Corner, 1, VC),
    othello:evaluation(Edge, 1, VE),
    VC > VE.

test(the_evaluation_stays_in_range_and_is_antisymmetric) :-
    forall(( between(1, 3, Seed),
             random_game([], Seed, States),
             member(S, States) ),
           ( othello:evaluation(S, 1, V1),
             othello:evaluation(S, 2, V2),
             integer(V1), V1 >= -1000, V1 =< 1000,
             V1 =:= -V2 )).


/* ---------------------------------------------------------------------
   The contract
   --------------------------------------------------------------------- */

test(conformance_on_the_standard_board) :-
    conformance:conformance(othello, [], 30, 1, Failures),
    Failures == [].

test(conformance_on_small_boards) :-
    conformance:conformance(othello, [size(4)], 30, 2, F1),
    F1 == [],
    conformance:conformance(othello, [size(6)], 20, 3, F2),
    F2 == [].

test(conformance_on_every_checked_option_list) :-
    othello:check_options(Lists),
    Lists = [_|_],
    conformance:conformance_all(othello, 3, 4, Failures),
    Failures == [].

test(dispatchers_and_playouts_reach_the_game) :-
    game:game_initial_state(othello, [], S),
    game:game_legal_moves(othello, S, [_, _, _, _]),
    game:game_apply_move(othello, S, sq(3,4), S1, [flipped(1)]),
    game:game_to_move(othello, S1, 2),
    game:game_outcome(othello, S1, ongoing),
    playouts:random_playout(othello, [], 7, Plies),
    Plies >= 9, Plies =< 120,
    playouts:random_playouts(othello, [size(4)], 1, 10, Total),
    Total > 0,
    game:replay(othello, [], [sq(3,4), sq(3,3)], S2),
    othello:scores(S2, [3, 3]).
