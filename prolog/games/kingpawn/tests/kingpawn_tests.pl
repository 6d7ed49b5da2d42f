/** Tests of the king-and-pawn chase: the rules (kingpawn.pl), the contract
(game.pl), the computer players and the tablebase (kingpawn_ai.pl), the
adapter for players written as the assignment asks, and the example player
examples/kingpawn_player.pl.

Load game.pl, kingpawn.pl and kingpawn_ai.pl first, then tests/harness.pl
and this file, and run harness:run_tests(kingpawn_tests) (or run_tests/2
for the results as a list). The tests call the other modules qualified:
kingpawn:apply_move/4, ... The example player is consulted into `user`
when this file is loaded (its path is found from this file's directory),
as tabula does with a player file.

Squares are sq(L,C): row L (1 at the bottom of the assignment's diagram,
where the pawn starts) and column C, 1..8.
*/

:- module(kingpawn_tests, [test/1]).

:- use_module(library(lists)).
:- use_module(library(between)).
:- use_module(library(random)).
:- use_module(library(dcgs)).
:- use_module(library(iso_ext)).

:- dynamic(test/1).
:- discontiguous(test/1).

:- dynamic(example_player_loaded/1).

:- initialization(load_example_player).

% load_example_player: consults examples/kingpawn_player.pl (four folders up
% from this file) into `user`, and records whether that worked.
load_example_player :-
    retractall(example_player_loaded(_)),
    (   prolog_load_context(directory, Dir),
        atom_concat(Dir, '/../../../../examples/kingpawn_player.pl', Path),
        catch(user:consult(Path), _, fail) ->
        assertz(example_player_loaded(true))
    ;   assertz(example_player_loaded(false))
    ).


/* ---------------------------------------------------------------------
   Helpers
   --------------------------------------------------------------------- */

% seen(+State, -White, -Black, -Pawn, -Made, -Limit, -ToMove): what the board
% view shows, read back into the assignment's squares (row 1 at the bottom):
% the kings, the pawn (none once taken), White's moves made of its limit (from
% the caption) and who is to move (none when the game is over).
seen(State, White, Black, Pawn, Made, Limit, ToMove) :-
    kingpawn:view(State, board(squares(8, 8), Items)),
    memberchk(piece(RW, CW, 1, "K"), Items), LW is 9 - RW, White = sq(LW, CW),
    memberchk(piece(RB, CB, 2, "k"), Items), LB is 9 - RB, Black = sq(LB, CB),
    (   memberchk(piece(RP, CP, 2, "p"), Items) -> LP is 9 - RP, Pawn = sq(LP, CP)
    ;   Pawn = none
    ),
    memberchk(caption(Caption), Items),
    append("White has made ", Rest, Caption),
    append(MadeCs, [' '|Rest1], Rest),
    append("of its ", Rest2, Rest1),
    append(LimitCs, " moves", Rest2),
    number_chars(Made, MadeCs),
    number_chars(Limit, LimitCs),
    (   kingpawn:to_move(State, P) -> ToMove = P ; ToMove = none ).

% play(+Options, +Moves, -State): the position after Moves from the start.
play(Options, Moves, State) :-
    kingpawn:initial_state(Options, State0),
    play_moves(Moves, State0, State, _).

% play(+Options, +Moves, -State, -Events): also the Events of the last move.
play(Options, Moves, State, Events) :-
    kingpawn:initial_state(Options, State0),
    play_moves(Moves, State0, State, Events).

play_moves([], State, State, []).
play_moves([Move|Moves], State0, State, Events) :-
    kingpawn:apply_move(State0, Move, State1, Events1),
    (   Moves == [] -> State = State1, Events = Events1
    ;   play_moves(Moves, State1, State, Events)
    ).

text_move(Text, Move) :-
    game:move_from_text(kingpawn, none, Text, Move).

move_text(Move, Text) :-
    game:move_to_text(kingpawn, none, Move, Text).

% explanation(+State, +Move, +Part): explain_illegal/3 gives a message that
% contains the characters Part.
explanation(State, Move, Part) :-
    kingpawn:explain_illegal(State, Move, Message),
    append(_, Rest, Message),
    append(Part, _, Rest),
    !.

domain_error_for(Options, Domain) :-
    catch(( kingpawn:initial_state(Options, _), fail ),
          error(domain_error(Domain, _), _),
          true).

legal_set(State, Set) :-
    kingpawn:legal_moves(State, Moves),
    sort(Moves, Set).

% The assignment's example game, as it prints it: White's column and
% Black's column, the moves alternating W, B, W, B ...
example_white(["(7 1)", "(6 1)", "(5 2)", "(4 3)", "(3 3)", "(2 4)", "(1 5)", "(2 5)"]).
example_black(["(2 7)", "(2 6)", "(3 6)", "(3 5)", "(4 5)", "(3 6)", "(2 7)", "(1 7)"]).

example_moves(Moves) :-
    example_white(Ws),
    example_black(Bs),
    interleave(Ws, Bs, Texts),
    maplist(text_move, Texts, Moves).

