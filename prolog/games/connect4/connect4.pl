/** Connect Four: the rules.

Connect Four was published by Milton Bradley in 1974 (designed by Howard
Wexler and Ned Strongin). This module is its rulebook, as the instructions
in the box state it, written as a game module for tabula (game.pl
documents the contract that every game module follows; this file does not
need it).

The rules, with tabula's choices marked:

  * The board is an upright frame of 7 columns and 6 rows of holes.
    CHOICE: the options cols(N) and rows(N) choose any size from 4 to 10.
  * Two players, Red (player 1) and Yellow (player 2), take turns. Red
    goes first. CHOICE: the rulebook lets the players decide who starts.
  * On a turn a player drops one disc of their colour into a column that
    is not full. The disc falls to the lowest empty hole of that column.
  * The first player to get four discs of their colour in a row wins:
    across, up and down, or diagonally. CHOICE: the option connect(N)
    asks for a line of N discs instead, 3 to 6.
  * When the frame is full and nobody has four in a row, the game is a
    draw.

Coordinates: columns C = 1..Cols from the left, written a, b, c, ...;
heights H = 1..Rows from the bottom. (The board view counts its rows from
the top, as every view does: view row R = Rows - H + 1.)

A move is drop(C): a disc into column C. The mover is always the side to
move, so the column is the whole move.

Notation (move_text//2): the column's letter, "d" (the canonical text);
also an upper-case letter, "D", or the column's number, "4". Blanks may
come before and after.

The state:

    connect4(Size, Columns, Turn, Last, Result)

  * Size: size(Cols, Rows, Connect), the frame and the length of a
    winning line.
  * Columns: one list per column, column a first; each holds the discs of
    its column from the bottom up, 1 for Red and 2 for Yellow. A column's
    length is how full it is.
  * Turn: the player to move, 1 or 2 (meaningless once the game is over).
  * Last: none, or at(C, H), the disc dropped last.
  * Result: ongoing, won(Player) or draw.

Events of apply_move/4: [in_a_row(N)] when the move makes a line of N
(N the option connect, 4 by default) and wins, [board_full] when it fills
the frame without one (a draw), [] otherwise.
*/

:- module(connect4, [game_info/1,
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
                     move_area/3,
                     events_text/3,
                     evaluation/3,
                     option/4,
                     disc_at/4,
                     landing_height/3]).

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
    title("Connect Four"),
    aliases([connect_four, 'connect-four', four, 'four-in-a-row']),
    summary("Red and Yellow take turns dropping a disc into one of the seven columns of an upright frame; the disc falls to the lowest empty hole. The first to line up four discs of their colour, across, up and down or diagonally, wins. A full frame with no four in a row is a draw."),
    notation("A move is the column the disc is dropped into: its letter, a to g from the left (the letters under the board), or its number, 1 to 7. On a wider board the letters and numbers go on: h, i, j or 8, 9, 10."),
    notation_hint("try d, or a column number such as 4"),
    sides(["Red", "Yellow"]),
    fast('connect4_fast.pl'),
    options([option(cols, integer(4, 10), 7, "Columns"),
             option(rows, integer(4, 10), 6, "Rows"),
             option(connect, integer(3, 6), 4, "Discs in a row that win")]),
    championship([scoring(points), random_start(false), self_games(false)])
]).

%% option(?Name, -Min, -Max, -Default)
% The options of initial_state/2: Name(Value), Value an integer from Min to
% Max, Default when the option is not given.
%   ?- option(cols, Min, Max, Default).
%   Min = 4, Max = 10, Default = 7.
option(cols, 4, 10, 7).
option(rows, 4, 10, 6).
option(connect, 3, 6, 4).

%% initial_state(+Options, -State)
% State is the empty frame that Options describe: cols(N), rows(N) and
% connect(N) (see option/4). Unknown options are ignored; when an option
% is given twice the first one counts. A value that is not an integer
% throws a type_error, one out of range a domain_error whose domain names
% the range, e.g. domain_error(rows_between_4_and_10, 11).
%   ?- initial_state([cols(4), rows(5)], S).
%   S = connect4(size(4,5,4), [[],[],[],[]], 1, none, ongoing).
initial_state(Options, State) :-
    State = connect4(size(Cols, Rows, Connect), Columns, 1, none, ongoing),
    must_be(list, Options),
    option_value(cols, Options, Cols),
    option_value(rows, Options, Rows),
    option_value(connect, Options, Connect),
    length(Columns, Cols),
    maplist(=([]), Columns).

