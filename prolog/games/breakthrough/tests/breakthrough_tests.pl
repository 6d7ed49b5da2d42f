/** Tests of Breakthrough: the rules (breakthrough.pl) and the contract
(game.pl).

Load game.pl and breakthrough.pl first (and breakthrough_ai.pl, which these
tests do not use), then tests/harness.pl and this file, and run
harness:run_tests(breakthrough_tests) (or run_tests/2 for the results as
a list). The tests call the other modules qualified:
breakthrough:apply_move/4, ...

Positions are mostly given as position texts (the rows from the top,
separated by "/", w, b or . for each square, then the side to move), and
moves as move(R1,C1,R2,C2): row R from 1 at the bottom (White's side),
column C from 1 on the left. The legal moves are checked against an
independent generator written here over square coordinates (slow_moves/2),
which reads the board from the view, not from the row masks.
*/

:- module(breakthrough_tests, [test/1]).

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

% at(+Text, -State): the start position of a position text.
at(Text, State) :-
    breakthrough:initial_state([position(Text)], State).

% play(+State0, +Moves, -State, -Events): plays Moves; Events are those of
% the last one.
play(State, [], State, []).
play(State0, [Move|Moves], State, Events) :-
    breakthrough:apply_move(State0, Move, State1, Events1),
    (   Moves == [] -> State = State1, Events = Events1
    ;   play(State1, Moves, State, Events)
    ).

legal_set(State, Set) :-
    breakthrough:legal_moves(State, Moves),
    sort(Moves, Set).

% explanation(+State, +Move, +Part): explain_illegal/3 gives a message that
% contains the characters Part.
explanation(State, Move, Part) :-
    breakthrough:explain_illegal(State, Move, Message),
    append(_, Rest, Message),
    append(Part, _, Rest),
    !.

domain_error_for(Options, Domain) :-
    catch(( breakthrough:initial_state(Options, _), fail ),
          error(domain_error(Domain, _), _),
          true).

text_move(State, Text, Move) :-
    game:move_from_text(breakthrough, State, Text, Move).

move_text(State, Move, Text) :-
    game:move_to_text(breakthrough, State, Move, Text).

position(State, Text) :-
    phrase(breakthrough:position_text(State), Text).

% view_grid(+State, -Rows, -Cols, -Board, -ToMove): the board view read back
% into rows of w, b and e from the top, and who is to move (none when over).
view_grid(State, Rows, Cols, Board, ToMove) :-
    breakthrough:view(State, board(squares(Rows, Cols), Items)),
    findall(Row,
            ( between(1, Rows, D),
              findall(X,
                      ( between(1, Cols, C),
                        (   memberchk(piece(D, C, 1, _), Items) -> X = w
                        ;   memberchk(piece(D, C, 2, _), Items) -> X = b
                        ;   X = e
                        ) ),
                      Row) ),
            Board),
    (   breakthrough:to_move(State, P) -> ToMove = P ; ToMove = none ).

% last_move_marks(+State, -Marks): the marks of the board view, sorted.
last_move_marks(State, Marks) :-
    breakthrough:view(State, board(_, Items)),
    findall(mark(R, K), member(mark(R, K), Items), Marks0),
    sort(Marks0, Marks).

% square(+State, +R, +C, -X): w, b or e on (R,C), read from the view.
square(State, R, C, X) :-
    view_grid(State, Rows, _, Board, _),
    Top is Rows - R + 1,
    nth1(Top, Board, Row),
    nth1(C, Row, X).

% slow_moves(+State, -Set): the legal moves, found square by square from
% the view: the independent generator the fast one is checked against.
slow_moves(State, Set) :-
    view_grid(State, Rows, Cols, Board, ToMove),
    (   ToMove == none ->
        Set = []
    ;   (   ToMove =:= 1 -> Me = w, Enemy = b, Dir = 1
        ;   Me = b, Enemy = w, Dir = -1
        ),
        findall(move(R1, C1, R2, C2),
                ( nth1(Top1, Board, Row1),
                  nth1(C1, Row1, Me),
                  R1 is Rows - Top1 + 1,
                  R2 is R1 + Dir,
                  R2 >= 1, R2 =< Rows,
                  member(DC, [-1, 0, 1]),
                  C2 is C1 + DC,
                  C2 >= 1, C2 =< Cols,
                  Top2 is Rows - R2 + 1,
                  nth1(Top2, Board, Row2),
                  nth1(C2, Row2, Target),
                  (   Target == e -> true
                  ;   Target == Enemy, DC =\= 0
                  ) ),
                Moves),
        sort(Moves, Set)
    ).

% random_game(+Options, -States): the positions of one game of random
% moves from the start for Options, the start first, the end last.
random_game(Options, States) :-
    breakthrough:initial_state(Options, S0),
    random_states(S0, States).

random_states(S, [S|States]) :-
    breakthrough:legal_moves(S, Moves),
    (   Moves == [] -> States = []
    ;   length(Moves, N),
        random_integer(0, N, I),
        nth0(I, Moves, Move),
        breakthrough:apply_move(S, Move, S1, _),
        random_states(S1, States)
    ).

