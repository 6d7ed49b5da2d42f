/** Generic computer players: they play any game that follows the contract.

Every game gets these players, whether or not it has computer players of
its own (game_info's players(File)): they use nothing but the predicates
of the contract (game.pl), so they know no game's rules or strategy:
legal_moves/2, apply_move/4, to_move/2, outcome/2, players/2, and two
optional ones, evaluation/3 (how good a position looks) and scores/2 (the
running points), when the game exports them. The levels, weakest first:

  * random: a legal move drawn uniformly at random. A baseline.
  * alphabeta: a depth-limited negamax search with alpha-beta pruning and
    iterative deepening (depth 1, 2, ... while the time lasts). A finished
    game is worth 10000 - Ply for the winner (so the fastest win is the
    best), -10000 + Ply for the others and 0 for a tie, plus the score
    difference for games played for points; a position at the depth limit
    is judged by the game's evaluation/3, or when the game has none by the
    running score difference (scores/2), or else as even (0). The root
    moves are searched best first, in the order of the previous depth
    (the first depth in a random order, so that equal moves are chosen
    at random); below the root, where two plies or more are left, the
    moves are searched in the order of the positions' static values, the
    best first (see "Move ordering"), and one ply above the depth limit
    the last move that cut the search off at that ply first (see "Killer
    moves"). No transposition table: Scryer has
    no mutable table that outlives the findall/3 each subtree runs in
    (see "Memory") and gives its memory back. Measured (2026-12-06) with
    a table of dynamic facts, keyed by an integer the fast path gave each
    Connect Four position: 19% fewer positions and 15% less time to
    depth 7, but every asserted fact stays in Scryer's code area for good,
    retracted or not (about 4 KB each: the player grew 6 MB a search);
    and global variables (bb_put/2) as the slots of a table overflow the
    engine's stack once there are a few thousand of them. Copying a
    table in and out of each findall/3 would cost more than the repeated
    positions save.
  * ai: the generic player for this game: the level tuned/2 names when
    one is asserted (tabula tune GAME finds it by play and keeps it for
    the rules files; tabula asserts it when it loads these players), else
    alphabeta when the game judges positions (evaluation/3) or keeps
    running scores (scores/2), else mcts. CHOICE: a game's evaluation is
    knowledge the search can use, random playouts have none. Measured
    against each game's own greedy player, 6 games each at 1 s a move
    (2026-12-06): alphabeta won 5 and tied 1 at 5 x 6 dots (judging by
    the running scores), won 5 of 6 at Breakthrough and 6 of 6 at the
    chase, where mcts won 0, 0 and 3; against OpenSpiel's MCTS, alphabeta
    took 19 Othello games of 20 (docs/benchmarks.md, "The generic
    players"). A game with neither has only mcts to search well.
  * mcts: Monte Carlo tree search (UCT): a tree grows from the position
    one node per iteration; each iteration walks down the tree, at every
    node taking the child with the best upper confidence bound (its mean
    result plus C * sqrt(ln N / n), C = 0.5), adds one new child (an
    untried move drawn at random), and plays one game of uniformly random
    moves from it to the end (a playout); the playout's result goes back
    up the path. The move played is the root's most visited child.
    With MCTS-Solver: a node whose game is over, or whose result is
    proven (its player to move has a move that wins; or all its moves
    are expanded and proven), is a proven node; its proven result, not a
    playout's, goes up the path; the search ends once a root move is a
    proven win, and a proven loss is played only when every move is one.

Strength (measured, mcts at 1 s a move against each game's own greedy
player, colours alternating, 10 games each, on a busy 2-core machine):
5 x 6 dots, lost 10 of 10 (random playouts hardly ever take a box, so a
box given away looks nearly free); Breakthrough 8 x 8, won 1 of 10;
the king-and-pawn chase, won 3 of 10 (3 of 5 as White, whose random
playouts seldom find the pawn; 0 of 5 as Black, which loses by force
anyway: White wins from the start with 18 moves of its 30); 2026-12-06,
6 games each: 0, 0 and 3 won. alphabeta, with the score difference for
evaluation, lost 6 of 6 at dots on 2026-12-01; with the move ordering
and killer moves below, it won 5 and tied 1 on 2026-12-06. mcts
beats random easily (at 300 ms, C = sqrt(2): 4 of 4 at dots and at
Breakthrough).
Iterations a second of mcts from the start (1 s budget, 0.6 s searched,
2026-12-01, on the rules as written): dots 900 to 1 350, Breakthrough 580
to 830, the chase 100 to 130; over whole games, with shorter playouts near
the end, about 1 600 to 3 600, 800 to 1 850 and 230 to 1 000. On the games'
fast paths (tabula bench search, 2026-12-06): Breakthrough 1 681, Connect
Four 3 900 (1 476 on its rules as written).

Turns. Nothing assumes that the players alternate: every node of the
search knows whose move it is (to_move/2), so a player who moves again
(in dots, after closing a box) is searched as such. alphabeta negates a
child's value only when the child's mover is another player; mcts scores
every node for the player who moved into it (the player to move at its
parent). With more than two players, alphabeta is "paranoid" (every other
player is taken as one opponent) and mcts scores each node for its own
player: 1 for a win, 1/2 for a tie that includes it, 0 otherwise.

Time. choose_move/6 is given a budget in milliseconds of wall time (the
referee's clock: `tabula serve` passes the move time less the margin it
measured for answering). A query cannot be interrupted from outside
(scryer-embedding.md), so the players look at the wall clock themselves,
statistics(walltime, _) (vendor/patches/0004-wall-clock.patch), and plan
to the whole budget. CHOICE: wall time, not CPU time: on a busy machine
a process gets less than a core, its CPU time runs slower than the clock,
and a search budgeted in CPU time answered late (so it used to stop at
60% of its budget, and still lost games on time at 0.1 s a move).
  * alphabeta starts no new depth once 85% of the budget is used, and an
    unfinished depth is abandoned at 92% (every interior node looks at the
    clock; it throws players_timeout, caught at the root): the move is
    then the best of the root moves that depth finished (the first of
    them is the last depth's best), else the last complete depth's. Since
    a depth cut short still counts, starting one late costs nothing.
    CHOICE: 85%, not the 45% it was while an unfinished depth was thrown
    away: at Connect Four against OpenSpiel's MCTS, 1 s a move, its moves
    took 494 ms on average (the MCTS's 837 ms), and 604 ms after.
  * mcts looks at the clock before each iteration and every 16 moves of a
    playout; a playout still running at 92% is abandoned (its iteration
    does not count). A playout is also cut at the game's max_plies/2
    bound (game:game_max_plies/3) and then counts as a tie.

Memory (Scryer has no garbage collector: only backtracking frees memory).
Each move is searched inside findall/3, so everything the search built is
given back once the move is chosen; except the integers of 2^55 or more,
which Scryer stores apart and never frees, not even on backtracking: a
game's evaluation or fast path must not make them (connect4_fast.pl,
"Small integers": a Connect Four player that made them grew 25 MB a
second of search, and was killed at its 1 GiB in its tenth 3-second
move). Within a search:
  * alphabeta searches each child of depth 1 or more inside findall/3,
    which frees its subtree's positions as soon as its value is known.
    (Measured, 5 x 6 dots and 8 x 8 Breakthrough: without it a search
    held 20 to 30 MB per second of CPU time; with it the process grows by
    a few MB, whatever the budget.)
  * mcts keeps its tree in a global variable (bb_put/2) between chunks of
    256 iterations, each chunk run in a failure-driven loop (see
    mcts_chunks/1): the garbage of a chunk (the old copies of the paths,
    the positions replayed) is freed when it fails. The tree holds no
    positions: an iteration replays the moves from the root down its
    path (a few apply_move/4 calls, cheap next to a playout of dozens of
    moves), so a node costs about 100 bytes, plus the untried moves of a
    node not fully expanded. Each playout runs in its own findall/3.
    Measured (RSS of the engine process): 1-second moves on 5 x 6 dots or
    8 x 8 Breakthrough, one after the other, about +3 MB, the same after
    each move (nothing accumulates); one 18-second search of 22 000
    iterations, +22 MB. Before (positions in the nodes, no chunks) an
    iteration cost about 4 KB, half of it the copies of the lists of
    children and untried moves along the path.

The tree of mcts: a node is
    n(Visits, Wins, Q, E, Player, Untried, Children)
    t(Visits, Wins, Q, E, Result)          (a finished game)
where Wins counts 2 for a win, 1 for a tie and 0 for a loss (integers,
half points) of the player who moved into the node, Q and E are what the
selection needs (see "Level mcts"), Player is the player to move at the
node, Untried the legal moves not expanded yet (fresh until the node is
visited a second time) and Children a list of c(Move, Node), newest
first.

Failures. choose_move/6 fails only when the game is over (no legal move).
Should a search go wrong (fail, or throw: an edited rule or evaluation
that raises an error, memory running out), the move is the first legal
move and the reason says what went wrong, fallback(Error) or
fallback(no_move): a broken evaluation costs a weak move, never a missing
one, and the error is shown where the move is, not hidden.

Calls into the game go through bridge predicates (Name_in(..., Game), the
module last, a plain body goal), for the reason game.pl explains under
"How this module calls a game".
*/

