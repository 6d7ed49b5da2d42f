/** Othello: the rules.

Othello is Goro Hasegawa's form (Japan, 1971; sold from 1973) of the
older Reversi (Lewis Waterman and John W. Mollett, England, 1880s). This
module is its rulebook as the World Othello Federation's rules state it,
written as a game module for tabula (game.pl documents the contract that
every game module follows; this file does not need it).

The rules, with tabula's choices marked:

  * The board has 8 x 8 squares. CHOICE: the option size(N) chooses any
    even size from 4 to 10.
  * Two players, Black (player 1) and White (player 2), each with discs
    that are black on one face and white on the other. Black moves first.
  * The start: four discs on the centre squares, White on d4 and e5,
    Black on d5 and e4.
  * A move places one disc, the mover's colour up, on an empty square so
    that it flanks at least one line of the opponent's discs: a straight
    unbroken line of them, across, up and down or diagonally, with the new
    disc at one end and another disc of the mover at the other end.
  * Every line the new disc flanks, in all eight directions at once, is
    turned over to the mover's colour. Only lines flanked by the new disc
    turn; a disc turned over does not turn others.
  * A player who cannot place a disc passes; a player who can place one
    may not pass.
  * The game ends when neither player can place a disc (the board may
    still have empty squares). The player with more discs wins; equal
    numbers are a draw. CHOICE: the score is the number of discs on the
    board; the Federation gives the empty squares of a finished game to
    its winner, which never changes who wins.

Coordinates and notation, the standard ones: a square is its column
letter, a to h from the left, and its row number, 1 to 8 from the TOP,
so d3 is the third row from the top. The board view counts rows from the
top too, so its row R is row R of the notation, and the labels on the
left read 1 to 8 downwards.

A move is sq(R, C), the square of the new disc (row R, column C, both
from 1), or pass. Notation (move_text//2): "d3" (canonical), "D3",
"pass" in any case; blanks may come before and after.

The state:

    othello(Size, Board, Turn, Last, Status)

  * Size: the board's side, 4..10.
  * Board: rows(Row1, ..., RowSize), row 1 at the top; each row is
    row(D1, ..., DSize), column a first, each D 0 for an empty square,
    1 for a black disc and 2 for a white one. A compound term, so that a
    square is reached by two calls of arg/3.
  * Turn: the player to move, 1 (Black) or 2 (White); meaningless once the
    game is over.
  * Last: none, pass, or the square sq(R, C) of the last disc placed.
  * Status: ongoing or over (neither side can place a disc).

Events of apply_move/4: [flipped(N)] for a disc that turned N discs over,
[] for a pass, and game_over last when the move ends the game.
*/

:- module(othello, [game_info/1,
                    initial_state/2,
                    players/2,
                    to_move/2,
                    legal_move/2,
                    legal_moves/2,
                    apply_move/4,
                    outcome/2,
                    move_text//2,
                    explain_illegal/3,
                    view/2,
                    check_options/1,
                    max_plies/2,
                    move_regions/3,
                    events_text/3,
                    scores/2,
                    evaluation/3,
                    disc_on/3,
                    placements/3,
                    flipped_by/4]).

:- use_module(library(lists)).
:- use_module(library(between)).
:- use_module(library(error)).
:- use_module(library(dcgs)).
:- use_module(library(charsio)).


/* ---------------------------------------------------------------------
   The game and its options
   --------------------------------------------------------------------- */

%% game_info(-Facts)
% What tabula tells people about the game (game.pl documents each fact).
game_info([
    title("Othello"),
    aliases([reversi]),
    summary("Black and White take turns placing a disc so that it flanks one or more straight lines of the opponent's discs, with one of their own at the other end; every flanked disc is turned over to the mover's colour. A player who cannot flank anything passes. When neither player can move, the one with more discs wins."),
    notation("A move is the square of the new disc: its column letter, a to h from the left (the letters under the board), and its row number, 1 to 8 from the top (the numbers on the left), as in d3. A player with no square to play writes pass."),
    notation_hint("try d3, or pass when you have no move"),
    sides(["Black", "White"]),
    options([option(size, integer(4, 10), 8, "Squares on a side (an even number)")]),
    championship([scoring(points), random_start(false), self_games(false)])
]).