interleave([], [], []).
interleave([W|Ws], [B|Bs], [W, B|Rest]) :-
    interleave(Ws, Bs, Rest).

% ai_game(+Seats, +State0, -State, -Plies): plays to the end; a seat is a
% level of choose_move/5 or `file` (the player file in `user`, through the
% adapter). Fails if some seat plays an illegal move.
ai_game(Seats, State0, State, Plies) :-
    ai_game_(Seats, State0, State, 0, Plies).

ai_game_(Seats, State0, State, Plies0, Plies) :-
    (   kingpawn:to_move(State0, P) ->
        nth1(P, Seats, Seat),
        seat_move(Seat, State0, Move),
        kingpawn:apply_move(State0, Move, State1, _),
        Plies1 is Plies0 + 1,
        ai_game_(Seats, State1, State, Plies1, Plies)
    ;   State = State0,
        Plies = Plies0
    ).

seat_move(file, State, Move) :-
    !,
    kingpawn_ai:file_player_move(State, Move).
seat_move(Level, State, Move) :-
    kingpawn_ai:choose_move(Level, State, 100, Move, _).

% random_start(-Options): a random legal start (kings apart, neither on the
% pawn), either side to move, drawn with library(random).
random_start(Options) :-
    random_square(P),
    random_square(W),
    random_square(B),
    (   W \== P, B \== P,
        kingpawn:king_distance(W, B, D), D >= 2 ->
        random_integer(0, 2, K),
        nth0(K, [white, black], Side),
        W = sq(WL, WC), B = sq(BL, BC), P = sq(PL, PC),
        Options = [white(WL, WC), black(BL, BC), pawn(PL, PC), to_move(Side)]
    ;   random_start(Options)
    ).

random_square(sq(L, C)) :-
    random_integer(1, 9, L),
    random_integer(1, 9, C).

% forced_win(+State): White wins State by force, found by trying every
% line under the rules (apply_move/4 and outcome/2) — for positions with
% only a move or two left to White, where that is cheap.
forced_win(State) :-
    (   kingpawn:outcome(State, over(_, Result)) ->
        Result == winner(1)
    ;   kingpawn:to_move(State, 1) ->
        kingpawn:legal_move(State, Move),
        kingpawn:apply_move(State, Move, State1, _),
        forced_win(State1),
        !
    ;   forall(( kingpawn:legal_move(State, Move),
                 kingpawn:apply_move(State, Move, State1, _) ),
               forced_win(State1))
    ).

value_of(Options, Value) :-
    kingpawn:initial_state(Options, State),
    kingpawn_ai:value(State, Value).

% Black hemmed in: the black king in the corner (1 1), its pawn on (1 2);
% a white king on (3 1) or (3 2) takes its last two squares.
hemmed_in(Extra, [white(4, 2), black(1, 1), pawn(1, 2)|Extra]).


/* ---------------------------------------------------------------------
   The start
   --------------------------------------------------------------------- */

test(default_start_is_the_assignments_diagram) :-
    kingpawn:initial_state([], S),
    kingpawn:players(S, 2),
    kingpawn:to_move(S, 1),
    kingpawn:outcome(S, ongoing),
    % the view draws row 8 at the top: (8 1) is the top-left square
    kingpawn:view(S, board(squares(8, 8), [piece(1,1,1,"K"), piece(8,7,2,"k"), piece(8,8,2,"p")|Items])),
    memberchk(caption("White has made 0 of its 30 moves"), Items),
    kingpawn:move_regions(S, sq(7,1), [sq(2,1)]),
    kingpawn:legal_moves(S, [sq(7,1), sq(7,2), sq(8,2)]),
    kingpawn:moves_left(S, 30),
    kingpawn:max_plies(S, 59),
    kingpawn:default_limit(30),
    phrase(kingpawn:position_text(S), "K81 k17 p18 w 0/30").

test(options_set_any_legal_start) :-
    kingpawn:initial_state([white(4,4), black(6,6), pawn(1,1), to_move(black),
                            limit(10), moves_made(3), colour(red)], S),
    seen(S, sq(4,4), sq(6,6), sq(1,1), 3, 10, 2),
    kingpawn:to_move(S, 2),
    kingpawn:moves_left(S, 7),
    kingpawn:max_plies(S, 14),
    % the first occurrence of an option counts
    kingpawn:initial_state([white(5,5), white(6,6)], S2),
    kingpawn:piece_squares(S2, sq(5,5), sq(1,7), sq(1,8)).

