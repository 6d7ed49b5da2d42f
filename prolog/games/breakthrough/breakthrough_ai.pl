/** Computer players for Breakthrough (breakthrough.pl).

choose_move/5 is the entry point; a Level names a player:

  * random: a legal move drawn uniformly at random. A baseline.
  * greedy: a one-move rule of thumb. It wins at once when it can (a move
    to the goal row, or a capture of the last enemy piece); else it
    captures (the capture that lands nearest its goal row); else it
    advances its rear-most safe piece (a piece moved to a square that no
    enemy piece attacks); else it plays any move. It is deterministic.
  * ai: a game-tree search: alpha-beta (negamax) with iterative deepening
    inside the time budget, a quiescence search, a transposition table and
    an evaluation that knows the game, including exact knowledge of
    unstoppable runners (see below). On boards of 20 squares or fewer
    (4 x 4, 4 x 5, 5 x 4) it first tries to solve the position and then
    plays perfectly: the fastest win, or the slowest loss. Elsewhere, once
    the search proves a win it keeps to a winning line. It uses no random
    numbers (but how deep it gets depends on the speed of the machine).

solve/3 and solve/4 solve a position exactly (who wins, in how many
plies, with perfect play); search/4 exposes the search of level ai with
its statistics; evaluate/2 the static evaluation.

This module calls the rules as breakthrough:Name(...) only at the root
(legal_moves/2, to be sure of the move it returns); the search itself has
its own move generator over the row masks, for speed. When breakthrough.pl
is not loaded yet, the first directive below loads it from the directory
of this file, as kingpawn_ai.pl does.


The position inside the search
------------------------------

The search always looks at the board from the side to move, "the mover":
its pieces go up, from its home row 1 to its goal row R (for White that is
the board as it is; for Black the rows are taken in reverse order). A
position is

    p(Rows, NOwn, NOpp, Hash, Side, OwnWin, OppThreat, Material)

  * Rows: R terms r(Own, Opp), the mover's home row first: the row masks
    (bit C-1 for column C) of the mover's pieces and of the opponent's;
  * NOwn, NOpp: how many pieces each side has;
  * Hash: a Zobrist key of the position (absolute squares and the side to
    move), a 48-bit integer, the key of the transposition table;
  * Side: 0 when White is the mover, 1 when Black is;
  * OwnWin: the mover's pieces on row R-1 (one step from its goal);
  * OppThreat: the opponent's pieces on row 2 (one step from ITS goal);
  * Material: the first term of the evaluation (see below), the sum of
    the values of the mover's pieces less the sum of the opponent's.

A move is the integer K*256 + From*16 + To: the piece on row K, column
From+1 goes to row K+1, column To+1 (the mover's rows). Playing a move
(make/5) rebuilds the rows once, turning the board round for the other
side at the same time (rows reversed, Own and Opp swapped), and keeps
OwnWin, OppThreat and Material up to date, so these cost nothing to look
at.

Exact rules used everywhere (they are the rules of the game, not guesses):

  * a mover with a piece on row R-1 wins with its next move: that piece
    can always step to row R (straight, or diagonally: no piece of its own
    can stand on row R, and one of the two diagonals is on the board);
  * so a mover whose opponent has a piece on row 2 must capture it at
    once (nothing else stops it: diagonal moves cannot be blocked); with
    two such pieces, or none of its pieces able to capture the one, the
    mover has lost (the opponent wins with its next move);
  * a move that takes the last enemy piece wins; a mover without a legal
    move loses.

Unstoppable runners (the race, exact)
-------------------------------------

Take a piece of the mover on (k, c). Call its cone the squares (j, x) with
j > k and |x - c| =< j - k + 1. If no enemy piece stands in the cone and
no piece of the mover's own stands in column c above it, the piece simply
walks straight up and no enemy piece can ever capture it or stand in its
way: an enemy piece outside the cone is always too far to the side when
the runner comes by (each move brings them one row closer to each other
but the enemy piece one column at most). It reaches the goal with its
(R - k)-th move, ply 2(R-k) - 1 from now. The opponent, whose nearest piece
is E rows from its goal, cannot get there first when R - k =< E: the mover
has won. The same holds for an enemy runner with the cone one column
wider (the mover moves first and could step one piece in): it wins at
ply 2e (e its distance) when e < D, D the distance of the mover's most
advanced piece. The cones of all the pieces are found in one pass over
the rows: Z(k), the columns x of row k from which some enemy piece of a
row j >= k is at most j - k columns away, is Opp(k) \/ dilate(Z(k+1)),
dilate(X) = X \/ X << 1 \/ X >> 1 (within the board); a piece on (k, c) has
an empty cone iff c is not in dilate(dilate(Z(k+1))).

The evaluation (evaluate/2, eval/4), from the mover's side, in hundredths
of a piece: for each side the sum over its pieces of 100 + its advancement
(growing faster near the goal: 6 per row plus 80 t^4, t the fraction of
the way done), +30 for each piece still on the home row (the last line of
defence: a side that keeps it is hard to break through), +4 for each
piece defended by one of its own, a bonus for each passed piece (no enemy
piece ahead in its column or the two next to it), growing with its
advancement, and a larger one for a piece whose cone is empty (a runner,
even when the race is not won). When the race above decides the game the
evaluation is the exact result instead. CHOICE (tuned by matches of the
search against itself, 200 ms a move, 8 x 8 championship starts): the
home-row bonus at 30 rather than 10 won 27 games of 30; a penalty for the
mover's pieces attacked and not defended lost (the quiescence search
already sees the captures, and the mover can still save such a piece), so
there is none; larger passed-piece and runner bonuses, or a steeper
advancement, did not help.

Scores: a win at ply P from the root of the search is 100000 - P, a loss
-(100000 - P); so the search prefers the fastest win and the slowest loss.
In the transposition table these are stored relative to the position
(distance from it) and turned back when read.

The search (level ai, search/4)
-------------------------------

Iterative deepening of a fail-soft alpha-beta negamax with principal
variation search (every move after the first of a position is tried with
a null window first). Each iteration orders the root moves by the scores
of the previous one. Inside: the transposition table's move first, then
the captures (of the enemy pieces nearest the mover's home row first),
then the two killer moves of the ply (quiet moves that caused a cutoff
in a sibling position), then moves to row R-1 that are not attacked,
other moves to squares no enemy piece attacks (most advanced first), and
the rest. The moves that take nothing are made only when the moves before
them have not refuted the position (one position in six in the bench). At
depth 0, a quiescence search (up to 8 plies) of the
captures and of the moves to row R-1, with the exact rules above (a
forced capture is searched without the option to stand pat). The
transposition table is a trie (tt_get/3, tt_put/4) keyed by the Zobrist
key, with entries t(Depth, Flag, Score, Move); it travels through the
search with the killers as s(Table, Killers). The whole search runs
inside findall/3, so all its memory is given back when it ends (Scryer
has no garbage collector; see dots_ai.pl).

Time: wall time, statistics(walltime, _) (the referee's clock: on a busy
machine CPU time runs slower than it, and a search budgeted in CPU time
answered late). No iteration starts once 35% of
the budget is used; an iteration still running at 75% is abandoned (the
search counts nodes and looks at the clock every 32 nodes, throwing
bt_timeout): the move is then the last complete iteration's, unless the
abandoned one found a better move than its first (the previous best) or
proved a win. The search ends early when it proves a win or a loss.

Exact solving (solve/3, solve/4, and level ai on boards of 20 squares or
fewer, with half of its budget): the same search with an unbounded depth
and no evaluation, so that every score is a proven win or loss. With the
transposition table and the exact rules it searches 1 049 positions for
the 4 x 4 start (about 20 ms) and 4 951 for 4 x 5 (about 0.1 s): Black,
the second player, wins both, at ply 14 and ply 16. (5 x 4 takes 4.3
million positions, over two minutes: Black wins at ply 22.) CHOICE: it is
not tried in the endgames of larger boards: there it often cannot finish
within a second where the search, with its exact race, proves the result
at once (if not always the fastest win).
*/

:- module(breakthrough_ai, [levels/1,
                  level_info/2,
                            choose_move/5,
                            prepare/1,
                            solve/3,
                            solve/4,
                            search/4,
                            search_to_depth/4,
                            bench_positions/1,
                            evaluate/2,
                            model_agrees/2,
                            reason_text/2]).


:- use_module(library(lists)).
:- use_module(library(between)).
:- use_module(library(random)).
:- use_module(library(error)).
:- use_module(library(time)).
:- use_module(library(iso_ext)).
:- use_module(library(pairs)).
:- use_module(library(format)).

:- initialization((catch(breakthrough:board_size(breakthrough(4,4,1,[],[],0,none,ongoing), _, _), _, fail)
                   -> true ; use_module(breakthrough))).

:- dynamic(pc/2).
:- dynamic(zob/2).


/* ---------------------------------------------------------------------
   The levels
   --------------------------------------------------------------------- */

%% levels(-Levels)
% Levels are the names of the computer players choose_move/5 knows, from
% the weakest to the strongest.
levels([random, greedy, ai]).

%% level_info(?Level, -Text)
% Text says in one line how Level plays.
level_info(random, "plays any legal move, at random").
level_info(greedy, "wins at once when it can, else captures, else advances a safe piece").
level_info(ai, "alpha-beta search with quiescence and a transposition table; solves small boards").