:- module(players, [levels/1,
                    level_info/2,
                    choose_move/6,
                    stand_in/5,
                    reason_text/2,
                    bench_positions/2,
                    bench_search/6]).


:- use_module(library(lists)).
:- use_module(library(pairs)).
:- use_module(library(random)).
:- use_module(library(error)).
:- use_module(library(time)).
:- use_module(library(iso_ext)).
:- use_module(library(between)).
:- use_module(library(format)).


/* ---------------------------------------------------------------------
   The levels
   --------------------------------------------------------------------- */

%% levels(-Levels)
% Levels are the generic players, from the weakest to the strongest.
levels([random, alphabeta, mcts, ai]).

%% level_info(?Level, -Text)
% Text says in one line how Level plays.
level_info(random, "plays any legal move, at random").
level_info(alphabeta, "searches ahead with alpha-beta, judging positions by the game's evaluation").
level_info(mcts, "Monte Carlo tree search (UCT) with random playouts and proven results").
level_info(ai, "the generic player that suits this game: the one tabula tune chose, else alphabeta when the game judges positions or keeps scores, else mcts").

%% choose_move(+Game, +Level, +State, +BudgetMs, -Move, -Reason)
% Move is the move the generic player Level chooses in State, a position
% of the game module Game (an atom such as dots) in which the game is not
% over, within about BudgetMs milliseconds of CPU time (see "Time" at the
% top); Reason says why:
%   * random: Level random;
%   * search(Depth, Value): Level alphabeta searched Depth plies deep (the
%     last depth completed) and Move is worth Value for the mover (see the
%     top for the scale);
%   * mcts(Iterations, WinRate): Level mcts ran Iterations iterations and
%     Move won WinRate percent of its playouts (ties count half);
%   * only_move: there was one legal move, played at once (alphabeta and
%     mcts);
%   * chose(Level1, Why): Level ai played as Level1 (alphabeta or mcts),
%     whose reason is Why;
%   * proven(Iterations, Result): Level mcts proved the game's Result
%     (winner(P) or tie(Ps)) with Move, in Iterations iterations;
%   * fallback(Why): the search gave no move (Why = no_move) or threw
%     (Why is the exception): Move is the first legal move.
% Fails when the game is over. Throws domain_error(players_level, Level)
% for an unknown level and type_error(integer, BudgetMs) for a budget that
% is not an integer, and what the rules' legal_moves/2 throws; the search
% runs under catch/3 (see fallback above).
choose_move(Game, Level, State, BudgetMs, Move, Reason) :-
    must_be(integer, BudgetMs),
    (   levels(Levels), memberchk(Level, Levels) -> true
    ;   domain_error(players_level, Level, choose_move/6)
    ),
    use_fast_path(Game),
    legal_moves_in(State, Moves0, Game),
    Moves0 = [First|_],
    !,
    Moves = Moves0,
    % findall/3: the memory of the search comes back at once.
    findall(M-R, level_once(Level, Game, State, Moves, BudgetMs, M, R), Found),
    (   Found = [Move0-Reason0|_], Reason0 \= threw(_), memberchk(Move0, Moves) ->
        Move = Move0, Reason = Reason0
    ;   Found = [_-threw(Error)|_] ->
        Move = First, Reason = fallback(Error)
    ;   Move = First, Reason = fallback(no_move)
    ).

%% stand_in(+Game, +State, +BudgetMs, -Move, -Reason)
% The move of the generic player that stands in for a game's own strongest
% player when the rules no longer agree with that player's model of the
% game (see accelerators.pl): alphabeta when the game judges positions
% (evaluation/3) or keeps a running score (scores/2), else mcts. Reason is
% rules_edited(Level, Why), Why as in choose_move/6.
% ?- stand_in(breakthrough, S, 500, M, R).   (S a position in progress)
%    R = rules_edited(alphabeta, search(3, 12)) ...
stand_in(Game, State, BudgetMs, Move, rules_edited(Level, Why)) :-
    (   to_move_in(State, P0, Game) -> P = P0 ; P = 1 ),
    (   static_mode(Game, State, P, Mode), Mode \== none -> Level = alphabeta
    ;   Level = mcts
    ),
    choose_move(Game, Level, State, BudgetMs, Move, Why).

%% reason_text(+Reason, -Chars)
% Chars says Reason, as choose_move/6 and stand_in/5 give it, in words for
% people (the terminal and the window show it; the records keep the term).
%   ?- reason_text(search(4, -7), Cs).
%   Cs = "searched 4 moves ahead: slightly worse for me".
reason_text(random, "at random").
reason_text(only_move, "the only legal move").
reason_text(search(Depth, Value), Chars) :-
    judgement(Value, Judgement),
    s(Depth, S),
    phrase(format_("searched ~d move~a ahead: ~s", [Depth, S, Judgement]), Chars).