% random_size_options(-Options): a board size drawn in 4..12 x 4..12.
random_size_options([rows(R), cols(C)]) :-
    random_integer(4, 13, R),
    random_integer(4, 13, C).

% rows_sum(+Masks, -Sum): the sum of the rows of the pieces in Masks.
rows_sum(Masks, Sum) :-
    rows_sum(Masks, 1, 0, Sum).

rows_sum([], _, Sum, Sum).
rows_sum([M|Ms], R, Sum0, Sum) :-
    bits(M, K),
    Sum1 is Sum0 + K * R,
    R1 is R + 1,
    rows_sum(Ms, R1, Sum1, Sum).

bits(M, K) :-
    findall(x, ( between(0, 11, I), M /\ (1 << I) =\= 0 ), Xs),
    length(Xs, K).

% the assignment's notation of a move, "(R1,C1)-(R2,C2)"
assignment_text(move(R1, C1, R2, C2), Text) :-
    phrase(( "(", num(R1), ",", num(C1), ")-(", num(R2), ",", num(C2), ")" ),
           Text).

num(N) --> { number_chars(N, Cs) }, seq(Cs).


/* ---------------------------------------------------------------------
   The start and the options
   --------------------------------------------------------------------- */

test(the_default_start_is_8_by_8_white_to_move) :-
    breakthrough:initial_state([], S),
    S = breakthrough(8, 8, 1, [255, 255, 0, 0, 0, 0, 0, 0],
                     [0, 0, 0, 0, 0, 0, 255, 255], 0, none, ongoing),
    breakthrough:players(S, 2),
    breakthrough:to_move(S, 1),
    breakthrough:outcome(S, ongoing),
    breakthrough:board_size(S, 8, 8),
    breakthrough:piece_counts(S, 16, 16),
    breakthrough:legal_moves(S, Moves),
    length(Moves, 22),
    position(S, "bbbbbbbb/bbbbbbbb/......../......../......../......../wwwwwwww/wwwwwwww w").

test(sizes_are_options_from_4_to_12) :-
    breakthrough:initial_state([rows(4), cols(5)], S),
    position(S, "bbbbb/bbbbb/wwwww/wwwww w"),
    breakthrough:initial_state([cols(12), rows(5), colour(red)], S2),
    breakthrough:board_size(S2, 5, 12),
    breakthrough:piece_counts(S2, 24, 24),
    breakthrough:initial_state([rows(12), cols(4)], S3),
    S3 = breakthrough(12, 4, 1, [15, 15|_], Black, 0, none, ongoing),
    length(Black, 12),
    append(_, [15, 15], Black),
    % the first occurrence of an option counts
    breakthrough:initial_state([rows(6), rows(9)], S4),
    breakthrough:board_size(S4, 6, 8).

test(sizes_out_of_range_are_domain_errors) :-
    domain_error_for([rows(3)], rows_between_4_and_12),
    domain_error_for([rows(13)], rows_between_4_and_12),
    domain_error_for([cols(2)], cols_between_4_and_12),
    domain_error_for([cols(100)], cols_between_4_and_12),
    domain_error_for([random_start(1), rows(20)], rows_between_4_and_12),
    catch(( breakthrough:initial_state([rows(a)], _), fail ),
          error(type_error(integer, a), _), true).

test(position_texts_that_are_no_start_are_domain_errors) :-
    % unequal rows, too small, too big, no side, finished, already won
    domain_error_for([position("bbbb/bbbb/www/wwww w")], breakthrough_position_text),
    domain_error_for([position("bbb/bbb/www/www w")], breakthrough_position_text),
    domain_error_for([position("bbbbbbbbbbbbb/bbbbbbbbbbbbb/wwwwwwwwwwwww/wwwwwwwwwwwww w")],
                     breakthrough_position_text),
    domain_error_for([position("bbbb/bbbb/wwww/wwww")], breakthrough_position_text),
    domain_error_for([position("bbbb/bbbb/wwww/wwww -")], breakthrough_position_text),
    domain_error_for([position("w.bb/bbbb/..../wwww b")], breakthrough_position_text),
    domain_error_for([position("bbbb/..../..../b.ww w")], breakthrough_position_text),
    domain_error_for([position("..../..../wwww/wwww w")], breakthrough_position_text),
    domain_error_for([position("bbbb/bbbb/..../.... b")], breakthrough_position_text),
    domain_error_for([position("bbbb/bbxb/wwww/wwww w")], breakthrough_position_text),
    domain_error_for([position(foo)], breakthrough_position_text).

test(a_position_text_sets_the_size_and_the_side) :-
    at("..b../b..../...../.w.../..... b", S),
    breakthrough:board_size(S, 5, 5),
    breakthrough:to_move(S, 2),
    breakthrough:piece_counts(S, 1, 2),
    square(S, 5, 3, b),
    square(S, 4, 1, b),
    square(S, 2, 2, w),
    square(S, 1, 1, e),
    % an atom, blanks around, upper case
    breakthrough:initial_state([position('  ..B../B..../...../.W.../..... B ')], S),
    % the other options are ignored next to position/1
    breakthrough:initial_state([rows(9), position("..b../b..../...../.w.../..... b")], S).


