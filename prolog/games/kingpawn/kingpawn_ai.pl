/** Computer players for the king-and-pawn chase (kingpawn.pl).

choose_move/5 is the entry point; a Level names a player:

  * random: a legal move drawn uniformly at random. A baseline.
  * greedy: White walks straight at the pawn (a move that ends nearest to
    it: the capture when it can); Black stays as near its pawn as it can.
  * perfect: plays from a tablebase, a retrograde analysis of every
    position with the pawn on its square. White wins as fast as it can
    wherever it can win with the moves it has left; Black survives
    wherever it can, and otherwise puts off its loss as long as it can.

It also holds the adapter that lets a player written as the assignment
asks — the Lisp functions branco-inicia, branco-responde, preto-inicia and
preto-responde, here white_start/1, white_reply/2, black_start/2 and
black_reply/2 in a file consulted into `user` — play in tabula:
file_player_move/2 and /3 (see "Players written as the assignment asks").

All randomness goes through library(random), so set_random(seed(S)) before
a game makes the computer's choices reproducible.

This module calls the rules as kingpawn:Name(...), so kingpawn.pl must be
loaded in the same machine; when it is not (kingpawn:default_limit/1 does
not answer), the first directive below loads kingpawn.pl from the
directory of this file, as dots_ai.pl does for dots.pl.


The tablebase
-------------

Squares are numbered 0..63 here: sq(L,C) is (L-1)*8 + (C-1), and a set of
squares is an integer with one bit per square. For a pawn square P the
positions are the pairs (W, B) of king squares, with White or Black to
move. The analysis works on whole sets at once: for each square W of the
white king, the set of squares B of the black king for which the position
is won for White at a given cost. One step of the analysis is then a few
dozen bit operations per square W, instead of a loop over 8 000 positions.

What the numbers mean (the cost of a win). Take a game in progress in
which White has M moves left. White wins if it captures with one of those M
moves, or if one of its first M-1 moves leaves Black without a legal move
(its M-th move ends the game by the limit first: see the CHOICE in
kingpawn.pl). So count a capture on White's j-th move from now as j, and
Black left without a move after White's j-th move as j+1: White wins
exactly when it can force a win of cost at most M. The tablebase holds the
cost under best play, White minimising and Black maximising it, of every
position:

  * dW(W, B), White to move: 1 + the least dB(W', B) over White's moves W'
    (the capture, W' = P, has dB = 0);
  * dB(W, B), Black to move: the greatest dW(W, B') over Black's moves B';
    1 when Black has no legal move; 0 when White stands on the pawn.

A position that White cannot win at all has no cost (infinite). value/2
compares the cost with the moves White has left.

As sets: Win(n)[W] is the set of B with dW(W,B) =< n and Loss(k)[W] the
set of B with dB(W,B) =< k. Loss(0)[W] is empty, except Loss(0)[P], every
B not next to the pawn (White has taken it). Then, with Legal(W) the
squares where the black king may stand while the white king is on W (not
W, not next to it, not the pawn), and N(X) the squares next to some square
of X:

  Win(n)[W]  = Legal(W) /\ the union of Loss(n-1)[W'] over the squares W'
               next to W (a white move to W' is legal exactly when B is not
               next to W', and Loss(n-1)[W'] only holds such B);
  Loss(k)[W] = Legal(W) minus N(Legal(W) minus Win(k)[W]), for k >= 1:
               every black move from B lands in Win(k)[W] (B has no
               neighbour among the squares Black may go to that are not won
               for White); a B with no move at all is in it, at cost 1. With
               no_legal_move_rule(draw) B must also have a move, a
               neighbour in Legal(W).

The analysis stops when Win(n) = Win(n-1); a position in no Win is one
White cannot win. What each step adds is kept, as one list of sets per
white king square, in the facts white_layers/2 and black_layers/2, built
on the first use of a pawn square and kept (built/1 says which).
*/

:- module(kingpawn_ai, [level_info/2,
                  choose_move/5,
                        levels/1,
                        value/2,
                        position_value/6,
                        build_tablebase/1,
                        tablebase_time/2,
                        stats/2,
                        stats/3,
                        file_player_move/2,
                        file_player_move/3,
                        player_square/2,
                        model_agrees/2,
                        reason_text/2]).


:- use_module(library(lists)).
:- use_module(library(between)).
:- use_module(library(random)).
:- use_module(library(error)).
:- use_module(library(iso_ext)).
:- use_module(library(charsio)).
:- use_module(library(time)).
:- use_module(library(format)).

:- initialization((catch(kingpawn:default_limit(_), _, fail) -> true ; use_module(kingpawn))).
:- initialization(make_tables).