reason_text(chose(Level, Why), Chars) :-
    (   reason_text(Why, WhyChars) -> true
    ;   phrase(format_("~q", [Why]), WhyChars)
    ),
    phrase(format_("~a: ~s", [Level, WhyChars]), Chars).
reason_text(proven(Iterations, Result), Chars) :-
    (   Result = winner(_) -> What = "a forced win"
    ;   What = "a forced draw at best"
    ),
    (   Iterations =:= 1 -> Searches = "search" ; Searches = "searches" ),
    phrase(format_("~s, proven in ~d ~s of the game tree", [What, Iterations, Searches]), Chars).
reason_text(mcts(Iterations, WinRate), Chars) :-
    phrase(format_("~d random games played out: this move won ~d% of them",
                   [Iterations, WinRate]), Chars).
reason_text(fallback(no_move), "the search found no move: the first legal one").
reason_text(fallback(Error), Chars) :-
    Error \== no_move,
    % In words: a message the rules gave, else what kind of error stopped it.
    (   Error = error(rules_error(Msg), _), catch(atom_chars(_, Msg), _, fail) -> Why = Msg
    ;   Error = error(Formal, _), compound(Formal) -> functor(Formal, F, _), error_kind(F, Why)
    ;   Why = "an error in the rules"
    ),
    phrase(format_("the search stopped on ~s: the first legal move", [Why]), Chars).

reason_text(rules_edited(Level, Why), Chars) :-
    (   reason_text(Why, WhyChars) -> true
    ;   phrase(format_("~q", [Why]), WhyChars)
    ),
    phrase(format_("the rules were edited, so ~a stands in: ~s", [Level, WhyChars]), Chars).

s(1, '') :- !.
s(_, s).

% error_kind(+Formal, -Chars): the kind of error that stopped a search, in words.
error_kind(resource_error, "a lack of memory") :- !.
error_kind(existence_error, "a predicate the rules call but do not define") :- !.
error_kind(type_error, "a value of the wrong type in the rules") :- !.
error_kind(instantiation_error, "a variable the rules left unbound") :- !.
error_kind(_, "an error in the rules").

% judgement(+Value, -Chars): how a search value reads for the mover.
judgement(V, "a forced win") :- V >= 9000, !.
judgement(V, "a forced loss") :- V =< -9000, !.
judgement(V, "better for me") :- V >= 100, !.
judgement(V, "slightly better for me") :- V > 0, !.
judgement(0, "even") :- !.
judgement(V, "slightly worse for me") :- V > -100, !.
judgement(_, "worse for me").

% level_once(+Level, +Game, +State, +Moves, +BudgetMs, -Move, -Reason):
% the first answer of level_move/7; failure when it fails; Reason =
% threw(E) (and Move = none) when it throws E.
level_once(Level, Game, State, Moves, BudgetMs, Move, Reason) :-
    catch(level_move(Level, Game, State, Moves, BudgetMs, Move, Reason), E,
          ( Move = none, Reason = threw(E) )),
    !.

% level_move(+Level, +Game, +State, +Moves, +BudgetMs, -Move, -Reason)
level_move(random, _, _, Moves, _, Move, random) :-
    random_element(Moves, Move).
level_move(alphabeta, Game, State, Moves, BudgetMs, Move, Reason) :-
    (   Moves = [Move] -> Reason = only_move
    ;   alphabeta_move(Game, State, Moves, BudgetMs, Move, Reason)
    ).
level_move(mcts, Game, State, Moves, BudgetMs, Move, Reason) :-
    (   Moves = [Move] -> Reason = only_move
    ;   mcts_move(Game, State, Moves, BudgetMs, Move, Reason)
    ).
level_move(ai, Game, State, Moves, BudgetMs, Move, chose(Level, Reason)) :-
    ai_level(Game, State, Level),
    level_move(Level, Game, State, Moves, BudgetMs, Move, Reason).

%% tuned(?Game, ?Level)
% Level is the generic player found strongest for the rules of Game now
% loaded, when one was found by play: tabula tune GAME plays the
% candidates against each other and keeps the winner by the content of
% the files (the rules, these players, the contract); tabula asserts it
% when it loads this file for those rules. Without it, level ai chooses
% by the game's predicates (ai_level/3).
:- dynamic(tuned/2).

%% ai_level(+Game, +State, -Level)
% Level is the generic player level ai plays as in Game: the tuned one,
% else alphabeta when the game judges positions (evaluation/3) or keeps
% running scores (scores/2), else mcts.
%   ?- ai_level(connect4, S, L).    (S a Connect Four position)
%      L = alphabeta.
ai_level(Game, State, Level) :-
    (   tuned(Game, Level0), Level0 \== ai -> Level = Level0
    ;   to_move_in(State, P, Game),
        static_mode(Game, State, P, Mode), Mode \== none -> Level = alphabeta
    ;   Level = mcts
    ).


/* ---------------------------------------------------------------------
   Bridges into the game (see game.pl, "How this module calls a game")
   --------------------------------------------------------------------- */

initial_state_in(Options, State, Game) :- Game:initial_state(Options, State).
legal_moves_in(State, Moves, Game) :-
    (   fast_path(Game, Fast) -> Fast:legal_moves(State, Moves)
    ;   Game:legal_moves(State, Moves)
    ).
apply_move_in(State, Move, NewState, Events, Game) :-
    (   fast_path(Game, Fast) -> Fast:apply_move(State, Move, NewState, Events)
    ;   Game:apply_move(State, Move, NewState, Events)
    ).

%% fast_path(?Game, ?Fast)
% The searches play Game's legal_moves/2 and apply_move/4 on its fast path,
% the module Fast, while game.pl plays it there (game:accelerated/2: only
% once the fast path agrees with the rules as written); else on the rules.
% Set at the start of each search (use_fast_path/1), so that an edit that
% switches the fast path off is followed at the next move. Measured on
% Breakthrough 8 x 8 (tabula bench search breakthrough): mcts ran 76
% iterations a second on the rules as written, 1 681 on the fast path.
:- dynamic(fast_path/2).

%% fast_evaluation(?Game, ?Fast)
% The searches judge Game's positions with its fast path's evaluation/3
% (Fast:evaluation/3), checked with the rest of the fast path against the
% rules' (accelerators.pl). Measured on Connect Four's positions of tabula
% bench search connect4: see docs/benchmarks.md, "The generic players".
:- dynamic(fast_evaluation/2).