%% option_value(+Name, +Options, -Value)
% The value of option Name.
option_value(Name, Options, Value) :-
    option(Name, Min, Max, Default),
    Option =.. [Name, Value0],
    (   memberchk(Option, Options) ->
        must_be(integer, Value0),
        (   between(Min, Max, Value0) -> Value = Value0
        ;   range_name(Name, Min, Max, Domain),
            domain_error(Domain, Value0, initial_state/2)
        )
    ;   Value = Default
    ).

% range_name(+Name, +Min, +Max, -Domain): rows_between_4_and_10.
range_name(Name, Min, Max, Domain) :-
    atom_chars(Name, N),
    number_chars(Min, A),
    number_chars(Max, B),
    append([N, "_between_", A, "_and_", B], Cs),
    atom_chars(Domain, Cs).

%% check_options(-OptionLists)
% The option lists the conformance check plays: the standard frame, the
% smallest, a short line on a narrow frame, and the largest with a line
% of six.
check_options([[],
               [cols(4), rows(4)],
               [cols(5), rows(4), connect(3)],
               [cols(10), rows(10), connect(6)]]).


/* ---------------------------------------------------------------------
   Reading the state
   --------------------------------------------------------------------- */

%% players(+State, -N)
% Two players: 1 is Red, 2 is Yellow.
players(_, 2).

%% to_move(+State, -Player)
% Player is the side to move; fails when the game is over.
%   ?- initial_state([], S), to_move(S, P).
%   P = 1.
to_move(connect4(_, _, Turn, _, ongoing), Turn).

%% disc_at(+State, +C, +H, ?Disc)
% Disc (1 Red, 2 Yellow) is in column C at height H (1 at the bottom).
% Fails for an empty hole or a square off the frame.
disc_at(connect4(_, Columns, _, _, _), C, H, Disc) :-
    disc_in(Columns, C, H, Disc).

disc_in(Columns, C, H, Disc) :-
    C >= 1, H >= 1,
    nth1(C, Columns, Column),
    nth1(H, Column, Disc).

%% landing_height(+State, +C, -H)
% A disc dropped into column C lands at height H, on top of the discs
% already there. Fails when C is not a column of the frame or is full.
%   ?- initial_state([], S), landing_height(S, 4, H).
%   H = 1.
landing_height(connect4(size(Cols, Rows, _), Columns, _, _, _), C, H) :-
    integer(C),
    between(1, Cols, C),
    nth1(C, Columns, Column),
    length(Column, Filled),
    Filled < Rows,
    H is Filled + 1.

%% max_plies(+State, -N)
% Every move fills a hole: N is the number of empty holes (0 once the game
% is over).
max_plies(State, N) :-
    State = connect4(size(Cols, Rows, _), Columns, _, _, Result),
    (   Result == ongoing ->
        discs(Columns, Discs),
        N is Cols * Rows - Discs
    ;   N = 0
    ).

discs(Columns, N) :-
    append(Columns, Discs),
    length(Discs, N).


/* ---------------------------------------------------------------------
   The rules
   --------------------------------------------------------------------- */

%% legal_move(+State, ?Move)
% While the game goes on, a disc may be dropped into any column that is
% not full: Move is drop(C). Enumerates the moves in the order of
% legal_moves/2 (Move unbound), or checks one (any other term fails).
%   ?- initial_state([cols(4)], S), legal_move(S, M).
%   M = drop(1) ; M = drop(2) ; M = drop(3) ; M = drop(4).
legal_move(State, drop(C)) :-
    (   var(C) -> true ; integer(C) ),
    open_column(State, C).

%% legal_moves(+State, -Moves)
% Moves are the legal drops, column a first; [] once the game is over.
legal_moves(State, Moves) :-
    findall(drop(C), open_column(State, C), Moves).

% open_column(+State, ?C): the game goes on and column C is not full.
open_column(State, C) :-
    State = connect4(size(Cols, _, _), _, _, _, ongoing),
    between(1, Cols, C),
    landing_height(State, C, _).

