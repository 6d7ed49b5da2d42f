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
  * ai: the strong player. Its moves come from analysing the board, never
    from chance (it uses no random numbers at all): chains and loops
    (components/2), the long chain rule of Berlekamp, which the assignment
    suggests (who will have to open the first long chain), double-dealing
    to keep control, and, once few enough segments are left, an exact
    alpha-beta search of the rest of the game (exact_move/4) that returns
    the provably best move. BudgetMs bounds the time it may think.

All randomness goes through library(random), so set_random(seed(S)) before
a game makes the random and greedy players reproducible; ai is
deterministic.

Vocabulary (Berlekamp's "The Dots-and-Boxes Game"):
  * a box with 3 sides drawn is capturable: drawing its 4th side takes it;
  * a chain is a path of boxes with exactly 2 sides drawn each, in which
    drawing any segment gives the opponent every box of the chain; it is
    long when it has 3 boxes or more;
  * a loop is a chain that closes on itself (4 boxes or more on a grid);
  * the player in control is the one who, when only chains and loops are
    left, makes the other open them one by one: she takes all the boxes
    of each opened chain but the last two (four of a loop), which she
    gives back with one move that closes none of them (the double-dealing
    move), so the opponent takes them with one stroke (a double-cross) and
    must open the next chain. On the last chain she takes everything.
  * the long chain rule decides who gets control: see control_parity/2.

The analysis lives beside this file, one concern a file:
  * dots_model.pl: the compact model of a position the analysis and the
    search compute on (a few integers), checked against the rules;
  * dots_chains.pl: chains and loops, the long chain rule, the value of a
    simple loony endgame, and the move lists greedy needs;
  * dots_exact.pl: the exact endgame search and the safe-move game.
This file holds the levels: what each one plays, and why.

This module calls the rules as dots:Name(...), so dots.pl must be loaded
in the same machine. When it is not loaded yet (dots:box_points/1 does not
answer), the directive below loads dots.pl from the directory of this file
(Scryer resolves a relative use_module/1 against the file being loaded),
so `scryer-prolog prolog/games/dots/dots_ai.pl` works from any directory; when the
host already loaded dots (as tabula does, before this file), nothing is
loaded twice. (current_module/1 and current_predicate/1 cannot tell:
the dots:Name(...) calls below already make Scryer create the module.)
*/

:- module(dots_ai, [level_info/2,
                    choose_move/5,
                    levels/1,
                    model_agrees/2,
                    reason_text/2,
                    exact_horizon_positions/1,
                    exact_horizon_solve/3]).


:- use_module(library(lists)).
:- use_module(library(random)).
:- use_module(library(error)).
:- use_module(library(between)).
:- use_module(library(assoc)).
:- use_module(library(pairs)).
:- use_module(library(time)).
:- use_module(library(format)).
:- use_module(dots_model).
:- use_module(dots_chains).
:- use_module(dots_exact).

:- initialization((catch(dots:box_points(_), _, fail) -> true ; use_module(dots))).


/* ---------------------------------------------------------------------
   The levels
   --------------------------------------------------------------------- */

%% levels(-Levels)
% Levels are the names of the computer players choose_move/5 knows, from
% the weakest to the strongest: [random, greedy, ai].
levels([random, greedy, ai]).

%% level_info(?Level, -Text)
% Text says in one line how Level plays.
level_info(random, "plays any legal move, at random").
level_info(greedy, "takes every box it can, else plays safe, else gives away as little as it can").
level_info(ai, "chain analysis, the long chain rule and an exact search of the endgame").

%% choose_move(+Level, +State, +BudgetMs, -Move, -Reason)
% Move is the move the computer player Level chooses in State, a dots
% position in which the game is not over, and Reason says why:
%   * random: Level random, any legal move;
%   * take_box: the move closes at least one box;
%   * safe: the move gives the opponent nothing to take;
%   * sacrifice(N): every move gives boxes away, and this one gives N, as
%     few as possible (for greedy, N counts what the next player takes by
%     greedily capturing everything it then can; for ai, it is the length
%     of the chain or loop opened);
% and, for Level ai only:
%   * control(Parity): a safe move chosen to get control, by the
%     safe-move game (who will run out of safe moves first, and what the
%     chains left will then be worth) or by the long chain rule (after it
%     the number of long chains has the Parity); Parity (even or odd) is
%     the parity of the number of long chains that makes the opponent
%     open the first long chain (control_parity/2);
%   * double_deal: the move declines the last two boxes of a chain (four
%     of a loop) so as to keep control;
%   * exact(Diff): the exact search proved this move best; Diff is the
%     number of boxes the player to move takes from here to the end minus
%     the number the opponent takes, with best play by both.
% BudgetMs is the time the level may think, in milliseconds (wall time,
% measured with statistics(walltime, _)); random and greedy answer at once
% and ignore it; ai finishes within about 80% of it, and with BudgetMs 0
% it uses its rules only, without search. Fails when the game is over;
% throws domain_error(dots_ai_level, Level) for an unknown level.
% greedy (greedy_move/4) takes a box if it can (take_box), else draws a
% safe segment (safe), else gives the fewest boxes (sacrifice(N)), drawing
% at random among equal moves; random and greedy draw through
% library(random), so set_random(seed(S)) makes games reproducible; ai
% uses no randomness.
choose_move(Level, State, BudgetMs, Move, Reason) :-
    must_be(integer, BudgetMs),
    (   levels(Levels), memberchk(Level, Levels) -> true
    ;   domain_error(dots_ai_level, Level, choose_move/5)
    ),
    dots:legal_moves(State, Moves),
    Moves \== [],
    level_move(Level, State, Moves, BudgetMs, Move, Reason).

level_move(random, _, Moves, _, Move, random) :-
    game:random_element(Moves, Move).
level_move(greedy, State, Moves, _, Move, Reason) :-
    greedy_move(State, Moves, Move, Reason).
% The analysis and the search play a model of the rules of their own (see
% "The compact model of a position"), right only while the rules are the
% ones it was written for: tabula checks it against the rules
% (model_agrees/2, accelerators.pl) and says so with game:checked/1. When
% an edited rule no longer agrees, the generic players stand in.
level_move(ai, State, Moves, BudgetMs, Move, Reason) :-
    (   catch(game:checked(dots), error(existence_error(_, _), _), fail) ->
        ai_move(State, BudgetMs, Move, Reason)
    ;   catch(players:levels(_), error(existence_error(_, _), _), fail) ->
        players:stand_in(dots, State, BudgetMs, Move, Reason)
    ;   greedy_move(State, Moves, Move, Why),
        Reason = rules_edited(greedy, Why)
    ).


/* ---------------------------------------------------------------------
   Level greedy
   --------------------------------------------------------------------- */

% greedy_move(+State, +Moves, -Move, -Reason): take a box if possible, else
% play safe, else give away as little as possible.
greedy_move(State, Moves, Move, Reason) :-
    (   capturing_among(Moves, State, Capturing), Capturing \== [] ->
        game:random_element(Capturing, Move),
        Reason = take_box
    ;   safe_among(Moves, State, Safe), Safe \== [] ->
        game:random_element(Safe, Move),
        Reason = safe
    ;   sacrifices(State, Costs),
        cheapest(Costs, N, Cheapest),
        game:random_element(Cheapest, Move),
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
   Level ai
   --------------------------------------------------------------------- */

/* ai_move/4, two players, BudgetMs > 0 (the time is wall time from the
   call, statistics(walltime, _)):
   1. With at most 32 segments left, the exact search (exact_share/2: until
      75% of the budget up to 30 segments left, 30% at 31 and 32); if it
      finishes, its move is provably best: Reason exact(Diff).
   2. Else, when nothing can be taken and at most safe_game_limit/1 safe
      moves are left, the safe-move game (approx_move/5) until 75% of the
      budget: Reason control(Parity).
   3. Else, and always with BudgetMs = 0, the rules, which answer in a few
      milliseconds:
      a. boxes to take: a box whose taking gives nothing up is taken
         (take_box); at the last two boxes of a chain (four of an opened
         loop) it double-deals (double_deal) when what is left is only
         chains and loops (no safe move left) and keeping control is worth
         more there (loony_value/2 decides), else it takes them;
      b. nothing to take: a safe move if there is one, chosen by the long
         chain rule: one after which the number of long chains has the
         parity the player wants (control(Parity)); if none does, the first
         safe move (safe);
      c. no safe move: open the smallest chain or loop, a chain of two in
         its middle so that the opponent cannot double-deal it
         (sacrifice(N), N boxes given).
   Three or four players: there is no control to fight for (the turn goes
   round and whoever gets a chain takes it), so the player is greedy but
   careful and deterministic: it takes every box it can, draws a safe
   segment while one exists, and then opens the smallest chain (the middle
   of a chain of two); no parity play, no double-deal, no search.
*/

%% exact_share(+Left, -Share)
% The share of the budget the exact search may use with Left segments left:
% all of it (0.75) up to 30, where it usually finishes in a second on 5 x 6
% dots (tabula bench exact dots); 0.3 at 31 and 32, leaving time to the safe-
% move game when it fails; none above.
exact_share(Left, Share) :-
    (   Left =< 30 -> Share = 0.75
    ;   Left =< 32 -> Share = 0.3
    ;   Share = 0
    ).

% ai_move(+State, +BudgetMs, -Move, -Reason)
ai_move(State, BudgetMs, Move, Reason) :-
    statistics(walltime, [T0, _]),
    dots:players(State, Players),
    dots:segments_left(State, Left),
    exact_share(Left, Share),
    (   Players =:= 2, BudgetMs > 0, Share > 0, small_integers(State),
        Deadline is T0 + BudgetMs * Share,
        catch(exact_run(State, Deadline, practical, Move0, Diff, _),
              dots_ai_timeout, fail) ->
        Move = Move0, Reason = exact(Diff)
    ;   Players =:= 2, BudgetMs > 0, small_integers(State),
        Deadline is T0 + BudgetMs * 0.75,
        catch(safe_game_move(State, Deadline, Move0), dots_ai_timeout, fail) ->
        Move = Move0,
        control_parity(State, Parity),
        Reason = control(Parity)
    ;   rules_move(State, Players, Move, Reason)
    ).

%% rules_move(+State, +Players, -Move, -Reason)
% The rules 3a-3c above (in findall/3, to give back the memory at once).
rules_move(State, Players, Move, Reason) :-
    findall(Move0-Reason0, rules_move_(State, Players, Move0, Reason0), [Move-Reason|_]).

rules_move_(State, Players, Move, Reason) :-
    model(State, inf, M, Deg, _, Ids),
    M = m(Ones, _, _, _, _),
    Cap is Deg /\ (Deg >> 1) /\ Ones,
    (   Cap =\= 0 ->
        capture_rule(Players, M, Ids, Deg, Cap, S, Reason)
    ;   High is (Deg >> 1) /\ Ones,
        quiet_scan(Ids, M, 0, Deg, High, 0, Safe, Sacs),
        (   Safe = [First|_] ->
            (   Players =:= 2, small_integers(State) ->
                control_parity(State, Parity),
                (   parity_move(Safe, M, Ids, Deg, Parity, S0) ->
                    S = S0, Reason = control(Parity)
                ;   S = First, Reason = safe
                )
            ;   S = First, Reason = safe
            )
        ;   keysort(Sacs, [Key-[S|_]|_]),
            sacrifice_size(Key, N),
            Reason = sacrifice(N)
        )
    ),
    seg(M, S, Move, _, _).

sacrifice_size(Key, N) :-
    (   Key >= 200 -> N is Key - 200
    ;   Key >= 100 -> N is Key - 100
    ;   N = Key
    ).

% capture_rule(+Players, +M, +Ids, +Deg, +Cap, -S, -Reason)
capture_rule(Players, M, Ids, Deg, Cap, S, Reason) :-
    capture_moves(M, 0, Deg, Cap, Kind),
    (   Kind = forced(S0) -> S = S0, Reason = take_box
    ;   Kind = choices([Take-Decline|_]),
        (   Players =:= 2,
            double_deal_pays(M, Ids, Deg, Take, Decline) ->
            S = Decline, Reason = double_deal
        ;   S = Take, Reason = take_box
        )
    ).

% double_deal_pays(+M, +Ids, +Deg, +Take, +Decline): declining is better
% than taking, judged on the position after all the boxes that can be
% taken are taken: it must be a simple loony endgame (chains and loops
% only) and keeping control must be worth more than the boxes given.
% The boxes of the chain being taken are counted the same in both cases
% but for those declined: take all = Taken + v(Rest), decline = (Taken -
% G) - G - v(Rest)... with G the boxes declined, so decline pays iff
% v(Rest) < -G... that is, iff opening the rest first is worse for the
% player than giving the G boxes.
double_deal_pays(M, Ids, Deg, Take, Decline) :-
    play(M, Take, 0, Deg, D1, Deg1, _),
    take_all(M, D1, Deg1, D2, Deg2),
    M = m(Ones, _, _, _, _),
    High is (Deg2 >> 1) /\ Ones,
    High =:= Ones, Deg2 /\ Ones =:= 0,
    loony_leaf(M, Ids, D2, Deg2, VRest),
    declined(M, Decline, Deg, G),
    VRest < -G.

% declined(+M, +Decline, +Deg, -G): how many boxes the double-deal gives:
% 2 for a chain, 4 for an opened loop of four.
declined(M, Decline, Deg, G) :-
    seg(M, Decline, _, _, Js),
    (   Js = [J1, J2], count(Deg, J1, 2), count(Deg, J2, 2) -> G = 4 ; G = 2 ).

% parity_move(+Safe, +M, +Ids, +Deg, +Parity, -S): the first safe move
% after which the number of long chains has Parity.
parity_move([S|Ss], M, Ids, Deg, Parity, Move) :-
    play(M, S, 0, Deg, D1, Deg1, _),
    model_long_chains(M, Ids, D1, Deg1, N),
    (   parity(N, Parity) -> Move = S
    ;   parity_move(Ss, M, Ids, Deg, Parity, Move)
    ).

parity(N, P) :- ( N mod 2 =:= 0 -> P = even ; P = odd ).

% model_long_chains(+M, +Ids, +D, +Deg, -N): the chains of 3 boxes or more
% (not loops) in a quiet position of the model.
model_long_chains(M, Ids, D, Deg, N) :-
    M = m(Ones, _, _, _, _),
    High is (Deg >> 1) /\ Ones,
    quiet_scan(Ids, M, D, Deg, High, 0, _, Sacs),
    count_long(Sacs, 0, N).

count_long([], N, N).
count_long([Key-_|Ks], N0, N) :-
    (   Key >= 203 -> N1 is N0 + 1 ; N1 = N0 ),
    count_long(Ks, N1, N).



%% reason_text(+Reason, -Chars)
% Chars says Reason, as choose_move/5 gives it, in words for people.
%   ?- reason_text(exact(2), Cs).
%   Cs = "perfect play: 2 boxes ahead from here".
reason_text(random, "at random").
reason_text(take_box, "takes a box").
reason_text(safe, "a safe segment: it gives nothing away").
reason_text(sacrifice(N), Chars) :-
    boxes(N, Boxes),
    phrase(format_("gives away ~s, the fewest it can", [Boxes]), Chars).
reason_text(control(Parity), Chars) :-
    phrase(format_("plays for control: the long chain rule wants an ~a number of long chains",
                   [Parity]), Chars).
reason_text(double_deal, "declines the last boxes of the chain to keep control (a double-deal)").
reason_text(exact(Diff), Chars) :-
    Abs is abs(Diff),
    boxes(Abs, Boxes),
    (   Diff > 0 -> phrase(format_("perfect play: ~s ahead from here", [Boxes]), Chars)
    ;   Diff < 0 -> phrase(format_("perfect play: ~s behind from here, the best there is", [Boxes]), Chars)
    ;   Chars = "perfect play: even from here"
    ).
reason_text(rules_edited(greedy, Why), Chars) :-
    reason_text(Why, WhyChars),
    phrase(format_("the rules were edited, so greedy stands in: ~s", [WhyChars]), Chars).

boxes(1, "1 box") :- !.
boxes(N, Chars) :- phrase(format_("~d boxes", [N]), Chars).

%% model_agrees(+State, +Successors)
% The model the analysis and the search compute on agrees with the rules
% in State (see dots_model:agrees_with_rules/2); tabula asks the game's
% players file, this one.
model_agrees(State, Successors) :-
    dots_model:agrees_with_rules(State, Successors).



/* ---------------------------------------------------------------------
   The exact endgame's horizon (tabula bench exact)
   --------------------------------------------------------------------- */

%% exact_horizon_solve(+Text, +BudgetMs, -Info)
% Solves exactly, within BudgetMs milliseconds of CPU time, the 5 x 6
% position reached from the empty board by the moves of Text (their
% texts, separated by blanks, as in exact_horizon_positions/1); Info is
% [solved(Solved), ms(T), nodes(N), value(V)]: Solved true or false, T
% the CPU time taken, N the positions searched and V the value
% (exact_value/2) when solved, else N = 0 and V = none.
% ?- exact_horizon_positions([_-[Text|_]|_]),
%    exact_horizon_solve(Text, 1000, I).
%    I = [solved(true), ms(T), nodes(N), value(2)]   (T, N: machine, version)
exact_horizon_solve(Text, BudgetMs, [solved(Solved), ms(Ms), nodes(N), value(V)]) :-
    must_be(integer, BudgetMs),
    dots:initial_state([], S0),
    text_words(Text, Words),
    foldl(replay_word, Words, S0, S),
    statistics(runtime, [T0, _]),
    (   exact_search(S, BudgetMs, _, V0, N0) ->
        Solved = true, N = N0, V = V0
    ;   Solved = false, N = 0, V = none
    ),
    statistics(runtime, [T1, _]),
    Ms is round(T1 - T0).

replay_word(Word, S0, S) :-
    (   phrase(dots:move_text(S0, Move), Word), dots:legal_move(S0, Move) ->
        dots:apply_move(S0, Move, S, _)
    ;   atom_chars(A, Word),
        domain_error(dots_move_text, A, exact_horizon_solve/3)
    ).

% text_words(+Chars, -Words): the blank-separated words of Chars.
text_words(Cs, Words) :-
    words(Cs, [], Words).

words([], W, Ws) :- word_end(W, [], Ws).
words([C|Cs], W, Ws) :-
    (   C == ' ' -> word_end(W, Ws1, Ws), words(Cs, [], Ws1)
    ;   words(Cs, [C|W], Ws)
    ).

word_end([], Ws, Ws) :- !.
word_end(W, Ws, [Word|Ws]) :- reverse(W, Word).

%% exact_horizon_positions(-ByCount)
% The fixed positions of tabula bench exact: ByCount pairs a number of
% segments left with the positions of 5 x 6 dots that have that many,
% each the moves from the empty board that lead to it. They come from
% twelve games of greedy against itself (seeds 1 to 12 of
% library(random)), taken when 36, 35, ..., 28 segments are left, and
% are written out so that the suite stays the same when the players
% change.
exact_horizon_positions([
    28-[
        "v(3,4) v(1,2) h(4,0) h(1,3) h(2,2) v(3,3) h(3,4) v(1,4) h(3,2) h(1,0) h(0,1) v(3,0) h(4,1) h(1,1) h(0,3) v(2,4) h(2,0) h(0,0) h(1,4) v(2,1) h(3,1)",
        "h(2,4) h(4,3) v(0,0) h(2,2) v(3,5) h(2,0) h(3,0) v(0,4) v(3,0) h(3,4) v(1,3) v(1,0) v(3,3) h(0,3) h(4,1) h(3,1) v(0,1) h(0,1) h(2,3) v(0,5) h(0,2)",
        "h(0,4) h(4,1) h(2,2) h(4,0) v(0,0) v(3,4) v(0,2) v(3,2) h(1,2) v(2,5) h(1,4) h(2,1) v(2,2) v(1,5) v(1,1) h(0,0) h(3,4) v(3,0) h(3,3) h(0,3) h(4,2)",
        "v(0,1) v(1,1) v(0,3) v(0,5) h(2,4) h(4,0) h(3,0) v(3,5) h(1,0) v(2,1) v(1,4) v(0,2) v(3,3) h(3,2) h(0,3) h(3,1) h(2,3) v(3,4) v(1,2) h(0,4) h(2,2)",
        "h(3,1) h(0,0) h(4,3) v(1,2) v(2,0) h(3,3) h(1,3) v(1,0) v(2,2) v(0,0) v(3,1) h(2,4) h(0,3) v(3,5) h(0,2) h(2,2) h(0,4) h(0,1) v(3,0) v(2,4) h(2,0)",
        "h(3,1) v(2,2) v(3,0) h(2,2) v(3,1) v(1,5) h(0,4) h(0,1) v(0,5) h(2,3) h(4,2) v(1,2) h(4,3) v(3,4) h(2,0) v(2,4) h(1,3) v(0,0) h(0,2) v(3,5) h(1,1)",
        "h(0,1) h(3,0) h(1,2) h(2,4) h(2,3) h(1,1) v(1,3) h(0,4) h(4,2) v(1,5) v(3,2) v(3,0) v(0,4) v(0,0) h(4,1) v(0,3) v(2,4) h(2,1) h(0,0) v(3,5) v(1,0)",
        "h(3,2) v(3,5) h(4,2) v(0,3) h(1,3) v(1,1) h(2,2) h(3,4) h(0,2) h(4,1) h(0,4) h(2,4) h(1,1) h(0,0) h(2,3) h(3,3) v(1,5) v(3,1) v(0,1) v(2,0) h(4,3)",
        "v(1,0) h(0,1) v(2,0) v(0,5) v(3,5) h(0,0) v(1,5) v(0,0) v(2,2) h(1,2) h(3,3) v(3,2) v(3,4) v(0,4) v(2,4) h(4,0) h(2,0) v(1,4) v(0,3) h(4,1) v(1,3)",
        "h(1,1) h(3,3) h(1,0) v(0,0) v(0,4) h(1,3) v(2,0) h(1,2) h(0,1) h(2,3) v(3,1) v(3,5) h(3,4) h(0,2) v(2,1) h(4,1) v(1,1) h(4,2) h(1,4) h(2,4) h(4,0)",
        "h(2,3) v(2,0) v(2,5) h(4,1) v(3,2) h(1,0) v(2,4) h(4,0) v(0,4) v(3,3) h(4,4) h(1,1) v(1,3) h(2,1) v(3,5) h(0,1) v(1,5) h(2,0) h(0,3) h(4,3) h(1,4)",
        "h(4,3) v(0,4) v(3,3) v(3,5) v(0,1) h(2,3) h(1,1) h(0,4) v(2,0) h(0,3) v(2,2) h(2,2) v(1,3) h(1,0) h(4,0) h(2,4) h(2,1) h(4,4) h(2,0) v(2,4) v(3,1)"
    ],
    29-[
        "v(3,4) v(1,2) h(4,0) h(1,3) h(2,2) v(3,3) h(3,4) v(1,4) h(3,2) h(1,0) h(0,1) v(3,0) h(4,1) h(1,1) h(0,3) v(2,4) h(2,0) h(0,0) h(1,4) v(2,1)",
        "h(2,4) h(4,3) v(0,0) h(2,2) v(3,5) h(2,0) h(3,0) v(0,4) v(3,0) h(3,4) v(1,3) v(1,0) v(3,3) h(0,3) h(4,1) h(3,1) v(0,1) h(0,1) h(2,3) v(0,5)",
        "h(0,4) h(4,1) h(2,2) h(4,0) v(0,0) v(3,4) v(0,2) v(3,2) h(1,2) v(2,5) h(1,4) h(2,1) v(2,2) v(1,5) v(1,1) h(0,0) h(3,4) v(3,0) h(3,3) h(0,3)",
        "v(0,1) v(1,1) v(0,3) v(0,5) h(2,4) h(4,0) h(3,0) v(3,5) h(1,0) v(2,1) v(1,4) v(0,2) v(3,3) h(3,2) h(0,3) h(3,1) h(2,3) v(3,4) v(1,2) h(0,4)",
        "h(3,1) h(0,0) h(4,3) v(1,2) v(2,0) h(3,3) h(1,3) v(1,0) v(2,2) v(0,0) v(3,1) h(2,4) h(0,3) v(3,5) h(0,2) h(2,2) h(0,4) h(0,1) v(3,0) v(2,4)",
        "h(3,1) v(2,2) v(3,0) h(2,2) v(3,1) v(1,5) h(0,4) h(0,1) v(0,5) h(2,3) h(4,2) v(1,2) h(4,3) v(3,4) h(2,0) v(2,4) h(1,3) v(0,0) h(0,2) v(3,5)",
        "h(0,1) h(3,0) h(1,2) h(2,4) h(2,3) h(1,1) v(1,3) h(0,4) h(4,2) v(1,5) v(3,2) v(3,0) v(0,4) v(0,0) h(4,1) v(0,3) v(2,4) h(2,1) h(0,0) v(3,5)",
        "h(3,2) v(3,5) h(4,2) v(0,3) h(1,3) v(1,1) h(2,2) h(3,4) h(0,2) h(4,1) h(0,4) h(2,4) h(1,1) h(0,0) h(2,3) h(3,3) v(1,5) v(3,1) v(0,1) v(2,0)",
        "v(1,0) h(0,1) v(2,0) v(0,5) v(3,5) h(0,0) v(1,5) v(0,0) v(2,2) h(1,2) h(3,3) v(3,2) v(3,4) v(0,4) v(2,4) h(4,0) h(2,0) v(1,4) v(0,3) h(4,1)",
        "h(1,1) h(3,3) h(1,0) v(0,0) v(0,4) h(1,3) v(2,0) h(1,2) h(0,1) h(2,3) v(3,1) v(3,5) h(3,4) h(0,2) v(2,1) h(4,1) v(1,1) h(4,2) h(1,4) h(2,4)",
        "h(2,3) v(2,0) v(2,5) h(4,1) v(3,2) h(1,0) v(2,4) h(4,0) v(0,4) v(3,3) h(4,4) h(1,1) v(1,3) h(2,1) v(3,5) h(0,1) v(1,5) h(2,0) h(0,3) h(4,3)",
        "h(4,3) v(0,4) v(3,3) v(3,5) v(0,1) h(2,3) h(1,1) h(0,4) v(2,0) h(0,3) v(2,2) h(2,2) v(1,3) h(1,0) h(4,0) h(2,4) h(2,1) h(4,4) h(2,0) v(2,4)"
    ],
    30-[
        "v(3,4) v(1,2) h(4,0) h(1,3) h(2,2) v(3,3) h(3,4) v(1,4) h(3,2) h(1,0) h(0,1) v(3,0) h(4,1) h(1,1) h(0,3) v(2,4) h(2,0) h(0,0) h(1,4)",
        "h(2,4) h(4,3) v(0,0) h(2,2) v(3,5) h(2,0) h(3,0) v(0,4) v(3,0) h(3,4) v(1,3) v(1,0) v(3,3) h(0,3) h(4,1) h(3,1) v(0,1) h(0,1) h(2,3)",
        "h(0,4) h(4,1) h(2,2) h(4,0) v(0,0) v(3,4) v(0,2) v(3,2) h(1,2) v(2,5) h(1,4) h(2,1) v(2,2) v(1,5) v(1,1) h(0,0) h(3,4) v(3,0) h(3,3)",
        "v(0,1) v(1,1) v(0,3) v(0,5) h(2,4) h(4,0) h(3,0) v(3,5) h(1,0) v(2,1) v(1,4) v(0,2) v(3,3) h(3,2) h(0,3) h(3,1) h(2,3) v(3,4) v(1,2)",
        "h(3,1) h(0,0) h(4,3) v(1,2) v(2,0) h(3,3) h(1,3) v(1,0) v(2,2) v(0,0) v(3,1) h(2,4) h(0,3) v(3,5) h(0,2) h(2,2) h(0,4) h(0,1) v(3,0)",
        "h(3,1) v(2,2) v(3,0) h(2,2) v(3,1) v(1,5) h(0,4) h(0,1) v(0,5) h(2,3) h(4,2) v(1,2) h(4,3) v(3,4) h(2,0) v(2,4) h(1,3) v(0,0) h(0,2)",
        "h(0,1) h(3,0) h(1,2) h(2,4) h(2,3) h(1,1) v(1,3) h(0,4) h(4,2) v(1,5) v(3,2) v(3,0) v(0,4) v(0,0) h(4,1) v(0,3) v(2,4) h(2,1) h(0,0)",
        "h(3,2) v(3,5) h(4,2) v(0,3) h(1,3) v(1,1) h(2,2) h(3,4) h(0,2) h(4,1) h(0,4) h(2,4) h(1,1) h(0,0) h(2,3) h(3,3) v(1,5) v(3,1) v(0,1)",
        "v(1,0) h(0,1) v(2,0) v(0,5) v(3,5) h(0,0) v(1,5) v(0,0) v(2,2) h(1,2) h(3,3) v(3,2) v(3,4) v(0,4) v(2,4) h(4,0) h(2,0) v(1,4) v(0,3)",
        "h(1,1) h(3,3) h(1,0) v(0,0) v(0,4) h(1,3) v(2,0) h(1,2) h(0,1) h(2,3) v(3,1) v(3,5) h(3,4) h(0,2) v(2,1) h(4,1) v(1,1) h(4,2) h(1,4)",
        "h(2,3) v(2,0) v(2,5) h(4,1) v(3,2) h(1,0) v(2,4) h(4,0) v(0,4) v(3,3) h(4,4) h(1,1) v(1,3) h(2,1) v(3,5) h(0,1) v(1,5) h(2,0) h(0,3)",
        "h(4,3) v(0,4) v(3,3) v(3,5) v(0,1) h(2,3) h(1,1) h(0,4) v(2,0) h(0,3) v(2,2) h(2,2) v(1,3) h(1,0) h(4,0) h(2,4) h(2,1) h(4,4) h(2,0)"
    ],
    31-[
        "v(3,4) v(1,2) h(4,0) h(1,3) h(2,2) v(3,3) h(3,4) v(1,4) h(3,2) h(1,0) h(0,1) v(3,0) h(4,1) h(1,1) h(0,3) v(2,4) h(2,0) h(0,0)",
        "h(2,4) h(4,3) v(0,0) h(2,2) v(3,5) h(2,0) h(3,0) v(0,4) v(3,0) h(3,4) v(1,3) v(1,0) v(3,3) h(0,3) h(4,1) h(3,1) v(0,1) h(0,1)",
        "h(0,4) h(4,1) h(2,2) h(4,0) v(0,0) v(3,4) v(0,2) v(3,2) h(1,2) v(2,5) h(1,4) h(2,1) v(2,2) v(1,5) v(1,1) h(0,0) h(3,4) v(3,0)",
        "v(0,1) v(1,1) v(0,3) v(0,5) h(2,4) h(4,0) h(3,0) v(3,5) h(1,0) v(2,1) v(1,4) v(0,2) v(3,3) h(3,2) h(0,3) h(3,1) h(2,3) v(3,4)",
        "h(3,1) h(0,0) h(4,3) v(1,2) v(2,0) h(3,3) h(1,3) v(1,0) v(2,2) v(0,0) v(3,1) h(2,4) h(0,3) v(3,5) h(0,2) h(2,2) h(0,4) h(0,1)",
        "h(3,1) v(2,2) v(3,0) h(2,2) v(3,1) v(1,5) h(0,4) h(0,1) v(0,5) h(2,3) h(4,2) v(1,2) h(4,3) v(3,4) h(2,0) v(2,4) h(1,3) v(0,0)",
        "h(0,1) h(3,0) h(1,2) h(2,4) h(2,3) h(1,1) v(1,3) h(0,4) h(4,2) v(1,5) v(3,2) v(3,0) v(0,4) v(0,0) h(4,1) v(0,3) v(2,4) h(2,1)",
        "h(3,2) v(3,5) h(4,2) v(0,3) h(1,3) v(1,1) h(2,2) h(3,4) h(0,2) h(4,1) h(0,4) h(2,4) h(1,1) h(0,0) h(2,3) h(3,3) v(1,5) v(3,1)",
        "v(1,0) h(0,1) v(2,0) v(0,5) v(3,5) h(0,0) v(1,5) v(0,0) v(2,2) h(1,2) h(3,3) v(3,2) v(3,4) v(0,4) v(2,4) h(4,0) h(2,0) v(1,4)",
        "h(1,1) h(3,3) h(1,0) v(0,0) v(0,4) h(1,3) v(2,0) h(1,2) h(0,1) h(2,3) v(3,1) v(3,5) h(3,4) h(0,2) v(2,1) h(4,1) v(1,1) h(4,2)",
        "h(2,3) v(2,0) v(2,5) h(4,1) v(3,2) h(1,0) v(2,4) h(4,0) v(0,4) v(3,3) h(4,4) h(1,1) v(1,3) h(2,1) v(3,5) h(0,1) v(1,5) h(2,0)",
        "h(4,3) v(0,4) v(3,3) v(3,5) v(0,1) h(2,3) h(1,1) h(0,4) v(2,0) h(0,3) v(2,2) h(2,2) v(1,3) h(1,0) h(4,0) h(2,4) h(2,1) h(4,4)"
    ],
    32-[
        "v(3,4) v(1,2) h(4,0) h(1,3) h(2,2) v(3,3) h(3,4) v(1,4) h(3,2) h(1,0) h(0,1) v(3,0) h(4,1) h(1,1) h(0,3) v(2,4) h(2,0)",
        "h(2,4) h(4,3) v(0,0) h(2,2) v(3,5) h(2,0) h(3,0) v(0,4) v(3,0) h(3,4) v(1,3) v(1,0) v(3,3) h(0,3) h(4,1) h(3,1) v(0,1)",
        "h(0,4) h(4,1) h(2,2) h(4,0) v(0,0) v(3,4) v(0,2) v(3,2) h(1,2) v(2,5) h(1,4) h(2,1) v(2,2) v(1,5) v(1,1) h(0,0) h(3,4)",
        "v(0,1) v(1,1) v(0,3) v(0,5) h(2,4) h(4,0) h(3,0) v(3,5) h(1,0) v(2,1) v(1,4) v(0,2) v(3,3) h(3,2) h(0,3) h(3,1) h(2,3)",
        "h(3,1) h(0,0) h(4,3) v(1,2) v(2,0) h(3,3) h(1,3) v(1,0) v(2,2) v(0,0) v(3,1) h(2,4) h(0,3) v(3,5) h(0,2) h(2,2) h(0,4)",
        "h(3,1) v(2,2) v(3,0) h(2,2) v(3,1) v(1,5) h(0,4) h(0,1) v(0,5) h(2,3) h(4,2) v(1,2) h(4,3) v(3,4) h(2,0) v(2,4) h(1,3)",
        "h(0,1) h(3,0) h(1,2) h(2,4) h(2,3) h(1,1) v(1,3) h(0,4) h(4,2) v(1,5) v(3,2) v(3,0) v(0,4) v(0,0) h(4,1) v(0,3) v(2,4)",
        "h(3,2) v(3,5) h(4,2) v(0,3) h(1,3) v(1,1) h(2,2) h(3,4) h(0,2) h(4,1) h(0,4) h(2,4) h(1,1) h(0,0) h(2,3) h(3,3) v(1,5)",
        "v(1,0) h(0,1) v(2,0) v(0,5) v(3,5) h(0,0) v(1,5) v(0,0) v(2,2) h(1,2) h(3,3) v(3,2) v(3,4) v(0,4) v(2,4) h(4,0) h(2,0)",
        "h(1,1) h(3,3) h(1,0) v(0,0) v(0,4) h(1,3) v(2,0) h(1,2) h(0,1) h(2,3) v(3,1) v(3,5) h(3,4) h(0,2) v(2,1) h(4,1) v(1,1)",
        "h(2,3) v(2,0) v(2,5) h(4,1) v(3,2) h(1,0) v(2,4) h(4,0) v(0,4) v(3,3) h(4,4) h(1,1) v(1,3) h(2,1) v(3,5) h(0,1) v(1,5)",
        "h(4,3) v(0,4) v(3,3) v(3,5) v(0,1) h(2,3) h(1,1) h(0,4) v(2,0) h(0,3) v(2,2) h(2,2) v(1,3) h(1,0) h(4,0) h(2,4) h(2,1)"
    ],
    33-[
        "v(3,4) v(1,2) h(4,0) h(1,3) h(2,2) v(3,3) h(3,4) v(1,4) h(3,2) h(1,0) h(0,1) v(3,0) h(4,1) h(1,1) h(0,3) v(2,4)",
        "h(2,4) h(4,3) v(0,0) h(2,2) v(3,5) h(2,0) h(3,0) v(0,4) v(3,0) h(3,4) v(1,3) v(1,0) v(3,3) h(0,3) h(4,1) h(3,1)",
        "h(0,4) h(4,1) h(2,2) h(4,0) v(0,0) v(3,4) v(0,2) v(3,2) h(1,2) v(2,5) h(1,4) h(2,1) v(2,2) v(1,5) v(1,1) h(0,0)",
        "v(0,1) v(1,1) v(0,3) v(0,5) h(2,4) h(4,0) h(3,0) v(3,5) h(1,0) v(2,1) v(1,4) v(0,2) v(3,3) h(3,2) h(0,3) h(3,1)",
        "h(3,1) h(0,0) h(4,3) v(1,2) v(2,0) h(3,3) h(1,3) v(1,0) v(2,2) v(0,0) v(3,1) h(2,4) h(0,3) v(3,5) h(0,2) h(2,2)",
        "h(3,1) v(2,2) v(3,0) h(2,2) v(3,1) v(1,5) h(0,4) h(0,1) v(0,5) h(2,3) h(4,2) v(1,2) h(4,3) v(3,4) h(2,0) v(2,4)",
        "h(0,1) h(3,0) h(1,2) h(2,4) h(2,3) h(1,1) v(1,3) h(0,4) h(4,2) v(1,5) v(3,2) v(3,0) v(0,4) v(0,0) h(4,1) v(0,3)",
        "h(3,2) v(3,5) h(4,2) v(0,3) h(1,3) v(1,1) h(2,2) h(3,4) h(0,2) h(4,1) h(0,4) h(2,4) h(1,1) h(0,0) h(2,3) h(3,3)",
        "v(1,0) h(0,1) v(2,0) v(0,5) v(3,5) h(0,0) v(1,5) v(0,0) v(2,2) h(1,2) h(3,3) v(3,2) v(3,4) v(0,4) v(2,4) h(4,0)",
        "h(1,1) h(3,3) h(1,0) v(0,0) v(0,4) h(1,3) v(2,0) h(1,2) h(0,1) h(2,3) v(3,1) v(3,5) h(3,4) h(0,2) v(2,1) h(4,1)",
        "h(2,3) v(2,0) v(2,5) h(4,1) v(3,2) h(1,0) v(2,4) h(4,0) v(0,4) v(3,3) h(4,4) h(1,1) v(1,3) h(2,1) v(3,5) h(0,1)",
        "h(4,3) v(0,4) v(3,3) v(3,5) v(0,1) h(2,3) h(1,1) h(0,4) v(2,0) h(0,3) v(2,2) h(2,2) v(1,3) h(1,0) h(4,0) h(2,4)"
    ],
    34-[
        "v(3,4) v(1,2) h(4,0) h(1,3) h(2,2) v(3,3) h(3,4) v(1,4) h(3,2) h(1,0) h(0,1) v(3,0) h(4,1) h(1,1) h(0,3)",
        "h(2,4) h(4,3) v(0,0) h(2,2) v(3,5) h(2,0) h(3,0) v(0,4) v(3,0) h(3,4) v(1,3) v(1,0) v(3,3) h(0,3) h(4,1)",
        "h(0,4) h(4,1) h(2,2) h(4,0) v(0,0) v(3,4) v(0,2) v(3,2) h(1,2) v(2,5) h(1,4) h(2,1) v(2,2) v(1,5) v(1,1)",
        "v(0,1) v(1,1) v(0,3) v(0,5) h(2,4) h(4,0) h(3,0) v(3,5) h(1,0) v(2,1) v(1,4) v(0,2) v(3,3) h(3,2) h(0,3)",
        "h(3,1) h(0,0) h(4,3) v(1,2) v(2,0) h(3,3) h(1,3) v(1,0) v(2,2) v(0,0) v(3,1) h(2,4) h(0,3) v(3,5) h(0,2)",
        "h(3,1) v(2,2) v(3,0) h(2,2) v(3,1) v(1,5) h(0,4) h(0,1) v(0,5) h(2,3) h(4,2) v(1,2) h(4,3) v(3,4) h(2,0)",
        "h(0,1) h(3,0) h(1,2) h(2,4) h(2,3) h(1,1) v(1,3) h(0,4) h(4,2) v(1,5) v(3,2) v(3,0) v(0,4) v(0,0) h(4,1)",
        "h(3,2) v(3,5) h(4,2) v(0,3) h(1,3) v(1,1) h(2,2) h(3,4) h(0,2) h(4,1) h(0,4) h(2,4) h(1,1) h(0,0) h(2,3)",
        "v(1,0) h(0,1) v(2,0) v(0,5) v(3,5) h(0,0) v(1,5) v(0,0) v(2,2) h(1,2) h(3,3) v(3,2) v(3,4) v(0,4) v(2,4)",
        "h(1,1) h(3,3) h(1,0) v(0,0) v(0,4) h(1,3) v(2,0) h(1,2) h(0,1) h(2,3) v(3,1) v(3,5) h(3,4) h(0,2) v(2,1)",
        "h(2,3) v(2,0) v(2,5) h(4,1) v(3,2) h(1,0) v(2,4) h(4,0) v(0,4) v(3,3) h(4,4) h(1,1) v(1,3) h(2,1) v(3,5)",
        "h(4,3) v(0,4) v(3,3) v(3,5) v(0,1) h(2,3) h(1,1) h(0,4) v(2,0) h(0,3) v(2,2) h(2,2) v(1,3) h(1,0) h(4,0)"
    ],
    35-[
        "v(3,4) v(1,2) h(4,0) h(1,3) h(2,2) v(3,3) h(3,4) v(1,4) h(3,2) h(1,0) h(0,1) v(3,0) h(4,1) h(1,1)",
        "h(2,4) h(4,3) v(0,0) h(2,2) v(3,5) h(2,0) h(3,0) v(0,4) v(3,0) h(3,4) v(1,3) v(1,0) v(3,3) h(0,3)",
        "h(0,4) h(4,1) h(2,2) h(4,0) v(0,0) v(3,4) v(0,2) v(3,2) h(1,2) v(2,5) h(1,4) h(2,1) v(2,2) v(1,5)",
        "v(0,1) v(1,1) v(0,3) v(0,5) h(2,4) h(4,0) h(3,0) v(3,5) h(1,0) v(2,1) v(1,4) v(0,2) v(3,3) h(3,2)",
        "h(3,1) h(0,0) h(4,3) v(1,2) v(2,0) h(3,3) h(1,3) v(1,0) v(2,2) v(0,0) v(3,1) h(2,4) h(0,3) v(3,5)",
        "h(3,1) v(2,2) v(3,0) h(2,2) v(3,1) v(1,5) h(0,4) h(0,1) v(0,5) h(2,3) h(4,2) v(1,2) h(4,3) v(3,4)",
        "h(0,1) h(3,0) h(1,2) h(2,4) h(2,3) h(1,1) v(1,3) h(0,4) h(4,2) v(1,5) v(3,2) v(3,0) v(0,4) v(0,0)",
        "h(3,2) v(3,5) h(4,2) v(0,3) h(1,3) v(1,1) h(2,2) h(3,4) h(0,2) h(4,1) h(0,4) h(2,4) h(1,1) h(0,0)",
        "v(1,0) h(0,1) v(2,0) v(0,5) v(3,5) h(0,0) v(1,5) v(0,0) v(2,2) h(1,2) h(3,3) v(3,2) v(3,4) v(0,4)",
        "h(1,1) h(3,3) h(1,0) v(0,0) v(0,4) h(1,3) v(2,0) h(1,2) h(0,1) h(2,3) v(3,1) v(3,5) h(3,4) h(0,2)",
        "h(2,3) v(2,0) v(2,5) h(4,1) v(3,2) h(1,0) v(2,4) h(4,0) v(0,4) v(3,3) h(4,4) h(1,1) v(1,3) h(2,1)",
        "h(4,3) v(0,4) v(3,3) v(3,5) v(0,1) h(2,3) h(1,1) h(0,4) v(2,0) h(0,3) v(2,2) h(2,2) v(1,3) h(1,0)"
    ],
    36-[
        "v(3,4) v(1,2) h(4,0) h(1,3) h(2,2) v(3,3) h(3,4) v(1,4) h(3,2) h(1,0) h(0,1) v(3,0) h(4,1)",
        "h(2,4) h(4,3) v(0,0) h(2,2) v(3,5) h(2,0) h(3,0) v(0,4) v(3,0) h(3,4) v(1,3) v(1,0) v(3,3)",
        "h(0,4) h(4,1) h(2,2) h(4,0) v(0,0) v(3,4) v(0,2) v(3,2) h(1,2) v(2,5) h(1,4) h(2,1) v(2,2)",
        "v(0,1) v(1,1) v(0,3) v(0,5) h(2,4) h(4,0) h(3,0) v(3,5) h(1,0) v(2,1) v(1,4) v(0,2) v(3,3)",
        "h(3,1) h(0,0) h(4,3) v(1,2) v(2,0) h(3,3) h(1,3) v(1,0) v(2,2) v(0,0) v(3,1) h(2,4) h(0,3)",
        "h(3,1) v(2,2) v(3,0) h(2,2) v(3,1) v(1,5) h(0,4) h(0,1) v(0,5) h(2,3) h(4,2) v(1,2) h(4,3)",
        "h(0,1) h(3,0) h(1,2) h(2,4) h(2,3) h(1,1) v(1,3) h(0,4) h(4,2) v(1,5) v(3,2) v(3,0) v(0,4)",
        "h(3,2) v(3,5) h(4,2) v(0,3) h(1,3) v(1,1) h(2,2) h(3,4) h(0,2) h(4,1) h(0,4) h(2,4) h(1,1)",
        "v(1,0) h(0,1) v(2,0) v(0,5) v(3,5) h(0,0) v(1,5) v(0,0) v(2,2) h(1,2) h(3,3) v(3,2) v(3,4)",
        "h(1,1) h(3,3) h(1,0) v(0,0) v(0,4) h(1,3) v(2,0) h(1,2) h(0,1) h(2,3) v(3,1) v(3,5) h(3,4)",
        "h(2,3) v(2,0) v(2,5) h(4,1) v(3,2) h(1,0) v(2,4) h(4,0) v(0,4) v(3,3) h(4,4) h(1,1) v(1,3)",
        "h(4,3) v(0,4) v(3,3) v(3,5) v(0,1) h(2,3) h(1,1) h(0,4) v(2,0) h(0,3) v(2,2) h(2,2) v(1,3)"
    ]
]).