%% initial_state(+Options, -State)
% State is the start for Options: size(N), an even number from 4 to 10
% (default 8). Unknown options are ignored; when an option is given twice
% the first one counts. A size that is not an integer throws a type_error,
% one that is odd or out of range domain_error(size_even_between_4_and_10,
% N).
%   ?- initial_state([size(4)], S).
%   S = othello(4, rows(row(0,0,0,0), row(0,2,1,0), row(0,1,2,0),
%               row(0,0,0,0)), 1, none, ongoing).
initial_state(Options, othello(Size, Board, 1, none, ongoing)) :-
    must_be(list, Options),
    (   memberchk(size(Size0), Options) ->
        must_be(integer, Size0),
        (   between(4, 10, Size0), Size0 mod 2 =:= 0 -> Size = Size0
        ;   domain_error(size_even_between_4_and_10, Size0, initial_state/2)
        )
    ;   Size = 8
    ),
    start_board(Size, Board).

% start_board(+Size, -Board): the four centre squares taken, White on the
% diagonal that runs down to the right (d4, e5), Black on the other (e4,
% d5).
start_board(Size, Board) :-
    findall(Row,
            ( between(1, Size, R),
              findall(Disc, ( between(1, Size, C),
                              start_disc(Size, R, C, Disc) ),
                      Discs),
              Row =.. [row|Discs] ),
            Rows),
    Board =.. [rows|Rows].

start_disc(Size, R, C, Disc) :-
    M is Size // 2,
    N is M + 1,
    (   memberchk(R-C, [M-M, N-N]) -> Disc = 2      % White: d4, e5 on 8 x 8
    ;   memberchk(R-C, [M-N, N-M]) -> Disc = 1      % Black: e4, d5
    ;   Disc = 0
    ).

%% check_options(-OptionLists)
% The option lists the conformance check plays: every size.
check_options([[], [size(4)], [size(6)], [size(10)]]).


/* ---------------------------------------------------------------------
   The board
   --------------------------------------------------------------------- */

%% disc_on(+Board, +Square, ?Disc)
% Square sq(R, C) of Board holds Disc: 0 empty, 1 black, 2 white. Fails
% for a square off the board.
%   ?- initial_state([], othello(_, B, _, _, _)), disc_on(B, sq(4, 4), D).
%   D = 2.
disc_on(Board, sq(R, C), Disc) :-
    functor(Board, _, Size),
    R >= 1, R =< Size,
    C >= 1, C =< Size,
    arg(R, Board, Row),
    arg(C, Row, Disc).

% The eight directions a line can run in, as steps of row and column.
direction(-1, -1). direction(-1, 0). direction(-1, 1).
direction( 0, -1).                   direction( 0, 1).
direction( 1, -1). direction( 1, 0). direction( 1, 1).

opponent(1, 2).
opponent(2, 1).

%% flipped_by(+Board, +Player, +Square, -Flipped)
% Flipped are the discs a disc of Player on Square would turn over: every
% line it flanks, in every direction. [] when it flanks none.
%   ?- initial_state([], othello(_, B, _, _, _)), flipped_by(B, 1, sq(3,4), F).
%   F = [sq(4,4)].
flipped_by(Board, Player, Square, Flipped) :-
    findall(Line, flanked_line(Board, Player, Square, Line), Lines),
    append(Lines, Flipped).

% flanked_line(+Board, +Player, +Square, -Line): in some direction, Line is
% a straight unbroken line of the opponent's discs next to Square, with a
% disc of Player just after it. One solution per direction that flanks.
flanked_line(Board, Player, Square, Line) :-
    direction(DR, DC),
    run_to_own(Board, Player, Square, DR, DC, Line),
    Line = [_|_].

% run_to_own(+Board, +Player, +Square, +DR, +DC, -Run): walking from Square
% in steps of (DR, DC), Run are the opponent's discs met before the first
% disc of Player. Fails if an empty square or the edge comes first.
run_to_own(Board, Player, sq(R0, C0), DR, DC, Run) :-
    R is R0 + DR,
    C is C0 + DC,
    disc_on(Board, sq(R, C), Disc),
    (   Disc =:= Player ->
        Run = []
    ;   opponent(Player, Disc) ->
        Run = [sq(R, C)|Run1],
        run_to_own(Board, Player, sq(R, C), DR, DC, Run1)
    ).