:- dynamic(built/1).
:- dynamic(white_layers/2).
:- dynamic(black_layers/2).
:- dynamic(neighbours/2).
:- dynamic(zone/2).


/* ---------------------------------------------------------------------
   The levels
   --------------------------------------------------------------------- */

%% levels(-Levels)
% Levels are the names of the computer players choose_move/5 knows, from
% the weakest to the strongest.
levels([random, greedy, perfect]).

%% level_info(?Level, -Text)
% Text says in one line how Level plays.
level_info(random, "plays any legal move, at random").
level_info(greedy, "White walks at the pawn; Black stays near it").
level_info(perfect, "plays from a tablebase: wins as fast as it can, loses as slowly as it can").

%% reason_text(+Reason, -Chars)
% Chars says Reason, as choose_move/5 gives it, in words for people.
%   ?- reason_text(perfect(white_wins(5)), Cs).
%   Cs = "perfect play: White takes the pawn in 5 moves".
reason_text(random, "at random").
reason_text(greedy, "the move that ends nearest the pawn").
reason_text(perfect(white_wins(1)), "perfect play: White takes the pawn in 1 move") :- !.
reason_text(perfect(white_wins(N)), Chars) :-
    phrase(format_("perfect play: White takes the pawn in ~d moves", [N]), Chars).
reason_text(perfect(black_wins), "perfect play: Black keeps the pawn to the end").
reason_text(rules_edited(greedy, Why), Chars) :-
    reason_text(Why, WhyChars),
    phrase(format_("the rules were edited, so greedy stands in: ~s", [WhyChars]), Chars).

%% choose_move(+Level, +State, +BudgetMs, -Move, -Reason)
% Move is the move the computer player Level chooses in State, a position
% in which the game is not over, and Reason says why:
%   * random: Level random, any legal move;
%   * greedy: Level greedy, a move ending nearest to the pawn (king
%     distance): White walks straight at it and takes it when it can, Black
%     stays next to it;
%   * perfect(Value): Level perfect; Value is value/2 of State, the
%     tablebase's verdict before the move: white_wins(N) or black_wins.
%     White plays a move of least cost, Black one of greatest cost (a
%     position White cannot win counts as the greatest).
% Among equally good moves each level draws one at random (library(random):
% set_random(seed(S)) makes games reproducible). BudgetMs is the
% time the level may think, in milliseconds; every level here answers at
% once (the perfect one after building the tablebase of the pawn's square
% the first time, see tablebase_time/2) and ignores it. Fails when the
% game is over; throws domain_error(kingpawn_ai_level, Level) for an
% unknown level.
choose_move(Level, State, BudgetMs, Move, Reason) :-
    must_be(integer, BudgetMs),
    (   levels(Levels), memberchk(Level, Levels) -> true
    ;   domain_error(kingpawn_ai_level, Level, choose_move/5)
    ),
    kingpawn:legal_moves(State, Moves),
    Moves \== [],
    (   Level == perfect, \+ catch(game:checked(kingpawn), error(existence_error(_, _), _), fail) ->
        stand_in_move(State, Moves, BudgetMs, Move, Reason)
    ;   level_move(Level, State, Moves, Move, Reason)
    ).

% stand_in_move(+State, +Moves, +BudgetMs, -Move, -Reason): the move of the
% generic player that stands in for the perfect one when the rules no
% longer agree with the tablebase's model (players:stand_in/5; tabula
% loads players.pl when the check fails), or greedy's.
stand_in_move(State, Moves, BudgetMs, Move, Reason) :-
    (   catch(players:levels(_), error(existence_error(_, _), _), fail) ->
        players:stand_in(kingpawn, State, BudgetMs, Move, Reason)
    ;   level_move(greedy, State, Moves, Move, Why),
        Reason = rules_edited(greedy, Why)
    ).

level_move(random, _, Moves, Move, random) :-
    game:random_element(Moves, Move).
level_move(greedy, State, Moves, Move, greedy) :-
    kingpawn:piece_squares(State, _, _, Pawn),
    % Nearest to the pawn: for White the capture when it can, for Black a
    % square next to its pawn, guarding it, when it can.
    scored(Moves, distance_to(Pawn), Scored),
    best(Scored, min, Move).
% The tablebase is built on a model of the rules of its own (king moves
% as sets of squares, see the top), right only while the rules are the
% ones it was written for: tabula checks it against the rules
% (model_agrees/2, accelerators.pl) and says so with game:checked/1. When
% an edited rule no longer agrees, choose_move/5 has the generic players
% stand in.
level_move(perfect, State, Moves, Move, perfect(Value)) :-
    value(State, Value),
    kingpawn:to_move(State, Player),
    kingpawn:piece_squares(State, White, Black, Pawn),
    square_index(Pawn, P),
    square_index(White, W),
    square_index(Black, B),
    perfect_move(Player, P, W, B, Moves, Move).