% use_fast_path(+Game): fast_path/2 and fast_evaluation/2 as game.pl plays
% Game now. They are asserted only when they change: Scryer keeps every
% asserted clause for good, retracted or not (measured: 8.5 KB a search
% when they were asserted anew each time, 170 MB in 20 000 moves of a
% process that plays many games, such as tabula web's).
use_fast_path(Game) :-
    (   catch(game:accelerated(Game, Fast), _, fail) ->
        (   current_predicate(Fast:evaluation/3) -> Eval = [Fast] ; Eval = [] ),
        Path = [Fast]
    ;   Path = [], Eval = []
    ),
    findall(F, fast_path(Game, F), Path0),
    findall(F, fast_evaluation(Game, F), Eval0),
    (   Path0 == Path, Eval0 == Eval -> true
    ;   retractall(fast_path(Game, _)),
        retractall(fast_evaluation(Game, _)),
        forall(member(F, Path), assertz(fast_path(Game, F))),
        forall(member(F, Eval), assertz(fast_evaluation(Game, F)))
    ).
to_move_in(State, Player, Game) :- Game:to_move(State, Player).
outcome_in(State, Outcome, Game) :- Game:outcome(State, Outcome).
evaluation_in(State, Player, Value, Game) :-
    (   fast_evaluation(Game, Fast) -> Fast:evaluation(State, Player, Value)
    ;   Game:evaluation(State, Player, Value)
    ).
scores_in(State, Scores, Game) :- Game:scores(State, Scores).

% apply_once(+State, +Move, -NewState, +Game): apply_move/4, its first
% answer only (the contract says it is deterministic; a stray choice point
% would keep the search's memory and slow it down).
apply_once(State, Move, NewState, Game) :-
    apply_move_in(State, Move, NewState, _, Game),
    !.

% max_plies(+Game, +State, -Max): the bound on the game's length from
% State, game.pl's game_max_plies/3 (10000 when the game gives none, or
% when game.pl is not loaded).
max_plies(Game, State, Max) :-
    (   catch(game:game_max_plies(Game, State, Max0), _, fail),
        integer(Max0), Max0 >= 0 ->
        Max = Max0
    ;   Max = 10000
    ).

% now(-T): the wall clock, in milliseconds (see "Time" at the top).
now(T) :-
    statistics(walltime, [T, _]).


/* ---------------------------------------------------------------------
   Level alphabeta
   --------------------------------------------------------------------- */

/* The values, for the player P they are computed for (the mover at the
   node where they are compared): a finished game 10000 - Ply + Diff when P
   won, -10000 + Ply + Diff when another player did, 0 + Diff for a tie
   (Ply counts the moves from the root; Diff is P's score minus the best
   score of the others, so that a larger margin is preferred); a position
   at the depth limit, its static value (static/4). A value of 9000 or
   more in size is a proven result, and ends the deepening. */

% The bounds: larger than any value.
ab_inf(1000000).

% The share of the budget: no new depth after StartShare, abandon the
% depth running at StopShare (see "Time" at the top).
ab_shares(0.85, 0.92).

% alphabeta_move(+Game, +State, +Moves, +BudgetMs, -Move, -Reason)
alphabeta_move(Game, State, Moves, BudgetMs, Move, Reason) :-
    now(T0),
    ab_shares(StartShare, StopShare),
    Start is T0 + BudgetMs * StartShare,
    Deadline is T0 + BudgetMs * StopShare,
    alphabeta_search(Game, State, Moves, Start, Deadline, 100, Move, Reason).

% alphabeta_search(+Game, +State, +Moves, +Start, +Deadline, +Depth, -Move,
% -Reason): deepening to at most Depth plies, no new depth once the wall
% clock reads Start, the depth running abandoned at Deadline.
alphabeta_search(Game, State, Moves, Start, Deadline, Depth, Move, Reason) :-
    to_move_in(State, P, Game),
    static_mode(Game, State, P, Mode),
    Ctx = ctx(Game, Mode, Deadline),
    bb_put('$players_nodes', 0),
    root_children(Moves, State, Game, Kids),
    max_plies(Game, State, MaxPlies),
    MaxDepth is max(1, min(MaxPlies, Depth)),
    forget_killers(MaxDepth),
    deepen(1, MaxDepth, Kids, P, Ctx, Start, none, Move, Reason).

% root_children(+Moves, +State, +Game, -Kids): each legal move with the
% position it leads to, as Key-r(Move, State1), in a random order (the
% search keeps the first of equal moves: so a tie, which is common when
% the game has no evaluation, is broken at random, reproducibly with
% set_random/1).
root_children(Moves, State, Game, Kids) :-
    random_keys(Moves, State, Game, Keyed),
    keysort(Keyed, Kids).

random_keys([], _, _, []).
random_keys([M|Ms], State, Game, [K-r(M, S1)|Kids]) :-
    apply_once(State, M, S1, Game),
    random_integer(0, 1000000, K),
    random_keys(Ms, State, Game, Kids).

% deepen(+D, +MaxDepth, +Kids, +P, +Ctx, +Start, +Last, -Move, -Reason):
% searches depth D, D+1, ...; Last is best(Move, Value, Depth) of the last
% complete depth, or none. A depth cut short by the deadline still counts
% for the root moves it finished (see root_search/6): its first move is the
% last depth's best, so once that one is searched the deeper values are
% better knowledge than the last depth's.
deepen(D, MaxDepth, Kids, P, Ctx, Start, Last, Move, Reason) :-
    ab_inf(Inf),
    NegInf is -Inf,
    bb_put('$players_partial', none),
    (   catch(root_search(Kids, P, D, Ctx, NegInf, Scored), players_timeout, fail) ->
        keysort(Scored, Sorted),
        Sorted = [NegV-r(Best, _)|_],
        V is -NegV,
        now(T),
        (   ( abs(V) >= 9000 ; D >= MaxDepth ; T >= Start ) ->
            Move = Best, Reason = search(D, V)
        ;   D1 is D + 1,
            deepen(D1, MaxDepth, Sorted, P, Ctx, Start, best(Best, V, D), Move, Reason)
        )
    ;   bb_get('$players_partial', best(Move, V)) ->
        Reason = search(D, V)
    ;   Last = best(Move, V, D0) ->
        Reason = search(D0, V)
    ;   fail                    % not even depth 1: choose_move/6 falls back
    ).

% root_search(+Kids, +P, +D, +Ctx, +Alpha, -Scored): the value of each
% root move at depth D, keyed -Value (the best first, once keysorted; a
% move after the first that cannot beat the best so far has an upper
% bound for its value, which keeps it behind). The best move so far and
% its value are kept in '$players_partial' as each move is done, for a
% depth the deadline cuts short (see deepen/9).
root_search([], _, _, _, _, []).
root_search([_-r(M, S1)|Kids], P, D, Ctx, Alpha, [NegV-r(M, S1)|Scored]) :-
    ab_inf(Inf),
    D1 is D - 1,
    child_value(S1, P, D1, 1, Alpha, Inf, Ctx, V),
    (   V > Alpha -> bb_put('$players_partial', best(M, V)) ; true ),
    NegV is -V,
    Alpha1 is max(Alpha, V),
    root_search(Kids, P, D, Ctx, Alpha1, Scored).

% child_value(+S, +P, +D, +Ply, +Alpha, +Beta, +Ctx, -V): V is the value
% for P, who just moved, of the position S reached at Ply, searched D more
% plies deep. The child is searched from its own mover's side: the same
% window and value when that is P again (an extra turn), else the window
% and the value negated. The search of a child runs inside findall/3,
% which gives back the memory of its subtree as soon as its value is
% known (measured on 5 x 6 dots: without it, a search held about 20 MB a
% second of CPU time until the move was chosen).
child_value(S, P, D, Ply, Alpha, Beta, Ctx, V) :-
    Ctx = ctx(Game, Mode, _),
    % The positions searched, for tabula bench search.
    bb_get('$players_nodes', N0),
    N1 is N0 + 1,
    bb_put('$players_nodes', N1),
    outcome_in(S, Outcome, Game),
    (   Outcome = over(Scores, Result) ->
        terminal_value(Scores, Result, P, Ply, V)
    ;   D =< 0 ->
        static(Mode, S, P, Game, V)
    ;   to_move_in(S, Q, Game),
        findall(V1, subtree_value(S, P, Q, D, Ply, Alpha, Beta, Ctx, V1), [V])
    ).

% subtree_value(+S, +P, +Q, +D, +Ply, +Alpha, +Beta, +Ctx, -V): the value
% for P of S, where Q is to move (see child_value/8).
subtree_value(S, P, Q, D, Ply, Alpha, Beta, Ctx, V) :-
    (   Q == P ->
        negamax(S, P, D, Ply, Alpha, Beta, Ctx, V)
    ;   NA is -Beta, NB is -Alpha,
        negamax(S, Q, D, Ply, NA, NB, Ctx, V0),
        V is -V0
    ).

% negamax(+S, +P, +D, +Ply, +Alpha, +Beta, +Ctx, -V): V is the value of
% the game in progress S for P, the player to move, searched D >= 1 plies
% deep (fail-soft alpha-beta: V may lie outside the window, as a bound).
negamax(S, P, D, Ply, Alpha, Beta, Ctx, V) :-
    tick(Ctx),
    Ctx = ctx(Game, Mode, _),
    legal_moves_in(S, Moves, Game),
    ab_inf(Inf),
    NegInf is -Inf,
    D1 is D - 1,
    Ply1 is Ply + 1,
    killer_key(Ply, Key),
    (   D1 >= 1, Mode \== none ->
        children(Moves, S, Game, Kids0),
        order_children(Kids0, P, Game, Mode, Kids)
    ;   bb_get(Key, Killer), once(select(Killer, Moves, Others)) ->
        lazy_kids([Killer|Others], Kids)
    ;   lazy_kids(Moves, Kids)
    ),
    negamax_kids(Kids, S, P, D1, Ply1, Alpha, Beta, Ctx, Key, NegInf, V).

% negamax_kids(+Kids, +S, +P, +D1, +Ply1, +Alpha, +Beta, +Ctx, +Key, +V0,
% -V): the best value for P of the children of S, Kids, each k(Move,
% Position) or m(Move) (the position made only when the search gets to
% it); a move that cuts the search off becomes the killer of its ply
% (Key).
negamax_kids([], _, _, _, _, _, _, _, _, V, V).
negamax_kids([Kid|Kids], S, P, D1, Ply1, Alpha, Beta, Ctx, Key, V0, V) :-
    kid_position(Kid, S, Ctx, M, S1),
    child_value(S1, P, D1, Ply1, Alpha, Beta, Ctx, V1),
    V2 is max(V0, V1),
    (   V2 >= Beta ->
        V = V2,
        bb_put(Key, M)
    ;   Alpha1 is max(Alpha, V2),
        negamax_kids(Kids, S, P, D1, Ply1, Alpha1, Beta, Ctx, Key, V2, V)
    ).

kid_position(k(M, S1), _, _, M, S1).
kid_position(m(M), S, ctx(Game, _, _), M, S1) :-
    apply_once(S, M, S1, Game).

lazy_kids([], []).
lazy_kids([M|Ms], [m(M)|Kids]) :-
    lazy_kids(Ms, Kids).

% children(+Moves, +S, +Game, -Kids): each move with the position after
% it, k(Move, Position).
children([], _, _, []).
children([M|Ms], S, Game, [k(M, S1)|Kids]) :-
    apply_once(S, M, S1, Game),
    children(Ms, S, Game, Kids).

/* Killer moves. At the nodes one ply above the depth limit, where most of
   the positions are (their children are judged statically, so ordering
   them by static value would cost what it saves), the move that last cut
   the search off at the same ply (in a sibling subtree: often the same
   threat, or the same answer to it) is tried first. It is kept in a
   global variable per ply, which outlives the findall/3 each subtree runs
   in. */

% killer_key(+Ply, -Key): the global variable of Ply's killer move.
killer_key(Ply, Key) :-
    number_chars(Ply, Cs),
    atom_chars(Key, ['$', p, k, '_'|Cs]).

% forget_killers(+N): no killer move at plies 0 to N.
forget_killers(N) :-
    forall(between(0, N, Ply),
           ( killer_key(Ply, Key), bb_put(Key, none) )).

/* Move ordering. Alpha-beta prunes most when the best move comes first:
   with the best first it looks at about the square root of the positions
   a search in the worst order looks at. Where the search has two plies
   or more to go, the children are put in the order of their static value
   for the mover P, the best first (a finished game first when P won it);
   one static value per child of such a node is cheap next to the subtree
   below it. Measured with tabula bench search (docs/benchmarks.md, "The
   generic players"). */

% order_children(+Kids, +P, +Game, +Mode, -Ordered)
order_children(Kids, P, Game, Mode, Ordered) :-
    order_keys(Kids, P, Game, Mode, Keyed),
    keysort(Keyed, Sorted),
    pairs_values(Sorted, Ordered).

order_keys([], _, _, _, []).
order_keys([k(M, S1)|Kids], P, Game, Mode, [K-k(M, S1)|Keyed]) :-
    outcome_in(S1, Outcome, Game),
    (   Outcome = over(Scores, Result) ->
        terminal_value(Scores, Result, P, 0, V)
    ;   static(Mode, S1, P, Game, V)
    ),
    K is -V,
    order_keys(Kids, P, Game, Mode, Keyed).

% tick(+Ctx): throws players_timeout once the deadline is past.
tick(ctx(_, _, Deadline)) :-
    now(T),
    (   T >= Deadline -> throw(players_timeout) ; true ).

% terminal_value(+Scores, +Result, +P, +Ply, -V): the value for P of a
% game that ended at Ply (see above).
terminal_value(Scores, Result, P, Ply, V) :-
    score_difference(Scores, P, Diff),
    (   Result = winner(W) ->
        (   W == P -> V is 10000 - Ply + Diff ; V is -10000 + Ply + Diff )
    ;   Result = tie(Ps), memberchk(P, Ps) ->
        V = Diff
    ;   V is -10000 + Ply + Diff        % a tie of the others
    ).

% score_difference(+Scores, +P, -Diff): P's score minus the best of the
% others' (0 unless the scores are integers).
score_difference(Scores, P, Diff) :-
    (   nth1(P, Scores, Mine), integer(Mine),
        others_best(Scores, 1, P, none, Best), integer(Best) ->
        Diff is Mine - Best
    ;   Diff = 0
    ).

others_best([], _, _, Best, Best).
others_best([S|Ss], I, P, Best0, Best) :-
    (   I =:= P -> Best1 = Best0
    ;   Best0 == none -> Best1 = S
    ;   Best1 is max(Best0, S)
    ),
    I1 is I + 1,
    others_best(Ss, I1, P, Best1, Best).

% static_mode(+Game, +State, +P, -Mode): how positions at the depth limit
% are judged: evaluation when the game exports evaluation/3 (and it
% answers a number for State), scores when it exports scores/2, else none.
% current_predicate/1 also answers for a predicate that loaded code merely
% calls as Game:Name(...), hence the calls under catch/3 (as game.pl's
% game_max_plies/3 does).
static_mode(Game, State, P, Mode) :-
    (   current_predicate(Game:evaluation/3),
        catch(evaluation_in(State, P, V, Game), _, fail),
        number(V) ->
        Mode = evaluation
    ;   current_predicate(Game:scores/2),
        catch(scores_in(State, Scores, Game), _, fail),
        Scores = [_|_] ->
        Mode = scores
    ;   Mode = none
    ).

% static(+Mode, +S, +P, +Game, -V): the static value of S for P.
static(evaluation, S, P, Game, V) :-
    evaluation_in(S, P, V0, Game),
    V is round(V0).
static(scores, S, P, Game, V) :-
    scores_in(S, Scores, Game),
    score_difference(Scores, P, V).
static(none, _, _, _, 0).


/* ---------------------------------------------------------------------
   Level mcts
   --------------------------------------------------------------------- */

/* The statistics of a node are kept as integers, with what selection needs
   ready-made: Q = Wins * 2^19 // Visits, the mean result scaled by 2^20,
   and E = 2^20 / sqrt(Visits). The upper confidence bound of a child is
   then Q + (K * E) >> 20, with K = C * sqrt(ln N) * 2^20 computed once per
   node (N its visits): three integer operations per child. CHOICE: Scryer
   keeps every float it computes until backtracking (measured: about 14
   bytes each), so computing the bound in floats for each child of each
   node of the path cost about 3 KB an iteration on 5 x 6 dots, more than
   the tree itself; now floats are computed once per node of the path. */

% The exploration constant C of UCT. CHOICE: 0.5, for results in [0, 1],
% rather than the textbook sqrt(2): with a second of CPU time the search
% has a thousand or so playouts, and exploring less paid. Measured, mcts
% against mcts, 300 ms a move, colours alternating: C = 0.5 beat
% C = sqrt(2) in 8 games of 10 at Breakthrough 8 x 8 and 7 of 10 at 5 x 6
% dots; C = 0.25 against C = 0.5 won 5 of 10 and 7 of 10 (no clear
% difference). Against Breakthrough's greedy player (1 s a move), C =
% sqrt(2) lost 10 games of 10, C = 0.35 and C = 0.7 won 1 of 4 each.
uct_c(0.5).

% The share of the budget the search may use.
mcts_share(0.92).

% mcts_move(+Game, +State, +Moves, +BudgetMs, -Move, -Reason)
mcts_move(Game, State, Moves, BudgetMs, Move, Reason) :-
    now(T0),
    mcts_share(Share),
    Deadline is T0 + BudgetMs * Share,
    mcts_search(Game, State, Moves, Deadline, none, Move, Reason).

% mcts_search(+Game, +State, +Moves, +Deadline, +Limit, -Move, -Reason):
% the search until the wall clock reads Deadline, or until Limit
% iterations are done (none: no limit).
mcts_search(Game, State, Moves, Deadline, Limit, Move, Reason) :-
    max_plies(Game, State, Max),
    to_move_in(State, P, Game),
    Ctx = mc(Game, State, Deadline, Max, Limit),
    bb_put('$players_mcts', s(n(0, 0, 0, 0, P, Moves, []), 0)),
    mcts_chunks(Ctx),
    bb_get('$players_mcts', s(Root, Iterations)),
    bb_put('$players_mcts', none),
    Root = n(_, _, _, _, _, _, Kids),
    (   member(c(Move, t(_, _, _, _, winner(W))), Kids), W == P ->
        Reason = proven(Iterations, winner(P))
    ;   open_kids(Kids, P, Open), Open = [_|_] ->
        most_visited(Open, none, Move, Visits, Wins),
        WinRate is (100 * Wins + Visits) // (2 * Visits),
        Reason = mcts(Iterations, WinRate)
    ;   most_visited(Kids, none, Move, Visits, Wins),
        WinRate is (100 * Wins + Visits) // (2 * Visits),
        Reason = mcts(Iterations, WinRate)
    ).

% open_kids(+Kids, +P, -Open): the root moves not proven to lose for P.
open_kids([], _, []).
open_kids([Kid|Kids], P, Open) :-
    (   Kid = c(_, t(_, _, _, _, Result)), reward(Result, P, 0) ->
        Open = Open1
    ;   Open = [Kid|Open1]
    ),
    open_kids(Kids, P, Open1).

/* The iterations run in chunks (mcts_chunk_size/1 iterations each) in a
   failure-driven loop: a chunk takes the tree from the global variable
   '$players_mcts' (bb_get/2), grows it, puts it back (bb_put/2 copies it
   out of the heap) and fails, which frees everything the chunk built on the heap: the tree's old
   copies along the paths, and the tree itself, whose only copy is then
   the one bb_put/2 keeps. So the heap never holds more than the tree,
   twice, and one chunk's garbage. Each chunk pays for copying the tree
   twice: not measurable (on 5 x 6 dots, 7 300 iterations in 6 s of CPU
   with chunks of 256 or without chunks). */

% mcts_chunk_size(-K)
mcts_chunk_size(256).

% mcts_chunks(+Ctx): chunks until one says it reached the deadline.
mcts_chunks(Ctx) :-
    \+ mcts_chunk(Ctx),
    bb_get('$players_mcts_done', Done),
    (   Done == true -> true ; mcts_chunks(Ctx) ).

% mcts_chunk(+Ctx): one chunk; always fails (see above).
mcts_chunk(Ctx) :-
    bb_get('$players_mcts', s(Root0, I0)),
    mcts_chunk_size(K),
    mcts_loop(K, Root0, Ctx, I0, I, Root, Done),
    bb_put('$players_mcts', s(Root, I)),
    bb_put('$players_mcts_done', Done),
    fail.

% mcts_loop(+K, +Root0, +Ctx, +I0, -I, -Root, -Done): at most K
% iterations from Root0, I0 done before; Done is true when the deadline
% came, else false.
mcts_loop(K, Root0, Ctx, I0, I, Root, Done) :-
    Ctx = mc(_, State, Deadline, _, Limit),
    now(T),
    (   ( T >= Deadline ; Limit \== none, I0 >= Limit ) ->
        I = I0, Root = Root0, Done = true
    ;   K =:= 0 ->
        I = I0, Root = Root0, Done = false
    ;   iterate(Root0, State, 0, Ctx, Root1, Result),
        Result \== timeout ->
        I1 is I0 + 1,
        (   root_solved(Root1) ->
            I = I1, Root = Root1, Done = true
        ;   K1 is K - 1,
            mcts_loop(K1, Root1, Ctx, I1, I, Root, Done)
        )
    ;   I = I0, Root = Root0, Done = true   % an iteration cut short does not count
    ).

% root_solved(+Root): a root move is a proven win for the player to move,
% or every root move is proven: nothing is left to search.
root_solved(n(_, _, _, _, P, Untried, Kids)) :-
    (   member(c(_, t(_, _, _, _, winner(W))), Kids), W == P -> true
    ;   Untried == [], \+ member(c(_, n(_, _, _, _, _, _, _)), Kids)
    ).

% proven(+Kids, +Untried, +P, -Result): the result of a node where P is to
% move, when its children prove it (MCTS-Solver): a child that P wins
% proves a win for P; once every move is expanded and every child proven,
% the best of them for P (a tie P shares, else a loss).
proven(Kids, Untried, P, Result) :-
    (   member(c(_, t(_, _, _, _, winner(W))), Kids), W == P ->
        Result = winner(P)
    ;   Untried == [],
        \+ member(c(_, n(_, _, _, _, _, _, _)), Kids),
        Kids = [c(_, t(_, _, _, _, First))|_],
        (   member(c(_, t(_, _, _, _, Tie)), Kids), reward(Tie, P, 1) ->
            Result = Tie
        ;   Result = First
        )
    ).

% iterate(+Node0, +S, +Mover, +Ctx, -Node, -Result): one iteration from
% Node0, whose position is S and which Mover moved into (0 at the root):
% selection, expansion, playout, and the update of the path on the way
% back. Result is the playout's result, winner(P), tie(Ps), none (cut
% short at the game's max_plies/2) or timeout (cut short at the deadline:
% then Node is thrown away, see mcts_loop/7; a timeout is a result rather
% than an exception because catch/3 around every iteration costs time and
% memory). A node gets its list of untried moves when it is visited the
% second time (most nodes are visited once: they keep no list).
iterate(t(N0, W0, _, _, Result), _, Mover, _, t(N, W, Q, E, Result), Result) :-
    visit(N0, W0, Result, Mover, N, W, Q, E).