%% choose_move(+Level, +State, +BudgetMs, -Move, -Reason)
% Move is the move, move(R1,C1,R2,C2), that the computer player Level
% chooses in State, a position in which the game is not over, and Reason
% says why:
%   * random: Level random, any legal move;
%   * greedy(Why): Level greedy; Why is win (the move wins at once),
%     capture (the one nearest its goal), advance (the rear-most piece
%     that can move to a square no enemy piece attacks) or any, tried in
%     that order; greedy is deterministic;
%   * proven_win(Plies): Level ai has proved that the mover wins, within
%     Plies plies counting this move (exactly Plies when solved exactly,
%     see solve/3); the move is on a fastest winning line found;
%   * proven_loss(Plies): Level ai has proved that the mover loses, the
%     opponent's winning move being ply Plies from now at the latest, and
%     plays the move that puts it off longest;
%   * search(Depth, Score): Level ai searched Depth plies deep (plus the
%     quiescence search) and the move scored Score (hundredths of a piece,
%     from the mover's side); Depth 0 when there was only one legal move.
% BudgetMs is the time the level may think, in milliseconds of CPU time;
% random and greedy ignore it, ai uses at most about 80% of it. Fails when
% the game is over; throws domain_error(breakthrough_ai_level, Level) for
% an unknown level. Level ai answers a legal move: should its search find
% none, or run out of memory, it plays greedy's move (Reason
% fallback(Why)); an exception in the search is a bug and is thrown.
choose_move(Level, State, BudgetMs, Move, Reason) :-
    must_be(integer, BudgetMs),
    (   levels(Levels), memberchk(Level, Levels) -> true
    ;   domain_error(breakthrough_ai_level, Level, choose_move/5)
    ),
    breakthrough:legal_moves(State, Moves),
    Moves \== [],
    level_move(Level, State, Moves, BudgetMs, Move, Reason).

level_move(random, _, Moves, _, Move, random) :-
    game:random_element(Moves, Move).
level_move(greedy, State, Moves, _, Move, greedy(Why)) :-
    greedy_move(State, Moves, Move, Why).
% The search plays its own model of the rules (see the top), which is
% only right while the rules are the ones it was written for: tabula
% checks the model against the rules (model_agrees/2, accelerators.pl) and
% says so with game:checked/1. When the rules have been edited and the
% model no longer agrees, the generic players of players.pl stand in.
level_move(ai, State, _, BudgetMs, Move, Reason) :-
    \+ catch(game:checked(breakthrough), error(existence_error(_, _), _), fail),
    !,
    generic_move(State, BudgetMs, Move, Reason).
% An exception in the search is a bug and is not hidden: it reaches the caller.
% Only running out of memory falls back to the greedy move, and says so.
level_move(ai, State, Moves, BudgetMs, Move, Reason) :-
    catch(( ai_move(State, BudgetMs, Move0, Reason0) -> Found = found(Move0, Reason0)
          ; Found = none ),
          error(resource_error(What), _),
          Found = resource_error(What)),
    (   Found = found(Move, Reason), memberchk(Move, Moves) -> true
    ;   greedy_move(State, Moves, Move, _),
        (   Found = resource_error(What) -> Reason = fallback(resource_error(What))
        ;   Reason = fallback(no_search_move)
        )
    ).


%% reason_text(+Reason, -Chars)
% Chars says Reason, as choose_move/5 gives it, in words for people.
%   ?- reason_text(search(4, -7), Cs).
%   Cs = "searched 4 moves ahead: 0.07 of a piece behind".
%   ?- reason_text(proven_win(3), Cs).
%   Cs = "a forced win, within 3 moves".
reason_text(random, "at random").
reason_text(greedy(win), "wins at once").
reason_text(greedy(capture), "captures").
reason_text(greedy(advance), "advances its rear-most piece to a safe square").
reason_text(greedy(any), "any move: none captures or is safe").
reason_text(proven_win(Plies), Chars) :-
    moves_word(Plies, Moves),
    phrase(format_("a forced win, within ~d ~s", [Plies, Moves]), Chars).
reason_text(proven_loss(Plies), Chars) :-
    moves_word(Plies, Moves),
    phrase(format_("a lost position: holds out as long as it can (~d ~s)", [Plies, Moves]), Chars).
reason_text(search(0, _), "the only legal move").
reason_text(search(Depth, Score), Chars) :-
    Depth > 0,
    Abs is abs(Score),
    Whole is Abs // 100, Hundredths is Abs mod 100,
    (   Score > 0 -> Side = "ahead" ; Score < 0 -> Side = "behind" ; Side = "" ),
    (   Depth =:= 1 -> Moves = "move" ; Moves = "moves" ),
    (   Score =:= 0 ->
        phrase(format_("searched ~d ~s ahead: even", [Depth, Moves]), Chars)
    ;   phrase(format_("searched ~d ~s ahead: ~d.~|~`0t~d~2+ of a piece ~s",
                       [Depth, Moves, Whole, Hundredths, Side]), Chars)
    ).
reason_text(fallback(Why), Chars) :-
    phrase(format_("the search gave no move (~q): greedy's move", [Why]), Chars).
reason_text(rules_edited(greedy, Why), Chars) :-
    reason_text(greedy(Why), WhyChars),
    phrase(format_("the rules were edited, so greedy stands in: ~s", [WhyChars]), Chars).

% moves_word(+N, -Word): "move" or "moves", as N asks.
moves_word(1, "move") :- !.
moves_word(_, "moves").

% generic_move(+State, +BudgetMs, -Move, -Reason): the move of the generic
% player that stands in (players:stand_in/5; tabula loads players.pl when
% the check fails), or greedy's when players.pl is not loaded, with Reason
% rules_edited(greedy, Why). Whether it is loaded is asked by calling it:
% current_predicate/1 also answers for a predicate this file merely calls.
generic_move(State, BudgetMs, Move, Reason) :-
    (   catch(players:levels(_), error(existence_error(_, _), _), fail) ->
        players:stand_in(breakthrough, State, BudgetMs, Move, Reason)
    ;   breakthrough:legal_moves(State, Moves),
        greedy_move(State, Moves, Move, Why),
        Reason = rules_edited(greedy, Why)
    ).

%% model_agrees(+State, +Successors)
% The search's model (its positions, move generator and make/5) agrees
% with the rules in State, whose legal moves and the positions they lead
% to are Successors, Move-Next pairs sorted by Move: the model has the same
% moves, each leads to the model's view of Next, and the model sees a win
% (a piece on the far row, or the last enemy piece taken) exactly where
% the rules end the game. Used by tabula's check of the rules' fast paths
% (accelerators.pl); level ai plays only while it holds.
model_agrees(State, Successors) :-
    (   State = breakthrough(_, _, _, _, _, _, _, ongoing) ->
        state_position(State, inf, G, Pos),
        Pos = p(Rows, _, NOpp, _, _, _, _, _),
        G = g(R, _, Full, _, _, _, _),
        gen_moves(Rows, R, Full, Caps, Quiet),
        append(Caps, Quiet, Codes),
        findall(Move-Code,
                ( member(Code, Codes), code_move(State, Code, Move) ),
                Pairs0),
        keysort(Pairs0, Pairs),
        pairs_keys(Pairs, Moves),
        pairs_keys(Successors, Moves),
        maplist(model_step(Pos, G, NOpp), Pairs, Successors)
    ;   Successors == []
    ).

model_step(Pos, G, NOpp, Move-Code, Move-Next) :-
    make(Pos, Code, G, Pos1, Cap),
    G = g(R, _, _, _, _, _, _),
    Reached is (Code >> 8) + 1,
    (   Reached =:= R -> Wins = true
    ;   Cap =:= 1, NOpp =:= 1 -> Wins = true
    ;   Wins = false
    ),
    (   Next = breakthrough(_, _, _, _, _, _, _, ongoing) ->
        Wins == false,
        state_position(Next, inf, _, Pos2),
        Pos1 == Pos2
    ;   Wins == true
    ).


/* ---------------------------------------------------------------------
   Level greedy
   --------------------------------------------------------------------- */

% greedy_move(+State, +Moves, -Move, -Why): see the top. The moves of each
% kind are compared by a key (keysort: the smallest first); every key is
% different, so the choice is deterministic.
greedy_move(State, Moves, Move, Why) :-
    State = breakthrough(Rows, _, Turn, White, Black, _, _, _),
    (   Turn =:= 1 -> Opp = Black ; Opp = White ),
    count_list(Opp, 0, NOpp),
    greedy_keys(Moves, Rows, Turn, Opp, NOpp, Wins, Caps, Safe),
    (   Wins = [Move|_] -> Why = win
    ;   Caps \== [] -> keysort(Caps, [_-Move|_]), Why = capture
    ;   Safe \== [] -> keysort(Safe, [_-Move|_]), Why = advance
    ;   Moves = [Move|_], Why = any
    ).

% greedy_keys(+Moves, +Rows, +Turn, +Opp, +NOpp, -Wins, -Caps, -Safe):
% the winning moves; the captures keyed by k(-Rank of the target, C1, C2);
% the other moves to squares no enemy piece attacks keyed by k(Rank of the
% origin, C1, straight first, C2). Rank counts rows from the mover's home
% row (1 for it).
greedy_keys([], _, _, _, _, [], [], []).
greedy_keys([M|Ms], Rows, Turn, Opp, NOpp, Wins, Caps, Safe) :-
    M = move(R1, C1, R2, C2),
    rank(Turn, Rows, R1, Rank1),
    rank(Turn, Rows, R2, Rank2),
    nth1(R2, Opp, OppRow),
    Bit is 1 << (C2 - 1),
    (   OppRow /\ Bit =\= 0 -> Capture = true ; Capture = false ),
    (   ( Rank2 =:= Rows ; Capture == true, NOpp =:= 1 ) ->
        Wins = [M|Wins1], Caps = Caps1, Safe = Safe1
    ;   Capture == true ->
        Key is -Rank2,
        Wins = Wins1, Caps = [k(Key, C1, C2)-M|Caps1], Safe = Safe1
    ;   attacked(Turn, Rows, Opp, R2, C2) ->
        Wins = Wins1, Caps = Caps1, Safe = Safe1
    ;   Straight is abs(C2 - C1),
        Wins = Wins1, Caps = Caps1, Safe = [k(Rank1, C1, Straight, C2)-M|Safe1]
    ),
    greedy_keys(Ms, Rows, Turn, Opp, NOpp, Wins1, Caps1, Safe1).