%% placements(+Board, +Player, -Squares)
% Squares are the squares where Player may place a disc, row by row from
% the top: empty squares from which the disc flanks at least one line.
%   ?- initial_state([], othello(_, B, _, _, _)), placements(B, 1, Ps).
%   Ps = [sq(3,4), sq(4,3), sq(5,6), sq(6,5)].
placements(Board, Player, Squares) :-
    findall(Square, placement(Board, Player, Square), Squares).

placement(Board, Player, sq(R, C)) :-
    functor(Board, _, Size),
    between(1, Size, R),
    between(1, Size, C),
    disc_on(Board, sq(R, C), 0),
    once(flanked_line(Board, Player, sq(R, C), _)).

% can_place(+Board, +Player): Player has a square to play.
can_place(Board, Player) :-
    once(placement(Board, Player, _)).

% put_discs(+Board0, +Squares, +Disc, -Board): Board is Board0 with Disc
% on each of Squares. The rows without a change are shared.
put_discs(Board0, Squares, Disc, Board) :-
    Board0 =.. [rows|Rows0],
    put_rows(Rows0, 1, Squares, Disc, Rows),
    Board =.. [rows|Rows].

put_rows([], _, _, _, []).
put_rows([Row0|Rows0], R, Squares, Disc, [Row|Rows]) :-
    (   memberchk(sq(R, _), Squares) ->
        Row0 =.. [row|Discs0],
        put_row(Discs0, R, 1, Squares, Disc, Discs),
        Row =.. [row|Discs]
    ;   Row = Row0
    ),
    R1 is R + 1,
    put_rows(Rows0, R1, Squares, Disc, Rows).

put_row([], _, _, _, _, []).
put_row([D0|Ds0], R, C, Squares, Disc, [D|Ds]) :-
    (   memberchk(sq(R, C), Squares) -> D = Disc ; D = D0 ),
    C1 is C + 1,
    put_row(Ds0, R, C1, Squares, Disc, Ds).

% count_discs(+Board, +Disc, -N): N squares of Board hold Disc.
count_discs(Board, Disc, N) :-
    functor(Board, _, Size),
    findall(x, ( between(1, Size, R),
                 between(1, Size, C),
                 disc_on(Board, sq(R, C), Disc) ),
            Xs),
    length(Xs, N).


/* ---------------------------------------------------------------------
   Reading the state
   --------------------------------------------------------------------- */

%% players(+State, -N)
% Two players: 1 is Black, 2 is White.
players(_, 2).

%% to_move(+State, -Player)
% Player is the side to move; fails when the game is over.
to_move(othello(_, _, Turn, _, ongoing), Turn).

%% scores(+State, -Scores)
% Scores are the discs on the board, [Black, White].
%   ?- initial_state([], S), scores(S, Scores).
%   Scores = [2,2].
scores(othello(_, Board, _, _, _), [Black, White]) :-
    count_discs(Board, 1, Black),
    count_discs(Board, 2, White).

%% max_plies(+State, -N)
% Each disc placed fills a square, and a pass is always followed by a
% disc, so at most twice the empty squares are left to play (0 once the
% game is over).
max_plies(State, N) :-
    State = othello(_, Board, _, _, Status),
    (   Status == ongoing ->
        count_discs(Board, 0, Empty),
        N is 2 * Empty
    ;   N = 0
    ).


/* ---------------------------------------------------------------------
   The rules
   --------------------------------------------------------------------- */

%% legal_move(+State, ?Move)
% Move is legal: a square where the player to move may place a disc, or
% pass when there is none. Enumerates in the order of legal_moves/2
% (Move unbound) or checks a move (any other term fails).
legal_move(State, Move) :-
    (   ground(Move) ->
        legal(State, Move)
    ;   legal_moves(State, Moves),
        member(Move, Moves)
    ).

% legal(+State, +Move): the rules for one move, checked on its own.
% While the game goes on, a disc may go where it flanks a line, and a
% player passes only when there is no such square.
legal(othello(_, Board, Turn, _, ongoing), sq(R, C)) :-
    integer(R),
    integer(C),
    placement(Board, Turn, sq(R, C)).
legal(othello(_, Board, Turn, _, ongoing), pass) :-
    \+ can_place(Board, Turn).

