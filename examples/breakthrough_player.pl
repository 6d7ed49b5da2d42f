/* A Breakthrough player in Prolog: the template a student starts from.

A player file defines one predicate in `user`:

    choose_move(+State, +BudgetMs, -Move)

State is the rules' state (prolog/games/breakthrough/breakthrough.pl), BudgetMs the
milliseconds the referee gives for this move, and Move a term
move(R1, C1, R2, C2): the piece on row R1, column C1 goes to row R2,
column C2 (row 1 is White's side, column 1 the left; `c2-d3` is
move(2,3,3,4)). The rules are loaded in the player's own machine, so the
file asks them everything through the game contract (prolog/core/game.pl):
breakthrough:legal_moves/2, apply_move/4, outcome/2, to_move/2,
board_size/3. It never has to know how the board is stored.

How to play it (each player runs in a process of its own):

    tabula play breakthrough --p1 examples/breakthrough_player.pl --p2 human
    tabula match breakthrough --p1 examples/breakthrough_player.pl --p2 greedy --games 10
    tabula tournament breakthrough --out champ --player mine=examples/breakthrough_player.pl ...

What it plays, looking two plies ahead:

  1. a move that wins at once (a piece reaching the last row, or taking
     the last enemy piece);
  2. otherwise, only moves after which the opponent cannot win at once;
  3. among those, the best by a small score: a capture is worth much, a
     piece left where an enemy can take it costs much, and a step
     forward is worth a little (more near the goal). Ties go to the
     first move the rules list, so its games can be replayed.

It ignores the budget: it looks at a few thousand positions at most, far
less than a second. Beaten by `ai`, about even with `greedy`.
Improve it: that is the assignment.
*/

:- use_module(library(lists)).

choose_move(State, _BudgetMs, Move) :-
    breakthrough:to_move(State, Me),
    breakthrough:legal_moves(State, Moves),
    (   member(Move, Moves), wins_at_once(State, Move, Me) -> true
    ;   findall(M, (member(M, Moves), safe(State, M)), Safe),
        (   Safe = [] -> Candidates = Moves   % every move loses: play on
        ;   Candidates = Safe
        ),
        best_move(State, Me, Candidates, Move)
    ).

% wins_at_once(+State, +Move, +Player): Move ends the game, won by Player.
wins_at_once(State, Move, Player) :-
    breakthrough:apply_move(State, Move, Next, _),
    breakthrough:outcome(Next, over(_, winner(Player))).

% safe(+State, +Move): after Move the opponent has no winning reply.
safe(State, Move) :-
    breakthrough:apply_move(State, Move, Next, _),
    breakthrough:outcome(Next, ongoing),
    breakthrough:to_move(Next, Opponent),
    breakthrough:legal_moves(Next, Replies),
    \+ ( member(Reply, Replies), wins_at_once(Next, Reply, Opponent) ).

% best_move(+State, +Me, +Moves, -Best): the first move of highest score.
best_move(State, Me, [M|Ms], Best) :-
    score(State, Me, M, S),
    best_move_(Ms, State, Me, M, S, Best).

best_move_([], _, _, Best, _, Best).
best_move_([M|Ms], State, Me, Best0, S0, Best) :-
    score(State, Me, M, S),
    (   S > S0 -> best_move_(Ms, State, Me, M, S, Best)
    ;   best_move_(Ms, State, Me, Best0, S0, Best)
    ).

% score(+State, +Me, +Move, -Score): how much this player likes Move.
score(State, Me, Move, Score) :-
    Move = move(_, _, R2, C2),
    breakthrough:apply_move(State, Move, Next, Events),
    (   member(capture(_, _), Events) -> Capture = 100 ; Capture = 0 ),
    (   breakthrough:outcome(Next, ongoing),
        breakthrough:legal_moves(Next, Replies),
        memberchk(move(_, _, R2, C2), Replies)
    ->  Exposed = 60                    % the piece can be taken back
    ;   Exposed = 0
    ),
    breakthrough:board_size(State, Rows, _),
    (   Me =:= 1 -> Progress = R2 ; Progress is Rows + 1 - R2 ),
    Score is Capture - Exposed + Progress * Progress.
