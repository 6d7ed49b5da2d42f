/** The king-and-pawn chase: the rules.

This module is the rulebook of the king-and-pawn chase as the Lisp
assignment (seed 001, in Portuguese) states it, written as a game module for
tabula (game.pl documents the contract that every game module follows; this
file does not need it).

The game, in the assignment's words and ours:

  * An 8 x 8 board. A square is (L C): L the row ("linha") and C the
    column, both from 1 to 8. In the assignment's diagrams row 1 is at the
    bottom and column 1 on the left; White starts on row 8, Black and its
    pawn on row 1.
  * White has a king. Black has a king and a pawn; the pawn never moves.
  * A king moves to one of the (up to) 8 squares next to it, on the board:
    vertically, horizontally or diagonally, one square.
  * The two kings may never stand on adjacent squares (adjacent:
    max(|L1-L2|, |C1-C2|) = 1), nor, of course, on the same square.
  * The black king may not stand on its own pawn's square.
  * One player at a time; passing is not allowed. White (player 1) moves
    first.
  * White wins by moving its king onto the pawn's square ("eating" it)
    within its first 30 moves (limit(N) changes the 30). Black (player 2)
    wins when White has made its 30 moves without capturing.
  * "There is no draw." CHOICE: a side that has no legal move when it must
    move loses; no_legal_move_rule/1 below holds this choice and can be
    changed to a draw. (White always has a legal move, since one black king
    cannot cover every square around White's; so in practice this is about
    Black, hemmed in between the white king, its own pawn and the edge.)
  * CHOICE: the move limit is looked at before the other side's lack of
    moves. White's 30th move ends the game at once: if it captures, White
    wins; if it does not, Black wins, even when Black would now have no
    legal move (Black does not have to move any more: it has kept the pawn
    for 30 White moves, which is its goal).

The start is the assignment's diagram: White king (8 1), Black king (1 7),
pawn (1 8), White to move, 0 of 30 White moves made. Any other legal start
can be given by the options white(L,C), black(L,C), pawn(L,C), limit(N),
to_move(white|black) and moves_made(N), or all at once by a position text,
position(Chars) (see "Position text" below).

A move is the square its king goes to: sq(L,C). The mover is always the side
to move, so the square is the whole move, as in the assignment's game record
"(7 1) (2 7) ...".

The state:

    kingpawn(White, Black, Pawn, Turn, Made, Limit, Result, History)

  * White, Black, Pawn: the squares of the white king, the black king and
    the pawn, as sq(L,C). After a capture White stands on the pawn's square
    and Pawn still names it (the view then shows no pawn).
  * Turn: the player to move, 1 (White) or 2 (Black); meaningless once the
    game is over.
  * Made: how many moves White has made (0..Limit); Limit: how many it has.
  * Result: ongoing, won(Player, How) or drawn(How), How being capture,
    limit or no_legal_move.
  * History: the moves played from the start position, newest first, as
    Player-sq(L,C).

Notation (move_text//2): the canonical written form is the assignment's
"(7 1)". Also read: "7 1", "(7,1)", "7,1", "[7,1]", "sq(7,1)" (blanks allowed
between the parts) and the algebraic "a7": the column as a letter, a..h for
C = 1..8, then the row L.

Position text (position_text//1, and the option position(Chars)):

    K81 k17 p18 w 0/30

the white king (K), the black king (k) and the pawn (p), each with its row
and column digits (K81 is (8 1)); then the side to move, w or b; then
White's moves made / the limit. The side and the count may be left out
(White to move, 0/30). Blanks separate the fields. A finished game is
written with - as the side to move ("K18 k36 p18 - 12/30"); such a text is
not a start and does not parse.
*/