/* ---------------------------------------------------------------------
   The moves
   --------------------------------------------------------------------- */

test(a_piece_moves_one_square_forward_straight_or_diagonally) :-
    at("..b../...../...../..w../..... w", S),
    legal_set(S, [move(2,3,3,2), move(2,3,3,3), move(2,3,3,4)]),
    at("..b../...../...../..w../..... b", B),
    legal_set(B, [move(5,3,4,2), move(5,3,4,3), move(5,3,4,4)]),
    % the move is played, the turn passes, Plies and Last are kept
    play(S, [move(2,3,3,4)], S1, Events),
    Events == [],
    S1 = breakthrough(5, 5, 2, White, _, 1, last(move(2,3,3,4), false), ongoing),
    White == [0, 0, 8, 0, 0],
    square(S1, 3, 4, w),
    square(S1, 2, 3, e).

test(a_straight_move_is_blocked_by_any_piece) :-
    % c2 is blocked by its own piece on c3, e2 by an enemy on e3
    at("b..../...../..w.b/..w.w/..... w", S),
    legal_set(S, [move(2,3,3,2), move(2,3,3,4), move(2,5,3,4),
                  move(3,3,4,2), move(3,3,4,3), move(3,3,4,4)]),
    \+ breakthrough:legal_move(S, move(2,3,3,3)),
    \+ breakthrough:legal_move(S, move(2,5,3,5)),
    explanation(S, move(2,3,3,3), "c3 holds your own piece"),
    explanation(S, move(2,5,3,5), "a piece captures only diagonally").

test(a_capture_is_diagonal_and_removes_the_enemy_piece) :-
    at("...../...../b.b../.w.../..... w", S),
    breakthrough:legal_move(S, move(2,2,3,1)),
    breakthrough:legal_move(S, move(2,2,3,3)),
    move_text(S, move(2,2,3,1), "b2xa3"),
    move_text(S, move(2,2,3,2), "b2-b3"),
    play(S, [move(2,2,3,3)], S1, Events),
    Events == [capture(3,3)],
    breakthrough:piece_counts(S1, 1, 1),
    square(S1, 3, 3, w),
    % the last move marked, with its capture, on the 5-row view (row 3 is 3rd from the top)
    last_move_marks(S1, [mark(sq(3,3), capture), mark(sq(3,3), last), mark(sq(4,2), last)]),
    % and Black captures downwards
    at("...../...../.b.../w.w../..... b", B),
    play(B, [move(3,2,2,1)], B1, BEvents),
    BEvents == [capture(2,1)],
    breakthrough:piece_counts(B1, 1, 1).

test(there_is_no_straight_capture) :-
    at("b..../...../..b../..w../..... w", S),
    legal_set(S, [move(2,3,3,2), move(2,3,3,4)]),
    \+ breakthrough:legal_move(S, move(2,3,3,3)),
    \+ breakthrough:apply_move(S, move(2,3,3,3), _, _),
    explanation(S, move(2,3,3,3), "a piece captures only diagonally: c3 holds an enemy piece").

test(no_move_goes_backwards_or_sideways_or_further) :-
    at("...b./...../..w../...../..... w", S),
    forall(member(M, [move(3,3,2,3), move(3,3,2,2), move(3,3,3,2), move(3,3,3,4),
                      move(3,3,5,3), move(3,3,4,5), move(3,3,4,1)]),
           ( \+ breakthrough:legal_move(S, M),
             \+ breakthrough:apply_move(S, M, _, _),
             explanation(S, M, "a piece moves one square forward") )),
    at("...../...b./..w../...../..... b", B),
    forall(member(M, [move(4,4,5,4), move(4,4,4,5), move(4,4,2,4), move(4,4,3,2)]),
           ( \+ breakthrough:legal_move(B, M),
             explanation(B, M, "Black moves down") )).

test(pieces_on_the_edges_do_not_wrap_around) :-
    % White on h3 and a3, Black on a4 and h4: h3 does not reach a4 (which
    % would be the next bit), a3 does not reach h4
    at("b......b/......../b......b/w......w/......../......../......../........ w", S),
    legal_set(S, [move(5,1,6,2), move(5,8,6,7)]),
    at("......../......../......../......../b......b/w......w/......../........ w", S2),
    legal_set(S2, [move(3,1,4,2), move(3,8,4,7)]),
    % on a wide board too (columns 9..12), and on a narrow one
    at("b..........b/............/b.........b./w..........w b", W),
    legal_set(W, [move(2,1,1,2), move(2,11,1,10), move(2,11,1,11), move(2,11,1,12),
                  move(4,1,3,1), move(4,1,3,2), move(4,12,3,11), move(4,12,3,12)]),
    at("b..b/..../w..w/.... w", N),
    legal_set(N, [move(2,1,3,1), move(2,1,3,2), move(2,4,3,3), move(2,4,3,4)]).

