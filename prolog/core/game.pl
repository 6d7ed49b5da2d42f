/** The contract between tabula and a game's rules, and the tools built on it.

A game is a Prolog module G (for example `dots`, in dots.pl) whose rules
export the predicates below. tabula never looks inside a State: it only
passes the terms that G returned back to G. Moves are ground terms chosen
by the game (for dots, h(I,J) and v(I,J)). Players are the integers 1..N.

The contract is documented below, predicate by predicate, in the section
"The contract".

This module dispatches to a game module given by name (game_initial_state/3
calls Game:initial_state/2, and so on), and builds on the contract: moves
from and to text, replays and random moves. The random playouts of the
benchmark are playouts.pl; the
conformance check that plays random games and verifies the contract at
every position is conformance.pl; the check of a game's fast path against
its rules is accelerators.pl.
*/

:- module(game, [default_game/1,
                 game_initial_state/3,
                 game_players/3,
                 game_to_move/3,
                 game_legal_move/3,
                 game_legal_moves/3,
                 game_has_legal_move/2,
                 game_apply_move/5,
                 game_outcome/3,
                 game_explain_illegal/4,
                 game_explain_unreadable/4,
                 game_events_text/4,
                 game_view/3,
                 game_check_options/2,
                 game_max_plies/3,
                 move_from_text/4,
                 move_to_text/4,
                 game_status/4,
                 judge_text/5,
                 judge_move/5,
                 replay/4,
                 random_move/3,
                 random_successor/5,
                 random_element/2,
                 accelerated/2,
                 play_fast/2,
                 play_as_written/1,
                 checked/1]).

:- use_module(library(lists)).
:- use_module(library(between)).
:- use_module(library(random)).
:- use_module(library(iso_ext)).
:- use_module(library(error)).
% The text helpers of every game's notation (blanks, digits, quoted terms), once;
% rules files call them as notation:blanks and the like.
:- use_module('../lib/notation').
% What every game made from a GDL file (gdl/gdl.pl) shares: its moves as KIF
% text and its board, called as gdl_text:term_chars and the like.
:- use_module('gdl/gdl_text').


/* ---------------------------------------------------------------------
   The contract: what a game module G exports
   (documentation only: these predicates are defined in G, not here)
   --------------------------------------------------------------------- */

%% initial_state(+Options, -State)
% State is the start position for Options, a list of Name(Value) terms such
% as [rows(5), cols(6), players(2)]. Missing options take their defaults and
% unknown options are ignored. A value out of range throws
% error(domain_error(Domain, Value), Context) with a Domain that names the
% allowed range, e.g. domain_error(rows_between_2_and_12, 13).

%% players(+State, -N)
% N is the number of players; they are numbered 1..N.

%% to_move(+State, -Player)
% Player (1..N) moves next. Fails when the game is over.

%% legal_move(+State, ?Move)
% With Move unbound, enumerates the legal moves. With Move bound, checks it
% (semidet): any term that is not a legal move simply fails, never throws,
% even garbage like `foo` or `h(a,b)`.

%% legal_moves(+State, -Moves)
% Moves is the list of all legal moves, the same set as legal_move/2, in a
% fixed order. It is [] exactly when the game is over.

%% apply_move(+State, +Move, -NewState, -Events)
% NewState is the position after the player to move plays Move.
% Deterministic; fails if Move is not legal. Events lists what the move
% caused (for dots: box(I,J) for each closed box, extra_turn, game_over).

%% outcome(+State, -Outcome)
% Outcome is `ongoing`, or over(Scores, Result) with Scores the points in
% player order and Result winner(P) or tie(Ps), Ps the sorted list of the
% players who share the best score.

%% move_text(+State, ?Move)//
% The move notation, both ways: with Move bound and the text unbound it
% describes the canonical text (first solution); with the text bound it
% parses any accepted notation, blanks allowed before and after. Parsing
% never throws on any input; it fails on text that is not a move.

%% explain_illegal(+State, +Move, -Message)
% Message (a list of characters) says why Move is not legal, e.g.
% "h(0,0) is already drawn" or "the game is over". Fails for a legal move.

