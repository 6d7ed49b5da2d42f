/** The conformance check: does a game keep the contract of game.pl?

conformance/5 and conformance_all/4 play random games with a game's rules
and check, at every position, what game.pl's contract promises (see the
comment below for the list). `tabula check` and the test suite run it;
it calls the game only through game.pl's dispatchers (game_legal_moves/3
and the like), so it needs game.pl loaded first, as tabula does.
*/

:- module(conformance, [conformance/5,
                        conformance_all/4]).

:- use_module(library(lists)).
:- use_module(library(between)).
:- use_module(library(random)).
:- use_module(library(iso_ext)).
:- use_module(library(error)).

:- initialization((catch(game:default_game(_), _, fail) -> true ; use_module(game))).


/* ---------------------------------------------------------------------
   The conformance check
   --------------------------------------------------------------------- */

/* conformance/5 plays random games and checks the contract at every
   position. A violated property is thrown internally as
   violation(Kind, Detail) and turned into a failure/4 term; every call into
   the game runs under catch/3, so an exception in the game's code is
   reported as a violation and never escapes. The check of one position
   also runs under call_with_inference_limit/3, so that a rules file that
   loops is reported instead of hanging (tabula cannot interrupt a query).

   At every position it checks players/2, outcome/2, to_move/2,
   legal_moves/2 and the enumeration of legal_move/2 as a whole; then, for
   each legal move (or, when there are more than 8, for 8 of them drawn at
   random, plus the move played next: checking every move of every position
   would make a game on a 12 x 12 board take minutes), that legal_move/2
   accepts it, apply_move/4 has exactly one solution, its text parses back
   to it (with blanks around too) and explain_illegal/3 has nothing to say
   about it; and one junk move (a different one at each position, in turn)
   that must be refused and explained.

   Kinds of failure (the property violated):
     check_options           check_options/1 failed, threw, or is not a list of lists
     initial_state           initial_state/2 failed or threw
     parse_throws            move_text//2 threw while parsing some text
     players                 players/2 failed, threw, or is not a positive integer
     outcome                 outcome/2 failed, threw, or is not ongoing / over(_, _)
     outcome_scores          the Scores of over/2 are not N numbers
     outcome_result          the Result of over/2 does not match the Scores
     to_move                 to_move/2 failed or threw while ongoing, or is not in 1..N
     to_move_when_over       to_move/2 succeeded although the game is over
     legal_moves             legal_moves/2 failed, threw, or is not a list of ground terms
     legal_moves_when_over   legal_moves/2 is not [] although the game is over
     no_legal_moves          legal_moves/2 is [] although the game is ongoing
     legal_moves_duplicates  legal_moves/2 lists a move twice
     legal_move_enumeration  legal_move/2 enumerates another set than legal_moves/2
     legal_move_check        legal_move/2 rejects (or throws on) a listed move
     apply_move              apply_move/4 fails or throws on a legal move
     apply_move_nondeterministic  apply_move/4 has more than one solution
     move_to_text            move_text//2 gives no text (or not characters)
     move_from_text          the text of a move does not parse back to it
     explain_legal           explain_illegal/3 succeeds for a legal move
     illegal_accepted        legal_move/2 or apply_move/4 accepts a junk move
     explain_illegal         explain_illegal/3 fails, throws or gives no text for a junk move
     too_long                the game is longer than max_plies/2 allows
     inference_limit         checking one position took more than the inference limit
*/

% How many failures conformance/5 and conformance_all/4 return at most.
max_failures(20).

% The inference budget of the check of one position.
position_inference_limit(50000000).

% How many legal moves are checked one by one at each position at most.
moves_checked_per_position(8).

% Terms that are moves in no sensible game; the ones that a game does list
% as legal are skipped.
junk_moves([foo, 42, [], h(a, b), v(-1, -1), h(100000, 100000),
            '$not_a_move'(x, y, z)]).

% Texts that are moves in no sensible game: parsing them may fail or
% succeed, but must not throw.
junk_text("").
junk_text(" ").
junk_text("foo").
junk_text("(((").
junk_text("h(").
junk_text("h(1,").
junk_text("h(-1,0)").
junk_text("v(a,b)").
junk_text("a1-").
junk_text("-").
junk_text("zz99-zz100").
junk_text("h(99999999999999999999,0)").
junk_text("a1b1c1").

%% conformance(+Game, +Options, +NGames, +Seed, -Failures)
% Plays NGames random games of Game from initial_state(Options), the
% generator seeded with Seed, checking the contract at every position (see
% the list of kinds above). Failures is a list of at most 20 terms
% failure(Kind, Detail, Options, Moves): Kind names the violated property,
% Detail is a list of specifics such as state(S), move(M), exception(E), and
% Moves are the moves from the start position to the offending position
% (replay/4 replays them). A game stops at its first failure. [] means the
% game passed.
conformance(Game, Options, NGames, Seed, Failures) :-
    set_random(seed(Seed)),
    max_failures(Max),
    (   start_failure(Game, Options, Failure) ->
        Failures = [Failure]
    ;   games_failures(NGames, Game, Options, Max, Failures)
    ).

