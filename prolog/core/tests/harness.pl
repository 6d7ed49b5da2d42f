/** A small test runner for the Prolog side of tabula.

A test file is a module that declares `:- dynamic(test/1).` and defines
clauses

    test(Name) :- Goal.

one per test, Name an atom. The dynamic declaration is what lets
run_tests/2 find the names with clause/2 (Scryer does not let clause/2
inspect static predicates). Each test runs once: it passes if Goal
succeeds, fails if Goal fails, and is an error if Goal throws or runs
longer than the inference limit (so a looping test cannot hang the run).
*/

:- module(harness, [run_tests/2,
                    run_tests/1,
                    test_names/2,
                    summary/3]).

:- use_module(library(lists)).
:- use_module(library(iso_ext)).
:- use_module(library(format)).

% The inference budget of one test: generous (the slowest dots test needs
% less than a tenth of it), but finite: a test stuck in a loop reaches it in
% a few seconds.
test_inference_limit(100000000).

%% test_names(+Module, -Names)
% Names are the names of the tests of Module, in the order of its test/1
% clauses.
test_names(Module, Names) :-
    findall(Name, clause(Module:test(Name), _), Names).

%% run_tests(+Module, -Results)
% Runs every test of Module once, in order. Results has one term per test:
% pass(Name), fail(Name), or error(Name, E) when the test threw E or ran out
% of inferences (E = inference_limit_exceeded).
run_tests(Module, Results) :-
    test_names(Module, Names),
    run_all(Names, Module, Results).

run_all([], _, []).
run_all([Name|Names], Module, [Result|Results]) :-
    run_one(Module, Name, Result),
    run_all(Names, Module, Results).

% run_one(+Module, +Name, -Result): the test runs under catch/3 and the
% inference limit; whatever it leaves behind (bindings, choice points,
% memory) is undone by the findall/3 around it.
run_one(Module, Name, Result) :-
    test_inference_limit(Limit),
    findall(R, limited_test(Module, Name, Limit, R), Rs),
    (   Rs = [Result0|_] -> Result = Result0
    ;   Result = fail(Name)
    ).

limited_test(Module, Name, Limit, Result) :-
    catch(( call_with_inference_limit(test_in(Name, Module), Limit, R) ->
            (   R == inference_limit_exceeded ->
                Result = error(Name, inference_limit_exceeded)
            ;   Result = pass(Name)
            )
          ; Result = fail(Name)
          ),
          E,
          Result = error(Name, E)).

% test_in(+Name, +Module): runs Module:test(Name). The module is the last
% argument and the call a plain body goal: in Scryer 0.10, Module:Goal with
% a variable Module goes wrong as the first argument of a clause or inside
% the goal of a meta-predicate (see game.pl), and with two test modules
% loaded the wrong one would run.
test_in(Name, Module) :-
    Module:test(Name).

%% summary(+Results, -Passed, -Failed)
% Passed is the number of pass/1 results, Failed the number of the others.
summary(Results, Passed, Failed) :-
    findall(x, member(pass(_), Results), Ps),
    length(Ps, Passed),
    length(Results, N),
    Failed is N - Passed.

%% run_tests(+Module)
% Runs the tests of Module and prints one line per test that did not pass,
% then the line "N passed, M failed". Succeeds only if every test passed.
run_tests(Module) :-
    run_tests(Module, Results),
    print_problems(Results),
    summary(Results, Passed, Failed),
    format("~d passed, ~d failed~n", [Passed, Failed]),
    Failed =:= 0.

print_problems([]).
print_problems([R|Rs]) :-
    (   R = fail(Name) -> format("FAIL ~w~n", [Name])
    ;   R = error(Name, E) -> format("ERROR ~w: ~q~n", [Name, E])
    ;   true
    ),
    print_problems(Rs).