%% legal_moves(+State, -Moves)
% Moves are the squares the player to move may play, row by row from the
% top; [pass] when there is none; [] once the game is over.
%   ?- initial_state([], S), legal_moves(S, Ms).
%   Ms = [sq(3,4), sq(4,3), sq(5,6), sq(6,5)].
legal_moves(othello(_, Board, Turn, _, Status), Moves) :-
    (   Status == ongoing ->
        placements(Board, Turn, Squares),
        (   Squares == [] -> Moves = [pass]
        ;   Moves = Squares
        )
    ;   Moves = []
    ).

%% apply_move(+State0, +Move, -State, -Events)
% The player to move places a disc and turns over every line it flanks
% ([flipped(N)]), or passes ([]). The turn goes to the opponent; when
% neither side can then place a disc the game is over (game_over ends the
% events). Fails if Move is not legal.
%   ?- initial_state([], S0), apply_move(S0, sq(3,4), S, E).
%   E = [flipped(1)].
apply_move(State0, Move, State, Events) :-
    ground(Move),
    legal_move(State0, Move),
    State0 = othello(Size, Board0, Turn, _, _),
    play(Move, Turn, Board0, Board, Events0),
    opponent(Turn, Next),
    (   ( can_place(Board, Next) ; can_place(Board, Turn) ) ->
        Status = ongoing, Events = Events0
    ;   Status = over, append(Events0, [game_over], Events)
    ),
    State = othello(Size, Board, Next, Move, Status).

%% events_text(+State, +Events, -Chars)
% Chars says Events (see apply_move/4) in words. Fails for [] (a pass,
% which the move's own text says).
%   ?- events_text(_, [flipped(1)], Cs).
%   Cs = "turns over 1 disc".
%   ?- events_text(_, [flipped(5), game_over], Cs).
%   Cs = "turns over 5 discs: the game is over".
events_text(_, Events, Chars) :-
    Events = [_|_],
    phrase(event_words(Events), Chars).

event_words([flipped(N)|More]) -->
    "turns over ", decimal(N), ( { N =:= 1 } -> " disc" ; " discs" ),
    game_over_words(More).
event_words([game_over]) --> "the game is over".

game_over_words([]) --> [].
game_over_words([game_over]) --> ": the game is over".

% play(+Move, +Player, +Board0, -Board, -Events)
play(pass, _, Board, Board, []).
play(sq(R, C), Player, Board0, Board, [flipped(N)]) :-
    flipped_by(Board0, Player, sq(R, C), Flipped),
    length(Flipped, N),
    put_discs(Board0, [sq(R, C)|Flipped], Player, Board).


/* ---------------------------------------------------------------------
   The end of the game
   --------------------------------------------------------------------- */

%% outcome(+State, -Outcome)
% ongoing while a side can move; then over([Black, White], Result) with
% the discs of each side, Result winner(P) for the side with more discs,
% tie([1,2]) when they have as many.
%   ?- initial_state([size(4)], S0), apply_move(S0, sq(1,2), S, _),
%      outcome(S, O).
%   O = ongoing.
outcome(State, Outcome) :-
    (   to_move(State, _) ->
        Outcome = ongoing
    ;   scores(State, [Black, White]),
        (   Black > White -> Result = winner(1)
        ;   White > Black -> Result = winner(2)
        ;   Result = tie([1, 2])
        ),
        Outcome = over([Black, White], Result)
    ).


/* ---------------------------------------------------------------------
   Notation
   --------------------------------------------------------------------- */

%% move_text(+State, ?Move)//
% The text of a move, both ways: "d3" (canonical, the first solution when
% Move is bound), "D3", or "pass" in any case, with blanks allowed
% around. Parsing never throws; it does not look at the board, so "j9"
% reads as sq(9,10) on 8 x 8 and explain_illegal/3 says what is wrong with
% it.
%   ?- move_text(_, sq(3,4), Cs, []).
%   Cs = "d3".
%   ?- move_text(_, M, " PASS", []).
%   M = pass.
% (The nonterminals are called directly, never through phrase/2,3: in
% Scryer 0.10 phrase/3 may find a nonterminal of the same name in another
% loaded module.)
move_text(_, sq(R, C)) -->
    notation:blanks, column(C), small_number(R), notation:blanks.
move_text(_, pass) -->
    notation:blanks, word([p, a, s, s]), notation:blanks.

% column(?C)//: a column's letter, either case (lower case when printing).
column(C) --> [Letter], { column_letter(Letter, C) }.

column_letter(a, 1). column_letter(b, 2). column_letter(c, 3).
column_letter(d, 4). column_letter(e, 5). column_letter(f, 6).
column_letter(g, 7). column_letter(h, 8). column_letter(i, 9).
column_letter(j, 10).
column_letter('A', 1). column_letter('B', 2). column_letter('C', 3).
column_letter('D', 4). column_letter('E', 5). column_letter('F', 6).
column_letter('G', 7). column_letter('H', 8). column_letter('I', 9).
column_letter('J', 10).

% small_number(?N)//: the row numbers, 1 to 10.
small_number(1) --> "1".  small_number(2) --> "2".  small_number(3) --> "3".
small_number(4) --> "4".  small_number(5) --> "5".  small_number(6) --> "6".
small_number(7) --> "7".  small_number(8) --> "8".  small_number(9) --> "9".
small_number(10) --> "10".

% word(+Letters)//: Letters, each in lower or upper case (lower case when
% printing).
word([]) --> [].
word([L|Ls]) --> [C], { either_case(L, C) }, word(Ls).