%% start_failure(+Game, +Options, -Failure)
% The start position cannot be had, or the parser throws on junk text.
start_failure(Game, Options, Failure) :-
    catch(start_state(Game, Options, Result), E, Result = exception(E)),
    (   Result = ok(State) ->
        junk_text(Text),
        catch(game:move_from_text(Game, State, Text, _), E2, true),
        nonvar(E2),
        Failure = failure(parse_throws, [text(Text), exception(E2)], Options, [])
    ;   Result == failed ->
        Failure = failure(initial_state, [failed], Options, [])
    ;   Result = exception(E1),
        Failure = failure(initial_state, [exception(E1)], Options, [])
    ),
    !.

start_state(Game, Options, Result) :-
    (   game:game_initial_state(Game, Options, State) -> Result = ok(State)
    ;   Result = failed
    ).

%% games_failures(+N, +Game, +Options, +Max, -Failures)
% Plays N games and keeps at most Max failures. Each game runs inside
% findall/3 so that its memory is freed before the next one.
games_failures(N, _, _, Max, Failures) :-
    (   N =< 0 ; Max =< 0 ),
    !,
    Failures = [].
games_failures(N, Game, Options, Max, Failures) :-
    findall(F, game_failure(Game, Options, F), Fs),
    length(Fs, K),
    append(Fs, Failures1, Failures),
    N1 is N - 1,
    Max1 is Max - K,
    games_failures(N1, Game, Options, Max1, Failures1).

%% game_failure(+Game, +Options, -Failure)
% Plays one random game and succeeds with its first failure; fails when the
% whole game conforms.
game_failure(Game, Options, Failure) :-
    game:game_initial_state(Game, Options, State),
    catch(game:game_max_plies(Game, State, Max0), _, Max0 = 10000),
    (   integer(Max0) -> Max = Max0 ; Max = 10000 ),
    walk(Game, Options, State, [], 0, Max, Failure),
    !.

walk(Game, Options, State, History, Ply, Max, Failure) :-
    position_verdict(Game, State, Ply, Max, Verdict),
    (   Verdict = violation(Kind, Detail) ->
        reverse(History, Moves),
        Failure = failure(Kind, Detail, Options, Moves)
    ;   Verdict = next(Move, State1) ->
        Ply1 is Ply + 1,
        walk(Game, Options, State1, [Move|History], Ply1, Max, Failure)
    ).
    % Verdict = over: no failure in this game, walk/7 fails.

%% position_verdict(+Game, +State, +Ply, +Max, -Verdict)
% Checks State; Verdict is violation(Kind, Detail), over, or next(Move,
% State1) with a random legal move and the position it leads to.
position_verdict(Game, State, Ply, Max, Verdict) :-
    position_inference_limit(Limit),
    catch(limited_check(Game, State, Ply, Max, Limit, Verdict),
          violation(Kind, Detail),
          Verdict = violation(Kind, Detail)).

%% limited_check(+Game, +State, +Ply, +Max, +Limit, -Verdict)
% check_position/5 under an inference limit of Limit: a check that runs
% past it gives the verdict violation(inference_limit, ...), so that a
% rules file that loops is reported instead of hanging.
limited_check(Game, State, Ply, Max, Limit, Verdict) :-
    (   call_with_inference_limit(check_position(Game, State, Ply, Max, V),
                                  Limit, R) ->
        (   R == inference_limit_exceeded ->
            Verdict = violation(inference_limit, [state(State), limit(Limit)])
        ;   Verdict = V
        )
    ;   Verdict = violation(internal, [state(State)])
    ).