%% apply_move(+State0, +Move, -State, -Events)
% The player to move drops a disc into the column; it lands on top of the
% column. A line of Connect discs through it wins ([in_a_row(Connect)]);
% otherwise a full frame is a draw ([board_full]); otherwise the turn
% passes ([]). Fails if Move is not legal.
%   ?- initial_state([], S0), apply_move(S0, drop(4), S, E).
%   S = connect4(size(7,6,4), [[],[],[],[1],[],[],[]], 2, at(4,1), ongoing),
%   E = [].
apply_move(State0, Move, State, Events) :-
    ground(Move),
    legal_move(State0, Move),
    Move = drop(C),
    landing_height(State0, C, H),
    State0 = connect4(Size, Columns0, Turn, _, _),
    Size = size(_, Rows, Connect),
    drop_disc(Columns0, C, Turn, Columns),
    (   in_a_row(Columns, C, H, Connect) ->
        Result = won(Turn), Events = [in_a_row(Connect)]
    ;   frame_full(Rows, Columns) ->
        Result = draw, Events = [board_full]
    ;   Result = ongoing, Events = []
    ),
    Next is 3 - Turn,
    State = connect4(Size, Columns, Next, at(C, H), Result).

% drop_disc(+Columns0, +C, +Disc, -Columns): Disc on top of column C.
drop_disc([Column0|Columns], 1, Disc, [Column|Columns]) :-
    append(Column0, [Disc], Column).
drop_disc([Column|Columns0], C, Disc, [Column|Columns]) :-
    C > 1,
    C1 is C - 1,
    drop_disc(Columns0, C1, Disc, Columns).

% The four lines through a hole: across, up and down, and the two
% diagonals. Each is walked both ways.
line_direction(1, 0).
line_direction(0, 1).
line_direction(1, 1).
line_direction(1, -1).

% in_a_row(+Columns, +C, +H, +Connect): the disc at (C, H) is part of a
% line of at least Connect discs of its colour.
in_a_row(Columns, C, H, Connect) :-
    disc_in(Columns, C, H, Disc),
    line_direction(DC, DH),
    run_length(Columns, C, H, DC, DH, Disc, Ahead),
    BackC is -DC, BackH is -DH,
    run_length(Columns, C, H, BackC, BackH, Disc, Behind),
    Ahead + 1 + Behind >= Connect,
    !.

% run_length(+Columns, +C, +H, +DC, +DH, +Disc, -N): going from (C, H) in
% steps of (DC, DH), the next N holes hold discs of colour Disc.
run_length(Columns, C0, H0, DC, DH, Disc, N) :-
    C is C0 + DC,
    H is H0 + DH,
    (   disc_in(Columns, C, H, Disc) ->
        run_length(Columns, C, H, DC, DH, Disc, N0),
        N is N0 + 1
    ;   N = 0
    ).

% frame_full(+Rows, +Columns): every column holds Rows discs.
frame_full(Rows, Columns) :-
    maplist(column_full(Rows), Columns).

column_full(Rows, Column) :-
    length(Column, Rows).


/* ---------------------------------------------------------------------
   The end of the game
   --------------------------------------------------------------------- */

%% outcome(+State, -Outcome)
% ongoing while the game goes on; over([1,0], winner(1)) when Red has
% made its line, over([0,1], winner(2)) when Yellow has, and
% over([0,0], tie([1,2])) for a draw.
outcome(connect4(_, _, _, _, Result), Outcome) :-
    result_outcome(Result, Outcome).

result_outcome(ongoing, ongoing).
result_outcome(won(1), over([1, 0], winner(1))).
result_outcome(won(2), over([0, 1], winner(2))).
result_outcome(draw, over([0, 0], tie([1, 2]))).


/* ---------------------------------------------------------------------
   Notation
   --------------------------------------------------------------------- */

%% move_text(+State, ?Move)//
% The text of a move, both ways: the column's letter (canonical, the first
% solution when Move is bound), an upper-case letter, or the column's
% number, with blanks allowed around. Parsing never throws; it does not
% look at the frame, so "h" reads as drop(8) on 7 columns and
% explain_illegal/3 says what is wrong with it.
%   ?- move_text(_, drop(4), Cs, []).
%   Cs = "d".
%   ?- move_text(_, M, " 4 ", []).
%   M = drop(4).
% (The nonterminals are called directly, never through phrase/2,3: in
% Scryer 0.10 phrase/3 may find a nonterminal of the same name in another
% loaded module.)
move_text(_, drop(C)) -->
    notation:blanks, column(C), notation:blanks.