rank(1, _, R, R).
rank(2, Rows, R, Rank) :- Rank is Rows + 1 - R.

% attacked(+Turn, +Rows, +Opp, +R, +C): an enemy piece attacks (R,C): for
% White's moves a black piece on row R+1, columns C-1 or C+1; for Black's
% a white piece on row R-1.
attacked(Turn, Rows, Opp, R, C) :-
    (   Turn =:= 1 -> RA is R + 1 ; RA is R - 1 ),
    RA >= 1, RA =< Rows,
    nth1(RA, Opp, Row),
    Bit is 1 << (C - 1),
    Row /\ ((Bit << 1) \/ (Bit >> 1)) =\= 0.

count_list([], N, N).
count_list([X|Xs], N0, N) :-
    bits(X, 0, K),
    N1 is N0 + K,
    count_list(Xs, N1, N).

bits(X, N0, N) :-
    (   X =:= 0 -> N = N0
    ;   X1 is X /\ (X - 1), N1 is N0 + 1, bits(X1, N1, N)
    ).


/* ---------------------------------------------------------------------
   Level ai
   --------------------------------------------------------------------- */

%% prepare(+Level)
% Builds what Level builds on its first move: for ai the tables of the
% search (tables_ready/0, about 0.1 s). A fork server calls it once, before
% the games it forks (see "Computer players" in game.pl).
prepare(Level) :-
    (   Level == ai -> tables_ready ; true ).

%% ai_move(+State, +BudgetMs, -Move, -Reason)
% On small boards the exact solver first (half of the budget), then the
% search.
ai_move(State, BudgetMs, Move, Reason) :-
    statistics(walltime, [T0, _]),
    State = breakthrough(Rows, Cols, _, _, _, _, _, ongoing),
    (   Rows * Cols =< 20,
        SolveDeadline is T0 + BudgetMs * 0.5,
        solve_run(State, SolveDeadline, Move0, Score, _) ->
        Move = Move0,
        score_reason(Score, _, Reason)
    ;   search_run(State, T0, BudgetMs, Move, Reason, _)
    ).

%% search(+State, +BudgetMs, -Move, -Info)
% Move is the move the search of level ai chooses in State (a game in
% progress) within BudgetMs milliseconds of wall time, without the exact
% solver of small boards; Info is [reason(Reason), depth(D), nodes(N),
% ms(T)]: Reason as in choose_move/5, D the depth of the last iteration
% completed (0 when there was one legal move), N the positions searched,
% T the time taken (wall time).
search(State, BudgetMs, Move, [reason(Reason), depth(D), nodes(N), ms(Ms)]) :-
    statistics(walltime, [T0, _]),
    search_run(State, T0, BudgetMs, Move, Reason, D-N),
    statistics(walltime, [T1, _]),
    Ms is round(T1 - T0).

%% search_to_depth(+State, +Depth, -Move, -Info)
% The search of level ai in State (a game in progress), its iterations up
% to Depth plies (each with its quiescence search) and no clock: Move and
% Info as in search/4. For benchmarks (tabula bench search): the positions
% and CPU time of a fixed depth compare two versions of the search, which
% the clock would not.
% ?- breakthrough:initial_state([], S), search_to_depth(S, 3, M, I).
%    M = move(2,1,3,1), I = [reason(search(3,7)), depth(3), nodes(1279), ms(T)]
%    (T the CPU time: the rest is the same on every machine).
search_to_depth(State, MaxDepth, Move, [reason(Reason), depth(D), nodes(N), ms(Ms)]) :-
    must_be(integer, MaxDepth),
    (   MaxDepth >= 1 -> true
    ;   domain_error(positive_depth, MaxDepth, search_to_depth/4)
    ),
    statistics(runtime, [T0, _]),
    Never is T0 + 1.0e12,
    findall(r(Move0, Reason0, DN0),
            id_search(State, Never, stop(Never, MaxDepth), Move0, Reason0, DN0),
            [r(Move, Reason, D-N)]),
    statistics(runtime, [T1, _]),
    Ms is round(T1 - T0).

%% bench_positions(-Texts)
% The fixed positions of tabula bench search (Texts in the notation of
% position_text//1): championship starts of 8 x 8 (random_start/2, seeds 1
% to 4), each as drawn and after 9 and 20 plies of greedy against itself.
% Written out, so that the suite stays the same when the rules or the
% players change.
bench_positions([
    "bb.bb.bb/bbbbb.b./..b..bb./.......b/...w..../...w.ww./w.wwwww./wwwww.w. w",
    ".b.b...b/bbbbbbbb/b.b..bb./.......b/...w..../ww.w.ww./.wwwwwww/..www... b",
    ".......b/bbb.bb.b/bbbbbbbb/.......b/...w..../wwwwwwww/.wwwww.w/....w... w",
    "bb.bbbbb/bb.bbb.b/.b....b./....b.../w......./.w..w.../w.ww.www/w.wwwwww w",
    "...bb.bb/bbbbbbbb/bb....b./....b.../w......./www.w.../.wwwwwww/....wwww b",
    "......bb/b.bb.bbb/bbbbbbb./....b.../w......./wwwwwww./.w.wwwww/......ww w",
    "bbbbbbbb/b.bbbb../.b...bb./......../......../.ww.w.../w...wwww/wwwwwwww w",
    ".bbbb..b/.bbbbbbb/bb...bb./......../......../wwwww.../.w.wwwww/...wwwww b",
    "....b..b/bbb.bbbb/bbbbbbb./......../......../wwwwwww./.wwwwwww/......ww w",
    "bbb.bb.b/b.b.bbb./.bb..bwb/......../.b....../...w.www/wwww..../wwwww.ww w",
    ".b...b../bbbbbbbb/.bb..b.b/......../.b....../...w.www/wwwwwwww/www..... b",
    "......../bb..bbbb/bbbbbbbb/......../wb....../...wwwww/wwwwwwww/.w...... w"
]).

% search_run(+State, +T0, +BudgetMs, -Move, -Reason, -Depth-Nodes): the
% iterative deepening, inside findall/3 (the memory comes back at once).
search_run(State, T0, BudgetMs, Move, Reason, DN) :-
    Deadline is T0 + BudgetMs * 0.75,
    StopTime is T0 + BudgetMs * 0.35,
    findall(r(Move0, Reason0, DN0),
            id_search(State, Deadline, stop(StopTime, 100), Move0, Reason0, DN0),
            [r(Move, Reason, DN)]).

% id_search(+State, +Deadline, +Stop, -Move, -Reason, -Depth-Nodes): Stop
% is stop(Time, MaxDepth): no iteration starts after the CPU time Time or
% beyond the depth MaxDepth; an iteration running at Deadline is abandoned.
id_search(State, Deadline, Stop, Move, Reason, Depth-Nodes) :-
    state_position(State, Deadline, G, Pos),
    root_moves(Pos, G, Kind, Codes),
    (   Kind = decided(Score) ->
        Codes = [Code|_], Depth = 0, Nodes = 1,
        score_reason(Score, 0, Reason)
    ;   Codes = [Code0] ->
        Code = Code0, Depth = 0, Nodes = 1,
        eval(Pos, G, 0, V),
        Reason = search(0, V)
    ;   empty_search_state(TT0),
        keyed(Codes, Keyed),
        id_loop(1, Keyed, Pos, G, Stop, TT0, none, 0, 0, 0, Code, Score, Depth, Nodes),
        score_reason(Score, Depth, Reason)
    ),
    code_move(State, Code, Move).

keyed([], []).
keyed([C|Cs], [0-C|Ks]) :- keyed(Cs, Ks).

% score_reason(+Score, +Depth, -Reason)
score_reason(Score, Depth, Reason) :-
    win_score(Win), mate_bound(Mate),
    (   Score >= Mate -> Plies is Win - Score, Reason = proven_win(Plies)
    ;   Score =< -Mate -> Plies is Win + Score, Reason = proven_loss(Plies)
    ;   Reason = search(Depth, Score)
    ).

% root_moves(+Pos, +G, -Kind, -Codes): the moves worth searching at the
% root: Kind is decided(Score) when the exact rules settle the position
% (Codes then starts with the move to play), else search.
root_moves(Pos, G, Kind, Codes) :-
    Pos = p(Rows, _, _, _, _, OwnWin, Threat, _),
    G = g(R, _, Full, _, _, _, _),
    win_score(Win),
    gen_moves(Rows, R, Full, Caps, Quiet),
    append(Caps, Quiet, All),
    (   OwnWin =\= 0 ->
        K is R - 1,
        include_row(All, K, Winning),
        Codes = Winning,
        Score is Win - 1,
        Kind = decided(Score)
    ;   Threat =\= 0 ->
        Rows = [r(O1, _)|_],
        (   pc(Threat, 1) -> forced_captures(Threat, O1, Full, Forced)
        ;   Forced = []         % two threats: one capture cannot stop both
        ),
        (   Forced == [] -> Lost = true ; Lost = false ),
        (   Lost == true ->
            Score is -(Win - 2),
            Kind = decided(Score),
            Codes = All
        ;   Codes = Forced, Kind = search
        )
    ;   Codes = All, Kind = search
    ).

include_row([], _, []).
include_row([C|Cs], K, Out) :-
    (   C >> 8 =:= K -> Out = [C|Out1] ; Out = Out1 ),
    include_row(Cs, K, Out1).


