/* A player for the king-and-pawn chase, written as the assignment asks.

This file is the template a student starts from. It plays both colours
with the assignment's four functions, in Prolog:

    (branco-inicia)          white_start(-Move)
    (branco-responde jogada) white_reply(+BlackMove, -Move)
    (preto-inicia jogada)    black_start(+WhiteMove, -Move)
    (preto-responde jogada)  black_reply(+WhiteMove, -Move)

A square is the list [L, C]: row L and column C, both 1..8 — the Lisp
(l c). The moves given and the moves answered are the squares the kings go
to, like the assignment's game record "(7 1) (2 7) ...".

How to play it in tabula (each player gets its own Prolog machine, with
the rules loaded and then this file consulted into it):

    tabula play kingpawn --p1 examples/kingpawn_player.pl --p2 perfect

The rules are in prolog/games/kingpawn/kingpawn.pl; this file does not use them: it
keeps its own picture of the board and its own little move generator, as a
student's program has to. Its memory between two calls is one dynamic
fact, board/3.

What it plays — simple on purpose, and beaten by the perfect players:

  * White walks towards the pawn: of the squares it may go to, the one
    nearest the pawn (the pawn's own square, when it can take it).
  * Black keeps its king near the pawn, to guard it: of the squares it may
    go to, the one nearest the pawn, and among those the farthest from the
    white king.

Improve it: that is the assignment.
*/

:- use_module(library(lists)).
:- use_module(library(between)).

% board(WhiteKing, BlackKing, Pawn): where the pieces are, as this player
% knows it. Updated after every move, its own and the opponent's.
:- dynamic(board/3).

% given_start(Position): the position tabula announced with new_game/1,
% waiting to be used by the first move.
:- dynamic(given_start/1).


/* ---------------------------------------------------------------------
   The four functions of the assignment
   --------------------------------------------------------------------- */

% (branco-inicia): White's first move.
white_start(Move) :-
    start_position(White, Black, Pawn),
    white_choice(White, Black, Pawn, Move),
    remember(Move, Black, Pawn).

% (branco-responde jogada): White's next move, given Black's last.
white_reply(BlackMove, Move) :-
    board(White, _, Pawn),
    white_choice(White, BlackMove, Pawn, Move),
    remember(Move, BlackMove, Pawn).

% (preto-inicia jogada): Black's first move, given White's first. (From a
% start where Black moves first, WhiteMove is `none`.)
black_start(WhiteMove, Move) :-
    start_position(White0, Black, Pawn),
    (   WhiteMove == none -> White = White0 ; White = WhiteMove ),
    black_choice(White, Black, Pawn, Move),
    remember(White, Move, Pawn).

% (preto-responde jogada): Black's next move, given White's last.
black_reply(WhiteMove, Move) :-
    board(_, Black, Pawn),
    black_choice(WhiteMove, Black, Pawn, Move),
    remember(WhiteMove, Move, Pawn).

% new_game(+Position): not in the assignment. tabula calls it, when a
% player file defines it, just before the player's first move, with the
% position as it stands then: position(WhiteKing, BlackKing, Pawn,
% WhiteMovesMade, Limit). Thanks to it this player can start from any
% position, not only from the assignment's diagram.
new_game(position(White, Black, Pawn, _Made, _Limit)) :-
    retractall(given_start(_)),
    assertz(given_start(position(White, Black, Pawn))).


/* ---------------------------------------------------------------------
   Memory
   --------------------------------------------------------------------- */

% start_position(-White, -Black, -Pawn): the position of the first move:
% the one new_game/1 gave (used once), or else the assignment's diagram.
start_position(White, Black, Pawn) :-
    (   retract(given_start(position(White, Black, Pawn))) ->
        true
    ;   White = [8, 1], Black = [1, 7], Pawn = [1, 8]
    ).

remember(White, Black, Pawn) :-
    retractall(board(_, _, _)),
    assertz(board(White, Black, Pawn)).


/* ---------------------------------------------------------------------
   The board and the moves
   --------------------------------------------------------------------- */

% distance(+Square1, +Square2, -D): how many king moves apart they are,
% max(|delta-l|, |delta-c|).
distance([L1, C1], [L2, C2], D) :-
    D is max(abs(L1 - L2), abs(C1 - C2)).

% next_square(+Square, -Next): a square of the board next to Square.
next_square([L, C], [L1, C1]) :-
    between(-1, 1, DL),
    between(-1, 1, DC),
    ( DL =\= 0 ; DC =\= 0 ),
    L1 is L + DL,
    C1 is C + DC,
    between(1, 8, L1),
    between(1, 8, C1).

% white_may_go(+White, +Black, -To): the white king on White may go to To:
% next to it, and not next to the black king (kings never touch).
white_may_go(White, Black, To) :-
    next_square(White, To),
    distance(To, Black, D),
    D >= 2.

% black_may_go(+White, +Black, +Pawn, -To): the same for the black king,
% which may not stand on its own pawn either.
black_may_go(White, Black, Pawn, To) :-
    next_square(Black, To),
    distance(To, White, D),
    D >= 2,
    To \== Pawn.


/* ---------------------------------------------------------------------
   Choosing a move
   --------------------------------------------------------------------- */

% white_choice(+White, +Black, +Pawn, -Move): the square nearest the pawn.
% (White always has a move: one black king cannot cover every square
% around the white king.)
white_choice(White, Black, Pawn, Move) :-
    findall(D-To,
            ( white_may_go(White, Black, To),
              distance(To, Pawn, D) ),
            Scored),
    keysort(Scored, [_-Move|_]).

% black_choice(+White, +Black, +Pawn, -Move): the square nearest the pawn,
% and among those the farthest from the white king. (When Black has no
% move at all the game is over — it has lost — and tabula does not ask.)
black_choice(White, Black, Pawn, Move) :-
    findall(Key-To,
            ( black_may_go(White, Black, Pawn, To),
              distance(To, Pawn, Near),
              distance(To, White, Far),
              Key = Near-Minus,
              Minus is -Far ),
            Scored),
    keysort(Scored, [_-Move|_]).