test(a_full_4_row_board_leaves_white_only_captures) :-
    forall(between(4, 12, Cols),
           ( breakthrough:initial_state([rows(4), cols(Cols)], S),
             breakthrough:legal_moves(S, Moves),
             Expected is 2 * (Cols - 1),
             length(Moves, Expected),
             forall(member(move(R1, C1, R2, C2), Moves),
                    ( R1 =:= 2, R2 =:= 3, C1 =\= C2,
                      square(S, R2, C2, b) )) )),
    breakthrough:initial_state([rows(4), cols(4)], S4),
    play(S4, [move(2,1,3,2)], S5, [capture(3,2)]),
    breakthrough:to_move(S5, 2).

test(legal_move_never_throws_on_garbage) :-
    breakthrough:initial_state([], S),
    forall(member(M, [foo, 42, [], "c2-c3", move(a,b,c,d), move(2,1,3,1.0),
                      move(99,1,100,1), move(0,1,1,1), move(2,0,3,1), move(2,8,3,9),
                      move(-1,-1,0,0), move(2,1,3), move(2,1,3,1,x),
                      move(100000000000000000000,1,3,1), h(1,2), f(_)]),
           ( \+ breakthrough:legal_move(S, M),
             \+ breakthrough:apply_move(S, M, _, _),
             breakthrough:explain_illegal(S, M, Message),
             Message = [_|_] )),
    % partly bound: enumerates
    findall(C2, breakthrough:legal_move(S, move(2,4,3,C2)), C2s),
    C2s == [3, 4, 5],
    \+ breakthrough:apply_move(S, _, _, _).

test(legal_move_enumerates_exactly_the_legal_moves) :-
    set_random(seed(3)),
    random_game([rows(6), cols(7)], States),
    forall(member(S, States),
           ( breakthrough:legal_moves(S, Moves),
             findall(M, breakthrough:legal_move(S, M), Enumerated),
             % the same moves, each once (legal_moves/2 puts them in order)
             sort(Enumerated, Set), sort(Moves, Set),
             length(Enumerated, N), length(Moves, N),
             forall(member(M, Moves), breakthrough:legal_move(S, M)) )).

test(legal_moves_come_in_the_documented_order) :-
    % by origin row, then left / straight / right, then origin column
    at("...../...../.b.../ww.w./..... w", S),
    breakthrough:legal_moves(S, Moves),
    Moves == [move(2,2,3,1), move(2,4,3,3),
              move(2,1,3,1), move(2,4,3,4),
              move(2,1,3,2), move(2,2,3,3), move(2,4,3,5)],
    at("...../.b.b./b..../...../....w b", B),
    breakthrough:legal_moves(B, BMoves),
    BMoves == [move(3,1,2,1), move(3,1,2,2),
               move(4,4,3,3),
               move(4,2,3,2), move(4,4,3,4),
               move(4,2,3,3), move(4,4,3,5)].

test(legal_moves_agree_with_a_slow_generator_on_random_games) :-
    set_random(seed(2024)),
    forall(between(1, 12, _),
           ( random_size_options(Options),
             random_game(Options, States),
             forall(member(S, States),
                    ( legal_set(S, Set),
                      slow_moves(S, Set) )) )),
    % the championship's random starts too
    forall(between(1, 6, Seed),
           ( random_game([random_start(Seed)], States2),
             forall(member(S, States2),
                    ( legal_set(S, Set2),
                      slow_moves(S, Set2) )) )).

test(apply_move_is_deterministic_and_counts_the_plies) :-
    set_random(seed(5)),
    random_game([rows(7), cols(9)], States),
    forall(append(_, [S0, S1|_], States),
           ( S0 = breakthrough(_, _, _, _, _, P0, _, _),
             S1 = breakthrough(_, _, _, _, _, P1, last(Move, _), _),
             P1 =:= P0 + 1,
             findall(X-E, breakthrough:apply_move(S0, Move, X, E), [X1-_]),
             X1 == S1 )).


test(the_turns_alternate_and_only_the_mover_moves) :-
    breakthrough:initial_state([rows(6), cols(6)], S0),
    % Black's piece may not move on White's turn, and the other way round
    \+ breakthrough:legal_move(S0, move(5,1,4,1)),
    explanation(S0, move(5,1,4,1), "a5 holds no piece of yours"),
    play(S0, [move(2,1,3,1)], S1, []),
    breakthrough:to_move(S1, 2),
    \+ breakthrough:legal_move(S1, move(3,1,4,1)),
    explanation(S1, move(3,1,4,1), "a3 holds no piece of yours"),
    forall(breakthrough:legal_move(S1, move(R1, _, R2, _)),
           R2 =:= R1 - 1),
    play(S1, [move(5,1,4,1)], S2, []),
    breakthrough:to_move(S2, 1),
    S2 = breakthrough(_, _, _, _, _, 2, last(move(5,1,4,1), false), ongoing).