test(illegal_starts_are_rejected) :-
    domain_error_for([white(2,6)], kings_not_adjacent),
    domain_error_for([white(1,7)], kings_on_different_squares),
    domain_error_for([black(1,8)], black_king_not_on_its_pawn),
    domain_error_for([white(1,8), black(4,4)], white_king_not_on_the_pawn),
    domain_error_for([white(9,1)], row_and_column_between_1_and_8),
    domain_error_for([black(0,3)], row_and_column_between_1_and_8),
    domain_error_for([pawn(1,9)], row_and_column_between_1_and_8),
    domain_error_for([limit(0)], limit_at_least_1),
    domain_error_for([moves_made(30)], moves_made_below_the_limit),
    domain_error_for([moves_made(-1)], moves_made_below_the_limit),
    domain_error_for([to_move(red)], to_move_white_or_black),
    domain_error_for([position("K81 k17")], kingpawn_position_text),
    domain_error_for([position("K81 k72 p18")], kings_not_adjacent),
    domain_error_for([position("K91 k17 p18")], row_and_column_between_1_and_8),
    catch(( kingpawn:initial_state([white(a, 1)], _), fail ),
          error(type_error(integer, a), _), true),
    % the error names the position, as a text
    catch(( kingpawn:initial_state([white(2,6)], _), fail ),
          error(domain_error(kings_not_adjacent, 'K26 k17 p18 w 0/30'), _),
          true).

test(position_text_reads_and_writes_a_position) :-
    kingpawn:initial_state([position("K55 k17 p28 b 10/30")], S),
    seen(S, sq(5,5), sq(1,7), sq(2,8), 10, 30, 2),
    phrase(kingpawn:position_text(S), "K55 k17 p28 b 10/30"),
    % an atom, extra blanks, upper-case side, and the optional fields
    kingpawn:initial_state([position('  K55  k17 p28 B 10/30 ')], S),
    kingpawn:initial_state([position("K81 k17 p18")], S0),
    kingpawn:initial_state([], S0),
    kingpawn:initial_state([position("K81 k17 p18 b")], S1),
    kingpawn:to_move(S1, 2),
    kingpawn:moves_left(S1, 30),
    % the other options are ignored next to position/1
    kingpawn:initial_state([limit(5), position("K81 k17 p18 w 0/30")], S0),
    % every random legal start round-trips
    set_random(seed(11)),
    forall(between(1, 50, _),
           ( random_start(Options),
             kingpawn:initial_state(Options, R),
             phrase(kingpawn:position_text(R), Text),
             kingpawn:initial_state([position(Text)], R2),
             R2 == R )).

test(a_finished_game_is_written_with_a_dash) :-
    play([white(2,2), black(5,5), pawn(1,1)], [sq(1,1)], S),
    phrase(kingpawn:position_text(S), "K11 k55 p11 - 1/30"),
    domain_error_for([position("K11 k55 p11 - 1/30")], kingpawn_position_text).


/* ---------------------------------------------------------------------
   The moves
   --------------------------------------------------------------------- */

test(a_king_moves_to_any_adjacent_square_of_the_board) :-
    kingpawn:initial_state([white(4,4), black(8,8), pawn(8,1)], S),
    legal_set(S, [sq(3,3), sq(3,4), sq(3,5), sq(4,3), sq(4,5), sq(5,3),
                  sq(5,4), sq(5,5)]),
    % in a corner 3 squares, on an edge 5: never off the board
    kingpawn:initial_state([white(1,1), black(8,8), pawn(8,1)], Corner),
    legal_set(Corner, [sq(1,2), sq(2,1), sq(2,2)]),
    kingpawn:initial_state([white(5,8), black(1,1), pawn(8,1)], Edge),
    legal_set(Edge, [sq(4,7), sq(4,8), sq(5,7), sq(6,7), sq(6,8)]),
    forall(( between(1, 8, L), between(1, 8, C) ),
           ( kingpawn:king_steps(sq(L, C), Steps),
             forall(member(T, Steps),
                    ( kingpawn:square_on_board(T),
                      kingpawn:squares_adjacent(sq(L, C), T) )),
             findall(x, ( between(1, 8, L2), between(1, 8, C2),
                          kingpawn:squares_adjacent(sq(L, C), sq(L2, C2)) ),
                     Xs),
             length(Xs, N),
             length(Steps, N) )).

test(the_kings_may_never_be_adjacent) :-
    % White (4 4), Black (4 6): the column 5 between them is no one's
    kingpawn:initial_state([white(4,4), black(4,6), pawn(8,1)], S),
    legal_set(S, [sq(3,3), sq(3,4), sq(4,3), sq(5,3), sq(5,4)]),
    explanation(S, sq(4,5), "is next to the black king on (4 6)"),
    explanation(S, sq(3,5), "the kings may never be adjacent"),
    % and the same for Black
    kingpawn:initial_state([white(4,4), black(4,6), pawn(8,1), to_move(black)], B),
    legal_set(B, [sq(3,6), sq(3,7), sq(4,7), sq(5,6), sq(5,7)]),
    explanation(B, sq(4,5), "is next to the white king on (4 4)").

test(the_black_king_may_not_stand_on_its_pawn) :-
    kingpawn:initial_state([white(5,5), black(2,7), pawn(1,8), to_move(black)], S),
    \+ kingpawn:legal_move(S, sq(1,8)),
    legal_set(S, [sq(1,6), sq(1,7), sq(2,6), sq(2,8), sq(3,6), sq(3,7), sq(3,8)]),
    explanation(S, sq(1,8), "the black pawn's square").