% id_loop(+D, +Keyed, +Pos, +G, +Stop, +TT0, +Best0, +Score0, +Depth0,
% +Nodes0, -Best, -Score, -Depth, -Nodes): iterations of depth D, D+1, ...
% Keyed are the root moves as Key-Code, the best first.
id_loop(D, Keyed, Pos, G, Stop, TT0, Best0, Score0, Depth0, N0, Best, Score, Depth, N) :-
    win_score(Win), mate_bound(Mate),
    MinA is -Win - 1, MaxB is Win + 1,
    catch(( root_loop(Keyed, Pos, D, MinA, MaxB, G, TT0, TT1, N0, N1,
                      -1000000, none, Scored, V1, B1),
            Outcome = done(TT1, N1, Scored, V1, B1) ),
          bt_partial(PB, PV, PN),
          Outcome = partial(PB, PV, PN)),
    (   Outcome = done(TT2, N2, Scored2, V2, B2) ->
        statistics(walltime, [T, _]),
        Stop = stop(StopTime, MaxDepth),
        (   ( abs(V2) >= Mate ; T > StopTime ; D >= MaxDepth ) ->
            Best = B2, Score = V2, Depth = D, N = N2
        ;   keysort(Scored2, Keyed2),
            D1 is D + 1,
            id_loop(D1, Keyed2, Pos, G, Stop, TT2, B2, V2, D, N2, Best, Score, Depth, N)
        )
    ;   Outcome = partial(PB, PV, PN),
        N = PN,
        % A win proved for one move is a proof; a loss is not (the moves
        % not searched yet might not lose), nor is a value to report.
        (   PB \== none, PV >= Mate -> Best = PB, Score = PV, Depth = Depth0
        ;   PB \== none, PB \== Best0 ->
            Best = PB, Depth = Depth0,
            (   PV =< -Mate -> Score = Score0 ; Score = PV )
        ;   Best0 \== none -> Best = Best0, Score = Score0, Depth = Depth0
        ;   Keyed = [_-First|_], Best = First, Score = 0, Depth = 0
        )
    ).

% root_loop(+Keyed, +Pos, +D, +A, +B, +G, +TT0, -TT, +N0, -N, +BestV0,
% +Best0, -Scored, -V, -Best): the root moves searched with a window that
% narrows (alpha rises) as better moves are found; Scored lists them as
% -Score-Code (so keysort puts the best first). When the clock runs out it
% throws bt_partial(Best, V, Nodes): the best move of this iteration so far
% (none until the first move is done).
root_loop([], _, _, _, _, _, TT, TT, N, N, V, Best, [], V, Best).
root_loop([_-M|Ms], Pos, D, A, B, G, TT0, TT, N0, N, BestV0, Best0, [K-M|Scored], V, Best) :-
    catch(child_value(Pos, M, D, A, B, 0, G, TT0, TT1, N0, N1, S),
          bt_timeout,
          throw(bt_partial(Best0, BestV0, N0))),
    K is -S,
    (   S > BestV0 -> BestV1 = S, Best1 = M ; BestV1 = BestV0, Best1 = Best0 ),
    A1 is max(A, BestV1),
    root_loop(Ms, Pos, D, A1, B, G, TT1, TT, N1, N, BestV1, Best1, Scored, V, Best).

% child_value(+Pos, +Code, +D, +A, +B, +Ply, +G, +TT0, -TT, +N0, -N, -S):
% S is the value for the mover of Pos of playing Code, searched D-1 plies
% deep with the window A..B.
child_value(Pos, M, D, A, B, Ply, G, TT0, TT, N0, N, S) :-
    make(Pos, M, G, Pos1, Cap),
    Ply1 is Ply + 1,
    (   Cap =:= 1, Pos1 = p(_, 0, _, _, _, _, _, _) ->
        win_score(Win), S is Win - Ply1, TT = TT0, N = N0
    ;   D1 is D - 1, NA is -B, NB is -A,
        search(Pos1, D1, NA, NB, Ply1, G, TT0, TT, N0, N, S0, _),
        S is -S0
    ).

% code_move(+State, +Code, -Move): the move term of a move code of the
% search (rows of the side to move, see the top).
code_move(breakthrough(R, _, Turn, _, _, _, _, _), Code, move(R1, C1, R2, C2)) :-
    K is Code >> 8,
    C1 is ((Code >> 4) /\ 15) + 1,
    C2 is (Code /\ 15) + 1,
    (   Turn =:= 1 -> R1 = K, R2 is K + 1
    ;   R1 is R + 1 - K, R2 is R - K
    ).


/* ---------------------------------------------------------------------
   Exact solving
   --------------------------------------------------------------------- */

%% solve(+State, -Winner, -Plies)
% Winner (1 or 2) wins State with perfect play by both sides, and Plies is
% the number of plies (moves of either side) the game then lasts from
% State: the winner hurrying, the loser delaying. For a game that is over,
% Winner is its winner and Plies 0. No time limit: meant for small boards
% (the 4 x 4 and 4 x 5 starts take well under a second; see solve/4).
solve(State, Winner, Plies) :-
    solve(State, Winner, Plies, _).

%% solve(+State, -Winner, -Plies, -Info)
% As solve/3; Info is [move(Move), nodes(N), ms(T)]: a best move (none
% when the game is over), the positions searched and the CPU time taken.
solve(State, Winner, Plies, [move(Move), nodes(N), ms(Ms)]) :-
    State = breakthrough(_, _, Turn, _, _, _, _, Result),
    statistics(runtime, [T0, _]),
    (   Result = won(Winner, _) ->
        Plies = 0, N = 0, Move = none
    ;   solve_run(State, inf, Move, Score, N),
        win_score(Win),
        (   Score > 0 -> Winner = Turn, Plies is Win - Score
        ;   Winner is 3 - Turn, Plies is Win + Score
        )
    ),
    statistics(runtime, [T1, _]),
    Ms is round(T1 - T0).

% solve_run(+State, +Deadline, -Move, -Score, -Nodes): the exact search
% (depth unbounded, scores all proven), inside findall/3; fails when the
% Deadline (a runtime in ms, or inf) passes first (root_loop/15 then
% throws bt_partial/3).
solve_run(State, Deadline, Move, Score, Nodes) :-
    findall(r(Move0, Score0, Nodes0),
            catch(solve_search(State, Deadline, Move0, Score0, Nodes0),
                  bt_partial(_, _, _), fail),
            [r(Move, Score, Nodes)]).

solve_search(State, Deadline, Move, Score, Nodes) :-
    state_position(State, Deadline, G, Pos),
    root_moves(Pos, G, Kind, Codes),
    (   Kind = decided(Score) ->
        Codes = [Code|_], Nodes = 1
    ;   empty_search_state(TT0),
        win_score(Win),
        MinA is -Win - 1, MaxB is Win + 1,
        exact_depth(D),
        keyed(Codes, Keyed),
        root_loop(Keyed, Pos, D, MinA, MaxB, G, TT0, _, 0, Nodes, -1000000, none, _, Score, Code)
    ),
    code_move(State, Code, Move).

% exact_depth(-D): a depth no game reaches (each move takes a piece a row
% forward: at most 12 x 11 x 2 moves); a node searched this deep has an
% exact value, whatever depth it is met at again.
exact_depth(1000).


/* ---------------------------------------------------------------------
   The search
   --------------------------------------------------------------------- */

win_score(100000).
mate_bound(99000).

% search(+Pos, +D, +A, +B, +Ply, +G, +TT0, -TT, +N0, -N, -V, -Best): the
% fail-soft negamax value V of Pos, D plies deep, window A..B; Best is the
% best move found (a code) or none; N counts the positions.
search(Pos, D, A, B, Ply, G, TT0, TT, N0, N, V, Best) :-
    N1 is N0 + 1,
    tick(N1, G),
    Pos = p(Rows, _, _, Hash, _, OwnWin, Threat, _),
    win_score(Win),
    (   OwnWin =\= 0 ->
        V is Win - Ply - 1, Best = none, TT = TT0, N = N1
    ;   Threat =\= 0 ->
        G = g(_, _, Full, _, _, _, _),
        Rows = [r(O1, _)|_],
        (   pc(Threat, 1),
            forced_captures(Threat, O1, Full, Forced),
            Forced \== [] ->
            % the forced capture is not a real choice: no depth used
            DF is D + 1,
            moves_loop(Forced, Pos, DF, A, B, Ply, G, TT0, TT, N1, N, -1000000, none, V, Best)
        ;   V is -(Win - Ply - 2), Best = none, TT = TT0, N = N1
        )
    ;   D =< 0 ->
        qsearch(Pos, A, B, Ply, 8, G, N1, N, V),
        Best = none, TT = TT0
    ;   TT0 = s(Table0, _),
        (   tt_get(Table0, Hash, t(TD, TF, TV0, TM)) ->
            from_table(TV0, Ply, TV)
        ;   TD = -1, TM = none
        ),
        (   TD >= D,
            (   TF =:= 0 -> true
            ;   TF =:= 1 -> TV >= B
            ;   TV =< A
            ) ->
            V = TV, Best = TM, TT = TT0, N = N1
        ;   G = g(R, _, Full, _, _, _, _),
            TT0 = s(_, Killers0),
            killers(Killers0, Ply, K1, K2),
            % The moves in stages (see front_moves/7): the quiet moves are
            % made only when the table's move, the captures and the
            % killers have not refuted the position (seldom).
            gen_captures(Rows, R, Full, Caps),
            front_moves(Caps, Rows, TM, K1, K2, Front, Taken),
            moves_loop(Front, Pos, D, A, B, Ply, G, TT0, TTF, N1, NF, -1000000, none, VF, BestF),
            (   VF >= B -> Moves = some, V = VF, Best = BestF, TT1 = TTF, N = NF
            ;   gen_quiet(Rows, R, Full, Quiet0),
                delete_all(Taken, Quiet0, Quiet),
                (   Front == [], Quiet == [] -> Moves = none
                ;   Moves = some,
                    moves_loop(Quiet, Pos, D, A, B, Ply, G, TTF, TT1, NF, N, VF, BestF, V, Best)
                )
            ),
            (   Moves == none ->
                V is -(Win - Ply), Best = none, TT = TT0, N = N1
            ;   TT1 = s(Table1, Killers1),
                (   V =< A -> Flag = 2, Killers = Killers1
                ;   V >= B ->
                    Flag = 1,
                    (   quiet(Best, Rows) -> new_killer(Killers1, Ply, Best, Killers)
                    ;   Killers = Killers1
                    )
                ;   Flag = 0, Killers = Killers1
                ),
                to_table(V, Ply, SV),
                (   D >= 500 -> SD = 10000 ; SD = D ),
                tt_put(Table1, Hash, t(SD, Flag, SV, Best), Table),
                TT = s(Table, Killers)
            )
        )
    ).