/* ---------------------------------------------------------------------
   The end of the game
   --------------------------------------------------------------------- */

test(white_wins_by_reaching_the_last_row) :-
    at("b..../.w.../...../b..../..... w", S),
    play(S, [move(4,2,5,2)], S1, Events),
    Events == [won(1)],
    S1 = breakthrough(_, _, _, _, _, _, _, won(1, goal)),
    breakthrough:outcome(S1, over([1, 0], winner(1))),
    \+ breakthrough:to_move(S1, _),
    breakthrough:legal_moves(S1, []),
    \+ breakthrough:legal_move(S1, _),
    breakthrough:explain_illegal(S1, move(1,1,2,1), "the game is over"),
    last_move_marks(S1, [mark(sq(1,2), last), mark(sq(2,2), last)]),
    breakthrough:max_plies(S1, 0),
    position(S1, "bw.../...../...../b..../..... -"),
    domain_error_for([position("bw.../...../...../b..../..... -")],
                     breakthrough_position_text),
    % capturing onto the last row wins too
    at("bb.../w..../...../...../...w. w", C),
    play(C, [move(4,1,5,2)], C1, CEvents),
    CEvents == [capture(5,2), won(1)],
    breakthrough:outcome(C1, over([1, 0], winner(1))).

test(black_wins_by_reaching_the_first_row) :-
    at("....b/...../...../...b./w.... b", S),
    play(S, [move(2,4,1,4)], S1, Events),
    Events == [won(2)],
    S1 = breakthrough(_, _, _, _, _, _, _, won(2, goal)),
    breakthrough:outcome(S1, over([0, 1], winner(2))),
    breakthrough:legal_moves(S1, []).

test(capturing_the_last_piece_wins) :-
    at("...../..b../...w./...../w.... w", S),
    play(S, [move(3,4,4,3)], S1, Events),
    Events == [capture(4,3), won(1)],
    S1 = breakthrough(_, _, _, _, _, _, _, won(1, no_pieces)),
    breakthrough:outcome(S1, over([1, 0], winner(1))),
    breakthrough:piece_counts(S1, 2, 0),
    breakthrough:legal_moves(S1, []),
    at("....b/...../..b../.w.../..... b", B),
    play(B, [move(3,3,2,2)], B1, BEvents),
    BEvents == [capture(2,2), won(2)],
    breakthrough:outcome(B1, over([0, 1], winner(2))).

test(no_moves_never_arises_and_would_lose) :-
    % The side to move always has a move while both sides have pieces and
    % none is on its goal row: its most advanced piece can go diagonally.
    % The tightest case, a full 4-row board, still leaves White captures.
    % Checked on every position of random games:
    set_random(seed(77)),
    forall(between(1, 10, _),
           ( random_size_options(Options),
             random_game(Options, States),
             forall(member(S, States),
                    ( breakthrough:outcome(S, ongoing) ->
                      breakthrough:legal_moves(S, [_|_])
                    ;   S = breakthrough(_, _, _, _, _, _, _, won(_, How)),
                        How \== no_moves )) )),
    % a state that says won(P, no_moves) (as the digest of the state
    % allows) is read as a loss for the side that could not move
    breakthrough:initial_state([rows(4), cols(4)], breakthrough(R, C, _, W, B, P, L, _)),
    Stuck = breakthrough(R, C, 1, W, B, P, L, won(2, no_moves)),
    breakthrough:outcome(Stuck, over([0, 1], winner(2))),
    breakthrough:legal_moves(Stuck, []),
    \+ breakthrough:to_move(Stuck, _).

test(random_games_end_with_a_winner_and_legal_moves_are_empty_exactly_then) :-
    set_random(seed(8)),
    forall(between(1, 20, _),
           ( random_size_options(Options),
             random_game(Options, States),
             last_of(States, End),
             breakthrough:outcome(End, over(_, winner(_))),
             forall(member(S, States),
                    ( breakthrough:legal_moves(S, Moves),
                      (   Moves == [] -> \+ breakthrough:to_move(S, _)
                      ;   breakthrough:to_move(S, _)
                      ) )) )).

last_of([X], X) :- !.
last_of([_|Xs], X) :- last_of(Xs, X).

test(max_plies_bounds_the_rest_of_the_game) :-
    breakthrough:initial_state([], S),
    breakthrough:max_plies(S, 208),          % 16 pieces x 6.5 rows x 2
    breakthrough:initial_state([rows(4), cols(4)], S4),
    breakthrough:max_plies(S4, 40),
    set_random(seed(9)),
    forall(between(1, 10, _),
           ( random_size_options(Options),
             random_game(Options, States),
             length(States, N),
             States = [Start|_],
             breakthrough:max_plies(Start, Max),
             N - 1 =< Max,
             forall(append(_, [A, B|_], States),
                    ( breakthrough:max_plies(A, MA),
                      breakthrough:max_plies(B, MB),
                      MB < MA )) )).