% perfect_move(+Player, +P, +W, +B, +Moves, -Move): White takes a move of
% least cost, Black one of greatest cost (no cost — a position White
% cannot win — being the greatest of all).
perfect_move(1, P, _, B, Moves, Move) :-
    scored(Moves, white_move_cost(P, B), Scored),
    best(Scored, min, Move).
perfect_move(2, P, W, _, Moves, Move) :-
    scored(Moves, black_move_cost(P, W), Scored),
    best(Scored, max, Move).

% The cost of a move (see the top), as a number: a position White cannot
% win costs no_cost/1, more than any limit anyone will play with.
white_move_cost(P, B, Move, Cost) :-
    square_index(Move, W1),
    (   black_cost(P, W1, B, D) -> Cost is D + 1 ; no_cost(Cost) ).

black_move_cost(P, W, Move, Cost) :-
    square_index(Move, B1),
    (   white_cost(P, W, B1, D) -> Cost = D ; no_cost(Cost) ).

no_cost(1000000).

distance_to(Pawn, Move, D) :-
    kingpawn:king_distance(Move, Pawn, D).

% scored(+Moves, +Scorer, -Scored): Move-Score pairs. Scorer is one of the
% three local predicates above, called with call/3 (no module involved).
scored([], _, []).
scored([M|Ms], Scorer, [M-S|Rest]) :-
    call(Scorer, M, S),
    scored(Ms, Scorer, Rest).

% best(+Scored, +MinOrMax, -Move): a move of the best score, drawn at
% random among equals.
best(Scored, MinOrMax, Move) :-
    pairs_values_(Scored, Scores),
    (   MinOrMax == min -> list_min(Scores, Best) ; list_max(Scores, Best) ),
    findall(M, member(M-Best, Scored), Bests),
    game:random_element(Bests, Move).

pairs_values_([], []).
pairs_values_([_-V|Ps], [V|Vs]) :- pairs_values_(Ps, Vs).


/* ---------------------------------------------------------------------
   The value of a position
   --------------------------------------------------------------------- */

%% value(+State, -Value)
% Value is the verdict of perfect play on State, a kingpawn state. For a
% game in progress, with M = Limit - Made moves left to White:
%   * white_wins(N): White wins by force, and N is the least n such that
%     White would still win by force if it had only n moves left (the
%     limit lowered to Made + n, nothing else changed); 1 =< N =< M;
%   * black_wins: White cannot force a win with the M moves it has left.
% N counts White's moves from here, whoever is to move. When no line of
% best play leaves a side without a legal move, N is simply the number of
% White moves until the capture, the capturing move included, with White
% hurrying and Black delaying it. A win by leaving Black without a legal
% move after White's j-th move from here counts as j + 1, because the
% rules only let it count before White's last move (a White move that
% reaches the limit ends the game first). A finished game is
% white_wins(0) when White has won and black_wins otherwise (Black has won,
% or a draw under kingpawn:no_legal_move_rule(draw): "White cannot win").
% Builds the tablebase of the pawn's square the first time.
value(State, Value) :-
    kingpawn:game_result(State, Result),
    (   Result == ongoing ->
        kingpawn:to_move(State, Player),
        kingpawn:piece_squares(State, White, Black, Pawn),
        kingpawn:moves_left(State, Left),
        position_value(Player, White, Black, Pawn, Left, Value)
    ;   Result = won(1, _) ->
        Value = white_wins(0)
    ;   Value = black_wins
    ).

%% position_value(+Player, +White, +Black, +Pawn, +MovesLeft, -Value)
% Value (as for value/2) of the position of a game in progress with the
% kings on White and Black and the pawn on Pawn (squares sq(L,C)), Player
% (1 or 2) to move and MovesLeft moves left to White. The position must be
% a legal one (not checked). Builds the tablebase the first time.
position_value(Player, White, Black, Pawn, Left, Value) :-
    square_index(White, W),
    square_index(Black, B),
    square_index(Pawn, P),
    (   cost(Player, P, W, B, D), D =< Left ->
        Value = white_wins(D)
    ;   Value = black_wins
    ).

cost(1, P, W, B, D) :- white_cost(P, W, B, D).
cost(2, P, W, B, D) :- black_cost(P, W, B, D).