% column(?C)//: a column's letter, or its number.
column(C) --> [Letter], { column_letter(Letter, C) }.
column(C) --> small_number(C).

%% column_letter(?Letter, ?C)
% Lower case first, so that printing writes lower case.
column_letter(a, 1). column_letter(b, 2). column_letter(c, 3).
column_letter(d, 4). column_letter(e, 5). column_letter(f, 6).
column_letter(g, 7). column_letter(h, 8). column_letter(i, 9).
column_letter(j, 10).
column_letter('A', 1). column_letter('B', 2). column_letter('C', 3).
column_letter('D', 4). column_letter('E', 5). column_letter('F', 6).
column_letter('G', 7). column_letter('H', 8). column_letter('I', 9).
column_letter('J', 10).

% small_number(?N)//: the numbers a move can hold, 1 to 10.
small_number(1) --> "1".  small_number(2) --> "2".  small_number(3) --> "3".
small_number(4) --> "4".  small_number(5) --> "5".  small_number(6) --> "6".
small_number(7) --> "7".  small_number(8) --> "8".  small_number(9) --> "9".
small_number(10) --> "10".


% column_name(+C)//: how messages and labels name column C: its letter,
% else its number.
column_name(C) --> { column_letter(Letter, C) }, !, [Letter].
column_name(C) --> decimal(C).

decimal(N) --> { number_chars(N, Cs) }, seq(Cs).


/* ---------------------------------------------------------------------
   Explaining illegal moves
   --------------------------------------------------------------------- */

%% explain_illegal(+State, +Move, -Message)
% Message (a list of characters) says why Move is not legal; fails for a
% legal move.
%   ?- initial_state([], S), explain_illegal(S, drop(9), M).
%   M = "there is no column i: the columns are a to g".
explain_illegal(State, Move, Message) :-
    \+ legal_move(State, Move),
    reason(State, Move, Message, []).

% The first reason that applies.
reason(State, _) -->
    { \+ to_move(State, _) }, !,
    "the game is over".
reason(_, Move) -->
    { \+ ( nonvar(Move), Move = drop(C), integer(C) ) }, !,
    notation:quoted(Move),
    " is not a move: a move is the column a disc is dropped into,",
    " its letter (such as d) or its number (such as 4)".
reason(connect4(size(Cols, _, _), _, _, _, _), drop(C)) -->
    { \+ between(1, Cols, C) }, !,
    "there is no column ", column_name(C), ": the columns are a to ",
    column_name(Cols).
reason(_, drop(C)) -->
    "column ", column_name(C), " is full".


/* ---------------------------------------------------------------------
   The view
   --------------------------------------------------------------------- */

%% view(+State, -View)
% The frame as game.pl's board(squares(Rows, Cols), Items): a plain disc
% piece(R, C, Player, "") for each disc (row R from the top), the last
% disc marked, the column letters under the frame and the heights 1..Rows
% (from the bottom) on its left, Red and Yellow, and holes.
%   ?- initial_state([cols(4), rows(4)], S0), apply_move(S0, drop(2), S, _),
%      view(S, V).
%   V = board(squares(4,4), [piece(4,2,1,""), mark(sq(4,2),last),
%             labels(bottom,["a","b","c","d"]), labels(left,["4","3","2","1"]),
%             colours([red,yellow]), look(holes)]).
view(State, board(squares(Rows, Cols), Items)) :-
    State = connect4(size(Cols, Rows, _), Columns, _, Last, _),
    findall(piece(R, C, Disc, ""),
            ( nth1(C, Columns, Column),
              nth1(H, Column, Disc),
              R is Rows - H + 1 ),
            Pieces),
    (   Last = at(LC, LH) ->
        LR is Rows - LH + 1,
        Marks = [mark(sq(LR, LC), last)]
    ;   Marks = []
    ),
    findall(Label, ( between(1, Cols, C), column_name(C, Label, []) ), Bottom),
    findall(Label, ( between(1, Rows, R), H is Rows - R + 1,
                     number_chars(H, Label) ),
            Left),
    append([Pieces, Marks,
            [labels(bottom, Bottom), labels(left, Left),
             colours([red, yellow]), look(holes)]],
           Items).