either_case(L, C) :-
    (   var(C) -> C = L
    ;   C == L -> true
    ;   atom(C), atom_length(C, 1),
        char_code(L, Lower), char_code(C, Code),
        Code =:= Lower - 32
    ).


% square_name(+Square)//: how messages name a square: d3, or sq(R,C)
% when it has no name.
square_name(sq(R, C)) -->
    { column_letter(Letter, C) }, [Letter], small_number(R), !.
square_name(Square) -->
    notation:quoted(Square).


/* ---------------------------------------------------------------------
   Explaining illegal moves
   --------------------------------------------------------------------- */

%% explain_illegal(+State, +Move, -Message)
% Message (a list of characters) says why Move is not legal; fails for a
% legal move.
%   ?- initial_state([], S), explain_illegal(S, sq(3,3), M).
%   M = "c3 does not flank any white disc: a disc must close a line of white discs with a black one".
explain_illegal(State, Move, Message) :-
    \+ legal_move(State, Move),
    reason(State, Move, Message, []).

% The first reason that applies.
reason(State, _) -->
    { \+ to_move(State, _) }, !,
    "the game is over".
reason(othello(_, Board, Turn, _, _), pass) --> !,
    { placements(Board, Turn, [Square|_]) },
    side(Turn), " cannot pass: it has a move, such as ", square_name(Square).
reason(_, Move) -->
    { \+ ( nonvar(Move), Move = sq(R, C), integer(R), integer(C) ) }, !,
    notation:quoted(Move),
    " is not a move: a move is the square of the new disc, such as d3,",
    " or pass".
reason(othello(Size, Board, _, _, _), Square) -->
    { \+ disc_on(Board, Square, _) }, !,
    "there is no square ", square_name(Square), " on this ",
    decimal(Size), " x ", decimal(Size), " board".
reason(othello(_, Board, _, _, _), Square) -->
    { \+ disc_on(Board, Square, 0) }, !,
    square_name(Square), " is already taken".
reason(othello(_, Board, Turn, _, _), Square) -->
    { opponent(Turn, Other) },
    square_name(Square), " does not flank any ", colour(Other),
    " disc: a disc must close a line of ", colour(Other),
    " discs with a ", colour(Turn), " one",
    must_pass(Board, Turn).

% must_pass(+Board, +Player)//: says so when Player has no square at all.
must_pass(Board, Player) -->
    (   { can_place(Board, Player) } -> []
    ;   " (", side(Player), " has no move and must pass)"
    ).

side(1) --> "Black".
side(2) --> "White".

colour(1) --> "black".
colour(2) --> "white".

decimal(N) --> { number_chars(N, Cs) }, seq(Cs).


/* ---------------------------------------------------------------------
   The view
   --------------------------------------------------------------------- */