% white_cost(+P, +W, +B, -D): dW(W, B) with the pawn on P; fails when White
% cannot win. black_cost(+P, +W, +B, -D): dB(W, B).
white_cost(P, W, B, D) :-
    ensure_built(P),
    Key is P*64 + W,
    white_layers(Key, Layers),
    layer_of(Layers, B, 1, D).

black_cost(P, W, B, D) :-
    ensure_built(P),
    Key is P*64 + W,
    black_layers(Key, Layers),
    layer_of(Layers, B, 0, D).

% layer_of(+Layers, +B, +N0, -N): N is the number of the layer holding B,
% the first one being number N0.
layer_of([Set|Sets], B, N0, N) :-
    (   Set >> B /\ 1 =:= 1 -> N = N0
    ;   N1 is N0 + 1,
        layer_of(Sets, B, N1, N)
    ).

square_index(sq(L, C), I) :-
    I is (L - 1)*8 + (C - 1).

index_square(I, sq(L, C)) :-
    L is I // 8 + 1,
    C is I mod 8 + 1.


%% model_agrees(+State, +Successors)
% The tablebase's model of the game agrees with the rules in State, whose
% legal moves and the positions they lead to are Successors (Move-Next
% pairs sorted by Move): the side to move has the same moves (a king steps
% to a neighbouring square, neighbours/2, outside the other king's zone,
% zone/2, and Black not onto its pawn); next_to/2 finds the same
% neighbours; and the game ends where the model says: White's move onto
% the pawn wins, White's last move otherwise loses, a side left without a
% move does not let White win (or loses, by no_legal_move_rule/1).
model_agrees(State, Successors) :-
    kingpawn:game_result(State, Result),
    (   Result \== ongoing -> Successors == []
    ;   kingpawn:to_move(State, Player),
        kingpawn:piece_squares(State, White, Black, Pawn),
        square_index(White, W),
        square_index(Black, B),
        square_index(Pawn, P),
        model_moves(Player, P, W, B, Targets),
        findall(Sq, ( member(T, Targets), index_square(T, Sq) ), Sqs0),
        sort(Sqs0, Sqs),
        findall(M, member(M-_, Successors), Moves),
        Moves == Sqs,
        (   Player =:= 1 -> From = W ; From = B ),
        neighbours(From, Ns),
        foldl(add_bit, Ns, 0, NSet),
        next_to(1 << From, NSet),
        maplist(model_end(Player, P, W, B), Successors)
    ).

% model_moves(+Player, +P, +W, +B, -Targets): the squares the king of
% Player may go to, as the tablebase sees it (see "The tablebase").
model_moves(1, _, W, B, Targets) :-
    neighbours(W, Ns),
    findall(T, ( member(T, Ns), zone(T, Z), Z >> B /\ 1 =:= 0 ), Targets).
model_moves(2, P, W, B, Targets) :-
    neighbours(B, Ns),
    zone(W, Z),
    findall(T, ( member(T, Ns), T =\= P, Z >> T /\ 1 =:= 0 ), Targets).

% model_end(+Player, +P, +W, +B, +Move-Next): the game ends after Move
% where the tablebase's model says it does.
model_end(1, P, _, B, Move-Next) :-
    square_index(Move, W1),
    kingpawn:game_result(Next, R),
    (   W1 =:= P -> R = won(1, _)
    ;   kingpawn:moves_left(Next, 0) -> R = won(2, _)
    ;   model_moves(2, P, W1, B, []) ->
        kingpawn:no_legal_move_rule(Rule),
        (   Rule == draw -> R = drawn(_) ; R = won(1, _) )
    ;   R == ongoing
    ).
model_end(2, P, W, _, Move-Next) :-
    square_index(Move, B1),
    kingpawn:game_result(Next, R),
    (   model_moves(1, P, W, B1, []) -> R \== ongoing, R \= won(1, _)
    ;   R == ongoing
    ).


/* ---------------------------------------------------------------------
   Building the tablebase
   --------------------------------------------------------------------- */

% make_tables: for each square (as an index) its neighbours, and its
% zone, the set of the square and its neighbours: where the other king may
% not stand. Taken from kingpawn:king_steps/2, so there is one definition
% of a king move. Made once, when this file is loaded.
make_tables :-
    retractall(neighbours(_, _)),
    retractall(zone(_, _)),
    forall(between(0, 63, I),
           ( index_square(I, Sq),
             kingpawn:king_steps(Sq, Sqs),
             findall(J, ( member(S, Sqs), square_index(S, J) ), Js),
             foldl(add_bit, [I|Js], 0, Zone),
             assertz(neighbours(I, Js)),
             assertz(zone(I, Zone)) )).

add_bit(I, Set0, Set) :-
    Set is Set0 \/ (1 << I).