/* ---------------------------------------------------------------------
   The championship's random start
   --------------------------------------------------------------------- */

% random_start_ok(+State): a championship start: sizes in range, White to
% move, all the pieces, nobody on its goal row, and m moves a side with m
% in 0 .. (Rows-4)*Cols//2 (each quiet move takes one piece one row on:
% the sums of the rows tell m).
random_start_ok(State, M) :-
    State = breakthrough(Rows, Cols, 1, White, Black, 0, none, ongoing),
    between(4, 12, Rows),
    between(4, 12, Cols),
    breakthrough:piece_counts(State, N, N),
    N =:= 2 * Cols,
    last_of(White, 0),
    Black = [0|_],
    rows_sum(White, WSum),
    rows_sum(Black, BSum),
    M is WSum - 3 * Cols,
    M =:= (2 * Rows - 1) * Cols - BSum,
    M >= 0,
    M =< (Rows - 4) * Cols // 2.

test(random_starts_keep_every_piece_and_m_in_bounds) :-
    findall(M, ( between(1, 60, Seed),
                 breakthrough:initial_state([random_start(Seed)], S),
                 random_start_ok(S, M) ),
            Ms),
    length(Ms, 60),
    % m is not always 0
    list_max(Ms, Max),
    Max > 0.

test(random_starts_are_reproducible_and_vary_with_the_seed) :-
    breakthrough:initial_state([random_start(42)], S1),
    breakthrough:initial_state([random_start(42)], S2),
    S1 == S2,
    breakthrough:random_start([random_start(42)], S3),
    S3 == S1,
    findall(S, ( between(1, 20, Seed),
                 breakthrough:initial_state([random_start(Seed)], S) ),
            States),
    sort(States, Distinct),
    length(Distinct, K),
    K >= 18,
    % the sizes are drawn over the whole range
    findall(R-C, member(breakthrough(R, C, _, _, _, _, _, _), States), Sizes),
    sort(Sizes, DistinctSizes),
    length(DistinctSizes, KS),
    KS >= 10.

test(random_starts_keep_the_sizes_given) :-
    forall(between(1, 15, Seed),
           ( breakthrough:initial_state([random_start(Seed), rows(7), cols(9)], S),
             S = breakthrough(7, 9, _, _, _, _, _, _),
             random_start_ok(S, _),
             breakthrough:initial_state([cols(5), random_start(Seed)], S5),
             S5 = breakthrough(_, 5, _, _, _, _, _, _),
             random_start_ok(S5, _) )),
    % on 4 rows m is 0: the full start
    breakthrough:initial_state([random_start(3), rows(4), cols(6)], S4),
    breakthrough:initial_state([rows(4), cols(6)], S4),
    % without a seed, the current generator is used
    set_random(seed(1)),
    breakthrough:random_start([rows(6)], A),
    set_random(seed(1)),
    breakthrough:random_start([rows(6)], B),
    A == B,
    random_start_ok(A, _).

test(a_random_start_does_not_freeze_the_callers_generator) :-
    set_random(seed(1)),
    breakthrough:initial_state([random_start(7)], _),
    random_integer(0, 1000000, X1),
    set_random(seed(2)),
    breakthrough:initial_state([random_start(7)], _),
    random_integer(0, 1000000, X2),
    X1 =\= X2,
    % and it is reproducible all the same
    set_random(seed(1)),
    breakthrough:initial_state([random_start(7)], _),
    random_integer(0, 1000000, X3),
    X3 =:= X1.


/* ---------------------------------------------------------------------
   Notation
   --------------------------------------------------------------------- */

test(the_canonical_text_is_algebraic_with_x_for_captures) :-
    at("...../...../b.b../.w.../..... w", S),
    move_text(S, move(2,2,3,2), "b2-b3"),
    move_text(S, move(2,2,3,3), "b2xc3"),
    breakthrough:initial_state([rows(12), cols(12)], Big),
    move_text(Big, move(11,12,10,11), "l11-k10"),
    move_text(Big, move(9,1,10,1), "a9-a10"),
    % a move that is no move of a position still gets a text
    move_text(none, move(2,3,3,4), "c2-d3"),
    move_text(S, move(2,13,3,14), "(2,13)-(3,14)").

test(every_accepted_notation_parses) :-
    breakthrough:initial_state([], S),
    forall(member(Text, ["c2-d3", "c2xd3", "c2Xd3", "c2:d3", "c2d3", "C2-D3",
                         "c2 d3", "  c2 - d3  ", "(2,3)-(3,4)", "(2 3)-(3 4)",
                         " ( 2 , 3 ) - ( 3 , 4 ) ", "(2,3)x(3,4)", "(2,3)(3,4)",
                         "c 2-d 3", "c2-(3,4)"]),
           text_move(S, Text, move(2,3,3,4))),
    text_move(S, "l12-k11", move(12,12,11,11)),
    text_move(S, "a10xb9", move(10,1,9,2)),
    % off the board still parses (explain_illegal says why it is illegal)
    text_move(S, "a9-a10", move(9,1,10,1)),
    text_move(S, "(0,0)-(99,99)", move(0,0,99,99)).

