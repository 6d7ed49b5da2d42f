/** Tic-tac-toe: a whole game for tabula in one file (docs/new-game.md walks through it).

The rules, as every child learns them:
  * Two players, X (player 1) and O (player 2), take turns; X starts.
  * A move puts the mover's mark on an empty square of the 3 x 3 grid.
  * Three marks of one player in a row, a column or a diagonal win.
  * A full grid without a line is a draw.

A square is written as in chess, column letter then row number from the
bottom: a1 is the bottom-left corner, c3 the top-right one.
*/
:- module(tictactoe, [game_info/1, initial_state/2, players/2, to_move/2,
                      legal_move/2, legal_moves/2, apply_move/4, outcome/2,
                      move_text//2, explain_illegal/3, view/2, move_regions/3,
                      check_options/1, max_plies/2]).

:- use_module(library(lists)).
:- use_module(library(dcgs)).
:- use_module(library(between)).
:- use_module(library(iso_ext)).

%% game_info(-Facts)
% What tabula tells people about the game (prolog/core/game.pl documents each fact).
game_info([
    title("Tic-tac-toe"),
    aliases(['tic-tac-toe', noughts_and_crosses]),
    summary("X and O take turns marking the squares of a 3 x 3 grid. Three in a row, a column or a diagonal wins; a full grid is a draw."),
    notation("A move is the square to mark: its column letter a, b or c and its row number 1, 2 or 3 from the bottom, such as b2 for the centre."),
    notation_hint("type a square, e.g. b2 or a3"),
    sides(["X", "O"]),
    championship([scoring(points), random_start(false), self_games(false)])
]).

/* A state is ttt(Marks, Mover): Marks lists the marks made as m(Square, Player),
   newest first; a Square is sq(Column, Row), both 1..3, row 1 at the bottom. */

%% initial_state(+Options, -State)
% The empty grid, X to move. Tic-tac-toe has no options.
%   ?- initial_state([], S).
%   S = ttt([], 1).
initial_state(_, ttt([], 1)).

%% players(+State, -N)
players(_, 2).

%% to_move(+State, -Player)
% Player moves next; fails once the game is over.
to_move(State, Player) :-
    outcome(State, ongoing),
    State = ttt(_, Player).

%% legal_move(+State, ?Move)
% Move is an empty square while the game goes on.
legal_move(State, sq(C, R)) :-
    outcome(State, ongoing),
    State = ttt(Marks, _),
    member(C, [1, 2, 3]),
    member(R, [1, 2, 3]),
    \+ memberchk(m(sq(C, R), _), Marks).

%% legal_moves(+State, -Moves)
legal_moves(State, Moves) :-
    findall(M, legal_move(State, M), Moves).

%% apply_move(+State, +Move, -NewState, -Events)
% The mover marks the square and the turn passes; no events.
apply_move(State, Move, ttt([m(Move, P)|Marks], Next), []) :-
    ground(Move),
    legal_move(State, Move),
    State = ttt(Marks, P),
    Next is 3 - P.

%% outcome(+State, -Outcome)
% A line of three wins; a full grid without one is a draw.
outcome(ttt(Marks, _), Outcome) :-
    (   member(P, [1, 2]), line(Line), all_marked(Line, P, Marks) ->
        (   P =:= 1 -> Outcome = over([1, 0], winner(1))
        ;   Outcome = over([0, 1], winner(2))
        )
    ;   length(Marks, 9) -> Outcome = over([0, 0], tie([1, 2]))
    ;   Outcome = ongoing
    ).

all_marked(Line, P, Marks) :-
    forall(member(Sq, Line), memberchk(m(Sq, P), Marks)).

% line(-Squares): the eight lines of three.
line([sq(1,R), sq(2,R), sq(3,R)]) :- member(R, [1, 2, 3]).
line([sq(C,1), sq(C,2), sq(C,3)]) :- member(C, [1, 2, 3]).
line([sq(1,1), sq(2,2), sq(3,3)]).
line([sq(1,3), sq(2,2), sq(3,1)]).

%% move_text(+State, ?Move)//
% A square as a letter and a digit, "b2"; blanks around it are allowed.
move_text(_, sq(C, R)) --> blanks, column(C), row(R), blanks.

column(1) --> "a".
column(2) --> "b".
column(3) --> "c".
row(1) --> "1".
row(2) --> "2".
row(3) --> "3".

blanks --> [C], { C == ' ' }, !, blanks.
blanks --> [].

%% explain_illegal(+State, +Move, -Message)
explain_illegal(State, Move, Message) :-
    \+ legal_move(State, Move),
    (   \+ outcome(State, ongoing) -> Message = "the game is over"
    ;   Move = sq(C, R), integer(C), integer(R), between(1, 3, C), between(1, 3, R) ->
        Message = "that square is already marked"
    ;   Message = "not a square of the grid"
    ).

%% view(+State, -Board)
% The grid in the board vocabulary of prolog/core/game.pl: X and O as pieces,
% row 3 drawn at the top, labelled as the notation writes squares.
view(ttt(Marks, _), board(squares(3, 3), Items)) :-
    findall(piece(Top, C, P, Glyph),
            ( member(m(sq(C, R), P), Marks),
              Top is 4 - R,
              nth1(P, ["X", "O"], Glyph) ),
            Pieces),
    append(Pieces, [labels(left, ["3", "2", "1"]), labels(bottom, ["a", "b", "c"]),
                    colours([blue, orange]), look(plain)], Items).

%% move_regions(+State, +Move, -Regions)
% A move is made by clicking its square.
move_regions(_, sq(C, R), [sq(Top, C)]) :-
    integer(C), integer(R),
    Top is 4 - R.

%% check_options(-OptionLists)
check_options([[]]).

%% max_plies(+State, -N)
max_plies(ttt(Marks, _), N) :-
    length(Marks, K),
    N is 9 - K.
