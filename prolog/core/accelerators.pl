/** Accelerators: fast paths checked against the rules as written.

A game's rules file says the rules so that a person can read them and
change them; a fast path (game_info's fast(File)) plays the same rules
with another technique, bit masks or tables, many times faster. tabula
uses a fast path only while it agrees with the rules: whenever one of the
files changes (tabula keeps the verdict by the files' content), it plays
random games by the rules as written and compares, in every position
reached,

  * the legal moves (the same moves, listed in the same order, so that
    a seeded random game is the same game either way);
  * for every legal move, the position it leads to and its events;
  * when the fast path counts its moves (counted_moves/3 and
    nth_successor/5, see fast(File) in game.pl), the count, and the K-th
    move with its position and events, for every K;
  * when the fast path judges positions (it exports evaluation/3, and so
    do the rules), its value of the position for every player: the
    generic players then judge positions there (players.pl);
  * when the game's own players search a model of their own (their
    module exports model_agrees/2, see game.pl), that the model agrees
    (in every fourth position: building a model is the dearest part).

When they agree, accelerate/2 switches the game to its fast path
(game:accelerated/2), and the game's players may use their model. When
they do not, the verdict names the first position where they differ and
what each said, the game is played by the rules as written, and the
players that rely on a model give way to the generic ones (players.pl).

The check is reproducible: its random games are drawn from a fixed seed,
and the caller's random generator is left as it was found (reseeded from
a number drawn from it first).

Calls into the game, the fast path and the players go through bridges
whose module is the last argument (see "How this module calls a game" in
game.pl).
*/

:- module(accelerators, [check_fast/5,
                         accelerate/2,
                         decelerate/1]).

:- use_module(library(lists)).
:- use_module(library(between)).
:- use_module(library(random)).
:- use_module(library(format)).
:- use_module(library(iso_ext)).

