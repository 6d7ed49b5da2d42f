/** Computer players for Timbiriche (dots.pl).

choose_move/5 is the one entry point: a Level names a player, and each
level is a layer built on the board analysis below it:

  * random: a legal move drawn uniformly at random. A baseline, and the
    opponent the benchmarks and tests play against.
  * greedy: the classic "medium" program. It takes a box whenever a move
    closes one; otherwise it draws a safe segment (one that gives no box
    its third side, so the opponent cannot take anything), at random; when
    no safe segment is left, it gives away as few boxes as it can, counting
    what the opponent would take by greedily capturing everything it can.
  * (to come) ai: chain analysis and the long chain rule (Berlekamp), as
    the assignment suggests, and an alpha-beta search of the endgame, with
    BudgetMs bounding the time it may think.

All randomness goes through library(random), so set_random(seed(S)) before
a game makes the computer's choices reproducible.

This module calls the rules as dots:Name(...), so dots.pl must be loaded
in the same machine. When it is not loaded yet (dots:box_points/1 does not
answer), the directive below loads dots.pl from the directory of this file
(Scryer resolves a relative use_module/1 against the file being loaded),
so `scryer-prolog prolog/dots_ai.pl` works from any directory; when the
host already loaded dots (as tabula does, before this file), nothing is
loaded twice. (current_module/1 and current_predicate/1 cannot tell:
the dots:Name(...) calls below already make Scryer create the module.)
*/

:- module(dots_ai, [choose_move/5,
                    levels/1,
                    capturing_moves/2,
                    safe_moves/2,
                    boxes_given/3,
                    sacrifices/2]).

:- use_module(library(lists)).
:- use_module(library(random)).
:- use_module(library(error)).

:- initialization((catch(dots:box_points(_), _, fail) -> true ; use_module(dots))).


/* ---------------------------------------------------------------------
   The levels
   --------------------------------------------------------------------- */

%% levels(-Levels)
% Levels are the names of the computer players choose_move/5 knows, from
% the weakest to the strongest.
levels([random, greedy]).

%% choose_move(+Level, +State, +BudgetMs, -Move, -Reason)
% Move is the move the computer player Level chooses in State, a dots
% position in which the game is not over, and Reason says why:
%   * random: Level random, any legal move;
%   * take_box: the move closes at least one box;
%   * safe: the move gives the opponent nothing to take;
%   * sacrifice(N): every move gives boxes away, and this one gives N, as
%     few as possible (N counts what the next player takes by greedily
%     capturing everything it then can).
% BudgetMs is the time the level may think, in milliseconds; random and
% greedy answer at once and ignore it. Fails when the game is over; throws
% domain_error(dots_ai_level, Level) for an unknown level.
choose_move(Level, State, BudgetMs, Move, Reason) :-
    must_be(integer, BudgetMs),
    (   levels(Levels), memberchk(Level, Levels) -> true
    ;   domain_error(dots_ai_level, Level, choose_move/5)
    ),
    dots:legal_moves(State, Moves),
    Moves \== [],
    level_move(Level, State, Moves, Move, Reason).

level_move(random, _, Moves, Move, random) :-
    random_element(Moves, Move).
level_move(greedy, State, Moves, Move, Reason) :-
    greedy_move(State, Moves, Move, Reason).


/* ---------------------------------------------------------------------
   Level greedy
   --------------------------------------------------------------------- */

% greedy_move(+State, +Moves, -Move, -Reason): take a box if possible, else
% play safe, else give away as little as possible.
greedy_move(State, Moves, Move, Reason) :-
    (   capturing(Moves, State, Capturing), Capturing \== [] ->
        random_element(Capturing, Move),
        Reason = take_box
    ;   safe(Moves, State, Safe), Safe \== [] ->
        random_element(Safe, Move),
        Reason = safe
    ;   sacrifices(State, Costs),
        cheapest(Costs, N, Cheapest),
        random_element(Cheapest, Move),
        Reason = sacrifice(N)
    ).

% cheapest(+Costs, -N, -Moves): N is the least number of boxes given in
% Costs (a list of Move-N), and Moves the moves that give exactly N.
cheapest(Costs, N, Moves) :-
    pairs_values_(Costs, Ns),
    list_min(Ns, N),
    findall(M, member(M-N, Costs), Moves).