%% view(+State, -View)
% The board as game.pl's board(squares(Size, Size), Items): a plain disc
% piece(R, C, Player, "") for each disc, the last disc marked `last`, the
% squares the player to move may play marked `hint`, the column letters
% under the board and the row numbers 1..Size down its left side (as the
% notation counts them), black and white, a plain board, and a caption
% with the discs of each side (and who passed, after a pass).
%   ?- initial_state([size(4)], S), view(S, V).
%   V = board(squares(4,4), [piece(2,2,2,""), piece(2,3,1,""),
%             piece(3,2,1,""), piece(3,3,2,""), mark(sq(1,2),hint), ...,
%             caption("Black 2, White 2")]).
view(State, board(squares(Size, Size), Items)) :-
    State = othello(Size, Board, Turn, Last, _),
    findall(piece(R, C, Disc, ""),
            ( between(1, Size, R),
              between(1, Size, C),
              disc_on(Board, sq(R, C), Disc),
              Disc =\= 0 ),
            Pieces),
    (   Last = sq(_, _) -> LastMarks = [mark(Last, last)]
    ;   LastMarks = []
    ),
    (   to_move(State, _) ->
        placements(Board, Turn, Squares),
        findall(mark(Square, hint), member(Square, Squares), Hints)
    ;   Hints = []
    ),
    findall([Letter], ( between(1, Size, C),
                        once(column_letter(Letter, C)) ),
            Bottom),
    findall(Label, ( between(1, Size, R), number_chars(R, Label) ), Left),
    caption(State, Caption),
    append([Pieces, LastMarks, Hints,
            [labels(bottom, Bottom), labels(left, Left),
             colours([black, white]), look(plain)],
            Caption],
           Items).

% caption(+State, -Captions): the discs of each side; after a pass, who
% passed.
caption(State, Captions) :-
    scores(State, [Black, White]),
    disc_count(Black, White, Count, []),
    State = othello(_, _, Turn, Last, _),
    (   Last == pass ->
        opponent(Turn, Passer),
        passed(Passer, Passed, []),
        Captions = [caption(Count), caption(Passed)]
    ;   Captions = [caption(Count)]
    ).

disc_count(Black, White) -->
    "Black ", decimal(Black), ", White ", decimal(White).

passed(Player) -->
    side(Player), " had no move and passed".

%% move_regions(+State, +Move, -Regions)
% A disc is placed by a click on its square, [sq(R, C)]; a pass has no
% square, []. Fails for other terms.
%   ?- initial_state([], S), move_regions(S, sq(3,4), Rs).
%   Rs = [sq(3,4)].
move_regions(othello(_, Board, _, _, _), sq(R, C), [sq(R, C)]) :-
    disc_on(Board, sq(R, C), _).
move_regions(_, pass, []).


/* ---------------------------------------------------------------------
   An evaluation for the generic alpha-beta player
   --------------------------------------------------------------------- */

%% evaluation(+State, +Player, -Value)
% How good State looks for Player, from -1000 to 1000: 1000 for a game
% Player has won, -1000 for one it has lost, 0 for a draw. While the game
% goes on, the three things every Othello player counts, Player's minus
% the opponent's: mobility (squares to play) times 10, corners times 50,
% discs times 1; kept within -999..999.
%   ?- initial_state([], S), evaluation(S, 1, V).
%   V = 0.
evaluation(State, Player, Value) :-
    outcome(State, Outcome),
    opponent(Player, Other),
    (   Outcome = over(_, Result) ->
        (   Result == winner(Player) -> Value = 1000
        ;   Result == winner(Other) -> Value = -1000
        ;   Value = 0
        )
    ;   State = othello(_, Board, _, _, _),
        placements(Board, Player, Mine),
        placements(Board, Other, Theirs),
        length(Mine, M1), length(Theirs, M2),
        corners(Board, Player, K1), corners(Board, Other, K2),
        count_discs(Board, Player, D1), count_discs(Board, Other, D2),
        Raw is 10 * (M1 - M2) + 50 * (K1 - K2) + (D1 - D2),
        Value is max(-999, min(999, Raw))
    ).

% corners(+Board, +Player, -N): N corners hold Player's discs.
corners(Board, Player, N) :-
    functor(Board, _, Size),
    findall(x, ( member(R, [1, Size]),
                 member(C, [1, Size]),
                 disc_on(Board, sq(R, C), Player) ),
            Xs),
    length(Xs, N).