%% check_position(+Game, +State, +Ply, +Max, -Verdict)
% Checks the contract at State, Ply moves into a game that may last Max:
% players/2, outcome/2, to_move/2, legal_moves/2 and legal_move/2, each
% legal move checked (check_move/4, at most 8 of them) and a junk move
% (check_junk/4). Verdict is over, or next(Move, State1) with a random
% legal move and the position it leads to; a violation is thrown (must/3).
check_position(Game, State, Ply, Max, Verdict) :-
    % players/2
    must(game:game_players(Game, State, N), players, [state(State)]),
    (   integer(N), N >= 1 -> true
    ;   violation(players, [state(State), players(N)])
    ),
    % outcome/2
    must(game:game_outcome(Game, State, Outcome), outcome, [state(State)]),
    (   Outcome == ongoing -> Ongoing = true
    ;   nonvar(Outcome), Outcome = over(Scores, Result) ->
        Ongoing = false,
        check_over(N, Scores, Result, State)
    ;   violation(outcome, [state(State), outcome(Outcome)])
    ),
    % to_move/2
    (   Ongoing == true ->
        must(game:game_to_move(Game, State, Player), to_move, [state(State)]),
        (   integer(Player), Player >= 1, Player =< N -> true
        ;   violation(to_move, [state(State), player(Player)])
        )
    ;   must_fail(game:game_to_move(Game, State, _), to_move_when_over, [state(State)])
    ),
    % legal_moves/2 and legal_move/2
    must(game:game_legal_moves(Game, State, Moves), legal_moves, [state(State)]),
    (   ground_list(Moves) -> true
    ;   violation(legal_moves, [state(State), moves(Moves)])
    ),
    (   Ongoing == true, Moves == [] ->
        violation(no_legal_moves, [state(State)])
    ;   Ongoing == false, Moves \== [] ->
        violation(legal_moves_when_over, [state(State), moves(Moves)])
    ;   true
    ),
    sort(Moves, Set),
    length(Moves, Count),
    (   length(Set, Count) -> true
    ;   violation(legal_moves_duplicates, [state(State), moves(Moves)])
    ),
    must(enumerate_legal(Game, State, Enumerated),
         legal_move_enumeration, [state(State)]),
    sort(Enumerated, EnumeratedSet),
    (   EnumeratedSet == Set -> true
    ;   subtract_sorted(Set, EnumeratedSet, Missing),
        subtract_sorted(EnumeratedSet, Set, Extra),
        violation(legal_move_enumeration,
                  [state(State), missing(Missing), extra(Extra)])
    ),
    % the legal moves one by one (all of them, or a random sample)
    moves_checked_per_position(Sample),
    moves_to_check(Count, Sample, Moves, Checked),
    check_moves(Checked, Game, State),
    % one junk move
    junk_moves(Junk),
    length(Junk, NJunk),
    JunkIndex is Ply mod NJunk,
    nth0(JunkIndex, Junk, JunkMove),
    check_junk(Game, State, Set, JunkMove),
    % the length of the game, and the next move
    (   Ongoing == false ->
        Verdict = over
    ;   Ply >= Max ->
        violation(too_long, [state(State), plies(Ply), max_plies(Max)])
    ;   game:random_element(Moves, Move),
        check_move(Game, State, Move, State1),
        Verdict = next(Move, State1)
    ).

enumerate_legal(Game, State, Moves) :-
    findall(M, game:game_legal_move(Game, State, M), Moves).

% moves_to_check(+Count, +Sample, +Moves, -Checked): all Moves when there
% are at most Sample of them, else Sample of them drawn at random.
moves_to_check(Count, Sample, Moves, Checked) :-
    (   Count =< Sample -> Checked = Moves
    ;   length(Checked, Sample),
        maplist(game:random_element(Moves), Checked)
    ).

%% check_over(+N, +Scores, +Result, +State)
% The final outcome is well formed.
check_over(N, Scores, Result, State) :-
    (   ground_list(Scores), length(Scores, N), numbers(Scores) -> true
    ;   violation(outcome_scores, [state(State), scores(Scores), players(N)])
    ),
    list_max(Scores, Best),
    findall(P, nth1(P, Scores, Best), Tops),
    (   Tops = [Winner], Result == winner(Winner) -> true
    ;   Tops = [_, _|_], Result == tie(Tops) -> true
    ;   violation(outcome_result,
                  [state(State), scores(Scores), result(Result), best(Tops)])
    ).

check_moves([], _, _).
check_moves([Move|Moves], Game, State) :-
    check_move(Game, State, Move, _),
    check_moves(Moves, Game, State).

%% check_move(+Game, +State, +Move, -State1)
% The legal Move passes every check; State1 is the position it leads to.
check_move(Game, State, Move, State1) :-
    Where = [state(State), move(Move)],
    must(game:game_legal_move(Game, State, Move), legal_move_check, Where),
    must(apply_solutions(Game, State, Move, Applied), apply_move, Where),
    (   Applied = [State1-_] -> true
    ;   Applied == [] -> violation(apply_move, Where)
    ;   length(Applied, K),
        violation(apply_move_nondeterministic, [solutions(K)|Where])
    ),
    must(game:move_to_text(Game, State, Move, Text), move_to_text, Where),
    (   chars(Text) -> true
    ;   violation(move_to_text, [text(Text)|Where])
    ),
    append([' '|Text], [' '], Padded),
    must(game:move_from_text(Game, State, Text, Parsed), move_from_text, [text(Text)|Where]),
    must(game:move_from_text(Game, State, Padded, Parsed2), move_from_text, [text(Padded)|Where]),
    (   Parsed == Move, Parsed2 == Move -> true
    ;   violation(move_from_text, [text(Text), parsed(Parsed), padded(Parsed2)|Where])
    ),
    must_fail(game:game_explain_illegal(Game, State, Move, _), explain_legal, Where).