iterate(n(N0, W0, _, _, P, Untried0, Kids0), S, Mover, Ctx, Node, Result) :-
    (   Untried0 == fresh ->
        Ctx = mc(Game, _, _, _, _),
        legal_moves_in(S, Untried1, Game)
    ;   Untried1 = Untried0
    ),
    (   Untried1 = [_|_] ->
        take_random(Untried1, M, Untried),
        expand(S, M, P, Ctx, Kid, Result0),
        Kids = [c(M, Kid)|Kids0]
    ;   uct_c(C),
        K is round(C * sqrt(log(N0)) * 1048576),
        Kids0 = [c(_, First)|_],
        kid_bound(First, K, U0),
        best_kid(Kids0, K, 0, U0, 0, I),
        replace_kid(I, Kids0, M, Kid0, Kid, Kids),
        Untried = [],
        Ctx = mc(Game, _, _, _, _),
        apply_once(S, M, S1, Game),
        iterate(Kid0, S1, P, Ctx, Kid, Result0)
    ),
    (   Result0 == timeout ->
        Result = timeout, Node = n(N0, W0, 0, 0, P, Untried, Kids)
    ;   Mover =\= 0, proven(Kids, Untried, P, Proven) ->
        % Proven: the node is a finished game for the search, and its result,
        % not the playout's, goes up.
        Result = Proven,
        visit(N0, W0, Result, Mover, N, W, Q, E),
        Node = t(N, W, Q, E, Result)
    ;   Result = Result0,
        visit(N0, W0, Result, Mover, N, W, Q, E),
        Node = n(N, W, Q, E, P, Untried, Kids)
    ).