%% check_fast(+Game, +Fast, +Players, +NPositions, -Verdict)
% Compares the fast path Fast (a module, or none) and the model of the players
% module Players (none for no players) with the rules of Game in about
% NPositions positions of random games played by the rules. Verdict is
% agree(N), N the positions compared, or differ(Text), Text a string
% saying where and how they first differ.
% ?- check_fast(breakthrough, breakthrough_fast, breakthrough_ai, 300, V).
%    V = agree(300).
check_fast(Game, Fast, Players, NPositions, Verdict) :-
    random_integer(0, 1125899906842624, Next),      % 2^50
    set_random(seed(20261201)),
    option_lists(Game, Lists),
    length(Lists, NLists),
    Each is max(1, NPositions // NLists),
    (   catch(first_difference(Lists, Game, Fast, Players, Each, 0, N, Diff),
              Error,
              Diff = error(Error)) ->
        true
    ;   Diff = error(failed), N = 0
    ),
    set_random(seed(Next)),
    (   Diff == none -> Verdict = agree(N)
    ;   Diff = at(Options, Path, Diff1) ->
        difference_text(Diff1, ctx(Game, Options, Path), Fast, Players, Text),
        Verdict = differ(Text)
    ;   difference_text(Diff, ctx(Game, [], []), Fast, Players, Text),
        Verdict = differ(Text)
    ).

% option_lists(+Game, -Lists): the game's check_options/1, else [[]].
option_lists(Game, Lists) :-
    (   catch(check_options_in(Lists0, Game), _, fail), Lists0 = [_|_] ->
        Lists = Lists0
    ;   Lists = [[]]
    ).

% first_difference(+Lists, +Game, +Fast, +Players, +Each, +N0, -N, -Diff):
% walks Each positions for each option list; Diff is none or the first
% difference found.
first_difference([], _, _, _, _, N, N, none).
first_difference([Options|Lists], Game, Fast, Players, Each, N0, N, Diff) :-
    initial_state_in(Options, Start, Game),
    walk(Each, Start, [], Options-Start, Game, Fast, Players, N0, N1, Diff0),
    (   Diff0 == none ->
        first_difference(Lists, Game, Fast, Players, Each, N1, N, Diff)
    ;   N = N1, Diff = Diff0
    ).

%% walk(+K, +State, +Path, +Options-Start, ...)
% Compares K positions, playing random moves by the rules from State (reached
% by the moves Path, the last first, from Start) and starting again from Start
% when a game ends. A difference is given as at(Options, Path, Diff).
walk(K, State, Path, Options-Start, Game, Fast, Players, N0, N, Diff) :-
    (   K =:= 0 -> N = N0, Diff = none
    ;   % The players' model in every fourth position: building it is
        % the dearest part of the check.
        (   N0 mod 4 =:= 0 -> Model = Players ; Model = none ),
        compare_position(State, Game, Fast, Model, Successors, Diff0),
        N1 is N0 + 1,
        (   Diff0 \== none -> N = N1, Diff = at(Options, Path, Diff0)
        ;   K1 is K - 1,
            (   Successors == [] -> Next = Start, Path1 = []
            ;   length(Successors, L),
                random_integer(0, L, I),
                nth0(I, Successors, Move-Next),
                Path1 = [Move|Path]
            ),
            walk(K1, Next, Path1, Options-Start, Game, Fast, Players, N1, N, Diff)
        )
    ).

% compare_position(+State, +Game, +Fast, +Players, -Successors, -Diff):
% Successors are the rules' Move-Next pairs in State; Diff is none, or
% the first difference there.
compare_position(State, Game, Fast, Players, Successors, Diff) :-
    rules_legal_moves(State, Moves, Game),
    (   Fast == none -> FastMoves = Moves
    ;   fast_legal_moves(State, FastMoves, Fast)
    ),
    (   Moves \== FastMoves ->
        Successors = [],
        Diff = moves(State, Moves, FastMoves)
    ;   successors(Moves, State, Game, Fast, Successors0, Diff0),
        (   Diff0 \== none -> Successors = [], Diff = Diff0
        ;   counted_difference(Fast, State, Moves, Game, Diff1),
            Diff1 \== none ->
            Successors = [], Diff = Diff1
        ;   evaluation_difference(Fast, State, Game, Diff2),
            Diff2 \== none ->
            Successors = [], Diff = Diff2
        ;   Successors = Successors0,
            keysort(Successors0, Sorted),
            (   Players == none -> Diff = none
            ;   \+ current_predicate(Players:model_agrees/2) -> Diff = none
            ;   model_agrees_in(State, Sorted, Players) -> Diff = none
            ;   Diff = model(State)
            )
        )
    ).

successors([], _, _, _, [], none).
successors([Move|Moves], State, Game, Fast, Successors, Diff) :-
    (   rules_apply(State, Move, Next, Events, Game) -> true
    ;   Next = none, Events = none
    ),
    (   Fast == none -> FastNext = Next, FastEvents = Events
    ;   fast_apply(State, Move, FastNext, FastEvents, Fast) -> true
    ;   FastNext = none, FastEvents = none
    ),
    (   Next == FastNext, Events == FastEvents ->
        Successors = [Move-Next|Successors1],
        successors(Moves, State, Game, Fast, Successors1, Diff)
    ;   Successors = [],
        Diff = apply(State, Move, Next-Events, FastNext-FastEvents)
    ).

% counted_difference(+Fast, +State, +Moves, +Game, -Diff): when the fast
% path counts its moves (counted_moves/3 and nth_successor/5, see fast(File)
% in game.pl), its count is the number of the rules' legal moves Moves, and
% its K-th move, position and events are the rules' K-th move and what it
% leads to, for every K; Diff is none, or how they first differ.
counted_difference(Fast, State, Moves, Game, Diff) :-
    (   Fast == none -> Diff = none
    ;   \+ current_predicate(Fast:counted_moves/3) -> Diff = none
    ;   \+ current_predicate(Fast:nth_successor/5) -> Diff = none
    ;   length(Moves, N),
        (   fast_counted_moves(State, Count, Counted, Fast) -> true
        ;   Count = none, Counted = none
        ),
        (   Count \== N -> Diff = count(State, N, Count)
        ;   nth_difference(Moves, 0, State, Counted, Game, Fast, Diff)
        )
    ).

nth_difference([], _, _, _, _, _, none).
nth_difference([Move|Moves], K, State, Counted, Game, Fast, Diff) :-
    (   rules_apply(State, Move, Next, Events, Game) -> true
    ;   Next = none, Events = none
    ),
    (   fast_nth_successor(Counted, K, FastMove, FastNext, FastEvents, Fast) -> true
    ;   FastMove = none, FastNext = none, FastEvents = none
    ),
    (   FastMove == Move, FastNext == Next, FastEvents == Events ->
        K1 is K + 1,
        nth_difference(Moves, K1, State, Counted, Game, Fast, Diff)
    ;   Diff = nth(State, K, Move-Next-Events, FastMove-FastNext-FastEvents)
    ).

% evaluation_difference(+Fast, +State, +Game, -Diff): when the fast path
% and the rules both export evaluation/3, they give every player the same
% value of State (both failing or throwing counts as the same); Diff is
% none, or eval(State, P, RulesValue, FastValue) for the first player
% they differ for.
evaluation_difference(Fast, State, Game, Diff) :-
    (   Fast == none -> Diff = none
    ;   \+ current_predicate(Fast:evaluation/3) -> Diff = none
    ;   \+ current_predicate(Game:evaluation/3) -> Diff = none
    ;   players_in(State, N, Game),
        player_difference(1, N, Fast, State, Game, Diff)
    ).

player_difference(P, N, Fast, State, Game, Diff) :-
    (   P > N -> Diff = none
    ;   judged(rules_evaluation(State, P, V, Game), V, RulesValue),
        judged(fast_evaluation(State, P, FV, Fast), FV, FastValue),
        (   RulesValue == FastValue ->
            P1 is P + 1,
            player_difference(P1, N, Fast, State, Game, Diff)
        ;   Diff = eval(State, P, RulesValue, FastValue)
        )
    ).

% judged(+Goal, ?V, -Value): V after Goal's first answer, else none.
judged(Goal, V, Value) :-
    (   catch(Goal, _, fail) -> Value = V ; Value = none ).

% The bridges (module last).
rules_evaluation(State, P, V, Game) :- Game:evaluation(State, P, V).
fast_evaluation(State, P, V, Fast) :- Fast:evaluation(State, P, V).
players_in(State, N, Game) :- Game:players(State, N).
rules_legal_moves(State, Moves, Game) :- Game:legal_moves(State, Moves).
rules_apply(State, Move, Next, Events, Game) :-
    Game:apply_move(State, Move, Next, Events).
fast_legal_moves(State, Moves, Fast) :- Fast:legal_moves(State, Moves).
fast_apply(State, Move, Next, Events, Fast) :-
    Fast:apply_move(State, Move, Next, Events).
fast_counted_moves(State, Count, Counted, Fast) :-
    Fast:counted_moves(State, Count, Counted).
fast_nth_successor(Counted, K, Move, Next, Events, Fast) :-
    Fast:nth_successor(Counted, K, Move, Next, Events).
model_agrees_in(State, Successors, Players) :-
    Players:model_agrees(State, Successors).
check_options_in(Lists, Game) :- Game:check_options(Lists).
initial_state_in(Options, State, Game) :- Game:initial_state(Options, State).
position_text_in(State, Cs0, Cs, Game) :- Game:position_text(State, Cs0, Cs).


/* ---------------------------------------------------------------------
   The verdict in words
   --------------------------------------------------------------------- */

% difference_text(+Diff, +Context, +Fast, +Players, -Text): Context is
% ctx(Game, Options, Path), where the position came from.
difference_text(moves(State, Moves, FastMoves), Ctx, Fast, _, Text) :-
    Ctx = ctx(Game, _, _),
    position_words(State, Ctx, Where),
    (   member(M, Moves), \+ memberchk(M, FastMoves) ->
        move_words(State, M, Game, MW),
        phrase(format_("the rules allow ~s, ~a does not", [MW, Fast]), What)
    ;   member(M, FastMoves), \+ memberchk(M, Moves) ->
        move_words(State, M, Game, MW),
        phrase(format_("~a allows ~s, the rules do not", [Fast, MW]), What)
    ;   phrase(format_("both allow the same moves, listed in another order", []), What)
    ),
    phrase(format_("in ~s, ~s", [Where, What]), Text).
difference_text(apply(State, Move, Next-Events, FastNext-FastEvents), Ctx, Fast, _, Text) :-
    Ctx = ctx(Game, Options, Path),
    position_words(State, Ctx, Where),
    move_words(State, Move, Game, MW),
    After = ctx(Game, Options, [Move|Path]),
    (   Next == none ->
        phrase(format_("the rules refuse ~s, which they list as legal", [MW]), What)
    ;   FastNext == none ->
        phrase(format_("~a refuses ~s", [Fast, MW]), What)
    ;   Next \== FastNext ->
        position_words(Next, After, NW),
        position_words(FastNext, After, FW),
        phrase(format_("~s leads to ~s by the rules but to ~s by ~a",
                       [MW, NW, FW, Fast]), What)
    ;   phrase(format_("~s causes ~q by the rules but ~q by ~a",
                       [MW, Events, FastEvents, Fast]), What)
    ),
    phrase(format_("in ~s, ~s", [Where, What]), Text).
difference_text(count(State, N, Count), Ctx, Fast, _, Text) :-
    position_words(State, Ctx, Where),
    (   Count == none ->
        phrase(format_("in ~s, the rules allow ~d moves, ~a's counted_moves/3 fails",
                       [Where, N, Fast]), Text)
    ;   phrase(format_("in ~s, the rules allow ~d moves, ~a's counted_moves/3 counts ~q",
                       [Where, N, Fast, Count]), Text)
    ).
difference_text(nth(State, K, Move-Next-Events, FastMove-FastNext-FastEvents),
                Ctx, Fast, _, Text) :-
    Ctx = ctx(Game, Options, Path),
    position_words(State, Ctx, Where),
    move_words(State, Move, Game, MW),
    K1 is K + 1,
    (   FastMove == none ->
        phrase(format_("~a's nth_successor/5 fails for move ~d of ~s",
                       [Fast, K1, MW]), What)
    ;   FastMove \== Move ->
        move_words(State, FastMove, Game, FW),
        phrase(format_("move ~d is ~s by the rules but ~s by ~a's nth_successor/5",
                       [K1, MW, FW, Fast]), What)
    ;   FastNext \== Next ->
        After = ctx(Game, Options, [Move|Path]),
        position_words(Next, After, NW),
        position_words(FastNext, After, FNW),
        phrase(format_("~s leads to ~s by the rules but to ~s by ~a's nth_successor/5",
                       [MW, NW, FNW, Fast]), What)
    ;   phrase(format_("~s causes ~q by the rules but ~q by ~a's nth_successor/5",
                       [MW, Events, FastEvents, Fast]), What)
    ),
    phrase(format_("in ~s, ~s", [Where, What]), Text).
difference_text(eval(State, P, V, FV), Ctx, Fast, _, Text) :-
    position_words(State, Ctx, Where),
    phrase(format_("in ~s, the rules' evaluation/3 gives player ~d ~q, ~a's gives ~q",
                   [Where, P, V, Fast, FV]), Text).
difference_text(model(State), Ctx, _, Players, Text) :-
    position_words(State, Ctx, Where),
    phrase(format_("in ~s, the computer players' own model of the game (~a) does not agree with the rules", [Where, Players]), Text).
difference_text(error(E), _, _, _, Text) :-
    (   E == failed ->
        phrase(format_("the check failed: a predicate of the rules, the fast path or the players' model failed where it must answer", []), Text)
    ;   phrase(format_("the check stopped on an error: ~q", [E]), Text)
    ).

% position_words(+State, +Context, -Words): "the position TEXT" in the
% game's position text when it has one, else the moves that reach it.
position_words(State, ctx(Game, Options, Path), Words) :-
    (   catch(position_text_in(State, Cs, [], Game), _, fail) ->
        phrase(format_("the position ~s", [Cs]), Words)
    ;   length(Path, N),
        (   N =:= 0 -> Shown = [], Ellipsis = ""
        ;   N =< 8 -> reverse(Path, Shown), Ellipsis = ""
        ;   length(Last, 8), append(Last, _, Path),
            reverse(Last, Shown), Ellipsis = "... "
        ),
        moves_text(Shown, MovesText),
        (   N =:= 0 ->
            phrase(format_("the start position of options ~q", [Options]), Words)
        ;   ( N =:= 1 -> Plural = "" ; Plural = "s" ),
            phrase(format_("the position after ~d move~s (~s~s) from the start of options ~q",
                           [N, Plural, Ellipsis, MovesText, Options]), Words)
        )
    ).

moves_text([], []).
moves_text([M], Cs) :- !, phrase(format_("~q", [M]), Cs).
moves_text([M|Ms], Cs) :-
    phrase(format_("~q ", [M]), Cs0),
    moves_text(Ms, Cs1),
    append(Cs0, Cs1, Cs).

% move_words(+State, +Move, +Game, -Words): the move in the game's
% notation, else the term.
move_words(State, Move, Game, Words) :-
    (   catch(game:move_to_text(Game, State, Move, Cs), _, fail) ->
        Words = Cs
    ;   phrase(format_("~q", [Move]), Words)
    ).


/* ---------------------------------------------------------------------
   The switch
   --------------------------------------------------------------------- */

%% accelerate(+Game, +Fast)
% Only after check_fast/5 said agree: Game's players may use their model
% (game:checked/1), and, unless Fast is none, Game's legal_moves/2 and
% apply_move/4 are played by Fast (game:accelerated/2).
accelerate(Game, Fast) :-
    decelerate(Game),
    assertz(game:checked(Game)),
    (   Fast == none -> true
    ;   game:play_fast(Game, Fast)
    ).

%% decelerate(+Game)
% Game is played by its rules as written again, and its players do not
% use their model.
decelerate(Game) :-
    game:play_as_written(Game),
    retractall(game:checked(Game)).