%% explain_unreadable(+State, +Chars, -Message)
% Optional: Message (a list of characters) says why Chars, a text that
% move_text//2 does not read as a move, is not one, when the game can tell
% more than "cannot read" (e.g. "a1 and c1 are not neighbouring dots");
% fails on text it has nothing to say about.

%% events_text(+State, +Events, -Chars)
% Optional: Chars says in words, for people, what the move that apply_move/4
% made from State caused (Events, its last argument): "closes a box, moves
% again", "captures on e5". Fails when there is nothing to say. The faces
% show the event terms when the game does not export it; the records keep
% the terms.

%% view(+State, -View)
% View is the board the terminal, the window and the web page draw the
% position from: board(Shape, Items), in the vocabulary described below.

%% check_options(-OptionLists)
% OptionLists are the option lists the conformance check plays with.

%% max_plies(+State, -N)
% Optional: N bounds the number of moves left in a game from State; the
% conformance check uses it (10000 when the game does not export it).

%% game_info(-Facts)
% Facts describes the game to people and to tools, as a list of (all
% optional but title/1):
%   title(Text)            the game's name in titles: "Connect Four"
%   aliases(Names)         other names accepted on the command line (atoms)
%   summary(Text)          the rules in a few sentences, for `tabula games`
%                          and the window's Rules panel
%   notation(Text)         how a move is written, in full (the `help` command)
%   notation_hint(Text)    one line of examples, shown after an unreadable move
%   sides(Names)           the players' names when one side wins ("White",
%                          "Black"); without it the players are numbered and
%                          play for points, shown as running scores
%   options(Options)       each option(Name, Domain, Default, Text), the
%                          option Name(Value) of initial_state/2: Domain is
%                          integer(Min, Max), oneof(Atoms), text (a
%                          position, say) or seed (a random start drawn
%                          from the seed given); Default a value or none
%   players(File)          the game's own computer players: a file beside
%                          the rules (its module exports levels/1 and
%                          choose_move/5; see "Computer players" below)
%   fast(File)             the game's fast path, a file beside the rules
%                          whose module plays legal_moves/2 and
%                          apply_move/4 on the same states, faster; used
%                          only while it agrees with the rules (see
%                          accelerators.pl: checked whenever a file
%                          changes). It may also export
%                          counted_moves(State, Count, Moves) and
%                          nth_successor(Moves, K, Move, Next, Events):
%                          the number of legal moves, and the K-th of
%                          them (from 0, in legal_moves/2's order) with
%                          the position and events after it, from a
%                          compact Moves of its own; random playouts
%                          (random_successor/5) then build no lists;
%                          and evaluation/3, the rules' evaluation
%                          computed faster, which the generic players
%                          then judge positions with (checked too)
%   strongest(Level)       the level `ai` means (default: the last of
%                          levels/1, or mcts when the game has no players)
%   championship(Policy)   a list of scoring(Scheme) (valid_games, faults or
%                          points), random_start(Bool) (each championship
%                          starts all its games from one random position,
%                          initial_state/2's random_start(Seed) option) and
%                          self_games(Bool) (a player also meets itself)
% Texts are strings ("..."). tabula reads game_info/1 without running the
% file (to list the games), so it must be one fact written out in full.
% A file that exports initial_state/2 and game_info/1 is a game: tabula
% finds it in prolog/ or prolog/games/ by itself.
%   ?- dots:game_info(F), memberchk(title(T), F).
%   T = "Timbiriche (Dots and Boxes)".

%% scores(+State, -Scores)
% Optional: the running points in player order, for games played for
% points (the window and the terminal show them while the game goes on).

%% move_regions(+State, +Move, -Regions)
% Optional: how a person makes Move with the mouse, and where the last
% move is marked: Regions is [sq(R,C)] (a click on a square),
% [sq(R1,C1), sq(R2,C2)] (a drag, or two clicks, from one square to
% another) or [line(R1,C1,R2,C2)] (a click on the line between two dots),
% in the coordinates of the board view below.

%% move_area(+State, +Move, -Squares)
% Optional, for a move made with a click on one square (move_regions/3
% gives [sq(R,C)]): Squares, where else a click makes it, e.g. Connect
% Four's whole column for a disc that lands at its foot. The move stays
% marked, hinted and offered at its own square; a click on one of Squares
% that is another move's own square makes that move.

/* Computer players. A game's own players (game_info's players(File)) are
   a module that exports
     levels(-Levels)       the levels, weakest first: [random, greedy, ai]
     level_info(?Level, -Text)  optional: one line saying how Level plays
     choose_move(+Level, +State, +BudgetMs, -Move, -Reason)  Level's move in
                           State within about BudgetMs milliseconds, and a
                           term saying why (kept in the records)
     file_player_move(+State, +BudgetMs, -Move)  optional: how a player
                           file written for the game's assignment is asked
                           for its move (else the file's own
                           choose_move(+State, +BudgetMs, -Move))
     reason_text(+Reason, -Chars)  optional: Reason, as choose_move/5
                           gives it, in words for people ("takes a box",
                           "perfect play: 2 boxes ahead from here"); the
                           faces show the term when it fails
     prepare(+Level)       optional: builds what Level would build on its
                           first move (tables, say), for a process that
                           serves many games: a fork server calls it once
                           after loading, and every game it forks starts
                           with it done
     model_agrees(+State, +Successors)  optional, for players that search
                           a model of their own (their own copy of the
                           rules, for speed): succeeds when the model
                           agrees with the rules in State, Successors being
                           the rules' Move-NextState pairs (sorted by
                           Move); checked with the fast path (see
                           accelerators.pl). Such players should play only
                           while game:checked(Game) holds.
   Every game also has the players of prolog/core/players.pl, written over the
   contract alone: random, alphabeta (using the game's evaluation/3 when
   it exports one) and mcts.

%% evaluation(+State, +Player, -Value)
% Optional: how good State looks for Player, an integer between -1000 and
% 1000 (0 even), for the generic alphabeta player.
*/

/* The board view. view/2 gives board(Shape, Items), which every face of
   tabula (terminal, window, web page) draws the same way:

   Shape
     squares(Rows, Cols)   a grid of squares; square (R, C) counts R from 1
                           at the top row as drawn, C from 1 at the left
     lattice(Rows, Cols)   a lattice of dots, dot (R, C) counted the same
                           way; lines join neighbouring dots, and cell
                           (R, C) is the box whose top-left dot is (R, C)

   Items, in any order, each optional
     piece(R, C, Player, Glyph)  a piece of Player (1..N, 0 for no one's)
                           on square (R, C), shown as Glyph: a short text
                           such as "K" or "p", or "" for a plain disc
     line(R1, C1, R2, C2, Player)  a line drawn between neighbouring dots
     fill(R, C, Player, Glyph)     square or cell (R, C) coloured as
                           Player's (0: greyed), with Glyph written in it
     mark(Region, Kind)    Region is sq(R, C) or line(R1, C1, R2, C2); Kind
                           is last (part of the last move), capture (a
                           piece was taken there) or hint
     labels(Edge, Texts)   Edge is top, bottom, left or right; one text per
                           column or row (per dot for lattice(_, _)), in
                           drawing order. Draw the coordinates the move
                           notation uses: a square (or dot) is named, for
                           people and screen readers, by its column's label
                           (from the nearer of top and bottom) then its
                           row's (from the nearer of left and right), "c3";
                           a line by its two dots, the left one first, else
                           the lower one, "a1-b1"; a square with only a
                           column label by that label (a pit, "3")
     square_name(Parts)    how a square's name is written when it is not
                           the column's label then the row's: Parts lists
                           texts and the atoms column and row, e.g.
                           ["(", row, " ", column, ")"] names "(7 1)"
     caption(Text)         a line of text under the board (one or more)
     colours(Names)        the players' colours in order, from white,
                           black, red, yellow, blue, orange, green, purple
                           (default: tabula's palette, which colour-blind
                           eyes tell apart)
     look(Look)            for squares: checkered (the default), plain, or
                           holes (a frame with round holes, like Connect
                           Four's)

   Example: a 3 x 3 board with an X in the middle, just played:
     board(squares(3, 3), [piece(2, 2, 1, "X"), mark(sq(2, 2), last),
                           labels(bottom, ["a", "b", "c"]),
                           labels(left, ["3", "2", "1"])])
*/


%% accelerated(?Game, ?Fast)
% Game's legal_moves/2 and apply_move/4 are played by the module Fast, its
% fast path (game_info's fast(File)), which has been checked against the
% rules and agrees with them (accelerators.pl checks, and asserts this).
% Every call into the game through this module then goes to Fast: the
% referee's, the bench's and the players'. Without it, the rules as
% written are played.
:- dynamic(accelerated/2).

%% play_fast(+Game, +Fast)
% From now on Game's legal_moves/2 and apply_move/4 are played by the module
% Fast (accelerated/2), only ever called once Fast agrees with the rules.
play_fast(Game, Fast) :-
    play_as_written(Game),
    assertz(accelerated(Game, Fast)),
    assertz((accelerated_legal_moves(Game, State, Moves) :-
                Fast:legal_moves(State, Moves))),
    assertz((accelerated_apply_move(Game, State, Move, Next, Events) :-
                Fast:apply_move(State, Move, Next, Events))),
    (   current_predicate(Fast:counted_moves/3),
        current_predicate(Fast:nth_successor/5) ->
        assertz((accelerated_random_successor(Game, State, Move, Next, Events) :-
                    Fast:counted_moves(State, N, Moves),
                    N > 0,
                    % library(random)'s random_integer/3 draws with this
                    % primitive after checking its arguments, which would
                    % cost a tenth of a playout's move here
                    '$random_integer'(0, N, K),
                    Fast:nth_successor(Moves, K, Move, Next, Events)))
    ;   assertz((accelerated_random_successor(Game, State, Move, Next, Events) :-
                    Fast:legal_moves(State, Moves),
                    random_element(Moves, Move),
                    Fast:apply_move(State, Move, Next, Events)))
    ).

%% play_as_written(+Game)
% From now on Game is played by its rules as written.
play_as_written(Game) :-
    retractall(accelerated(Game, _)),
    retractall(accelerated_legal_moves(Game, _, _)),
    retractall(accelerated_apply_move(Game, _, _, _, _)),
    retractall(accelerated_random_successor(Game, _, _, _, _)).

%% checked(?Game)
% Game's fast path, if it has one, and the search model of its own players
% (model_agrees/2) agree with its rules (accelerators.pl). A player that
% plays a model of its own plays it only while this holds.
:- dynamic(checked/1).

%% default_game(-Name)
% The game tabula opens when none is named.
default_game(dots).


/* ---------------------------------------------------------------------
   Dispatchers: Game:Predicate, one for each predicate of the contract
   --------------------------------------------------------------------- */

/* How this module calls a game. Scryer 0.10 gets two forms of call with a
   variable module wrong, silently or not:
     * Game:Goal written in a clause body where Game is the first argument
       of the clause: the module variable is overwritten while the call is
       set up, and the call throws a type_error about a cyclic term (which
       a Rust host cannot even convert: Term::from_heapcell panics);
     * Game:Goal written inside the goal argument of a meta-predicate
       (call/N, findall/3, catch/3, ...): the predicate is looked up in
       whichever loaded module defined that name last, not in Game. With
       one game loaded this works by luck; with two it calls the wrong one.
   So every call into a game goes through one of the bridge predicates
   below, Name_in(Arg1, ..., Game): a plain body goal Game:Name(Arg1, ...)
   whose arguments are already in place and whose module is the last
   argument. Meta-predicates are only ever given bridge goals. */

initial_state_in(Options, State, Game) :- Game:initial_state(Options, State).
players_in(State, N, Game) :- Game:players(State, N).
to_move_in(State, Player, Game) :- Game:to_move(State, Player).
legal_move_in(State, Move, Game) :- Game:legal_move(State, Move).
%% legal_moves_in(+State, -Moves, +Game)
% The bridge to Game:legal_moves/2, on the game's fast path when it is
% switched on: the module last, so that meta-predicates are given a goal
% whose arguments are in place (see the bridges above).
%   ?- dots:initial_state([rows(2), cols(2)], _S), game:legal_moves_in(_S, Ms, dots).
%      Ms = [h(0,0),h(1,0),v(0,0),v(0,1)].
legal_moves_in(State, Moves, Game) :-
    (   accelerated(Game, _) -> accelerated_legal_moves(Game, State, Moves)
    ;   Game:legal_moves(State, Moves)
    ).
apply_move_in(State, Move, NewState, Events, Game) :-
    (   accelerated(Game, _) ->
        accelerated_apply_move(Game, State, Move, NewState, Events)
    ;   Game:apply_move(State, Move, NewState, Events)
    ).

%% accelerated_legal_moves(+Game, +State, -Moves)
%% accelerated_apply_move(+Game, +State, +Move, -NewState, -Events)
% The bridges to the fast path of an accelerated game: one clause per game,
% asserted with accelerated/2, with the fast path's module written in
% (play_fast/2). A call whose module is known when its clause is made
% costs less than one through a variable module, and a random playout makes
% two of them a move (about a fifth of a Breakthrough playout's time).
:- dynamic(accelerated_legal_moves/3).
:- dynamic(accelerated_apply_move/5).

%% accelerated_random_successor(+Game, +State, -Move, -Next, -Events)
% The bridge of random_successor/5 on an accelerated game, asserted with
% the other two: through the fast path's counted_moves/3 and
% nth_successor/5 when it has them (no list of moves is built), else
% through its legal_moves/2 and apply_move/4.
:- dynamic(accelerated_random_successor/5).
outcome_in(State, Outcome, Game) :- Game:outcome(State, Outcome).
explain_illegal_in(State, Move, Message, Game) :-
    Game:explain_illegal(State, Move, Message).
view_in(State, View, Game) :- Game:view(State, View).
check_options_in(OptionLists, Game) :- Game:check_options(OptionLists).
max_plies_in(State, N, Game) :- Game:max_plies(State, N).
events_text_in(State, Events, Chars, Game) :-
    Game:events_text(State, Events, Chars).
explain_unreadable_in(State, Chars, Message, Game) :-
    Game:explain_unreadable(State, Chars, Message).
%% move_text_in(+State, ?Move, ?Cs0, ?Cs, +Game)
% The bridge to Game:move_text//2, called as the predicate move_text/4
% rather than through phrase/3 (which would add a meta-call).
%   ?- dots:initial_state([], _S), game:move_text_in(_S, M, "h(0,1)", [], dots).
%      M = h(0,1).
move_text_in(State, Move, Cs0, Cs, Game) :- Game:move_text(State, Move, Cs0, Cs).

%% game_initial_state(+Game, +Options, -State)
% State is Game's start position for Options (Game:initial_state/2).
game_initial_state(Game, Options, State) :-
    initial_state_in(Options, State, Game).

%% game_players(+Game, +State, -N)
% N is the number of players (Game:players/2).
game_players(Game, State, N) :-
    players_in(State, N, Game).

%% game_to_move(+Game, +State, -Player)
% Player moves next; fails when the game is over (Game:to_move/2).
game_to_move(Game, State, Player) :-
    to_move_in(State, Player, Game).

%% game_legal_move(+Game, +State, ?Move)
% Move is legal in State; enumerates or checks (Game:legal_move/2).
game_legal_move(Game, State, Move) :-
    legal_move_in(State, Move, Game).

%% game_legal_moves(+Game, +State, -Moves)
% Moves is the list of the legal moves (Game:legal_moves/2).
game_legal_moves(Game, State, Moves) :-
    legal_moves_in(State, Moves, Game).

%% game_has_legal_move(+Game, +State)
% The player to move in State has a legal move. A served player asks before
% each move; the list stays here instead of being brought out to the host.
% ?- dots:initial_state([], S), game_has_legal_move(dots, S).
%    true.
game_has_legal_move(Game, State) :-
    legal_moves_in(State, Moves, Game),
    Moves = [_|_].

%% game_apply_move(+Game, +State, +Move, -NewState, -Events)
% NewState follows State by Move, which caused Events (Game:apply_move/4).
game_apply_move(Game, State, Move, NewState, Events) :-
    apply_move_in(State, Move, NewState, Events, Game).

%% game_outcome(+Game, +State, -Outcome)
% Outcome is ongoing or over(Scores, Result) (Game:outcome/2).
game_outcome(Game, State, Outcome) :-
    outcome_in(State, Outcome, Game).

%% game_explain_illegal(+Game, +State, +Move, -Message)
% Message says why Move is illegal; fails if it is legal
% (Game:explain_illegal/3).
game_explain_illegal(Game, State, Move, Message) :-
    explain_illegal_in(State, Move, Message, Game).

%% game_explain_unreadable(+Game, +State, +Chars, -Message)
% Message says why the text Chars is not a move (Game:explain_unreadable/3);
% fails when the game does not export it or has nothing to say.
game_explain_unreadable(Game, State, Chars, Message) :-
    current_predicate(Game:explain_unreadable/3),
    % current_predicate/1 also answers for a predicate that some loaded code
    % merely calls, hence the catch (as in game_max_plies/3).
    catch(explain_unreadable_in(State, Chars, Message, Game),
          error(existence_error(procedure, explain_unreadable/3), _),
          fail).

%% game_events_text(+Game, +State, +Events, -Chars)
% Chars says Events in words (Game:events_text/3); fails when the game does
% not export it or has nothing to say.
game_events_text(Game, State, Events, Chars) :-
    current_predicate(Game:events_text/3),
    catch(events_text_in(State, Events, Chars, Game),
          error(existence_error(procedure, events_text/3), _),
          fail).

%% game_view(+Game, +State, -View)
% View is the term to draw State from (Game:view/2).
game_view(Game, State, View) :-
    view_in(State, View, Game).

%% game_check_options(+Game, -OptionLists)
% OptionLists are the option lists to check Game with
% (Game:check_options/1).
game_check_options(Game, OptionLists) :-
    check_options_in(OptionLists, Game).

%% game_max_plies(+Game, +State, -N)
% N bounds the length of the rest of the game: Game:max_plies/2 when Game
% exports it, 10000 otherwise.
game_max_plies(Game, State, N) :-
    (   current_predicate(Game:max_plies/2) ->
        % current_predicate/1 also answers for a predicate that some loaded
        % code merely calls as Game:max_plies(...), hence the catch.
        catch(max_plies_in(State, N, Game),
              error(existence_error(procedure, max_plies/2), _),
              N = 10000)
    ;   N = 10000
    ).


/* ---------------------------------------------------------------------
   Text
   --------------------------------------------------------------------- */

%% move_from_text(+Game, +State, +Chars, -Move)
% Move is the move written in Chars, in any notation Game accepts (blanks
% around it allowed). Fails if Chars is not a move; says nothing about
% legality (see game_legal_move/3 and game_explain_illegal/4).
move_from_text(Game, State, Chars, Move) :-
    parse_text(Game, State, Chars, Move0),
    Move = Move0.

%% move_to_text(+Game, +State, +Move, -Chars)
% Chars is the canonical text of Move.
move_to_text(Game, State, Move, Chars) :-
    ground(Move),
    print_text(Game, State, Move, Chars).

/* A referee asks two things a move: how the game stands, then what the move
   it was sent does. Each is one query (a query from the host costs some
   100 us before any work, about ten times a small predicate's work). */

%% game_status(+Game, +State, -Outcome, -ToMove)
% Outcome as game_outcome/3 gives it (Game:outcome/2, the rules as written);
% ToMove the player to move when Outcome is ongoing, else none.
% ?- dots:initial_state([], S), game_status(dots, S, O, P).
%    O = ongoing, P = 1.
game_status(Game, State, Outcome, ToMove) :-
    outcome_in(State, Outcome, Game),
    (   Outcome == ongoing, to_move_in(State, P, Game) -> ToMove = P
    ;   ToMove = none
    ).

%% judge_text(+Game, +State, +Chars, -Verdict, -Text)
% The move written in Chars, judged in State: Verdict is played(Move, NewState,
% Events), illegal(Move), or unreadable when Chars is no move; Text is the
% move's canonical text (none when Chars is no move or the rules write none).
% ?- dots:initial_state([], S), judge_text(dots, S, " h 1 1", V, T),
%    V = played(M, _, Es).
%    T = "h(1,1)", M = h(1,1), Es = [] (S and V elided).
judge_text(Game, State, Chars, Verdict, Text) :-
    (   move_from_text(Game, State, Chars, Move) ->
        judge_move(Game, State, Move, Verdict, Text)
    ;   Verdict = unreadable, Text = none
    ).

%% judge_move(+Game, +State, +Move, -Verdict, -Text)
% As judge_text/5, for a move given as a term.
judge_move(Game, State, Move, Verdict, Text) :-
    (   catch(move_to_text(Game, State, Move, T), _, fail) -> Text = T
    ;   Text = none
    ),
    (   apply_move_in(State, Move, NewState, Events, Game) ->
        Verdict = played(Move, NewState, Events)
    ;   Verdict = illegal(Move)
    ).

/* The nonterminal move_text//2 is the predicate move_text/4, called here
   through its bridge rather than through phrase/2, which would be a
   meta-call with a variable module (see "How this module calls a game"). */

% parse_text(+Game, +State, +Text, -Move): the first parse of Text.
parse_text(Game, State, Text, Move) :-
    move_text_in(State, Move, Text, [], Game),
    !.

% print_text(+Game, +State, +Move, -Text): the canonical text of Move.
print_text(Game, State, Move, Text) :-
    move_text_in(State, Move, Text, [], Game),
    !.


/* ---------------------------------------------------------------------
   Replays and random moves
   --------------------------------------------------------------------- */

%% replay(+Game, +Options, +Moves, -State)
% State is the position reached by playing Moves, in order, from the start
% position for Options. Fails if one of the moves is illegal. Used to
% replay the move lists that conformance/5 reports.
replay(Game, Options, Moves, State) :-
    initial_state_in(Options, State0, Game),
    replay_moves(Moves, Game, State0, State).

replay_moves([], _, State, State).
replay_moves([Move|Moves], Game, State0, State) :-
    apply_move_in(State0, Move, State1, _, Game),
    !,
    replay_moves(Moves, Game, State1, State).

%% random_move(+Game, +State, -Move)
% Move is a legal move drawn uniformly at random with library(random) (so
% set_random(seed(S)) makes the choice reproducible). Fails when the game
% is over.
random_move(Game, State, Move) :-
    legal_moves_in(State, Moves, Game),
    random_element(Moves, Move).

%% random_successor(+Game, +State, -Move, -Next, -Events)
% Move is a legal move drawn uniformly at random, as random_move/3 draws it
% (the same draw from library(random), so a seeded game is the same game
% on the fast path or off it), and Next and Events the position and the
% events it leads to (game_apply_move/5). Fails when the game is over. A
% random playout is a loop of this: on a fast path that counts its moves
% (counted_moves/3 and nth_successor/5, see fast(File) above) it builds no
% list of moves, only the one drawn.
random_successor(Game, State, Move, Next, Events) :-
    (   accelerated(Game, _) ->
        accelerated_random_successor(Game, State, Move, Next, Events)
    ;   legal_moves_in(State, Moves, Game),
        random_element(Moves, Move),
        apply_move_in(State, Move, Next, Events, Game)
    ).

%% random_element(+List, -X)
% X is an element of the non-empty List drawn uniformly with
% library(random); fails for []. (Used by conformance.pl and playouts.pl.)
random_element(List, X) :-
    length(List, N),
    N > 0,
    random_integer(0, N, K),
    nth0(K, List, X).
