/** Connect Four's evaluation, as the rules write it and on the fast path: the
CPU time of each on the same 200 evaluations (40 positions of random games,
5 times each), measured in one run so that the machine's load weighs on
both alike (docs/benchmarks.md, "The generic players").

    tabula query connect4 "consult('bench/connect4_evaluation.pl'), connect4_evaluation"

prints, e.g., "200 evaluations: the rules 441 ms, the fast path 8 ms".
*/

:- use_module(library(between)).
:- use_module(library(format)).
:- use_module(library(iso_ext)).
:- use_module(library(lists)).
:- use_module(library(random)).
:- use_module(library(time)).

connect4_evaluation :-
    set_random(seed(5)),
    connect4:initial_state([], Start),
    findall(S, ( between(1, 40, I), N is I mod 25, random_position(N, Start, S) ),
            Positions),
    length(Positions, L),
    evaluations_ms(rules, Positions, Rules),
    evaluations_ms(fast, Positions, Fast),
    Evaluations is 5 * L,
    R is round(Rules), F is round(Fast),
    format("~d evaluations: the rules ~d ms, the fast path ~d ms~n",
           [Evaluations, R, F]).

% random_position(+N, +S0, -S): N random moves from S0 (fewer if it ends).
random_position(0, S, S) :- !.
random_position(N, S0, S) :-
    connect4:legal_moves(S0, Moves),
    (   Moves == [] -> S = S0
    ;   random_member(M, Moves),
        connect4:apply_move(S0, M, S1, _),
        N1 is N - 1,
        random_position(N1, S1, S)
    ).

random_member(X, Xs) :-
    length(Xs, L),
    random_integer(0, L, K),
    nth0(K, Xs, X).

evaluations_ms(Way, Positions, Ms) :-
    statistics(runtime, [T0, _]),
    forall(( between(1, 5, _), member(S, Positions) ), evaluate(Way, S)),
    statistics(runtime, [T1, _]),
    Ms is T1 - T0.

evaluate(rules, S) :- connect4:evaluation(S, 1, _).
evaluate(fast, S) :- connect4_fast:evaluation(S, 1, _).