% The table and the killer moves travel together through the search as
% s(Table, Killers): Table the transposition table (an AVL tree), Killers
% a list, one k(K1, K2) per ply from the root (as long as needed): the
% last two quiet moves that refuted a move at that ply (a cutoff), tried
% early in the other positions of the same ply.
empty_search_state(s(e, [])).

% The transposition table: a trie on the bits of the key (the Zobrist
% keys are random, so it stays balanced by itself), eight ways at each
% level: e (empty), l(Key, Value) (one entry; Key what is left of the key
% below this level: the key shifted right by 3 bits a level), or
% n(T0, ..., T7), T_i the entries whose next 3 bits are i. Against an AVL
% tree (library(assoc)) of 10 000 entries: a look-up or a new entry in
% about half the time (a level costs an arg/3 and a shift rather than a
% compare/3 and a clause, and there are fewer levels), a changed entry in
% the same.

%% tt_get(+Table, +Key, -Value)
% Value is the entry of Key in the transposition table Table (the trie
% above); fails when Key has no entry.
%   ?- breakthrough_ai:tt_put(e, 42, v, T), breakthrough_ai:tt_get(T, 42, V).
%      T = l(42,v), V = v.
tt_get(l(K, V), Key, V) :-
    K =:= Key.
tt_get(N, Key, V) :-
    N = n(_, _, _, _, _, _, _, _),
    I is (Key /\ 7) + 1,
    arg(I, N, Sub),
    Key1 is Key >> 3,
    tt_get(Sub, Key1, V).

%% tt_put(+Table0, +Key, +Value, -Table)
% Table is Table0 with Value as the entry of Key (in place of the one it
% had, if any).
%   ?- breakthrough_ai:tt_put(e, 42, v, T0), breakthrough_ai:tt_put(T0, 43, w, T),
%      breakthrough_ai:tt_get(T, 43, V).
%      T0 = l(42,v), T = n(e,e,l(5,v),l(5,w),e,e,e,e), V = w.
tt_put(e, Key, V, l(Key, V)).
tt_put(l(K, V0), Key, V, T) :-
    (   K =:= Key -> T = l(Key, V)
    ;   I is K /\ 7,
        K1 is K >> 3,
        tt_set(I, n(e, e, e, e, e, e, e, e), l(K1, V0), N),
        tt_put(N, Key, V, T)
    ).
tt_put(N, Key, V, T) :-
    N = n(_, _, _, _, _, _, _, _),
    I is Key /\ 7,
    I1 is I + 1,
    arg(I1, N, Sub),
    Key1 is Key >> 3,
    tt_put(Sub, Key1, V, Sub1),
    tt_set(I, N, Sub1, T).

% tt_set(+I, +N0, +X, -N): N is N0 with X in place I (0..7).
tt_set(0, n(_, B, C, D, E, F, G, H), X, n(X, B, C, D, E, F, G, H)).
tt_set(1, n(A, _, C, D, E, F, G, H), X, n(A, X, C, D, E, F, G, H)).
tt_set(2, n(A, B, _, D, E, F, G, H), X, n(A, B, X, D, E, F, G, H)).
tt_set(3, n(A, B, C, _, E, F, G, H), X, n(A, B, C, X, E, F, G, H)).
tt_set(4, n(A, B, C, D, _, F, G, H), X, n(A, B, C, D, X, F, G, H)).
tt_set(5, n(A, B, C, D, E, _, G, H), X, n(A, B, C, D, E, X, G, H)).
tt_set(6, n(A, B, C, D, E, F, _, H), X, n(A, B, C, D, E, F, X, H)).
tt_set(7, n(A, B, C, D, E, F, G, _), X, n(A, B, C, D, E, F, G, X)).

killers([], _, none, none).
killers([k(A, B)|Ks], Ply, K1, K2) :-
    (   Ply =:= 0 -> K1 = A, K2 = B
    ;   Ply1 is Ply - 1, killers(Ks, Ply1, K1, K2)
    ).

new_killer([], Ply, M, Ks) :-
    new_killer([k(none, none)], Ply, M, Ks).
new_killer([k(A, B)|Ks0], Ply, M, Ks) :-
    (   Ply =:= 0 ->
        (   A == M -> Ks = [k(A, B)|Ks0] ; Ks = [k(M, A)|Ks0] )
    ;   Ks = [k(A, B)|Ks1],
        Ply1 is Ply - 1,
        (   Ks0 == [] -> Ks0b = [k(none, none)] ; Ks0b = Ks0 ),
        new_killer(Ks0b, Ply1, M, Ks1)
    ).

%% quiet(+Code, +Rows)
% The move Code takes nothing.
quiet(Code, Rows) :-
    Code \== none,
    K is Code >> 8,
    K1 is K + 1,
    nth1(K1, Rows, r(_, P)),
    P /\ (1 << (Code /\ 15)) =:= 0.

%% front_moves(+Caps, +Rows, +TM, +K1, +K2, -Front, -Taken)
% The moves searched before the quiet moves are made: the table's move TM, the
% captures Caps (gen_captures/4), then the killers K1 and K2, each when it is
% a legal quiet move here (quiet_legal/2); Taken are the quiet moves among
% them, to be left out of the quiet moves after (delete_all/3). The order is
% that of the top: the same moves, in the same order, as if all the moves were
% made first.
front_moves(Caps0, Rows, TM, K1, K2, Front, Taken) :-
    (   TM == none -> Caps = Caps0, Front = Front1, T0 = []
    ;   delete_first(Caps0, TM, Caps1) -> Caps = Caps1, Front = [TM|Front1], T0 = []
    ;   quiet_legal(TM, Rows) -> Caps = Caps0, Front = [TM|Front1], T0 = [TM]
    ;   Caps = Caps0, Front = Front1, T0 = []
    ),
    (   killer_usable(K1, Rows, T0) -> T1 = [K1|T0], Ks = [K1|Ks1] ; T1 = T0, Ks = Ks1 ),
    (   killer_usable(K2, Rows, T1) -> Taken = [K2|T1], Ks1 = [K2] ; Taken = T1, Ks1 = [] ),
    append(Caps, Ks, Front1).

killer_usable(K, Rows, Taken) :-
    K \== none,
    \+ ( member(X, Taken), X =:= K ),
    quiet_legal(K, Rows).

% quiet_legal(+Code, +Rows): Code (a move of this board) is a legal move
% that takes nothing: a piece of the mover on its square, the target
% empty.
quiet_legal(Code, Rows) :-
    K is Code >> 8,
    row_pair(K, Rows, O, O1, P1),
    O /\ (1 << ((Code >> 4) /\ 15)) =\= 0,
    (O1 \/ P1) /\ (1 << (Code /\ 15)) =:= 0.

% row_pair(+K, +Rows, -O, -O1, -P1): O the mover's pieces on row K, O1
% and P1 the mover's and the opponent's on row K+1.
row_pair(K, [r(O, _)|Rs], O0, O1, P1) :-
    (   K =:= 1 -> O0 = O, Rs = [r(O1, P1)|_]
    ;   K1 is K - 1,
        row_pair(K1, Rs, O0, O1, P1)
    ).

% delete_all(+Codes, +List0, -List): List0 without the Codes.
delete_all([], L, L).
delete_all([C|Cs], L0, L) :-
    (   delete_first(L0, C, L1) -> true ; L1 = L0 ),
    delete_all(Cs, L1, L).

% moves_loop(+Codes, +Pos, +D, +A, +B, +Ply, +G, +TT0, -TT, +N0, -N,
% +BestV0, +Best0, -V, -Best)
moves_loop([], _, _, _, _, _, _, TT, TT, N, N, V, Best, V, Best).
moves_loop([M|Ms], Pos, D, A, B, Ply, G, TT0, TT, N0, N, BestV0, Best0, V, Best) :-
    A1 is max(A, BestV0),
    pvs_value(Best0, Pos, M, D, A1, B, Ply, G, TT0, TT1, N0, N1, S),
    (   S > BestV0 -> BestV1 = S, Best1 = M ; BestV1 = BestV0, Best1 = Best0 ),
    (   BestV1 >= B ->
        V = BestV1, Best = Best1, TT = TT1, N = N1
    ;   moves_loop(Ms, Pos, D, A, B, Ply, G, TT1, TT, N1, N, BestV1, Best1, V, Best)
    ).

% pvs_value(+Best0, +Pos, +M, +D, +A, +B, +Ply, +G, +TT0, -TT, +N0, -N, -S):
% the value of move M (as child_value/12); the first move of a position
% (Best0 = none) is searched with the window A..B, the others first with
% the null window A..A+1 (principal variation search: they are expected
% to be worse), and again with A..B only when that shows they are better.
pvs_value(none, Pos, M, D, A, B, Ply, G, TT0, TT, N0, N, S) :-
    !,
    child_value(Pos, M, D, A, B, Ply, G, TT0, TT, N0, N, S).