test(a_king_cannot_stay_or_jump) :-
    kingpawn:initial_state([], S),
    explanation(S, sq(8,1), "is already on (8 1): it must move, there is no passing"),
    explanation(S, sq(6,1), "(6 1) is not next to the white king on (8 1)"),
    explanation(S, sq(9,1), "(9 1) is not on the board"),
    explanation(S, sq(8,0), "(8 0) is not on the board"),
    explanation(S, foo, "foo is not a move"),
    explanation(S, sq(a,1), "is not a move"),
    \+ kingpawn:explain_illegal(S, sq(7,1), _),
    \+ kingpawn:legal_move(S, sq(_, a)),
    \+ kingpawn:apply_move(S, sq(8,1), _, _),
    \+ kingpawn:apply_move(S, _, _, _).

test(moves_alternate_and_quiet_moves_have_no_events) :-
    play([], [sq(7,1)], S1, E1),
    E1 == [],
    kingpawn:to_move(S1, 2),
    kingpawn:moves_made(S1, 1),
    play([], [sq(7,1), sq(2,7)], S2, E2),
    E2 == [],
    kingpawn:to_move(S2, 1),
    kingpawn:moves_made(S2, 1),
    kingpawn:move_history(S2, [1-sq(7,1), 2-sq(2,7)]).

test(white_always_has_a_legal_move) :-
    % one black king cannot cover every square around the white king (the
    % pawn never blocks White): so only Black can be left without a move.
    forall(( between(1, 8, WL), between(1, 8, WC),
             between(1, 8, BL), between(1, 8, BC),
             kingpawn:king_distance(sq(WL, WC), sq(BL, BC), D), D >= 2 ),
           ( kingpawn:king_steps(sq(WL, WC), Steps),
             member(T, Steps),
             kingpawn:king_distance(T, sq(BL, BC), D1), D1 >= 2 )).


/* ---------------------------------------------------------------------
   The end of the game
   --------------------------------------------------------------------- */

test(taking_the_pawn_wins) :-
    play([white(2,2), black(5,5), pawn(1,1)], [sq(1,1)], S, Events),
    Events == [capture],
    kingpawn:outcome(S, over([1,0], winner(1))),
    kingpawn:game_result(S, won(1, capture)),
    \+ kingpawn:to_move(S, _),
    kingpawn:legal_moves(S, []),
    kingpawn:max_plies(S, 0),
    seen(S, sq(1,1), sq(5,5), none, 1, 30, none),
    explanation(S, sq(2,2), "the game is over").

test(a_guarded_pawn_cannot_be_taken) :-
    % the black king on (4 3) guards the pawn on (4 4): taking it would put
    % the white king next to the black one
    kingpawn:initial_state([white(4,5), black(4,3), pawn(4,4)], S),
    \+ kingpawn:legal_move(S, sq(4,4)),
    explanation(S, sq(4,4), "is next to the black king on (4 3)").

test(black_wins_when_white_has_made_its_moves) :-
    play([limit(2)], [sq(7,1), sq(2,7)], S1),
    kingpawn:outcome(S1, ongoing),
    kingpawn:max_plies(S1, 1),
    play([limit(2)], [sq(7,1), sq(2,7), sq(6,1)], S, Events),
    Events == [limit_reached],
    kingpawn:outcome(S, over([0,1], winner(2))),
    kingpawn:game_result(S, won(2, limit)),
    kingpawn:legal_moves(S, []),
    % and the assignment's limit: 30 White moves
    kingpawn:initial_state([], S0),
    shuffle_game(S0, 30, Final),
    kingpawn:game_result(Final, won(2, limit)),
    kingpawn:moves_made(Final, 30).

% shuffle_game(+State, +N, -Final): White shuttles between (8 1) and (7 1),
% Black between (1 7) and (2 7), until the game ends.
shuffle_game(State, N, Final) :-
    (   kingpawn:to_move(State, P) ->
        kingpawn:piece_squares(State, W, B, _),
        (   P =:= 1 -> ( W == sq(8,1) -> M = sq(7,1) ; M = sq(8,1) )
        ;   ( B == sq(1,7) -> M = sq(2,7) ; M = sq(1,7) )
        ),
        kingpawn:apply_move(State, M, State1, _),
        shuffle_game(State1, N, Final)
    ;   Final = State
    ).

test(a_side_without_a_legal_move_loses) :-
    % Black to move, hemmed in by its own pawn and the white king
    kingpawn:initial_state([white(3,2), black(1,1), pawn(1,2), to_move(black)], S),
    kingpawn:outcome(S, over([1,0], winner(1))),
    kingpawn:game_result(S, won(1, no_legal_move)),
    kingpawn:legal_moves(S, []),
    \+ kingpawn:to_move(S, _),
    % and White making that position with a move
    hemmed_in([], Options),
    play(Options, [sq(3,2)], S1, Events),
    Events == [no_legal_move],
    kingpawn:outcome(S1, over([1,0], winner(1))),
    kingpawn:no_legal_move_rule(loses).