test(junk_text_fails_and_never_throws) :-
    breakthrough:initial_state([], S),
    forall(( conformance:junk_text(Text)
           ; member(Text, ["c2-", "-c2", "c2-d", "m2-m3", "x2-x3", "c2--d3",
                           "(2,3)-(3,4", "(2,3,4)-(3,4)", "c2-d3-e4", "c-d",
                           "c12345-d3", "é2-é3", "(a,b)-(c,d)", "c2 d3 e4"]) ),
           catch(\+ text_move(S, Text, _), _, fail)),
    % not even a list of characters
    catch(\+ breakthrough:move_text(S, _, [a|_], []), _, fail).

test(every_legal_move_round_trips_through_both_notations) :-
    set_random(seed(12)),
    forall(between(1, 5, _),
           ( random_size_options(Options),
             random_game(Options, States),
             forall(member(S, States),
                    ( view_grid(S, Rows, _, Board, _),
                      breakthrough:legal_moves(S, Moves),
                      forall(member(M, Moves),
                             ( move_text(S, M, Text),
                               text_move(S, Text, M),
                               assignment_text(M, Text2),
                               text_move(S, Text2, M),
                               % "x" exactly for the captures
                               M = move(_, _, R2, C2),
                               Top is Rows - R2 + 1,
                               nth1(Top, Board, Row),
                               nth1(C2, Row, Target),
                               (   memberchk(x, Text) -> Target \== e
                               ;   Target == e
                               ) )) )) )).


/* ---------------------------------------------------------------------
   Position text
   --------------------------------------------------------------------- */

test(position_texts_round_trip) :-
    set_random(seed(13)),
    forall(between(1, 8, _),
           ( random_size_options(Options),
             random_game(Options, States),
             forall(( member(S, States), breakthrough:outcome(S, ongoing) ),
                    ( position(S, Text),
                      at(Text, S2),
                      S = breakthrough(R, C, T, W, B, _, _, _),
                      S2 == breakthrough(R, C, T, W, B, 0, none, ongoing) )) )),
    forall(between(1, 20, Seed),
           ( breakthrough:initial_state([random_start(Seed)], RS),
             position(RS, RText),
             at(RText, RS) )).

test(position_text_parses_only_starts) :-
    phrase(breakthrough:position_text(S), "bbbb/bbbb/wwww/wwww w"),
    breakthrough:initial_state([rows(4), cols(4)], S),
    \+ phrase(breakthrough:position_text(_), "bbbb/bbbb/wwww/wwww -"),
    \+ phrase(breakthrough:position_text(_), "bbbb/bbbb/wwww w"),
    \+ phrase(breakthrough:position_text(_), "").


/* ---------------------------------------------------------------------
   Explaining illegal moves, the view
   --------------------------------------------------------------------- */

test(illegal_moves_are_explained_precisely) :-
    breakthrough:initial_state([], S),
    explanation(S, move(3,3,4,3), "c3 holds no piece of yours"),
    explanation(S, move(7,3,6,3), "c7 holds no piece of yours"),
    explanation(S, move(1,3,2,4), "d2 holds your own piece"),
    explanation(S, move(2,3,4,3), "a piece moves one square forward"),
    explanation(S, move(2,3,1,3), "White moves up, towards row 8"),
    explanation(S, move(2,3,3,5), "c2 to e3 is not"),
    explanation(S, foo, "foo is not a move on this 8 x 8 board"),
    explanation(S, move(8,9,9,9), "is not a move on this 8 x 8 board"),
    explanation(S, move(a,b,c,d), "move(a,b,c,d) is not a move"),
    breakthrough:initial_state([rows(5), cols(12)], W),
    explanation(W, move(2,13,3,13), "not a move on this 5 x 12 board"),
    % nothing to say about a legal move
    forall(breakthrough:legal_move(S, M), \+ breakthrough:explain_illegal(S, M, _)).

test(the_view_draws_the_board_from_the_top) :-
    at("..b../b..../...../.w.../..... b", S),
    breakthrough:view(S, View),
    View = board(squares(5, 5), Items),
    sort(Items, Sorted),
    Sorted == [caption("White 1 piece, Black 2 pieces"), colours([white, black]),
               labels(bottom, ["a","b","c","d","e"]), labels(left, ["5","4","3","2","1"]),
               piece(1, 3, 2, ""), piece(2, 1, 2, ""), piece(4, 2, 1, "")],
    play(S, [move(4,1,3,1)], S1, _),
    view_grid(S1, 5, 5, Board, 1),
    Board = [_, [e,e,e,e,e], [b,e,e,e,e]|_],
    last_move_marks(S1, [mark(sq(2,1), last), mark(sq(3,1), last)]),
    % a move is made by dragging from its square to its target, as drawn
    breakthrough:move_regions(S1, move(2,2,3,2), [sq(4,2), sq(3,2)]).


/* ---------------------------------------------------------------------
   The contract
   --------------------------------------------------------------------- */