board(0xFFFFFFFFFFFFFFFF).
not_column_1(0xFEFEFEFEFEFEFEFE).
not_column_8(0x7F7F7F7F7F7F7F7F).

%% next_to(+X, -N)
% N is the set of the squares next to some square of X. A shift by 1 moves a
% square one column (masked so that column 8 does not wrap round to column 1
% of the next row, and back), a shift by 8 one row.
next_to(X, N) :-
    board(Board),
    not_column_1(NotA),
    not_column_8(NotH),
    Row is ((X << 1) /\ NotA) \/ ((X >> 1) /\ NotH),
    Wide is X \/ Row,
    N is (Row \/ (Wide << 8) \/ (Wide >> 8)) /\ Board.

%% build_tablebase(+Pawn)
% Makes sure the tablebase for a pawn on Pawn (sq(L,C)) is built: the cost
% of every position with that pawn (see the top) is then known to value/2
% and the perfect player. The first call for a square builds it; later
% calls do nothing. Fails for a square off the board.
build_tablebase(Pawn) :-
    kingpawn:square_on_board(Pawn),
    square_index(Pawn, P),
    ensure_built(P).

%% tablebase_time(+Pawn, -Ms)
% Builds the tablebase for a pawn on Pawn afresh (dropping the one built
% before, if any) and gives the CPU time that took, in milliseconds.
tablebase_time(Pawn, Ms) :-
    kingpawn:square_on_board(Pawn),
    square_index(Pawn, P),
    forget(P),
    statistics(runtime, [T0, _]),
    ensure_built(P),
    statistics(runtime, [T1, _]),
    Ms is round(T1 - T0).

forget(P) :-
    retractall(built(P)),
    Lo is P*64,
    Hi is Lo + 63,
    forall(between(Lo, Hi, Key),
           ( retractall(white_layers(Key, _)),
             retractall(black_layers(Key, _)) )).

ensure_built(P) :-
    (   built(P) -> true
    ;   build(P),
        assertz(built(P))
    ).

% build(+P): the retrograde analysis for a pawn on square P, stored as
% white_layers/2 and black_layers/2 facts keyed by P*64 + W.
build(P) :-
    kingpawn:no_legal_move_rule(Rule),
    legal_sets(P, Legal),
    first_loss_sets(P, Legal, Loss0),
    functor(Win0, w, 64),
    fill_args(64, Win0, 0),
    analyse(Rule, P, Legal, Win0, Loss0, [], Wins, [Loss0], Losses),
    % Wins = [Win(1), ..., Win(last)], Losses = [Loss(0), ..., Loss(last)]
    store_layers(P, Wins, Losses).

% legal_sets(+P, -Legal): Legal is a term l/64 whose argument W+1 is
% Legal(W): where the black king may stand while the white king is on W.
% (For W = P, White having taken the pawn: every square not next to it.)
legal_sets(P, Legal) :-
    board(Board),
    PawnBit is 1 << P,
    functor(Legal, l, 64),
    legal_args(0, PawnBit, Board, Legal).

legal_args(64, _, _, _) :- !.
legal_args(W, PawnBit, Board, Legal) :-
    zone(W, Zone),
    Set is Board /\ \ (Zone \/ PawnBit),
    A is W + 1,
    arg(A, Legal, Set),
    W1 is W + 1,
    legal_args(W1, PawnBit, Board, Legal).

% fill_args(+A, +T, +X): the arguments 1..A of T not bound yet become X.
fill_args(0, _, _) :- !.
fill_args(A, T, X) :-
    arg(A, T, Arg),
    (   var(Arg) -> Arg = X ; true ),
    A1 is A - 1,
    fill_args(A1, T, X).

% first_loss_sets(+P, +Legal, -Loss0): Loss(0): only Loss(0)[P] = Legal(P)
% is not empty.
first_loss_sets(P, Legal, Loss0) :-
    functor(Loss0, b, 64),
    A is P + 1,
    arg(A, Legal, Taken),
    arg(A, Loss0, Taken),
    fill_args(64, Loss0, 0).

% analyse(+Rule, +P, +Legal, +WinPrev, +LossPrev, +Wins0, -Wins, +Losses0,
% -Losses): one step: Win(n) from Loss(n-1), then Loss(n) from Win(n),
% until Win stops growing. The lists come out oldest first.
analyse(Rule, P, Legal, WinPrev, LossPrev, Wins0, Wins, Losses0, Losses) :-
    win_sets(P, Legal, LossPrev, Win),
    (   Win == WinPrev ->
        reverse(Wins0, Wins),
        reverse(Losses0, Losses)
    ;   loss_sets(Rule, P, Legal, Win, Loss),
        analyse(Rule, P, Legal, Win, Loss, [Win|Wins0], Wins,
                [Loss|Losses0], Losses)
    ).