%% move_regions(+State, +Move, -Regions)
% A drop is made by a click on the hole where the disc would land:
% [sq(R, C)], R counted from the top. Fails for a full column or a move
% that is not a drop into the frame.
%   ?- initial_state([], S), move_regions(S, drop(4), Rs).
%   Rs = [sq(6,4)].
move_regions(State, drop(C), [sq(R, C)]) :-
    landing_height(State, C, H),
    State = connect4(size(_, Rows, _), _, _, _, _),
    R is Rows - H + 1.

%% move_area(+State, +Move, -Squares)
% A disc is dropped by a click anywhere in its column, as a person drops it
% in at the top of the frame: Squares are the column's holes, top to
% bottom. Fails for a full column.
%   ?- initial_state([rows(4), cols(4)], S), move_area(S, drop(2), Sqs).
%   Sqs = [sq(1,2), sq(2,2), sq(3,2), sq(4,2)].
move_area(State, drop(C), Squares) :-
    landing_height(State, C, _),
    State = connect4(size(_, Rows, _), _, _, _, _),
    findall(sq(R, C), between(1, Rows, R), Squares).

%% events_text(+State, +Events, -Chars)
% Chars says Events (see apply_move/4) in words; State is the position the
% move was made in, whose mover it names. Fails for [] (the turn passes).
%   ?- initial_state([], S), events_text(S, [in_a_row(4)], Cs).
%   Cs = "4 in a row: Red wins".
%   ?- events_text(_, [board_full], Cs).
%   Cs = "the frame is full: a draw".
events_text(State, [in_a_row(N)], Chars) :-
    State = connect4(_, _, Turn, _, _),
    phrase(( decimal(N), " in a row: ", side(Turn), " wins" ), Chars).
events_text(_, [board_full], "the frame is full: a draw").

side(1) --> "Red".
side(2) --> "Yellow".


/* ---------------------------------------------------------------------
   An evaluation for the generic alpha-beta player
   --------------------------------------------------------------------- */

%% evaluation(+State, +Player, -Value)
% How good State looks for Player, from -1000 to 1000: 1000 for a game
% Player has won, -1000 for one it has lost, 0 for a draw. While the game
% goes on, Value is Player's sum minus the opponent's, kept within
% -999..999. It is built on the parity of heights: when the frame fills
% up column by column, Red, who moves first, gets the holes of odd height
% and Yellow those of even height (on a frame of an even number of rows),
% so a line the opponent has to let a colour complete at the end is one
% whose empty holes are all at that colour's parity (odd for Red, even
% for Yellow). The search seldom sees that far: the evaluation does. A
% colour's sum counts
%   * each window of Connect holes in a line that holds discs of that
%     colour only: the square of their number, five times over when all
%     its empty holes are at the colour's parity (a window it would
%     complete were the frame filled by parity);
%   * each threat of that colour: an empty hole where a disc of the
%     colour would complete a line of Connect. A threat at a height of
%     the colour's parity is worth 16, any other 8;
%   * 100 when the colour alone has a threat at its parity with no threat
%     of the opponent below it in its column (zugzwang_threat/2): the
%     threat that wins when the frame fills up.
% CHOICE: the parity windows and the zugzwang bonus, and their weights,
% by measure: alphabeta at depth 6 plays a move that keeps the best
% result in 641 of the 698 solved positions of
% bench/connect4_accuracy.pl, where the squares and threats alone kept it
% in 610 (docs/benchmarks.md, "The generic players").
%   ?- initial_state([], S0), apply_move(S0, drop(4), S, _),
%      evaluation(S, 1, V).
%   V = 23.
evaluation(State, Player, Value) :-
    outcome(State, Outcome),
    (   Outcome = over(Scores, _) ->
        Other is 3 - Player,
        nth1(Player, Scores, Mine),
        nth1(Other, Scores, Theirs),
        Value is 1000 * (Mine - Theirs)
    ;   findall(V, window_value(State, Player, V), Vs),
        sum_list(Vs, Windows),
        Other is 3 - Player,
        % Each colour's threats, found once for their worth and the zugzwang.
        findall(C-H, threat(State, Player, C, H), Mine),
        findall(C-H, threat(State, Other, C, H), Theirs),
        threats_worth(Player, Mine, MineWorth),
        threats_worth(Other, Theirs, TheirWorth),
        zugzwang_value(Player, Mine, Theirs, Zugzwang),
        Raw is Windows + MineWorth - TheirWorth + Zugzwang,
        Value is max(-999, min(999, Raw))
    ).