pvs_value(_, Pos, M, D, A, B, Ply, G, TT0, TT, N0, N, S) :-
    A2 is A + 1,
    child_value(Pos, M, D, A, A2, Ply, G, TT0, TT1, N0, N1, S0),
    (   S0 > A, S0 < B, A2 < B ->
        child_value(Pos, M, D, A, B, Ply, G, TT1, TT, N1, N, S)
    ;   S = S0, TT = TT1, N = N1
    ).

delete_first([X|Xs], Y, Rest) :-
    (   X =:= Y -> Rest = Xs
    ;   Rest = [X|Rest1], delete_first(Xs, Y, Rest1)
    ).

% Mate scores in the table are relative to the position they belong to.
to_table(V, Ply, SV) :-
    (   V >= 99000 -> SV is V + Ply
    ;   V =< -99000 -> SV is V - Ply
    ;   SV = V
    ).

from_table(SV, Ply, V) :-
    (   SV >= 99000 -> V is SV - Ply
    ;   SV =< -99000 -> V is SV + Ply
    ;   V = SV
    ).

% tick(+N, +G): every 32 positions, throws bt_timeout when the CPU clock
% has passed the deadline of G.
tick(N, g(_, _, _, Deadline, _, _, _)) :-
    (   N /\ 31 =:= 0, Deadline \== inf ->
        statistics(walltime, [T, _]),
        (   T > Deadline -> throw(bt_timeout) ; true )
    ;   true
    ).

% forced_captures(+Threat, +O1, +Full, -Codes): the moves of the mover's
% pieces of row 1 (O1) that capture the enemy piece Threat (a single bit)
% on row 2.
forced_captures(Threat, O1, Full, Codes) :-
    bit_index(Threat, T),
    FromLeft is (Threat >> 1) /\ O1,      % the piece on column T-1
    FromRight is (Threat << 1) /\ Full /\ O1,
    Base is (1 << 8) \/ T,
    (   FromLeft =\= 0 -> F1 is T - 1, C1 is Base \/ (F1 << 4), Codes = [C1|Codes1]
    ;   Codes = Codes1
    ),
    (   FromRight =\= 0 -> F2 is T + 1, C2 is Base \/ (F2 << 4), Codes1 = [C2]
    ;   Codes1 = []
    ).

% qsearch(+Pos, +A, +B, +Ply, +QD, +G, +N0, -N, -V): the quiescence
% search: the exact rules, else the evaluation (standing pat) or better
% by a capture or a move to row R-1, QD plies more at most.
qsearch(Pos, A, B, Ply, QD, G, N0, N, V) :-
    N1 is N0 + 1,
    tick(N1, G),
    Pos = p(Rows, _, _, _, _, OwnWin, Threat, _),
    win_score(Win),
    (   OwnWin =\= 0 ->
        V is Win - Ply - 1, N = N1
    ;   Threat =\= 0 ->
        G = g(_, _, Full, _, _, _, _),
        Rows = [r(O1, _)|_],
        (   pc(Threat, 1),
            forced_captures(Threat, O1, Full, Forced),
            Forced \== [] ->
            QD1 is max(QD, 1),
            qmoves(Forced, Pos, A, B, Ply, QD1, G, N1, N, -1000000, V)
        ;   V is -(Win - Ply - 2), N = N1
        )
    ;   eval(Pos, G, Ply, Stand),
        (   ( Stand >= B ; QD =< 0 ; abs(Stand) >= 99000 ) ->
            V = Stand, N = N1
        ;   G = g(R, _, Full, _, _, _, _),
            gen_noisy(Rows, R, Full, Codes),
            A1 is max(A, Stand),
            qmoves(Codes, Pos, A1, B, Ply, QD, G, N1, N, Stand, V)
        )
    ).

qmoves([], _, _, _, _, _, _, N, N, V, V).
qmoves([M|Ms], Pos, A, B, Ply, QD, G, N0, N, BestV0, V) :-
    make(Pos, M, G, Pos1, Cap),
    Ply1 is Ply + 1,
    (   Cap =:= 1, Pos1 = p(_, 0, _, _, _, _, _, _) ->
        win_score(Win), S is Win - Ply1, N1 = N0
    ;   QD1 is QD - 1, NA is -B, A1 is max(A, BestV0), NB is -A1,
        qsearch(Pos1, NA, NB, Ply1, QD1, G, N0, N1, S0),
        S is -S0
    ),
    BestV1 is max(BestV0, S),
    (   BestV1 >= B -> V = BestV1, N = N1
    ;   qmoves(Ms, Pos, A, B, Ply, QD, G, N1, N, BestV1, V)
    ).


/* ---------------------------------------------------------------------
   Positions and moves inside the search
   --------------------------------------------------------------------- */