% win_sets(+P, +Legal, +Loss, -Win): Win(n)[W] = Legal(W) /\ the union of
% Loss(n-1)[W'] over the squares W' next to W. With White on the pawn the
% game is over: Win[P] stays empty.
win_sets(P, Legal, Loss, Win) :-
    functor(Win, w, 64),
    win_args(0, P, Legal, Loss, Win).

win_args(64, _, _, _, _) :- !.
win_args(W, P, Legal, Loss, Win) :-
    A is W + 1,
    (   W =:= P ->
        Set = 0
    ;   neighbours(W, Ws),
        union_of(Ws, Loss, 0, Union),
        arg(A, Legal, L),
        Set is L /\ Union
    ),
    arg(A, Win, Set),
    W1 is W + 1,
    win_args(W1, P, Legal, Loss, Win).

union_of([], _, U, U).
union_of([W|Ws], Sets, U0, U) :-
    A is W + 1,
    arg(A, Sets, S),
    U1 is U0 \/ S,
    union_of(Ws, Sets, U1, U).

% loss_sets(+Rule, +P, +Legal, +Win, -Loss): Loss(k)[W] = Legal(W) minus
% N(Legal(W) minus Win(k)[W]), k >= 1; Loss[P] = Legal(P) (White has taken
% the pawn).
loss_sets(Rule, P, Legal, Win, Loss) :-
    functor(Loss, b, 64),
    loss_args(0, Rule, P, Legal, Win, Loss).

loss_args(64, _, _, _, _, _) :- !.
loss_args(W, Rule, P, Legal, Win, Loss) :-
    A is W + 1,
    arg(A, Legal, L),
    (   W =:= P ->
        Set = L
    ;   arg(A, Win, Won),
        Escapes is L /\ \ Won,
        next_to(Escapes, Reach),
        Set0 is L /\ \ Reach,
        (   Rule == draw ->
            % a black king without a move is a draw, not a loss
            next_to(L, CanMove),
            Set is Set0 /\ CanMove
        ;   Set = Set0
        )
    ),
    arg(A, Loss, Set),
    W1 is W + 1,
    loss_args(W1, Rule, P, Legal, Win, Loss).

% store_layers(+P, +Wins, +Losses): for each white king square W, what each
% step added: white_layers(Key, [Win(1), Win(2) minus Win(1), ...]) and
% black_layers(Key, [Loss(0), Loss(1) minus Loss(0), ...]), restricted to
% W, Key = P*64 + W, trailing empty layers left out.
store_layers(P, Wins, Losses) :-
    forall(between(0, 63, W),
           ( A is W + 1,
             Key is P*64 + W,
             layers(Wins, A, WinLayers),
             assertz(white_layers(Key, WinLayers)),
             layers(Losses, A, LossLayers),
             assertz(black_layers(Key, LossLayers)) )).

layers(Sets, A, Layers) :-
    new_bits(Sets, A, 0, Layers0),
    reverse(Layers0, Reversed0),
    drop_zeros(Reversed0, Reversed),
    reverse(Reversed, Layers).

new_bits([], _, _, []).
new_bits([S|Ss], A, Prev, [New|News]) :-
    arg(A, S, Set),
    New is Set /\ \ Prev,
    new_bits(Ss, A, Set, News).

drop_zeros([], []).
drop_zeros([X|Xs], Ys) :-
    (   X =:= 0 -> drop_zeros(Xs, Ys) ; Ys = [X|Xs] ).


/* ---------------------------------------------------------------------
   Statistics
   --------------------------------------------------------------------- */

%% stats(+Pawn, -Stats)
% stats/3 with the assignment's limit (kingpawn:default_limit/1): the
% positions as starts, no White move made yet.
stats(Pawn, Stats) :-
    kingpawn:default_limit(Limit),
    stats(Pawn, Limit, Stats).

%% stats(+Pawn, +MovesLeft, -Stats)
% Stats describes the positions with the pawn on Pawn (sq(L,C)) and
% MovesLeft moves left to White:
%   [positions(N), white_to_move_won(WW), black_to_move_won(BW),
%    longest(D)]
% N is the number of legal placements of the two kings with that pawn (on
% different squares, not adjacent, neither on the pawn); each is a
% position with White to move and one with Black to move (a few of those
% are over already: Black cannot move). WW and BW are how many of them
% White wins by force with White, or Black, to move (value white_wins(_));
% D is the largest N of white_wins(N) among them.
stats(Pawn, Left, [positions(N), white_to_move_won(WW),
                   black_to_move_won(BW), longest(D)]) :-
    must_be(integer, Left),
    build_tablebase(Pawn),
    square_index(Pawn, P),
    legal_sets(P, Legal),
    findall(K-WK-BK-DW-DB,
            ( between(0, 63, W),
              W =\= P,
              A is W + 1,
              arg(A, Legal, L),
              bit_count(L, K),
              Key is P*64 + W,
              white_layers(Key, WL),
              black_layers(Key, BL),
              won_within(WL, 1, Left, 0, WK, 0, DW),
              won_within(BL, 0, Left, 0, BK, 0, DB) ),
            Rows),
    sum_rows(Rows, 0, N, 0, WW, 0, BW, 0, D).

% won_within(+Layers, +N, +Left, +K0, -K, +D0, -D): K counts the squares in
% the layers numbered up to Left (the first is number N); D is the number
% of the last non-empty one among them.
won_within([], _, _, K, K, D, D).
won_within([Set|Sets], N, Left, K0, K, D0, D) :-
    (   N =< Left ->
        bit_count(Set, C),
        K1 is K0 + C,
        (   C > 0 -> D1 = N ; D1 = D0 ),
        N1 is N + 1,
        won_within(Sets, N1, Left, K1, K, D1, D)
    ;   K = K0,
        D = D0
    ).

sum_rows([], N, N, W, W, B, B, D, D).
sum_rows([K-WK-BK-DW-DB|Rows], N0, N, W0, W, B0, B, D0, D) :-
    N1 is N0 + K,
    W1 is W0 + WK,
    B1 is B0 + BK,
    D1 is max(D0, max(DW, DB)),
    sum_rows(Rows, N1, N, W1, W, B1, B, D1, D).

% bit_count(+Set, -N): the number of squares in Set, one square at a time:
% Set /\ (Set - 1) drops the lowest one. (popcount is not an evaluable
% functor in Scryer 0.10. A table of the counts of each byte would be
% faster but does not work here: a small integer computed from a set of
% 64 bits is a big integer to Scryer, equal (=:=, ==) to the small one but
% not found by first-argument indexing, so byte_bits(Byte, K) would miss.
% For the same reason every test on a set below is arithmetic, never a
% head such as f(0).)
bit_count(Set, N) :-
    bit_count(Set, 0, N).

bit_count(Set, N0, N) :-
    (   Set =:= 0 -> N = N0
    ;   Set1 is Set /\ (Set - 1),
        N1 is N0 + 1,
        bit_count(Set1, N1, N)
    ).


/* ---------------------------------------------------------------------
   Players written as the assignment asks
   --------------------------------------------------------------------- */

/* The assignment's program is four Lisp functions that keep their own
   memory from one call to the next:

     (branco-inicia)          -> White's first move
     (branco-responde jogada) -> White's next move, given Black's last
     (preto-inicia jogada)    -> Black's first move, given White's first
     (preto-responde jogada)  -> Black's next move, given White's last

   In Prolog a player file, consulted into `user`, defines

     white_start(-Move)
     white_reply(+BlackMove, -Move)
     black_start(+WhiteMove, -Move)
     black_reply(+WhiteMove, -Move)

   (only the two of the side it plays are needed) and keeps its memory as
   it likes: assertz/retract of its own dynamic facts, or bb_put/bb_get of
   library(iso_ext). A square is written as the two-element list [L, C] —
   the Lisp (l c) — both in the moves it is given and in the moves it
   answers; it may also answer sq(L, C). It may also define

     new_game(+Position)

   which is called just before its first move of each game, with
   Position = position(WhiteKing, BlackKing, Pawn, WhiteMovesMade, Limit)
   (squares as [L, C]): the position as it stands when the player first
   moves, for players that can start from any position. A file written for
   the assignment's start alone can leave it out.

   A file may instead define tabula's generic choose_move(+State,
   +BudgetMs, -Move): file_player_move/3, which tabula calls, falls back
   to it when the assignment's predicate for the turn is not defined. */

%% file_player_move(+State, -Move)
% Move is the move of the player file (consulted into `user`, in the same
% machine as the rules) whose side is to move in State. From the moves
% played since the start (kingpawn:move_history/2) it works out whether
% this is that side's first move of the game and what the opponent played
% last, then calls:
%   White, first move:  user:new_game(Position) if defined, then
%                       user:white_start(M)
%   White, later:       user:white_reply(BlackLast, M)
%   Black, first move:  user:new_game(Position) if defined, then
%                       user:black_start(WhiteLast, M)
%   Black, later:       user:black_reply(WhiteLast, M)
% BlackLast and WhiteLast are the opponent's last move as [L, C]; WhiteLast
% is `none` when Black moves first, from a start given with Black to move.
% The answer M, [L, C] or sq(L, C) with integers, gives Move = sq(L, C);
% any other answer gives Move = not_a_move(Text), Text an atom showing it,
% which no rule accepts: the referee sees an illegal move and
% kingpawn:explain_illegal/3 says so. Fails if the player's predicate
% fails; its exceptions (an undefined white_start/1, say) pass through.
% Fails when the game is over.
file_player_move(State, Move) :-
    assignment_answer(State, Answer),
    answer_move(Answer, Move).

%% file_player_move(+State, +BudgetMs, -Move)
% As file_player_move/2 for a file written with the assignment's
% predicates; for a file that does not define the one this turn needs
% (the call raises existence_error(procedure, white_start/1) or the like,
% for exactly that predicate), the move of tabula's generic interface instead:
% user:choose_move(State, BudgetMs, M), M read as by file_player_move/2
% (so it should be sq(L, C)). Other exceptions pass through.
file_player_move(State, BudgetMs, Move) :-
    must_be(integer, BudgetMs),
    catch(assignment_answer(State, Answer), Ball, true),
    (   var(Ball) -> answer_move(Answer, Move)
    ;   generic_move(Ball, State, BudgetMs, Move)
    ).

% generic_move(+Ball, +State, +BudgetMs, -Move): the assignment's call
% threw Ball; when that says the predicate itself does not exist, the
% file is a generic player.
generic_move(Ball, State, BudgetMs, Move) :-
    (   Ball = error(existence_error(procedure, PI), _),
        assignment_predicate(PI) ->
        user:choose_move(State, BudgetMs, Answer),
        answer_move(Answer, Move)
    ;   throw(Ball)
    ).

assignment_predicate(white_start/1).
assignment_predicate(white_reply/2).
assignment_predicate(black_start/2).
assignment_predicate(black_reply/2).

% assignment_answer(+State, -Answer): the answer of the player file's
% predicate for this turn (see file_player_move/2), as it gave it.
assignment_answer(State, Answer) :-
    kingpawn:to_move(State, Player),
    kingpawn:move_history(State, History),
    (   memberchk(Player-_, History) -> Turn = later ; Turn = first ),
    opponent_last(History, Player, Last),
    (   Turn == first -> tell_new_game(State) ; true ),
    player_answer(Player, Turn, Last, Answer).

% opponent_last(+History, +Player, -Last): the opponent's last move as
% [L, C], or none.
opponent_last(History, Player, Last) :-
    (   reverse(History, [Who-Square|_]), Who =\= Player ->
        player_square(Last, Square)
    ;   Last = none
    ).

% player_answer(+Player, +Turn, +Last, -Answer): the four calls, written
% out with the module `user` literally (see the notes on Scryer's module
% calls in game.pl).
player_answer(1, first, _, Answer) :-
    user:white_start(Answer).
player_answer(1, later, Last, Answer) :-
    user:white_reply(Last, Answer).
player_answer(2, first, Last, Answer) :-
    user:black_start(Last, Answer).
player_answer(2, later, Last, Answer) :-
    user:black_reply(Last, Answer).

% tell_new_game(+State): user:new_game/1 with the position, if the player
% file defines it.
tell_new_game(State) :-
    kingpawn:piece_squares(State, White, Black, Pawn),
    kingpawn:moves_made(State, Made),
    kingpawn:move_limit(State, Limit),
    player_square(W, White),
    player_square(B, Black),
    player_square(P, Pawn),
    catch(user:new_game(position(W, B, P, Made, Limit)),
          error(existence_error(procedure, new_game/1), _),
          true).

%% player_square(?PlayerSquare, ?Square)
% PlayerSquare is a square as a player file writes it and Square the same
% square as the rules write it: [L, C] and sq(L, C). Reading a player's
% answer (PlayerSquare bound), sq(L, C) is accepted too; L and C must be
% integers, or it fails.
player_square(PlayerSquare, sq(L, C)) :-
    (   nonvar(PlayerSquare) ->
        (   PlayerSquare = [L, C] -> true
        ;   PlayerSquare = sq(L, C)
        ),
        integer(L),
        integer(C)
    ;   PlayerSquare = [L, C]
    ).

answer_move(Answer, Move) :-
    (   player_square(Answer, Square) ->
        Move = Square
    ;   write_term_to_chars(Answer, [quoted(true)], Cs),
        atom_chars(Text, Cs),
        Move = not_a_move(Text)
    ).