test(the_limit_comes_before_a_black_king_without_moves) :-
    % CHOICE: White's last allowed move ends the game at once
    hemmed_in([limit(5), moves_made(4)], Options),
    play(Options, [sq(3,2)], S, Events),
    Events == [limit_reached],
    kingpawn:outcome(S, over([0,1], winner(2))).


/* ---------------------------------------------------------------------
   Notation
   --------------------------------------------------------------------- */

test(every_square_round_trips_in_the_assignments_notation) :-
    forall(( between(1, 8, L), between(1, 8, C) ),
           ( move_text(sq(L, C), Text),
             number_chars(L, [LC]), number_chars(C, [CC]),
             Text == ['(', LC, ' ', CC, ')'],
             text_move(Text, sq(L, C)) )).

test(every_accepted_notation_reads) :-
    forall(member(Text, ["(7 1)", " (7 1) ", "( 7  1 )", "7 1", "(7,1)",
                         "( 7 , 1 )", "7,1", "7 , 1", "[7,1]", "[7, 1]",
                         "sq(7,1)", "sq( 7 , 1 )", "a7", "A7", "a 7",
                         "\t(7 1)\n"]),
           text_move(Text, sq(7, 1))),
    forall(( between(1, 8, L), between(1, 8, C) ),
           ( kingpawn:letter(Lower, Upper, C),
             number_chars(L, Ds),
             text_move([Lower|Ds], sq(L, C)),
             text_move([Upper|Ds], sq(L, C)) )).

test(text_that_is_not_a_move_fails_without_throwing) :-
    forall(member(Text, ["", " ", "foo", "(((", "(7", "(7 1", "7", "71",
                         "(7 1 2)", "i9", "a", "7 1 x", "h(", "a1b1c1",
                         "(-1 2)", "sq(1)", "[1,2,3]", "zz99-zz100"]),
           catch(\+ text_move(Text, _), _, fail)).

test(squares_off_the_board_read_and_are_explained) :-
    text_move("(9 0)", sq(9, 0)),
    text_move("(12 123)", sq(12, 123)),
    kingpawn:initial_state([], S),
    explanation(S, sq(9, 0), "(9 0) is not on the board").

test(the_example_game_replays_exactly) :-
    example_moves(Moves),
    length(Moves, 16),
    game:replay(kingpawn, [], Moves, S),
    % the position the assignment shows: White (2 5), Black (1 7), pawn
    % (1 8), White to move after 8 moves each
    seen(S, sq(2,5), sq(1,7), sq(1,8), 8, 30, 1),
    kingpawn:outcome(S, ongoing),
    phrase(kingpawn:position_text(S), "K25 k17 p18 w 8/30"),
    % "in this position Black is already lost": White takes the pawn in 5
    % more moves whatever Black does
    kingpawn_ai:value(S, white_wins(5)),
    % and every move was written back as the assignment writes it
    example_white(Ws),
    kingpawn:move_history(S, History),
    findall(T, ( member(1-M, History), move_text(M, T) ), Ws).


/* ---------------------------------------------------------------------
   The contract
   --------------------------------------------------------------------- */

test(conformance_finds_no_failure) :-
    conformance:conformance_all(kingpawn, 3, 1, Failures),
    Failures == [].

test(dispatchers_reach_the_game) :-
    game:game_initial_state(kingpawn, [], S),
    game:game_players(kingpawn, S, 2),
    game:game_to_move(kingpawn, S, 1),
    game:game_legal_moves(kingpawn, S, [_, _, _]),
    game:game_legal_move(kingpawn, S, sq(7,1)),
    game:game_apply_move(kingpawn, S, sq(7,1), S1, []),
    game:game_outcome(kingpawn, S1, ongoing),
    game:game_view(kingpawn, S1, board(squares(8, 8), _)),
    seen(S1, sq(7,1), sq(1,7), sq(1,8), 1, 30, 2),
    game:game_explain_illegal(kingpawn, S1, sq(1,8), _),
    game:game_check_options(kingpawn, [_|_]),
    game:game_max_plies(kingpawn, S1, 58).

test(random_games_end_within_max_plies) :-
    forall(between(1, 20, Seed),
           ( set_random(seed(Seed)),
             random_start(Options),
             kingpawn:initial_state(Options, S0),
             kingpawn:max_plies(S0, Max),
             ai_game([random, random], S0, S, Plies),
             Plies =< Max,
             kingpawn:outcome(S, over(_, winner(_))) )),
    playouts:random_playout(kingpawn, [], 3, Plies0),
    Plies0 =< 59.


/* ---------------------------------------------------------------------
   The tablebase and value/2
   --------------------------------------------------------------------- */

test(tablebase_builds_in_under_a_second) :-
    kingpawn_ai:tablebase_time(sq(1,8), Ms),
    Ms < 1000,
    kingpawn_ai:tablebase_time(sq(4,5), Ms2),
    Ms2 < 1000.