apply_solutions(Game, State, Move, Applied) :-
    findall(S-E, game:game_apply_move(Game, State, Move, S, E), Applied).

%% check_junk(+Game, +State, +LegalSet, +Junk)
% A junk move is refused and explained (unless the game lists it as legal).
check_junk(Game, State, LegalSet, Junk) :-
    (   memberchk(Junk, LegalSet) -> true
    ;   Where = [state(State), move(Junk)],
        must_fail(game:game_legal_move(Game, State, Junk), illegal_accepted, Where),
        must_fail(game:game_apply_move(Game, State, Junk, _, _), illegal_accepted, Where),
        must(game:game_explain_illegal(Game, State, Junk, Message), explain_illegal, Where),
        (   chars(Message) -> true
        ;   violation(explain_illegal, [message(Message)|Where])
        )
    ).

%% must(+Goal, +Kind, +Detail)
% Goal succeeds (its first solution is kept); failing or throwing is a
% violation of Kind. Goal is always a single call (never a conjunction or a
% findall/3): Scryer compiles a control construct given to call/1 afresh at
% every call, which is slow.
must(Goal, Kind, Detail) :-
    (   catch(Goal, E, violation(Kind, [exception(E)|Detail])) -> true
    ;   violation(Kind, Detail)
    ).

%% must_fail(+Goal, +Kind, +Detail)
% Goal fails; succeeding or throwing is a violation of Kind.
must_fail(Goal, Kind, Detail) :-
    (   catch(Goal, E, violation(Kind, [exception(E)|Detail])) ->
        violation(Kind, Detail)
    ;   true
    ).

%% violation(+Kind, +Detail)
% Throws violation(Kind, Detail): the property Kind does not hold, Detail
% says where (state(S), move(M), exception(E) ...).
%   ?- catch(conformance:violation(to_move, []), V, true).
%      V = violation(to_move,[]).
violation(Kind, Detail) :-
    throw(violation(Kind, Detail)).

ground_list(L) :-
    proper_list(L),
    ground(L).

proper_list(L) :-
    catch(must_be(list, L), _, fail).

numbers([]).
numbers([X|Xs]) :- number(X), numbers(Xs).

chars(Cs) :-
    catch(must_be(chars, Cs), _, fail).

% subtract_sorted(+Set1, +Set2, -Diff): the elements of Set1 not in Set2.
subtract_sorted(Set1, Set2, Diff) :-
    findall(X, ( member(X, Set1), \+ memberchk(X, Set2) ), Diff).

%% conformance_all(+Game, +NGamesEach, +Seed, -Failures)
% Runs conformance/5 with NGamesEach games on every option list of
% Game:check_options/1 and gathers the failures (at most 20). A
% check_options/1 that fails or throws is itself a failure.
conformance_all(Game, NGames, Seed, Failures) :-
    max_failures(Max),
    catch(option_lists(Game, Result), E, Result = exception(E)),
    (   Result = ok(Lists), proper_list(Lists), all_lists(Lists) ->
        options_failures(Lists, Game, NGames, Seed, Max, Failures)
    ;   Result = exception(E1) ->
        Failures = [failure(check_options, [exception(E1)], [], [])]
    ;   Result = ok(Bad) ->
        Failures = [failure(check_options, [option_lists(Bad)], [], [])]
    ;   Failures = [failure(check_options, [failed], [], [])]
    ).

option_lists(Game, Result) :-
    (   game:game_check_options(Game, Lists) -> Result = ok(Lists)
    ;   Result = failed
    ).

all_lists([]).
all_lists([L|Ls]) :- proper_list(L), all_lists(Ls).

options_failures([], _, _, _, _, []).
options_failures([Options|Lists], Game, NGames, Seed, Max, Failures) :-
    (   Max =< 0 ->
        Failures = []
    ;   conformance(Game, Options, NGames, Seed, Fs0),
        take(Max, Fs0, Fs),
        length(Fs, K),
        append(Fs, Failures1, Failures),
        Max1 is Max - K,
        options_failures(Lists, Game, NGames, Seed, Max1, Failures1)
    ).

take(N, List, Prefix) :-
    (   N =< 0 -> Prefix = []
    ;   List = [] -> Prefix = []
    ;   List = [X|Xs], Prefix = [X|Prefix1],
        N1 is N - 1,
        take(N1, Xs, Prefix1)
    ).