% visit(+N0, +W0, +Result, +Mover, -N, -W, -Q, -E): the statistics of a
% node after one more visit that ended in Result.
visit(N0, W0, Result, Mover, N, W, Q, E) :-
    N is N0 + 1,
    reward(Result, Mover, X),
    W is W0 + X,
    stats(N, W, Q, E).

stats(N, W, Q, E) :-
    Q is (W << 19) // N,
    E is round(1048576 / sqrt(N)).

% expand(+S, +M, +P, +Ctx, -Kid, -Result): the new node Kid for the
% position after P plays M in S, with one playout from it.
expand(S, M, P, Ctx, Kid, Result) :-
    Ctx = mc(Game, _, Deadline, Max, _),
    apply_once(S, M, S1, Game),
    outcome_in(S1, Outcome, Game),
    (   Outcome = over(_, Result) ->
        reward(Result, P, X),
        stats(1, X, Q, E),
        Kid = t(1, X, Q, E, Result)
    ;   legal_moves_in(S1, Moves, Game),
        to_move_in(S1, Next, Game),
        findall(R, playout(S1, Moves, Game, Deadline, 0, Max, R), [Result]),
        reward(Result, P, X),
        stats(1, X, Q, E),
        Kid = n(1, X, Q, E, Next, fresh, [])
    ).