test(a_free_pawn_next_to_white_is_taken_in_one) :-
    value_of([white(2,7), black(5,3), pawn(1,8)], white_wins(1)),
    % Black to move cannot come back in time: still one
    value_of([white(2,7), black(5,3), pawn(1,8), to_move(black)], white_wins(1)),
    % with Black next to the pawn it is not one
    value_of([white(3,6), black(2,8), pawn(1,8)], V),
    V \== white_wins(1).

test(value_counts_white_moves_and_respects_the_limit) :-
    % White (4 8) walks (3 8)-(2 8)... to the unguarded pawn (1 8): the
    % black king on (8 1) is far away
    value_of([white(4,8), black(8,1), pawn(1,8)], white_wins(3)),
    value_of([white(4,8), black(8,1), pawn(1,8), limit(3)], white_wins(3)),
    value_of([white(4,8), black(8,1), pawn(1,8), limit(2)], black_wins),
    value_of([white(4,8), black(8,1), pawn(1,8), limit(10), moves_made(7)],
             white_wins(3)),
    value_of([white(4,8), black(8,1), pawn(1,8), limit(10), moves_made(8)],
             black_wins).

test(a_win_by_leaving_black_without_moves_counts_one_more) :-
    % White hems Black in with its first move: that wins while it is not
    % White's last move, so the value is 2 (see value/2)
    hemmed_in([], Options),
    value_of(Options, white_wins(2)),
    hemmed_in([limit(5), moves_made(3)], Two),
    value_of(Two, white_wins(2)),
    hemmed_in([limit(5), moves_made(4)], One),
    value_of(One, black_wins),
    kingpawn:initial_state(Two, S2), forced_win(S2),
    kingpawn:initial_state(One, S1), \+ forced_win(S1).

test(value_of_finished_games) :-
    play([white(2,2), black(5,5), pawn(1,1)], [sq(1,1)], Won),
    kingpawn_ai:value(Won, white_wins(0)),
    play([limit(1)], [sq(7,1)], Lost),
    kingpawn_ai:value(Lost, black_wins).

test(value_of_the_start_white_wins_in_18) :-
    value_of([], white_wins(18)),
    value_of([limit(18)], white_wins(18)),
    value_of([limit(17)], black_wins).

test(value_agrees_with_a_search_of_every_line) :-
    % positions with one or two moves left to White, near the pawn (where
    % captures, guards and hemmed-in kings happen), White or Black to move
    set_random(seed(3)),
    forall(between(1, 150, _),
           ( random_near_start(Options),
             random_integer(1, 3, Left),
             Made is 30 - Left,
             kingpawn:initial_state([moves_made(Made)|Options], S),
             (   kingpawn:to_move(S, _) ->
                 kingpawn_ai:value(S, V),
                 (   forced_win(S) -> V = white_wins(N), N =< Left
                 ;   V == black_wins
                 )
             ;   true
             ) )).

% random_near_start(-Options): a random legal start with both kings within
% three squares of a pawn on the edge or next to it.
random_near_start(Options) :-
    random_integer(1, 3, PL), random_integer(1, 9, PC),
    near(PL, WL), near(PC, WC), near(PL, BL), near(PC, BC),
    P = sq(PL, PC), W = sq(WL, WC), B = sq(BL, BC),
    (   W \== P, B \== P,
        kingpawn:square_on_board(W), kingpawn:square_on_board(B),
        kingpawn:king_distance(W, B, D), D >= 2 ->
        random_integer(0, 2, K),
        nth0(K, [white, black], Side),
        Options = [white(WL, WC), black(BL, BC), pawn(PL, PC), to_move(Side)]
    ;   random_near_start(Options)
    ).

near(X, Y) :-
    random_integer(-3, 4, D),
    Y is X + D.

test(value_is_consistent_move_by_move) :-
    % White to move: 1 + the best (least) value after its moves; Black to
    % move: the worst for White (greatest) after its moves
    set_random(seed(5)),
    forall(between(1, 60, _),
           ( random_start(Options),
             kingpawn:initial_state(Options, S),
             (   kingpawn:to_move(S, P) -> consistent(P, S) ; true ) )).

consistent(P, S) :-
    kingpawn_ai:value(S, V),
    findall(C, ( kingpawn:legal_move(S, M),
                 kingpawn:apply_move(S, M, S1, _),
                 cost(S1, C) ),
            Cs),
    (   P =:= 1 -> list_min(Cs, Best), N is Best + 1
    ;   list_max(Cs, N)
    ),
    (   N >= 1000 -> V == black_wins ; V == white_wins(N) ).

% cost(+State, -C): the value of State as a number, 1000 for black_wins. A
% game White won by leaving Black without a move counts 1 (see value/2).
cost(S, C) :-
    (   kingpawn:game_result(S, won(1, no_legal_move)) -> C = 1
    ;   kingpawn_ai:value(S, white_wins(N)) -> C = N
    ;   C = 1000
    ).

test(stats_count_the_positions_of_a_pawn_square) :-
    kingpawn_ai:stats(sq(1,8), [positions(3492), white_to_move_won(WW),
                                black_to_move_won(BW), longest(19)]),
    WW =:= 3267, BW =:= 2622,
    % the board's symmetry: the four corners alike
    kingpawn_ai:stats(sq(8,1), Stats81),
    kingpawn_ai:stats(sq(1,8), Stats18),
    Stats81 == Stats18,
    kingpawn_ai:stats(sq(4,4), [positions(3502), _, _, longest(4)]).