:- module(kingpawn, [game_info/1,
                     move_regions/3,
                     evaluation/3,

                 initial_state/2,
                     players/2,
                     to_move/2,
                     legal_move/2,
                     legal_moves/2,
                     apply_move/4,
                     outcome/2,
                     move_text//2,
                     explain_illegal/3,
                     events_text/3,
                     view/2,
                     check_options/1,
                     max_plies/2,
                     default_limit/1,
                     no_legal_move_rule/1,
                     piece_squares/4,
                     moves_made/2,
                     move_limit/2,
                     moves_left/2,
                     move_history/2,
                     game_result/2,
                     square_on_board/1,
                     squares_adjacent/2,
                     king_distance/3,
                     king_steps/2,
                     square_text//1,
                     position_text//1]).

:- use_module(library(lists)).
:- use_module(library(between)).
:- use_module(library(error)).
:- use_module(library(dcgs)).
:- use_module(library(charsio)).
:- use_module(library(format)).


/* ---------------------------------------------------------------------
   The choices
   --------------------------------------------------------------------- */

%% default_limit(-N)
% N is how many moves White has to capture the pawn when the options do not
% say: 30, as in the assignment.
default_limit(30).

%% no_legal_move_rule(-Rule)
% Rule says what happens to a side that has no legal move when it must
% move. CHOICE: `loses` — the assignment says there is no draw. Change it to
% `draw` and such a game ends in a draw (outcome over([0,0], tie([1,2])));
% the perfect players of kingpawn_ai.pl follow the change (for them a draw
% is then one more way for White not to win).
no_legal_move_rule(loses).


/* ---------------------------------------------------------------------
   The board
   --------------------------------------------------------------------- */

%% square_on_board(+Square)
% Square is sq(L,C) with L and C integers from 1 to 8. Any other term fails.
square_on_board(Square) :-
    nonvar(Square),
    Square = sq(L, C),
    integer(L), integer(C),
    L >= 1, L =< 8,
    C >= 1, C =< 8.

%% king_distance(+Square1, +Square2, -D)
% D is the king distance between two squares, max(|L1-L2|, |C1-C2|): the
% number of moves a lone king needs to go from one to the other.
king_distance(sq(L1, C1), sq(L2, C2), D) :-
    D is max(abs(L1 - L2), abs(C1 - C2)).

%% squares_adjacent(+Square1, +Square2)
% The two squares are adjacent in the assignment's sense:
% max(|delta-l|, |delta-c|) = 1.
squares_adjacent(S1, S2) :-
    king_distance(S1, S2, 1).

% touching(+S1, +S2): the same square or adjacent ones. Two kings may never
% touch.
touching(S1, S2) :-
    king_distance(S1, S2, D),
    D =< 1.

% step(DL, DC): the 8 directions of a king, in the order that makes the
% destinations come out in the standard order of sq(L,C) terms.
step(-1, -1). step(-1, 0). step(-1, 1).
step( 0, -1).              step( 0, 1).
step( 1, -1). step( 1, 0). step( 1, 1).

%% king_steps(+Square, -Squares)
% Squares are the squares of the board next to Square, in the standard
% order of terms (row, then column): where a king on Square could go if
% nothing else were on the board. 3 in a corner, 5 on an edge, 8 inside.
king_steps(sq(L, C), Squares) :-
    findall(sq(L1, C1),
            ( step(DL, DC),
              L1 is L + DL, C1 is C + DC,
              square_on_board(sq(L1, C1)) ),
            Squares).


/* ---------------------------------------------------------------------
   The options and the start
   --------------------------------------------------------------------- */

%% check_options(-OptionLists)
% OptionLists are the option lists that the conformance check of game.pl
% plays random games with: the assignment's start, a short limit
% (limit(6)), Black to move first with the pawn in a corner, a pawn in the
% middle with moves_made(3), a position text, and a start in which Black is
% already hemmed in (the game is over before it starts).
check_options([[],
               [limit(6)],
               [white(4, 4), black(6, 6), pawn(1, 1), to_move(black)],
               [white(1, 1), black(8, 8), pawn(5, 4), limit(12), moves_made(3)],
               [position("K55 k17 p28 b 10/30")],
               [white(3, 2), black(1, 1), pawn(1, 2), to_move(black)]]).

%% initial_state(+Options, -State)
% State is the start position described by Options. With position(Chars)
% in Options the text Chars (see "Position text" at the top; an atom is
% accepted too) describes the whole position and the other options are
% ignored. Otherwise these options are read, each with its default:
%   white(L,C)      the white king (8 1)
%   black(L,C)      the black king (1 7)
%   pawn(L,C)       the black pawn (1 8)
%   to_move(Side)   white or black, the side to move (white)
%   limit(N)        White's moves to capture the pawn, N >= 1 (30)
%   moves_made(N)   moves White has already made, 0 =< N < limit (0)
% Unknown options are ignored; when an option is given twice the first one
% counts. A value that is not an integer throws a type_error. A start that
% cannot be played throws error(domain_error(Domain, Value), initial_state/2):
%   row_and_column_between_1_and_8   a square off the board (Value is the
%                                    option, e.g. white(9,1))
%   limit_at_least_1, moves_made_below_the_limit, to_move_white_or_black,
%   kingpawn_position_text           a position text that does not parse
%   kings_on_different_squares       the kings on one square
%   kings_not_adjacent               the kings next to each other
%   black_king_not_on_its_pawn       the black king on the pawn
%   white_king_not_on_the_pawn       the white king on the pawn (it would
%                                    be taken already)
% (for the last four, Value is the position as a text atom, e.g.
% 'K21 k22 p18 w 0/30'). A start in which the side to move has no legal
% move is legal: the game is then over at once (no_legal_move_rule/1).
initial_state(Options, State) :-
    must_be(list, Options),
    (   memberchk(position(Text), Options) ->
        text_start(Text, Start)
    ;   options_start(Options, Start)
    ),
    check_start(Start),
    Start = start(White, Black, Pawn, Turn, Made, Limit),
    State0 = kingpawn(White, Black, Pawn, Turn, Made, Limit, ongoing, []),
    (   \+ has_legal_move(State0) ->
        stuck_result(Turn, Result)
    ;   Result = ongoing
    ),
    State = kingpawn(White, Black, Pawn, Turn, Made, Limit, Result, []).

%% game_info(-Facts)
% What tabula tells people about the game (game.pl documents each fact).
game_info([
    title("King-and-pawn chase"),
    aliases(['king-and-pawn', kingandpawn, king_pawn, chase]),
    summary("White has a king, Black a king and a pawn. White must take the pawn within 30 moves; Black wins by escaping that long. The kings may never stand side by side."),
    notation("A move is the destination square of the king to move, as the assignment writes it: (7 1) is row 7 counted from White's side, column 1 (also 7 1, (7,1) or the algebraic a7). White (K) must take the black pawn (p) within 30 moves; the kings may never stand side by side."),
    notation_hint("try (7 1): the square the king goes to, row then column"),
    sides(["White", "Black"]),
    options([option(position, text, none, "A start position in the position text, e.g. K81 k17 p18 w 0/30")]),
    players('kingpawn_ai.pl'),
    strongest(perfect),
    championship([scoring(faults), random_start(false), self_games(false)])
]).

% options_start(+Options, -Start): the start(White, Black, Pawn, Turn, Made,
% Limit) that the options describe, each value checked on its own.
options_start(Options, start(White, Black, Pawn, Turn, Made, Limit)) :-
    square_option(white, Options, sq(8, 1), White),
    square_option(black, Options, sq(1, 7), Black),
    square_option(pawn, Options, sq(1, 8), Pawn),
    (   memberchk(to_move(Side), Options) ->
        (   side_player(Side, Turn) -> true
        ;   domain_error(to_move_white_or_black, Side, initial_state/2)
        )
    ;   Turn = 1
    ),
    default_limit(DefaultLimit),
    integer_option(limit, Options, DefaultLimit, Limit),
    integer_option(moves_made, Options, 0, Made),
    check_counts(Made, Limit).

side_player(Side, Player) :-
    nonvar(Side),
    (   Side == white -> Player = 1
    ;   Side == black -> Player = 2
    ).

% square_option(+Name, +Options, +Default, -Square): the option Name(L,C).
square_option(Name, Options, Default, Square) :-
    Pattern =.. [Name, L, C],
    (   memberchk(Pattern, Options) ->
        must_be(integer, L),
        must_be(integer, C),
        (   square_on_board(sq(L, C)) -> Square = sq(L, C)
        ;   domain_error(row_and_column_between_1_and_8, Pattern,
                         initial_state/2)
        )
    ;   Square = Default
    ).

integer_option(Name, Options, Default, Value) :-
    Pattern =.. [Name, Value0],
    (   memberchk(Pattern, Options) ->
        must_be(integer, Value0),
        Value = Value0
    ;   Value = Default
    ).

% check_counts(+Made, +Limit): White has at least one move, and some left.
check_counts(Made, Limit) :-
    (   Limit >= 1 -> true
    ;   domain_error(limit_at_least_1, Limit, initial_state/2)
    ),
    (   Made >= 0, Made < Limit -> true
    ;   domain_error(moves_made_below_the_limit, Made, initial_state/2)
    ).

% check_start(+Start): the rules of the board hold in the start position.
check_start(Start) :-
    Start = start(White, Black, Pawn, _, _, _),
    (   White == Black ->
        start_error(kings_on_different_squares, Start)
    ;   squares_adjacent(White, Black) ->
        start_error(kings_not_adjacent, Start)
    ;   Black == Pawn ->
        start_error(black_king_not_on_its_pawn, Start)
    ;   White == Pawn ->
        start_error(white_king_not_on_the_pawn, Start)
    ;   true
    ).

start_error(Domain, start(White, Black, Pawn, Turn, Made, Limit)) :-
    position_fields(White, Black, Pawn, Turn, Made, Limit, Cs, []),
    atom_chars(Value, Cs),
    domain_error(Domain, Value, initial_state/2).

% text_start(+Text, -Start): the start a position text describes.
text_start(Text, Start) :-
    (   atom(Text) -> atom_chars(Text, Cs)
    ;   Cs = Text
    ),
    (   proper_chars(Cs),
        parsed_position(Start0, Cs, []) ->
        Start0 = start(White, Black, Pawn, Turn, Made, Limit),
        % The squares were read digit by digit: 0 and 9 are off the board.
        check_square(white, White),
        check_square(black, Black),
        check_square(pawn, Pawn),
        check_counts(Made, Limit),
        Start = start(White, Black, Pawn, Turn, Made, Limit)
    ;   domain_error(kingpawn_position_text, Text, initial_state/2)
    ).

check_square(Name, sq(L, C)) :-
    (   square_on_board(sq(L, C)) -> true
    ;   Option =.. [Name, L, C],
        domain_error(row_and_column_between_1_and_8, Option, initial_state/2)
    ).

proper_chars(Cs) :-
    proper_list(Cs),
    maplist(atom, Cs).


/* ---------------------------------------------------------------------
   Reading the state
   --------------------------------------------------------------------- */

%% players(+State, -N)
% Two players: 1 is White, 2 is Black.
players(_, 2).

%% to_move(+State, -Player)
% Player is the side to move, 1 (White) or 2 (Black). Fails when the game
% is over.
to_move(kingpawn(_, _, _, Turn, _, _, ongoing, _), Turn).

%% piece_squares(+State, -White, -Black, -Pawn)
% The squares of the white king, the black king and the pawn, as sq(L,C).
% After a capture White and Pawn are the same square.
piece_squares(kingpawn(White, Black, Pawn, _, _, _, _, _), White, Black, Pawn).

%% moves_made(+State, -Made)
% Made is the number of moves White has made (those of the options'
% moves_made(N) included).
moves_made(kingpawn(_, _, _, _, Made, _, _, _), Made).

%% move_limit(+State, -Limit)
% Limit is the number of moves White has to capture the pawn.
move_limit(kingpawn(_, _, _, _, _, Limit, _, _), Limit).

%% moves_left(+State, -N)
% N is the number of moves White may still make: Limit - Made.
moves_left(kingpawn(_, _, _, _, Made, Limit, _, _), N) :-
    N is Limit - Made.

%% move_history(+State, -Moves)
% Moves are the moves played since the start position, oldest first, as
% Player-sq(L,C) (Player 1 is White, 2 is Black).
move_history(kingpawn(_, _, _, _, _, _, _, History), Moves) :-
    reverse(History, Moves).

%% game_result(+State, -Result)
% Result is `ongoing`, won(Player, How) or drawn(How), where How says why
% the game ended: capture (White took the pawn), limit (White made its last
% allowed move without capturing) or no_legal_move (the side to move could
% not move; see no_legal_move_rule/1).
game_result(kingpawn(_, _, _, _, _, _, Result, _), Result).

%% max_plies(+State, -N)
% N bounds the number of moves left in the game. With M moves left to
% White (moves_left/2), White to move: White plays at most M and Black at
% most M-1, since White's last move ends the game, so N = 2M-1; Black to
% move: one more, N = 2M. 0 when the game is over.
max_plies(State, N) :-
    moves_left(State, M),
    (   to_move(State, 1) -> N is 2*M - 1
    ;   to_move(State, 2) -> N is 2*M
    ;   N = 0
    ).


/* ---------------------------------------------------------------------
   Moves
   --------------------------------------------------------------------- */

% mover(+Turn, +White, +Black, -From, -Other): the king that moves and the
% other king.
mover(1, White, Black, White, Black).
mover(2, White, Black, Black, White).

% allowed(+Turn, +To, +Other, +Pawn): the king of side Turn may stand on To,
% a square of the board next to it, when the other king is on Other. The
% rulebook, one line per rule:
allowed(Turn, To, Other, Pawn) :-
    % the kings never touch (neither adjacent nor on one square);
    \+ touching(To, Other),
    % the black king never stands on its pawn (White may: that is the
    % capture).
    \+ ( Turn == 2, To == Pawn ).

%% legal_move(+State, ?Move)
% Move is a square the king of the side to move may go to now: next to it,
% on the board, not touching the other king, and for Black not the pawn's
% square. With Move unbound (or partly bound) it enumerates the legal moves
% in the order of legal_moves/2; with Move ground it checks it, and any term
% that is not a legal move (even `foo` or `sq(a,b)`) just fails.
legal_move(State, Move) :-
    legal_moves(State, Moves),
    (   ground(Move) -> memberchk(Move, Moves)
    ;   member(Move, Moves)
    ).

%% legal_moves(+State, -Moves)
% Moves are the legal moves, as sq(L,C), in the standard order of terms
% (row, then column). [] exactly when the game is over.
legal_moves(kingpawn(White, Black, Pawn, Turn, _, _, Result, _), Moves) :-
    (   Result == ongoing ->
        mover(Turn, White, Black, From, Other),
        king_steps(From, Candidates),
        allowed_moves(Candidates, Turn, Other, Pawn, Moves)
    ;   Moves = []
    ).

allowed_moves([], _, _, _, []).
allowed_moves([To|Tos], Turn, Other, Pawn, Moves) :-
    (   allowed(Turn, To, Other, Pawn) -> Moves = [To|Moves1]
    ;   Moves = Moves1
    ),
    allowed_moves(Tos, Turn, Other, Pawn, Moves1).

% has_legal_move(+State): the side to move (Turn, whatever Result says) has
% a legal move.
has_legal_move(kingpawn(White, Black, Pawn, Turn, _, _, _, _)) :-
    mover(Turn, White, Black, From, Other),
    king_steps(From, Candidates),
    member(To, Candidates),
    allowed(Turn, To, Other, Pawn),
    !.

% stuck_result(+Turn, -Result): side Turn must move and cannot.
stuck_result(Turn, Result) :-
    no_legal_move_rule(Rule),
    (   Rule == draw -> Result = drawn(no_legal_move)
    ;   Winner is 3 - Turn,
        Result = won(Winner, no_legal_move)
    ).

%% apply_move(+State0, +Move, -State, -Events)
% State is the position after the side to move plays Move, the square its
% king goes to. Deterministic; fails if Move is not a legal move. Events:
%   [capture]        White took the pawn: White wins;
%   [limit_reached]  that was White's last allowed move and it did not
%                    capture: Black wins;
%   [no_legal_move]  the other side now has no legal move: it loses (or
%                    draws, see no_legal_move_rule/1);
%   []               the game goes on and the turn passes.
% The rules are looked at in that order (see the CHOICE at the top).
apply_move(State0, Move, State, Events) :-
    ground(Move),
    legal_move(State0, Move),
    State0 = kingpawn(White0, Black0, Pawn, Turn, Made0, Limit, _, History),
    (   Turn =:= 1 ->
        White = Move, Black = Black0,
        Made is Made0 + 1,
        Next = 2
    ;   White = White0, Black = Move,
        Made = Made0,
        Next = 1
    ),
    Moved = kingpawn(White, Black, Pawn, Next, Made, Limit, ongoing,
                     [Turn-Move|History]),
    (   Turn =:= 1, Move == Pawn ->
        Result = won(1, capture), Events = [capture]
    ;   Turn =:= 1, Made >= Limit ->
        Result = won(2, limit), Events = [limit_reached]
    ;   \+ has_legal_move(Moved) ->
        stuck_result(Next, Result), Events = [no_legal_move]
    ;   Result = ongoing, Events = []
    ),
    State = kingpawn(White, Black, Pawn, Next, Made, Limit, Result,
                     [Turn-Move|History]).


/* ---------------------------------------------------------------------
   The end of the game
   --------------------------------------------------------------------- */

%% evaluation(+State, +Player, -Value)
% How good State looks for Player, for the generic alphabeta player (the
% game's own perfect player needs none): White wants its king near the
% pawn, Black wants it far, so the value for White is 100 minus 10 for
% each king step between them, and Black's is its opposite.
% ?- initial_state([], S), evaluation(S, 1, V).
%    V = 30.
evaluation(State, Player, Value) :-
    piece_squares(State, White, _, Pawn),
    king_distance(White, Pawn, D),
    ForWhite is 100 - 10 * D,
    (   Player =:= 1 -> Value = ForWhite ; Value is -ForWhite ).

%% outcome(+State, -Outcome)
% Outcome is `ongoing`, or over([1,0], winner(1)) when White has won,
% over([0,1], winner(2)) when Black has won, and over([0,0], tie([1,2]))
% for a draw (only with no_legal_move_rule(draw)).
outcome(kingpawn(_, _, _, _, _, _, Result, _), Outcome) :-
    result_outcome(Result, Outcome).

result_outcome(ongoing, ongoing).
result_outcome(won(1, _), over([1, 0], winner(1))).
result_outcome(won(2, _), over([0, 1], winner(2))).
result_outcome(drawn(_), over([0, 0], tie([1, 2]))).


/* ---------------------------------------------------------------------
   Notation
   --------------------------------------------------------------------- */

%% move_text(+State, ?Move)//
% The text of a move. With Move bound and the text unbound it describes the
% canonical text, the assignment's "(7 1)": row, a blank, column, in
% parentheses. With the text bound (a list of characters) it parses any
% accepted notation, blanks allowed before, after and between the parts:
%   * "(7 1)", "(7,1)", "7 1", "7,1", "[7,1]", "sq(7,1)";
%   * algebraic "a7": the column letter, a..h (or A..H) for 1..8, then the
%     row.
% Parsing never throws; it fails on text that is not a move. It does not
% check legality: a square off the board such as "(9 0)" parses, so that
% explain_illegal/3 can say what is wrong with it. (It is written as a
% predicate, move_text/4, because it looks at the text to choose between
% parsing and printing, and it calls the nonterminals directly, never
% through phrase/3: see dots.pl for the Scryer 0.10 trap that avoids.)
move_text(_, Move, Cs0, Cs) :-
    (   proper_list(Cs0) ->
        parsed_move(Move0, Cs0, Cs),
        Move = Move0
    ;   var(Cs0), ground(Move) ->
        square_text(Move, Cs0, Cs)
    ).

proper_list(L) :-
    (   L == [] -> true
    ;   nonvar(L), L = [_|T], proper_list(T)
    ).

%% square_text(+Square)//
% The assignment's text of a square: "(7 1)".
square_text(sq(L, C)) -->
    { integer(L), integer(C) },
    "(", int(L), " ", int(C), ")".

int(N) --> { number_chars(N, Cs) }, seq(Cs).

parsed_move(Move) -->
    notation:blanks, notation(Move), notation:blanks.

notation(sq(L, C)) --> "(", !, notation:blanks, pair(L, C), notation:blanks, ")".
notation(sq(L, C)) --> "[", !, notation:blanks, pair(L, C), notation:blanks, "]".
notation(sq(L, C)) --> "sq", !, notation:blanks, "(", notation:blanks, pair(L, C), notation:blanks, ")".
notation(sq(L, C)) -->
    [Letter], { column_letter(Letter, C) }, !, notation:blanks, nat(L).
notation(sq(L, C)) --> pair(L, C).

% Two numbers, separated by a comma (blanks around it allowed) or blanks.
pair(L, C) --> nat(L), separator, nat(C).

separator --> notation:blanks, ",", !, notation:blanks.
separator --> notation:blank, notation:blanks.

% A natural number: one or more digits, read greedily, built digit by digit
% (number_chars/2 could throw).
nat(N) --> notation:digit(D), digits(D, N).

% The small text helpers below (blanks, digits, letters) are repeated in
% each rules file on purpose: a rules file stands alone, so that a copy of
% it can be edited and checked anywhere (tabula check /tmp/copy.pl) without
% a shared module beside it.
digits(N0, N) --> notation:digit(D), !, { N1 is N0*10 + D }, digits(N1, N).
digits(N, N) --> [].


%% column_letter(+Char, -C)
% The algebraic letter of column C, either case.
column_letter(Char, C) :-
    atom(Char),
    letter(Lower, Upper, C),
    ( Char == Lower ; Char == Upper ),
    !.

letter(a, 'A', 1). letter(b, 'B', 2). letter(c, 'C', 3). letter(d, 'D', 4).
letter(e, 'E', 5). letter(f, 'F', 6). letter(g, 'G', 7). letter(h, 'H', 8).


/* ---------------------------------------------------------------------
   Position text
   --------------------------------------------------------------------- */

%% position_text(+State)//
% The position as a text, e.g. "K81 k17 p18 w 0/30" for the assignment's
% start: white king K, black king k and pawn p with their row and column
% digits, the side to move (w or b, - when the game is over), then White's
% moves made / the limit. initial_state/2 reads it back with the option
% position(Chars) (when the game is not over). Read, the side and the count
% may be left out ("K81 k17 p18" is White to move, 0/30), blanks separate
% the fields and W or B are accepted; a finished game's "-" does not read
% back ("K11 k55 p11 - 1/30" is no start).
position_text(kingpawn(White, Black, Pawn, Turn, Made, Limit, Result, _)) -->
    { (   Result == ongoing -> Side = Turn ; Side = none ) },
    position_fields(White, Black, Pawn, Side, Made, Limit).

position_fields(White, Black, Pawn, Side, Made, Limit) -->
    "K", digits_of(White), " k", digits_of(Black), " p", digits_of(Pawn),
    " ", side_letter(Side), " ", int(Made), "/", int(Limit).

digits_of(sq(L, C)) --> int(L), int(C).

side_letter(1) --> "w".
side_letter(2) --> "b".
side_letter(none) --> "-".

% parsed_position(-Start)//: reads a position text; the squares are read
% one digit per coordinate (checked for the board afterwards).
parsed_position(start(White, Black, Pawn, Turn, Made, Limit)) -->
    notation:blanks,
    "K", square_digits(White), gap,
    "k", square_digits(Black), gap,
    "p", square_digits(Pawn),
    side_and_count(Turn, Made, Limit),
    notation:blanks.

square_digits(sq(L, C)) --> notation:digit(L), notation:digit(C).

side_and_count(Turn, Made, Limit) -->
    gap, side(Turn), !, count(Made, Limit).
side_and_count(1, 0, Limit) -->
    { default_limit(Limit) }.

count(Made, Limit) --> gap, nat(Made), "/", nat(Limit), !.
count(0, Limit) --> { default_limit(Limit) }.

side(1) --> [C], { C == w ; C == 'W' }, !.
side(2) --> [C], { C == b ; C == 'B' }, !.

gap --> notation:blank, notation:blanks.


/* ---------------------------------------------------------------------
   Explaining illegal moves
   --------------------------------------------------------------------- */

%% events_text(+State, +Events, -Chars)
% Chars says Events (see apply_move/4) in words; State is the position
% the move was made in. Fails for [] (the game goes on).
%   ?- events_text(_, [capture], Cs).
%   Cs = "takes the pawn".
events_text(_, [Event], Chars) :-
    event_words(Event, Chars).

event_words(capture, "takes the pawn").
event_words(limit_reached, "White's last move, and the pawn is still there").
event_words(no_legal_move, "leaves the other side no legal move").

%% explain_illegal(+State, +Move, -Message)
% Message (a list of characters) says why Move is not legal in State, e.g.
% "the game is over"; "foo is not a move: ..."; "(9 0) is not on the board:
% rows and columns go from 1 to 8"; "the white king is already on (8 1): it
% must move, there is no passing"; "(6 1) is not next to the white king on
% (8 1): a king moves one square at a time"; "(1 8) is the black pawn's
% square: the black king may not stand on it"; "(2 6) is next to the black
% king on (1 7): the kings may never be adjacent". Fails if Move is legal.
explain_illegal(State, Move, Message) :-
    \+ ( ground(Move), legal_move(State, Move) ),
    reason(State, Move, Message, []).

% The first reason that applies, from the most general to the most precise.
reason(State, _) -->
    { \+ to_move(State, _) }, !,
    "the game is over".
reason(_, Move) -->
    { \+ square_term(Move) }, !,
    notation:quoted(Move),
    " is not a move: a move is the square the king goes to, (L C), with",
    " the row L and the column C from 1 to 8".
reason(_, Move) -->
    { \+ square_on_board(Move) }, !,
    square_text(Move), " is not on the board: rows and columns go from 1 to 8".
reason(State, Move) -->
    { State = kingpawn(White, Black, _, Turn, _, _, _, _),
      mover(Turn, White, Black, From, _),
      Move == From }, !,
    "the ", king(Turn), " is already on ", square_text(Move),
    ": it must move, there is no passing".
reason(State, Move) -->
    { State = kingpawn(White, Black, _, Turn, _, _, _, _),
      mover(Turn, White, Black, From, _),
      \+ squares_adjacent(Move, From) }, !,
    square_text(Move), " is not next to the ", king(Turn), " on ",
    square_text(From), ": a king moves one square at a time".
reason(State, Move) -->
    { State = kingpawn(_, _, Pawn, 2, _, _, _, _),
      Move == Pawn }, !,
    square_text(Move), " is the black pawn's square: the black king may",
    " not stand on it".
reason(State, Move) -->
    { State = kingpawn(White, Black, _, Turn, _, _, _, _),
      mover(Turn, White, Black, _, Other),
      Other == Move }, !,
    square_text(Move), " is where the ", other_king(Turn), " stands".
reason(State, Move) -->
    { State = kingpawn(White, Black, _, Turn, _, _, _, _),
      mover(Turn, White, Black, _, Other) },
    square_text(Move), " is next to the ", other_king(Turn), " on ",
    square_text(Other), ": the kings may never be adjacent".

king(1) --> "white king".
king(2) --> "black king".

other_king(1) --> "black king".
other_king(2) --> "white king".


square_term(Move) :-
    nonvar(Move),
    Move = sq(L, C),
    integer(L), integer(C).


/* ---------------------------------------------------------------------
   The view
   --------------------------------------------------------------------- */

%% view(+State, -Board)
% Board is the position in game.pl's board vocabulary: the 8 x 8 board
% with row 1 (White's side) at the bottom, labelled as the assignment
% writes squares (rows and columns numbered 1 to 8); White's king K,
% Black's king k and its pawn p (gone once taken); labels 1-8 along both
% edges, a square named as the notation writes it, "(7 1)" (row, then
% column); and the caption "White has made M of its L moves".
%   ?- initial_state([], S), view(S, board(Shape, [K|_])).
%   Shape = squares(8, 8), K = piece(1, 1, 1, "K").
view(State, board(squares(8, 8), Items)) :-
    State = kingpawn(White, Black, Pawn, _, Made, Limit, Result, _),
    square_piece(White, 1, "K", WhitePiece),
    square_piece(Black, 2, "k", BlackPiece),
    (   Result = won(1, capture) -> PawnItems = []
    ;   square_piece(Pawn, 2, "p", PawnPiece), PawnItems = [PawnPiece]
    ),
    numlist(1, 8, Up),
    reverse(Up, Down),
    maplist(number_chars, Up, Columns),
    maplist(number_chars, Down, Rows),
    phrase(format_("White has made ~d of its ~d moves", [Made, Limit]), Caption),
    append([[WhitePiece, BlackPiece], PawnItems,
            [labels(left, Rows), labels(bottom, Columns),
             square_name(["(", row, " ", column, ")"]), caption(Caption),
             colours([white, black])]], Items).

% square_piece(+Square, +Player, +Glyph, -Piece): the piece on Square, in the
% board view's rows (row 1 at the bottom is drawn last).
square_piece(sq(L, C), Player, Glyph, piece(R, C, Player, Glyph)) :-
    R is 9 - L.

%% move_regions(+State, +Move, -Regions)
% A move is made by clicking the square the king goes to.
%   ?- move_regions(_, sq(7, 1), Rs).
%   Rs = [sq(2, 1)].
move_regions(_, Move, [sq(R, C)]) :-
    nonvar(Move),
    Move = sq(L, C),
    integer(L), integer(C),
    R is 9 - L.