%% playout(+S, +Moves, +Game, +Deadline, +Ply, +Max, -Result)
% A game of random moves from S, whose legal moves are Moves, to its end;
% Result is its outcome's result, none when it lasted Max plies without
% ending, or timeout when the deadline came first (the clock is looked at
% every 16 plies).
playout(S, Moves, Game, Deadline, Ply, Max, Result) :-
    (   Moves == [] ->
        outcome_in(S, Outcome, Game),
        (   Outcome = over(_, Result0) -> Result = Result0 ; Result = none )
    ;   Ply >= Max ->
        Result = none
    ;   Ply /\ 15 =:= 15, now(T), T >= Deadline ->
        Result = timeout
    ;   random_element(Moves, M),
        apply_once(S, M, S1, Game),
        legal_moves_in(S1, Moves1, Game),
        Ply1 is Ply + 1,
        playout(S1, Moves1, Game, Deadline, Ply1, Max, Result)
    ).

% reward(+Result, +P, -X): what Result is worth to player P, in half
% points: 2 for a win, 1 for a tie that P shares (or a playout cut short),
% 0 otherwise. P = 0 (above the root) gets 0.
reward(winner(W), P, X) :-
    (   W == P -> X = 2 ; X = 0 ).
reward(tie(Ps), P, X) :-
    (   memberchk(P, Ps) -> X = 1 ; X = 0 ).