% state_position(+State, +Deadline, -G, -Pos): the search's view of a game
% in progress (see the top) and G, the board's constants:
% g(R, C, Full, Deadline, Weights, Passed, Runner), the last three terms
% with one argument per row (the evaluation's tables).
state_position(State, Deadline, G, Pos) :-
    tables_ready,
    State = breakthrough(R, C, Turn, White, Black, _, _, ongoing),
    Full is (1 << C) - 1,
    weight_tables(R, Wt, Ps, Rn),
    G = g(R, C, Full, Deadline, Wt, Ps, Rn),
    hash_rows(White, 0, 1, 0, H0),
    hash_rows(Black, 1, 1, H0, H1),
    (   Turn =:= 1 ->
        Side = 0, H = H1,
        pair_rows(White, Black, Rows)
    ;   Side = 1,
        zob_side(ZS), H is xor(H1, ZS),
        reverse(White, WR), reverse(Black, BR),
        pair_rows(BR, WR, Rows)
    ),
    count_list(White, 0, NW),
    count_list(Black, 0, NB),
    (   Turn =:= 1 -> NOwn = NW, NOpp = NB ; NOwn = NB, NOpp = NW ),
    K is R - 1,
    nth1(K, Rows, r(OwnWin, _)),
    nth1(2, Rows, r(_, Threat)),
    material(Rows, 1, R, Wt, 0, Material),
    Pos = p(Rows, NOwn, NOpp, H, Side, OwnWin, Threat, Material).

% material(+Rows, +K, +R, +Wt, +M0, -M): M0 plus the values of the mover's
% pieces on the rows K.. (Rows) less the opponent's (see eval/4).
material([], _, _, _, M, M).
material([r(O, P)|Rs], K, R, Wt, M0, M) :-
    pc(O, NO), pc(P, NP),
    arg(K, Wt, W),
    K2 is R + 1 - K,
    arg(K2, Wt, WP),
    M1 is M0 + NO * W - NP * WP,
    K1 is K + 1,
    material(Rs, K1, R, Wt, M1, M).

pair_rows([], [], []).
pair_rows([O|Os], [P|Ps], [r(O, P)|Rs]) :- pair_rows(Os, Ps, Rs).

% hash_rows(+Masks, +Colour, +A, +H0, -H): H0 xor the Zobrist numbers of
% the pieces of Colour (0 White, 1 Black) on the rows A, A+1, ...
hash_rows([], _, _, H, H).
hash_rows([M|Ms], Colour, A, H0, H) :-
    hash_bits(M, Colour, A, H0, H1),
    A1 is A + 1,
    hash_rows(Ms, Colour, A1, H1, H).

hash_bits(M, Colour, A, H0, H) :-
    (   M =:= 0 -> H = H0
    ;   Bit is M /\ (-M),
        bit_index(Bit, C),
        I is Colour * 144 + (A - 1) * 12 + C,
        zob(I, Z),
        H1 is xor(H0, Z),
        M1 is M - Bit,
        hash_bits(M1, Colour, A, H1, H)
    ).

% make(+Pos, +Code, +G, -Pos1, -Cap): Pos1 is Pos after the move Code, seen
% from the other side; Cap is 1 if the move captured, else 0.
make(p(Rows, NO, NP, H, Side, _, _, M), Code, g(R, _, _, _, Wt, _, _),
     p(Rows1, NP1, NO, H1, Side1, OwnWin1, Threat1, M1), Cap) :-
    K is Code >> 8,
    F is (Code >> 4) /\ 15,
    T is Code /\ 15,
    FB is 1 << F,
    TB is 1 << T,
    K1 is K + 1,
    % the rows below K turned round, then K and K+1 changed, then the rest
    Below is K - 1,
    turn_rows(Below, Rows, [], Acc, [r(OK, PK), r(OK1, PK1)|Above]),
    OK2 is OK - FB,
    OK3 is OK1 \/ TB,
    (   PK1 /\ TB =:= 0 -> Cap = 0, PK2 = PK1 ; Cap = 1, PK2 is PK1 - TB ),
    turn_rest(Above, [r(PK2, OK3), r(PK, OK2)|Acc], Rows1),
    % OwnWin1: the old opponent's pieces on row 2; Threat1: the old
    % mover's on row R-1, now the new mover's row 2
    (   K1 =:= 2 -> OwnWin1 = PK2
    ;   K =:= 2 -> OwnWin1 = PK
    ;   Rows = [_, r(_, OwnWin1)|_]
    ),
    Rows1 = [_, r(_, Threat1)|_],
    NP1 is NP - Cap,
    Side1 is 1 - Side,
    arg(K, Wt, WFrom),
    arg(K1, Wt, WTo),
    (   Cap =:= 1 -> KC is R - K, arg(KC, Wt, WCap) ; WCap = 0 ),
    M1 is WFrom - WTo - WCap - M,
    (   Side =:= 0 -> A1 = K, A2 = K1 ; A1 is R + 1 - K, A2 is R - K ),
    I1 is Side * 144 + (A1 - 1) * 12 + F,
    I2 is Side * 144 + (A2 - 1) * 12 + T,
    zob(I1, Z1),
    zob(I2, Z2),
    zob_side(ZS),
    H2 is xor(xor(H, Z1), xor(Z2, ZS)),
    (   Cap =:= 1 ->
        I3 is (1 - Side) * 144 + (A2 - 1) * 12 + T,
        zob(I3, Z3),
        H1 is xor(H2, Z3)
    ;   H1 = H2
    ).

% turn_rows(+N, +Rows, +Acc, -Acc1, -Rest): the first N rows of Rows,
% Own and Opp swapped, pushed on Acc (so in reverse order); Rest the others.
turn_rows(N, Rows, Acc, Acc1, Rest) :-
    (   N =:= 0 -> Acc1 = Acc, Rest = Rows
    ;   Rows = [r(O, P)|Rows1],
        N1 is N - 1,
        turn_rows(N1, Rows1, [r(P, O)|Acc], Acc1, Rest)
    ).

% turn_rest(+Rows, +Acc, -Rows1): Rows swapped and reversed onto Acc.
turn_rest([], Acc, Acc).
turn_rest([r(O, P)|Rs], Acc, Out) :-
    turn_rest(Rs, [r(P, O)|Acc], Out).

% gen_moves(+Rows, +R, +Full, -Caps, -Quiet): all the mover's moves, the
% captures and the other moves, each in the order they are searched (see
% the top):
%   * captures row by row from the mover's home row, in each row the ones
%     that land on a square no enemy piece attacks first;
%   * the other moves: to row R-1 on a square no enemy piece attacks; then
%     to other such squares, row by row from the goal row down; then the
%     moves to attacked squares, also from the goal row down.
% Within a group, the order of gen_row/16 (straight, to the left, to the
% right; columns from the first). The moves come out in order, put in
% their places with difference lists: sorting them by a key costs a
% quarter of the time of a position's moves.
gen_moves(Rows, R, Full, Caps, Quiet) :-
    gen(Rows, 1, R, Full, all, Caps, [], Safe, Att, Att, [], Quiet, Safe).

% gen_captures(+Rows, +R, +Full, -Caps): the captures of gen_moves/5.
gen_captures(Rows, R, Full, Caps) :-
    gen(Rows, 1, R, Full, captures, Caps, [], S, S, A, A, T, T).

% gen_quiet(+Rows, +R, +Full, -Quiet): the other moves of gen_moves/5.
gen_quiet(Rows, R, Full, Quiet) :-
    gen(Rows, 1, R, Full, quiet, C, C, Safe, Att, Att, [], Quiet, Safe).

% gen_noisy(+Rows, +R, +Full, -Codes): the captures and the moves to row
% R-1 only (for the quiescence search), the captures first.
gen_noisy(Rows, R, Full, Codes) :-
    gen(Rows, 1, R, Full, noisy, Codes, Quiet, Safe, Att, Att, [], Quiet, Safe).

% gen(+Rows, +K, +R, +Full, +Which, -C0, +C, -S, +S0, -A, +A0, -T0, +T):
% the moves of the rows K.. (Rows) into four lists: the captures C0-C
% (rows ascending), the safe and the attacked quiet moves (rows descending:
% each row's moves are put in front of S0 and A0, giving S and A), and the
% safe moves to row R-1, T0-T. Which is all, captures, quiet (the moves
% that take nothing) or noisy (the captures and the moves of row R-2).
gen([r(O, _)|Rest], K, R, Full, Which, C0, C, S, S0, A, A0, T0, T) :-
    (   Rest = [r(O1, P1)|Rest1] ->
        K1 is K + 1,
        (   O =:= 0 -> C3 = C0, S1 = S0, A4 = A0, T3 = T0
        ;   ( Which == captures ; Which == noisy, K1 =\= R - 1 ) ->
            % (P1 has no square of O1, and none off the board)
            LtC is (O >> 1) /\ P1,
            RtC is (O << 1) /\ P1,
            (   LtC \/ RtC =:= 0 -> C3 = C0
            ;   attacks(Rest1, Full, Att),
                Base is K << 8,
                captures(LtC, RtC, Base, Att, C0, C3)
            ),
            S1 = S0, A4 = A0, T3 = T0
        ;   attacks(Rest1, Full, Att),
            Base is K << 8,
            Str is O /\ \ (O1 \/ P1),
            Lt is (O >> 1) /\ \ O1,            % targets of moves to column - 1
            Rt is (O << 1) /\ Full /\ \ O1,    % targets of moves to column + 1
            (   Which == quiet -> C3 = C0
            ;   LtC is Lt /\ P1, RtC is Rt /\ P1,
                captures(LtC, RtC, Base, Att, C0, C3)
            ),
            (   K1 =:= R - 1 ->
                % the safe quiet moves of this row go to T0-T
                quiet_row(Str, Lt, Rt, P1, Base, Att, T0, T3, A4, A0),
                S1 = S0
            ;   quiet_row(Str, Lt, Rt, P1, Base, Att, S1, S0, A4, A0),
                T3 = T0
            )
        ),
        gen(Rest, K1, R, Full, Which, C3, C, S, S1, A, A4, T3, T)
    ;   C0 = C, S = S0, A = A0, T0 = T
    ).

% attacks(+Rows, +Full, -Att): the squares of the row below Rows that the
% enemy pieces of Rows' first row attack (0 when Rows is []).
attacks([], _, 0).
attacks([r(_, P2)|_], Full, Att) :-
    Att is ((P2 << 1) /\ Full) \/ (P2 >> 1).

% quiet_row(+Str, +Lt, +Rt, +P1, +Base, +Att, -S, +S0, -A, +A0): the
% moves of a row K (Base = K << 8) that take nothing, to the targets Str
% (straight), Lt (to the left) and Rt (to the right) on row K+1, whose
% enemy pieces are P1 and whose squares the enemy attacks are Att: to
% safe squares S-S0, to attacked ones A-A0, each in the order straight,
% left, right.
quiet_row(Str, Lt, Rt, P1, Base, Att, S, S0, A, A0) :-
    LtQ is Lt /\ \ P1, RtQ is Rt /\ \ P1,
    StrA is Str /\ Att, LtA is LtQ /\ Att, RtA is RtQ /\ Att,
    StrS is Str - StrA, LtS is LtQ - LtA, RtS is RtQ - RtA,
    emit(StrS, 0, Base, S, S1),
    emit(LtS, 1, Base, S1, S2),
    emit(RtS, -1, Base, S2, S0),
    emit(StrA, 0, Base, A, A1),
    emit(LtA, 1, Base, A1, A2),
    emit(RtA, -1, Base, A2, A0).

%% captures(+LtC, +RtC, +Base, +Att, -C0, +C)
% The captures to the left (to the targets LtC) and to the right (RtC), C0-C:
% those to squares no enemy piece attacks (Att) first.
captures(LtC, RtC, Base, Att, C0, C) :-
    (   LtC \/ RtC =:= 0 -> C0 = C
    ;   Safe is \ Att,
        LtU is LtC /\ Safe, RtU is RtC /\ Safe,
        LtX is LtC /\ Att, RtX is RtC /\ Att,
        emit(LtU, 1, Base, C0, C1),
        emit(RtU, -1, Base, C1, C2),
        emit(LtX, 1, Base, C2, C3),
        emit(RtX, -1, Base, C3, C)
    ).

% emit(+Targets, +Dir, +Base, -L0, +L): the moves to the target bits (on
% row K+1, Base = K << 8), from the column target + Dir, columns from the
% first: L0-L.
emit(T, Dir, Base, L0, L) :-
    (   T =:= 0 -> L0 = L
    ;   Bit is T /\ (-T),
        bit_index(Bit, To),
        Code is Base \/ ((To + Dir) << 4) \/ To,
        L0 = [Code|L1],
        T1 is T - Bit,
        emit(T1, Dir, Base, L1, L)
    ).


/* ---------------------------------------------------------------------
   The evaluation
   --------------------------------------------------------------------- */

%% evaluate(+State, -Score)
% Score is the static evaluation of State (a game in progress) from the
% side of the player to move, in hundredths of a piece (see the top);
% 100000 - P for a win the exact rules prove at ply P, -(100000 - P) for a
% loss.
evaluate(State, Score) :-
    state_position(State, inf, G, Pos),
    Pos = p(_, _, _, _, _, OwnWin, Threat, _),
    win_score(Win),
    (   OwnWin =\= 0 -> Score is Win - 1
    ;   pc(Threat, NT), NT >= 2 -> Score is -(Win - 2)
    ;   eval(Pos, G, 0, Score)
    ).

% weight_tables(+R, -Wt, -Ps, -Rn): per row k of the mover (1..R): the
% value of a piece there (100 + advancement, + 30 on the home row), the
% bonus of a passed piece and of a runner.
weight_tables(R, Wt, Ps, Rn) :-
    functor(Wt, w, R),
    functor(Ps, w, R),
    functor(Rn, w, R),
    fill_tables(1, R, Wt, Ps, Rn).

fill_tables(K, R, Wt, Ps, Rn) :-
    (   K > R -> true
    ;   T is (K - 1) / (R - 1),
        W0 is 100 + 6 * (K - 1) + round(80 * T ** 4),
        (   K =:= 1 -> W is W0 + 30 ; W = W0 ),
        P is 5 + round(40 * T * T),
        N is 30 + round(100 * T * T),
        arg(K, Wt, W),
        arg(K, Ps, P),
        arg(K, Rn, N),
        K1 is K + 1,
        fill_tables(K1, R, Wt, Ps, Rn)
    ).

% eval(+Pos, +G, +Ply, -Score): most positions of a search have no passed
% piece, and then the score is Material (kept up to date by make/5) plus
% the defended pieces: one pass (defended/8) finds both, and the full
% evaluation (ev/19: the passed pieces, the runners and the race) is made
% only where it finds a passed piece. The two give the same score there
% (the tests check it).
eval(p(Rows, _, _, _, _, _, _, M), G, Ply, Score) :-
    G = g(_, _, Full, _, _, _, _),
    defended(Rows, Full, 0, 0, _, _, Dd, Passed),
    (   Passed =:= 0 -> Score is M + 4 * Dd
    ;   full_eval(Rows, G, Ply, Score)
    ).

%% defended(+Rows, +Full, +AO, +DOPre, -AP, -DSP, -Dd, -Passed)
% For the rows K.. (Rows): AO the squares of row K the mover's pieces of row
% K-1 attack, DOPre the union of the mover's rows below K with their attacks;
% AP the squares of row K-1 the opponent's pieces of row K attack, DSP the
% union of the opponent's rows K.. with their attacks, Dd the mover's defended
% pieces less the opponent's, Passed non-zero when a piece of either side is
% passed (ev/19 says what that is).
defended([], _, _, _, 0, 0, 0, 0).
defended([r(O, P)|Rest], Full, AO, DOPre, AP, DSP, Dd, Passed) :-
    (   P =:= 0 ->
        (   O =:= 0 ->
            defended(Rest, Full, 0, DOPre, _, DSP, Dd, Passed)
        ;   AttO is ((O << 1) /\ Full) \/ (O >> 1),
            DOPre1 is DOPre \/ O \/ AttO,
            defended(Rest, Full, AttO, DOPre1, _, DSP1, Dd1, Passed1),
            DSP = DSP1,
            Def is O /\ AO, pc(Def, ND),
            Dd is Dd1 + ND,
            Passed is Passed1 \/ (O /\ \ DSP1)
        ),
        AP = 0
    ;   O =:= 0 ->
        defended(Rest, Full, 0, DOPre, AP1, DSP1, Dd1, Passed1),
        AP is ((P << 1) /\ Full) \/ (P >> 1),
        DSP is DSP1 \/ P \/ AP,
        DefP is P /\ AP1, pc(DefP, NDP),
        Dd is Dd1 - NDP,
        Passed is Passed1 \/ (P /\ \ DOPre)
    ;   AttO is ((O << 1) /\ Full) \/ (O >> 1),
        DOPre1 is DOPre \/ O \/ AttO,
        defended(Rest, Full, AttO, DOPre1, AP1, DSP1, Dd1, Passed1),
        AP is ((P << 1) /\ Full) \/ (P >> 1),
        DSP is DSP1 \/ P \/ AP,
        Def is O /\ AO, pc(Def, ND),
        DefP is P /\ AP1, pc(DefP, NDP),
        Dd is Dd1 + ND - NDP,
        Passed is Passed1 \/ (O /\ \ DSP1) \/ (P /\ \ DOPre)
    ).

%% full_eval(+Rows, +G, +Ply, -Score)
% The evaluation, every term computed.
full_eval(Rows, g(R, _, Full, _, Wt, Ps, Rn), Ply, Score) :-
    ev(Rows, 1, R, Full, Wt, Ps, Rn, 0, 0, 0, 0, _, _, _, Sc, DU, EU, DMin, EMin),
    win_score(Win),
    (   DU =< EMin -> Score is Win - Ply - 2 * DU + 1
    ;   EU < DMin -> Score is -(Win - Ply - 2 * EU)
    ;   Score = Sc
    ).

% ev(+Rows, +K, +R, +Full, +Wt, +Ps, +Rn, +OPrev, +Y0, +OPre, +PPre, -Z,
% -SP, -SO, -Sc, -DU, -EU, -DMin, -EMin): the rows K.. (Rows); on the way
% up: OPrev the mover's row K-1, Y0 its cone union Y(K-1) (for the enemy
% runners), OPre and PPre the unions of the mover's and the opponent's rows
% below K; on the way back, for the rows K..R: Z the enemy cone union
% Z(K), SP and SO the unions of the opponent's and the mover's rows, Sc the
% score, DU and EU the distances of the nearest mover's and enemy runner
% (99 if none), DMin and EMin the distance to the goal of each side's most
% advanced piece (99 if none).
ev([], _, _, _, _, _, _, _, _, _, _, 0, 0, 0, 0, 99, 99, 99, 99).
ev([r(O, P)|Rest], K, R, Full, Wt, Ps, Rn, OPrev, Y0, OPre, PPre, Z, SP, SO, Sc, DU, EU, DMin, EMin) :-
    K1 is K + 1,
    Y is O \/ ((Y0 << 1) /\ Full) \/ (Y0 >> 1) \/ Y0,
    OPre1 is OPre \/ O,
    PPre1 is PPre \/ P,
    ev(Rest, K1, R, Full, Wt, Ps, Rn, O, Y, OPre1, PPre1, Z1, SP1, SO1, Sc1, DU1, EU1, DMin1, EMin1),
    (   O =:= 0, P =:= 0 ->
        Z is Z1 \/ ((Z1 << 1) /\ Full) \/ (Z1 >> 1),
        SP = SP1, SO = SO1, Sc = Sc1, DU = DU1, EU = EU1, DMin = DMin1, EMin = EMin1
    ;   (   Rest = [r(_, P1)|_] -> true ; P1 = 0 ),
        AO is ((OPrev << 1) /\ Full) \/ (OPrev >> 1),    % the mover's attacks on row K
        AP is ((P1 << 1) /\ Full) \/ (P1 >> 1),          % the opponent's attacks on row K
        (   O =:= 0 ->
            ScO = 0, DU = DU1, DMin = DMin1
        ;   pc(O, NO),
            arg(K, Wt, W),
            Def is O /\ AO, pc(Def, ND),
            Passed is O /\ \ (SP1 \/ ((SP1 << 1) /\ Full) \/ (SP1 >> 1)),
            (   Passed =:= 0 -> PB = 0, DU = DU1
            ;   pc(Passed, NPs), arg(K, Ps, PsW),
                Z2 is Z1 \/ ((Z1 << 1) /\ Full) \/ (Z1 >> 1),
                Run is Passed /\ \ (Z2 \/ (Z2 << 1) \/ (Z2 >> 1)) /\ \ SO1,
                (   Run =:= 0 -> RB = 0, DU = DU1
                ;   pc(Run, NR), arg(K, Rn, RnW),
                    RB is NR * RnW,
                    DU is min(R - K, DU1)
                ),
                PB is NPs * PsW + RB
            ),
            ScO is NO * W + 4 * ND + PB,
            DMin is min(R - K, DMin1)
        ),
        (   P =:= 0 ->
            ScP = 0, EU = EU1, EMin = EMin1
        ;   pc(P, NP),
            K2 is R + 1 - K,
            arg(K2, Wt, WP),
            DefP is P /\ AP, pc(DefP, NDP),
            PassedP is P /\ \ (OPre \/ ((OPre << 1) /\ Full) \/ (OPre >> 1)),
            (   PassedP =:= 0 -> PBP = 0, EU = EU1
            ;   pc(PassedP, NPP), arg(K2, Ps, PsP),
                Y2 is Y0 \/ ((Y0 << 1) /\ Full) \/ (Y0 >> 1),
                Y3 is Y2 \/ (Y2 << 1) \/ (Y2 >> 1),
                RunP is PassedP /\ \ (Y3 \/ (Y3 << 1) \/ (Y3 >> 1)) /\ \ PPre,
                (   RunP =:= 0 -> RBP = 0, EU = EU1
                ;   pc(RunP, NRP), arg(K2, Rn, RnP),
                    RBP is NRP * RnP,
                    EU is min(K - 1, EU1)
                ),
                PBP is NPP * PsP + RBP
            ),
            ScP is NP * WP + 4 * NDP + PBP,
            EMin is min(K - 1, EMin1)
        ),
        Z is P \/ Z1 \/ ((Z1 << 1) /\ Full) \/ (Z1 >> 1),
        SP is P \/ SP1,
        SO is O \/ SO1,
        Sc is Sc1 + ScO - ScP
    ).


/* ---------------------------------------------------------------------
   Tables
   --------------------------------------------------------------------- */

% bit_index(?Bit, ?Index): Bit is 1 << Index, for the 12 columns.
bit_index(1, 0).
bit_index(2, 1).
bit_index(4, 2).
bit_index(8, 3).
bit_index(16, 4).
bit_index(32, 5).
bit_index(64, 6).
bit_index(128, 7).
bit_index(256, 8).
bit_index(512, 9).
bit_index(1024, 10).
bit_index(2048, 11).

% make_tables: pc(X, N), N the number of bits set in X (0 =< X < 4096),
% and zob(I, Z), the Zobrist numbers of the squares (I = Colour * 144 +
% (Row - 1) * 12 + Column - 1), 48-bit numbers from a fixed generator
% (Park and Miller's, so that library(random) is left alone). Made once,
% when the search first needs them (tables_ready/0), not when the file
% loads: a process that serves random or greedy never pays for them.
tables_ready :-
    (   pc(0, _) -> true
    ;   make_tables
    ).

make_tables :-
    retractall(pc(_, _)),
    retractall(zob(_, _)),
    forall(between(0, 4095, X), ( bits(X, 0, N), assertz(pc(X, N)) )),
    zob_numbers(0, 288, 20240611).

zob_numbers(I, N, S0) :-
    (   I >= N -> true
    ;   park_miller(S0, S1),
        park_miller(S1, S2),
        Z is ((S1 /\ 0xFFFFFF) << 24) \/ (S2 /\ 0xFFFFFF),
        assertz(zob(I, Z)),
        I1 is I + 1,
        zob_numbers(I1, N, S2)
    ).

park_miller(S0, S) :- S is (S0 * 48271) mod 2147483647.

% zob_side(-Z): the Zobrist number of "Black to move".
zob_side(0x9E3779B97F4A).