pairs_values_([], []).
pairs_values_([_-V|Ps], [V|Vs]) :- pairs_values_(Ps, Vs).


/* ---------------------------------------------------------------------
   Board analysis
   --------------------------------------------------------------------- */

%% capturing_moves(+State, -Moves)
% Moves are the legal moves that close at least one box now, in the order
% of dots:legal_moves/2.
capturing_moves(State, Moves) :-
    dots:legal_moves(State, All),
    capturing(All, State, Moves).

capturing([], _, []).
capturing([M|Ms], State, Capturing) :-
    (   dots:closed_boxes(State, M, [_|_]) -> Capturing = [M|Capturing1]
    ;   Capturing = Capturing1
    ),
    capturing(Ms, State, Capturing1).

%% safe_moves(+State, -Moves)
% Moves are the legal moves that close no box and give no box its third
% side: after one of them the next player has no box to take. (A move that
% closes a box is not "safe" here: it is better than safe.)
safe_moves(State, Moves) :-
    dots:legal_moves(State, All),
    safe(All, State, Moves).

safe([], _, []).
safe([M|Ms], State, Safe) :-
    (   safe_move(State, M) -> Safe = [M|Safe1]
    ;   Safe = Safe1
    ),
    safe(Ms, State, Safe1).

% safe_move(+State, +Move): every box beside Move has at most one side drawn
% now, so it has at most two once Move is drawn.
safe_move(State, Move) :-
    dots:segment_boxes(State, Move, Boxes),
    \+ ( member(box(I, J), Boxes),
         dots:sides_drawn(State, I, J, N),
         N >= 2 ).

%% sacrifices(+State, -Costs)
% Costs pairs every legal move with the number of boxes it gives away:
% Move-N, in the order of dots:legal_moves/2 (see boxes_given/3).
sacrifices(State, Costs) :-
    dots:legal_moves(State, Moves),
    findall(M-N, ( member(M, Moves), boxes_given(State, M, N) ), Costs).

%% boxes_given(+State, +Move, -N)
% N is the number of boxes the next player takes after the player to move
% draws Move, if that player then greedily captures what it can: it draws
% the missing side of every box that has three sides, again and again,
% starting from the boxes beside Move. When no box has three sides before
% Move (the only case where greedy asks), that is everything it can take.
% A Move that closes a box itself gives nothing (the mover moves again):
% then N is 0.
boxes_given(State, Move, N) :-
    dots:apply_move(State, Move, State1, Events),
    (   memberchk(box(_, _), Events) ->
        N = 0
    ;   dots:segment_boxes(State, Move, Boxes),
        take_all(Boxes, State1, 0, N)
    ).

% take_all(+Boxes, +State, +N0, -N): the boxes to look at are Boxes, a work
% list. A box with three sides drawn is taken by drawing its fourth side;
% the boxes beside that side then join the work list, since only a box
% beside the segment just drawn can have just got its third side.
take_all([], _, N, N).
take_all([box(I, J)|Boxes], State, N0, N) :-
    (   dots:sides_drawn(State, I, J, 3) ->
        missing_side(State, box(I, J), Side),
        dots:apply_move(State, Side, State1, Events),
        count_boxes(Events, 0, K),
        N1 is N0 + K,
        dots:segment_boxes(State, Side, Next),
        append(Next, Boxes, Boxes1),
        take_all(Boxes1, State1, N1, N)
    ;   take_all(Boxes, State, N0, N)
    ).

missing_side(State, Box, Side) :-
    dots:box_sides(Box, Sides),
    member(Side, Sides),
    \+ dots:drawn(State, Side),
    !.

count_boxes([], N, N).
count_boxes([E|Es], N0, N) :-
    (   E = box(_, _) -> N1 is N0 + 1 ; N1 = N0 ),
    count_boxes(Es, N1, N).


/* ---------------------------------------------------------------------
   Randomness
   --------------------------------------------------------------------- */

% random_element(+List, -X): X is an element of the non-empty List, drawn
% uniformly with library(random).
random_element(List, X) :-
    length(List, N),
    N > 0,
    random_integer(0, N, K),
    nth0(K, List, X).