reward(none, P, X) :-
    (   P =:= 0 -> X = 0 ; X = 1 ).
reward(timeout, _, 0).

% best_kid(+Kids, +K, +I, +Best0, +BestI0, -BestI): BestI (from 0) is the
% kid with the highest upper confidence bound (kid_bound/3), the first one
% on a tie.
best_kid([], _, _, _, I, I).
best_kid([c(_, Kid)|Kids], K, I, Best0, BestI0, BestI) :-
    kid_bound(Kid, K, U),
    (   U > Best0 -> Best1 = U, BestI1 = I ; Best1 = Best0, BestI1 = BestI0 ),
    I1 is I + 1,
    best_kid(Kids, K, I1, Best1, BestI1, BestI).

% kid_bound(+Kid, +K, -U): the upper confidence bound of Kid, scaled by
% 2^20.
kid_bound(n(_, _, Q, E, _, _, _), K, U) :-
    U is Q + ((K * E) >> 20).
kid_bound(t(_, _, Q, E, _), K, U) :-
    U is Q + ((K * E) >> 20).

% replace_kid(+I, +Kids0, -M, -Kid0, +Kid, -Kids): Kids is Kids0 with its
% I-th (from 0) element c(M, Kid0) replaced by c(M, Kid).
replace_kid(0, [c(M, Kid0)|Kids], M, Kid0, Kid, [c(M, Kid)|Kids]) :- !.
replace_kid(I, [C|Kids0], M, Kid0, Kid, [C|Kids]) :-
    I1 is I - 1,
    replace_kid(I1, Kids0, M, Kid0, Kid, Kids).

kid_stats(n(N, W, _, _, _, _, _), N, W).
kid_stats(t(N, W, _, _, _), N, W).

% most_visited(+Kids, +Best0, -Move, -Visits, -Wins): the most visited
% kid (the most wins among those, then the first), Best0 the best so far.
most_visited([], b(Move, N, W), Move, N, W).
most_visited([c(M, Kid)|Kids], Best0, Move, N, W) :-
    kid_stats(Kid, N1, W1),
    (   Best0 = b(_, N0, W0), ( N0 > N1 ; N0 =:= N1, W0 >= W1 ) ->
        Best1 = Best0
    ;   Best1 = b(M, N1, W1)
    ),
    most_visited(Kids, Best1, Move, N, W).


/* ---------------------------------------------------------------------
   The search bench (tabula bench search GAME)
   --------------------------------------------------------------------- */

%% bench_positions(+Game, -States)
% States are the positions tabula bench search measures the generic
% players on, the same for a given version of the rules: the start (the
% game's usual options), then the positions after 4, 8 and 12 moves of
% three games of random moves (drawn from seeds 1, 2 and 3), those reached
% before the game ended: positions of the opening and the middle game,
% where a search has work to do.
%   ?- bench_positions(connect4, Ss), length(Ss, N).
%   N = 10.
bench_positions(Game, [S0|States]) :-
    use_fast_path(Game),
    initial_state_in([], S0, Game),
    findall(S,
            ( member(Seed, [1, 2, 3]),
              set_random(seed(Seed)),
              random_line(S0, 0, 12, Game, Line),
              member(Ply-S, Line),
              Ply > 0,
              Ply mod 4 =:= 0 ),
            States).

% random_line(+S, +Ply, +Max, +Game, -Line): S and the positions of a
% random game from it, as Ply-State, up to Max moves or the game's end.
random_line(S, Ply, Max, Game, [Ply-S|Line]) :-
    (   Ply < Max,
        legal_moves_in(S, Moves, Game),
        Moves = [_|_] ->
        random_element(Moves, M),
        apply_once(S, M, S1, Game),
        Ply1 is Ply + 1,
        random_line(S1, Ply1, Max, Game, Line)
    ;   Line = []
    ).

%% bench_search(+Game, +Level, +State, +Work, -Move, -Info)
% Level (alphabeta or mcts) searches State with no clock, so that two
% versions of a search compare on the same work: alphabeta to depth Work,
% mcts for Work iterations (its random choices drawn from seed 1). Info is
% [work(N), ms(T), depth(D), reason(R)]: N the positions alphabeta
% reached or the iterations mcts ran, T the CPU milliseconds, D the depth
% completed (alphabeta; 0 for mcts), R the reason choose_move/6 would give.
% Fails when the game is over.
%   ?- bench_positions(connect4, [S|_]), bench_search(connect4, alphabeta, S, 3, M, I).
%   M = drop(4), I = [work(...), ms(...), depth(3), reason(search(3, ...))].
bench_search(Game, Level, State, Work, Move, [work(N), ms(Ms), depth(D), reason(R)]) :-
    must_be(integer, Work),
    use_fast_path(Game),
    legal_moves_in(State, Moves, Game),
    Moves = [_|_],
    set_random(seed(1)),
    statistics(runtime, [T0, _]),
    findall(M-R0-N0, bench_once(Level, Game, State, Moves, Work, M, R0, N0), [Move-R-N]),
    statistics(runtime, [T1, _]),
    Ms is round(T1 - T0),
    (   R = search(D, _) -> true ; D = 0 ).

bench_once(alphabeta, Game, State, Moves, Depth, Move, Reason, Nodes) :-
    Never = 1.0e300,
    alphabeta_search(Game, State, Moves, Never, Never, Depth, Move, Reason),
    !,
    bb_get('$players_nodes', Nodes).
bench_once(mcts, Game, State, Moves, Iterations, Move, Reason, Iterations1) :-
    mcts_search(Game, State, Moves, 1.0e300, Iterations, Move, Reason),
    !,
    (   Reason = mcts(Iterations1, _) -> true
    ;   Reason = proven(Iterations1, _) -> true
    ;   Iterations1 = Iterations
    ).


/* ---------------------------------------------------------------------
   Randomness
   --------------------------------------------------------------------- */

% random_element(+List, -X): X is an element of the non-empty List, drawn
% uniformly with library(random) (so set_random(seed(S)) reproduces it).
random_element(List, X) :-
    length(List, N),
    random_integer(0, N, K),
    nth0(K, List, X).

% take_random(+List, -X, -Rest): X is an element of the non-empty List
% drawn uniformly, Rest the list without it.
take_random(List, X, Rest) :-
    length(List, N),
    random_integer(0, N, K),
    take_nth0(K, List, X, Rest).

take_nth0(0, [X|Xs], X, Xs) :- !.
take_nth0(K, [Y|Ys], X, [Y|Rest]) :-
    K1 is K - 1,
    take_nth0(K1, Ys, X, Rest).