% threats_worth(+Player, +Threats, -V): the worth of Player's threats,
% each C-H (column, height).
threats_worth(Player, Threats, V) :-
    findall(W, ( member(_-H, Threats), threat_worth(Player, H, W) ), Ws),
    sum_list(Ws, V).

threat_worth(Player, H, W) :-
    (   H mod 2 =:= Player mod 2 -> W = 16 ; W = 8 ).

% zugzwang_value(+Player, +Mine, +Theirs, -V): 100 when Player alone has a
% zugzwang threat (among its threats Mine, the opponent's being Theirs),
% -100 when the opponent alone has one, else 0.
zugzwang_value(Player, Mine, Theirs, V) :-
    Other is 3 - Player,
    (   zugzwang_among(Player, Mine, Theirs) -> M = 1 ; M = 0 ),
    (   zugzwang_among(Other, Theirs, Mine) -> T = 1 ; T = 0 ),
    (   M > T -> V = 100
    ;   M < T -> V = -100
    ;   V = 0
    ).

%% zugzwang_threat(+State, +Player)
% Player has a threat at a height of its parity (odd for Red, even for
% Yellow) with no threat of the opponent below it in its column.
% After d d e e c c, Red threatens b1 and f1 (odd: Red's parity) and
% Yellow b2 and f2 above them: zugzwang_threat(S, 1) holds, and
% zugzwang_threat(S, 2) does not.
zugzwang_threat(State, Player) :-
    Other is 3 - Player,
    findall(C-H, threat(State, Player, C, H), Mine),
    findall(C-H, threat(State, Other, C, H), Theirs),
    zugzwang_among(Player, Mine, Theirs).

% zugzwang_among(+Player, +Mine, +Theirs): one of Player's threats Mine is
% a zugzwang threat, the opponent's threats being Theirs.
zugzwang_among(Player, Mine, Theirs) :-
    member(C-H, Mine),
    H mod 2 =:= Player mod 2,
    \+ ( member(C-Below, Theirs), Below < H ),
    !.

%% threat(+State, +Player, -C, -H)
% The hole at column C, height H, is empty, and a disc of Player there
% would complete a line of Connect (the hole need not be playable yet).
% After a a b b c (Red on a1, b1 and c1, Yellow on a2 and b2), Red has
% one threat, d1: threat(S, 1, 4, 1); Yellow has none.
threat(State, Player, C, H) :-
    State = connect4(size(Cols, Rows, Connect), Columns, _, _, _),
    between(1, Cols, C),
    between(1, Rows, H),
    \+ disc_in(Columns, C, H, _),
    once(( line_direction(DC, DH),
           run_length(Columns, C, H, DC, DH, Player, Ahead),
           BackC is -DC, BackH is -DH,
           run_length(Columns, C, H, BackC, BackH, Player, Behind),
           Ahead + 1 + Behind >= Connect )).

% window_value(+State, +Player, -V): one window of the frame with discs
% of one colour only, worth V to Player (negative when they are the
% opponent's): N * N for N discs, five times that when every empty hole
% of the window is at the height parity of the discs' colour.
window_value(State, Player, V) :-
    State = connect4(size(Cols, Rows, Connect), Columns, _, _, _),
    line_direction(DC, DH),
    between(1, Cols, C),
    between(1, Rows, H),
    EndC is C + (Connect - 1) * DC, EndC =< Cols,
    EndH is H + (Connect - 1) * DH, EndH >= 1, EndH =< Rows,
    findall(HK-Hole,
            ( between(1, Connect, K),
              CK is C + (K - 1) * DC,
              HK is H + (K - 1) * DH,
              (   disc_in(Columns, CK, HK, Disc0) -> Hole = Disc0
              ;   Hole = empty
              ) ),
            Holes),
    findall(Disc, ( member(_-Disc, Holes), Disc \== empty ), Discs),
    Discs = [Disc|_],
    maplist(==(Disc), Discs),
    length(Discs, N),
    (   \+ ( member(HK-empty, Holes), HK mod 2 =\= Disc mod 2 ) -> W = 5
    ;   W = 1
    ),
    (   Disc =:= Player -> V is W * N * N
    ;   V is -(W * N * N)
    ).