/* ---------------------------------------------------------------------
   Computer players
   --------------------------------------------------------------------- */

test(levels_and_their_reasons) :-
    kingpawn_ai:levels([random, greedy, perfect]),
    kingpawn:initial_state([], S),
    set_random(seed(1)),
    kingpawn_ai:choose_move(random, S, 0, M1, random),
    kingpawn:legal_move(S, M1),
    kingpawn_ai:choose_move(greedy, S, 0, M2, greedy),
    kingpawn:legal_move(S, M2),
    kingpawn_ai:choose_move(perfect, S, 0, M3, perfect(white_wins(18))),
    kingpawn:legal_move(S, M3),
    catch(( kingpawn_ai:choose_move(grandmaster, S, 0, _, _), fail ),
          error(domain_error(kingpawn_ai_level, grandmaster), _), true),
    play([white(2,2), black(5,5), pawn(1,1)], [sq(1,1)], Over),
    \+ kingpawn_ai:choose_move(perfect, Over, 0, _, _),
    \+ kingpawn_ai:choose_move(random, Over, 0, _, _).

test(greedy_white_walks_straight_at_the_pawn) :-
    kingpawn:initial_state([white(8,8), black(4,1), pawn(1,8)], S),
    forall(between(1, 10, Seed),
           ( set_random(seed(Seed)),
             kingpawn_ai:choose_move(greedy, S, 0, M, greedy),
             memberchk(M, [sq(7,7), sq(7,8)]) )),
    kingpawn:initial_state([white(2,7), black(5,3), pawn(1,8)], S2),
    kingpawn_ai:choose_move(greedy, S2, 0, sq(1,8), greedy).

test(perfect_white_takes_a_free_pawn_at_once) :-
    kingpawn:initial_state([white(2,7), black(5,3), pawn(1,8)], S),
    forall(between(1, 5, Seed),
           ( set_random(seed(Seed)),
             kingpawn_ai:choose_move(perfect, S, 0, sq(1,8), perfect(white_wins(1))) )).

test(perfect_white_beats_greedy_black_from_the_start) :-
    forall(between(1, 5, Seed),
           ( set_random(seed(Seed)),
             kingpawn:initial_state([], S0),
             ai_game([perfect, greedy], S0, S, _),
             kingpawn:game_result(S, won(1, capture)),
             kingpawn:moves_made(S, Made),
             Made =< 18 )).

test(perfect_against_perfect_takes_exactly_18_moves) :-
    forall(between(1, 3, Seed),
           ( set_random(seed(Seed)),
             kingpawn:initial_state([], S0),
             ai_game([perfect, perfect], S0, S, Plies),
             kingpawn:game_result(S, won(1, capture)),
             kingpawn:moves_made(S, 18),
             Plies =:= 35 )).

test(perfect_black_survives_where_value_says_so) :-
    % a pawn in the middle with its king beside it: White cannot win
    Options = [white(8,8), black(4,3), pawn(4,4)],
    value_of(Options, black_wins),
    forall(( member(White, [perfect, greedy, random]),
             between(1, 3, Seed) ),
           ( set_random(seed(Seed)),
             kingpawn:initial_state(Options, S0),
             ai_game([White, perfect], S0, S, _),
             kingpawn:game_result(S, won(2, limit)) )),
    % and from random starts: perfect Black wins every game value/2 gives
    % it, perfect White every other one
    set_random(seed(8)),
    forall(between(1, 12, _),
           ( random_start(Start),
             kingpawn:initial_state([limit(12)|Start], S1),
             kingpawn_ai:value(S1, V),
             ai_game([perfect, perfect], S1, F, _),
             kingpawn:outcome(F, over(_, winner(Winner))),
             (   V = white_wins(_) -> Winner =:= 1 ; Winner =:= 2 ) )).


/* ---------------------------------------------------------------------
   Players written as the assignment asks
   --------------------------------------------------------------------- */

test(the_example_player_is_loaded) :-
    example_player_loaded(true).

test(player_squares_are_two_element_lists) :-
    kingpawn_ai:player_square([7, 1], sq(7, 1)),
    kingpawn_ai:player_square(sq(7, 1), sq(7, 1)),
    kingpawn_ai:player_square(P, sq(7, 1)), P == [7, 1],
    \+ kingpawn_ai:player_square([a, 1], _),
    \+ kingpawn_ai:player_square([7, 1, 2], _),
    \+ kingpawn_ai:player_square(foo, _).