test(check_options_are_all_valid_starts) :-
    breakthrough:check_options(Lists),
    length(Lists, N), N >= 5,
    forall(member(Options, Lists),
           ( breakthrough:initial_state(Options, S),
             breakthrough:outcome(S, ongoing) )).

test(the_benchmark_and_replays_run_through_game_pl) :-
    playouts:random_playouts(breakthrough, [], 1, 5, Plies),
    Plies > 5 * 10,
    playouts:random_playouts(breakthrough, [rows(12), cols(12)], 1, 2, Plies12),
    Plies12 > 2 * 20,
    game:replay(breakthrough, [rows(5), cols(5)],
                [move(2,1,3,1), move(4,2,3,2), move(2,3,3,2)], S),
    breakthrough:piece_counts(S, 10, 9),
    game:move_from_text(breakthrough, S, "(4,4)-(3,4)", M),
    M == move(4,4,3,4),
    game:move_to_text(breakthrough, S, move(4,3,3,2), "c4xb3").

% The fast path's counted moves (counted_moves/3 and nth_successor/5, what
% random playouts draw from) are the rules' legal moves, in their order,
% each with the rules' position and events after it: on random games of
% narrow and wide boards, from the rules alone (breakthrough.pl).
test(counted_moves_are_the_rules_moves_in_order_with_their_successors) :-
    set_random(seed(41)),
    forall(member(Options, [[], [rows(4), cols(5)], [rows(5), cols(12)],
                            [rows(9), cols(4)], [random_start(3)]]),
           ( breakthrough:initial_state(Options, S0),
             counted_agree_along(S0, 0) )).

counted_agree_along(S, Ply) :-
    breakthrough:legal_moves(S, Moves),
    breakthrough_fast:counted_moves(S, N, Counted),
    length(Moves, N),
    forall(nth0(K, Moves, M),
           ( breakthrough:apply_move(S, M, Next, Events),
             breakthrough_fast:nth_successor(Counted, K, M1, Next1, Events1),
             M1 == M, Next1 == Next, Events1 == Events )),
    \+ breakthrough_fast:nth_successor(Counted, N, _, _, _),
    (   Moves == [] -> true
    ;   Ply >= 80 -> true
    ;   game:random_element(Moves, M2),
        breakthrough:apply_move(S, M2, S1, _),
        Ply1 is Ply + 1,
        counted_agree_along(S1, Ply1)
    ).

% A seeded random playout is the same game on the fast path (one move
% drawn from the counted moves) and by the rules as written (the list of
% moves, then one drawn from it): random_successor/5 draws as
% random_move/3 does.
test(seeded_playouts_are_the_same_games_on_the_fast_path_and_off_it) :-
    game:accelerated(breakthrough, Fast),
    playouts:random_playouts(breakthrough, [rows(6), cols(7)], 5, 4, FastPlies),
    setup_call_cleanup(game:play_as_written(breakthrough),
                       playouts:random_playouts(breakthrough, [rows(6), cols(7)], 5, 4,
                                                RulesPlies),
                       game:play_fast(breakthrough, Fast)),
    FastPlies == RulesPlies,
    set_random(seed(9)),
    breakthrough:initial_state([], S),
    game:random_successor(breakthrough, S, Drawn, Next, _),
    set_random(seed(9)),
    game:random_move(breakthrough, S, Drawn1),
    Drawn1 == Drawn,
    breakthrough:apply_move(S, Drawn, Next1, _),
    Next1 == Next.

% A fast path whose count leaves a move out (so that playouts never draw
% it) is found out by the check of the fast paths, in words that name it.
test(a_miscounting_fast_path_is_found_out) :-
    accelerators:check_fast(breakthrough, fixture_miscounting_fast, none, 40, Verdict),
    Verdict = differ(Text),
    append(_, Said, Text),
    append("counted_moves/3 counts", _, Said),
    !,
    accelerators:check_fast(breakthrough, breakthrough_fast, none, 40, agree(_)).

test(conformance_on_the_default_board) :-
    conformance:conformance(breakthrough, [], 3, 1, Failures),
    Failures == [].

test(conformance_on_small_odd_and_random_boards) :-
    conformance:conformance(breakthrough, [rows(4), cols(5)], 4, 2, F1),
    F1 == [],
    conformance:conformance(breakthrough, [rows(5), cols(12)], 2, 3, F2),
    F2 == [],
    conformance:conformance(breakthrough, [rows(9), cols(4)], 2, 4, F3),
    F3 == [],
    conformance:conformance(breakthrough, [random_start(11)], 2, 5, F4),
    F4 == [].

% What a move did, in words (events_text/3), for the terminal and the window.
test(events_in_words) :-
    breakthrough:events_text(_, [capture(5, 3)], "captures on c5"),
    breakthrough:events_text(_, [capture(8, 1), won(1)], "captures on a8, White wins"),
    breakthrough:events_text(_, [won(2)], "Black wins"),
    \+ breakthrough:events_text(_, [], _).