test(the_adapter_calls_start_then_reply_with_the_last_move) :-
    example_player_loaded(true),
    kingpawn:initial_state([], S0),
    % White's first move: white_start/1, the player's memory then holds
    % the start with White's move made
    kingpawn_ai:file_player_move(S0, W1),
    user:board(BW1, [1, 7], [1, 8]),
    kingpawn_ai:player_square(BW1, W1),
    kingpawn:apply_move(S0, W1, S1, _),
    % Black's first move: black_start/2 is given White's move
    kingpawn_ai:file_player_move(S1, B1),
    user:board(BW1, BB1, [1, 8]),
    kingpawn_ai:player_square(BB1, B1),
    kingpawn:apply_move(S1, B1, S2, _),
    % White's second: white_reply/2 is given Black's move
    kingpawn_ai:file_player_move(S2, W2),
    user:board(BW2, BB1, [1, 8]),
    kingpawn_ai:player_square(BW2, W2),
    kingpawn:legal_move(S2, W2).

test(the_adapter_tells_a_new_game_its_position) :-
    example_player_loaded(true),
    % Black first, from a start that is not the assignment's: black_start/2
    % gets `none`, and new_game/1 the position
    kingpawn:initial_state([white(4,4), black(6,6), pawn(1,1), to_move(black)], S),
    kingpawn_ai:file_player_move(S, B1),
    user:board([4, 4], BB1, [1, 1]),
    kingpawn_ai:player_square(BB1, B1),
    kingpawn:legal_move(S, B1).

test(a_bad_answer_becomes_an_illegal_move) :-
    kingpawn_ai:answer_move([7, 1], sq(7, 1)),
    kingpawn_ai:answer_move(sq(7, 1), sq(7, 1)),
    kingpawn_ai:answer_move(foo(_), Move),
    Move = not_a_move(Text),
    atom(Text),
    kingpawn:initial_state([], S),
    \+ kingpawn:legal_move(S, Move),
    explanation(S, Move, "is not a move").

test(the_example_player_plays_only_legal_moves) :-
    example_player_loaded(true),
    kingpawn:initial_state([], S0),
    forall(member(Seats, [[file, perfect], [perfect, file], [file, file],
                          [file, random], [random, file], [greedy, file]]),
           ( set_random(seed(1)),
             ai_game(Seats, S0, S, _),
             kingpawn:outcome(S, over(_, _)) )),
    set_random(seed(21)),
    forall(between(1, 25, _),
           ( random_start(Options),
             kingpawn:initial_state(Options, R0),
             random_integer(0, 3, K),
             nth0(K, [[file, random], [random, file], [file, file]], Seats),
             ai_game(Seats, R0, R, _),
             kingpawn:outcome(R, over(_, _)) )).

test(the_example_player_beats_random_as_black_from_the_start) :-
    example_player_loaded(true),
    forall(between(1, 3, Seed),
           ( set_random(seed(Seed)),
             kingpawn:initial_state([], S0),
             ai_game([random, file], S0, S, _),
             kingpawn:game_result(S, won(2, limit)) )).

test(the_adapter_with_a_budget_plays_the_same_way) :-
    example_player_loaded(true),
    kingpawn:initial_state([], S0),
    kingpawn_ai:file_player_move(S0, 100, W1),
    kingpawn:legal_move(S0, W1),
    kingpawn:apply_move(S0, W1, S1, _),
    kingpawn_ai:file_player_move(S1, 100, B1),
    kingpawn:legal_move(S1, B1),
    catch(( kingpawn_ai:file_player_move(S0, soon, _), fail ),
          error(type_error(integer, soon), _), true).

test(a_file_without_the_assignments_predicates_is_a_generic_player) :-
    % what file_player_move/3 does when white_start/1 does not exist: it
    % asks user:choose_move/3 (defined here for the test, then removed;
    % skipped where another file already defines it, as when dots_ai.pl is
    % loaded in the same machine)
    kingpawn:initial_state([], S),
    Missing = error(existence_error(procedure, white_start/1), white_start/1),
    (   catch(assertz(user:(choose_move(St, _, M) :-
                                kingpawn:legal_moves(St, [M|_]))),
              error(permission_error(_, _, _), _),
              fail) ->
        findall(Move, kingpawn_ai:generic_move(Missing, S, 100, Move), Moves),
        retractall(user:choose_move(_, _, _)),
        Moves == [sq(7,1)]
    ;   true
    ),
    % any other exception passes through
    Other = error(existence_error(procedure, helper/0), helper/0),
    catch(( kingpawn_ai:generic_move(Other, S, 100, _), fail ),
          E, true),
    E == Other.

% What a move did, in words (events_text/3), for the terminal and the window.
test(events_in_words) :-
    kingpawn:events_text(_, [capture], "takes the pawn"),
    kingpawn:events_text(_, [no_legal_move], "leaves the other side no legal move"),
    \+ kingpawn:events_text(_, [], _).

% The players' reasons are said in words (reason_text/2).
test(reasons_in_words) :-
    kingpawn_ai:reason_text(perfect(white_wins(5)), "perfect play: White takes the pawn in 5 moves"),
    kingpawn_ai:reason_text(perfect(white_wins(1)), "perfect play: White takes the pawn in 1 move"),
    kingpawn_ai:reason_text(perfect(black_wins), _),
    kingpawn_ai:reason_text(greedy, _).
