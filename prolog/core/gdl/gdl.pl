/** gdl.pl -- a GDL rules file (`.kif`) made into a tabula game module.

GDL, the Game Description Language of General Game Playing, writes a game
as a logic program: `role`, `init`, `legal`, `next`, `goal` and `terminal`
rules over the fluents of the state (`true`) and the joint move (`does`).
This module reads such a file (kif.pl), checks it as GDL asks, and writes
a Prolog module that keeps tabula's game contract (prolog/core/game.pl):

  * each GDL relation becomes a predicate g_Name whose first arguments are
    what it depends on: the state's fluents S (a sorted list) when it uses
    `true`, then the joint move D (a list Role-Move) when it uses `does`;
    both are passed in, nothing is asserted while a game is played;
  * relations that depend on neither (board geometry, `succ`, numbers) are
    computed once here, bottom-up, and written as facts, so that their
    recursion costs nothing in play; so are `role` and `init`;
  * the literals of each rule body are ordered so that `distinct` and `not`
    run once what they test is bound;
  * the contract itself (turns, moves, outcome, notation, the board) is the
    same for every GDL game: gdl_contract.pl, copied after the rules.

Errors are found all at once and each names its line: syntax, unsafe
rules, negation that is not stratified, a relation with two arities, what
is missing, goal values outside 0..100.
*/

:- module(gdl, [gdl_translate/5, gdl_read_rules/3]).

:- use_module(library(lists)).
:- use_module(library(dcgs)).
:- use_module(library(pio)).
:- use_module(library(format)).
:- use_module(library(iso_ext)).
:- use_module(library(charsio)).
:- use_module(library(between)).
:- use_module(library(pairs)).
:- use_module(kif).

%% gdl_translate(+KifFile, +Module, +OutFile, +Contract, -Result)
% Reads the GDL file KifFile (an atom) and, when it is sound, writes to
% OutFile the Prolog module Module that plays it, its contract's clauses
% copied from the file Contract (gdl_contract.pl); Result is ok, or
% errors(Errors), Errors a list of error(Line, Chars) (Line 0: the whole
% file), sorted by line, with nothing written.
gdl_translate(KifFile, Module, OutFile, Contract, Result) :-
    gdl_read_rules(KifFile, Rules, Result0),
    (   Result0 = errors(_) -> Result = Result0
    ;   analyse(Rules, Analysis, Errors),
        (   Errors \== [] -> sort(Errors, Sorted), Result = errors(Sorted)
        ;   catch(compute_statics(Rules, Analysis, Statics), gdl_error(E), true),
            (   nonvar(E) -> Result = errors([E])
            ;   Statics = statics(_, _, Roles, Init),
                runtime_errors(Roles, Init, Errors2),
                (   Errors2 \== [] -> Result = errors(Errors2)
                ;   setup_call_cleanup(open(OutFile, write, Out),
                                       write_module(Out, KifFile, Module, Contract, Rules, Analysis, Statics),
                                       close(Out)),
                    Result = ok
                )
            )
        )
    ).

runtime_errors([], _, [error(0, "no role: a game needs at least one (role name) fact")]) :- !.
runtime_errors(Roles, _, Errors) :-
    findall(error(0, Msg),
            ( select(R, Roles, Others), memberchk(R, Others),
              phrase(format_("the role ~w is declared twice", [R]), Msg) ),
            Errors0),
    sort(Errors0, Errors).

%% gdl_read_rules(+KifFile, -Rules, -Result)
% Rules are the file's rules, each rule(Line, Head, Body, Names): Head is
% r(Name, Args), Body a list of literals (r(Name, Args), true(F),
% does(R, M), distinct(A, B), not(L), or(Ls), and(Ls)), Names the pairs
% VarName=Var of the rule. Result is ok or errors(Errors).
gdl_read_rules(KifFile, Rules, Result) :-
    catch(phrase_from_file(seq(Chars), KifFile), E, true),
    (   nonvar(E) ->
        Rules = [], phrase(format_("cannot read the file: ~q", [E]), Msg),
        Result = errors([error(0, Msg)])
    ;   kif_forms(Chars, Forms0),
        (   Forms0 = error(L, K, Msg0) ->
            Rules = [], phrase(format_("column ~d: ~s", [K, Msg0]), Msg),
            Result = errors([error(L, Msg)])
        ;   Forms0 = ok(Forms),
            forms_rules(Forms, Rules, Errors),
            (   Errors == [] -> Result = ok ; Result = errors(Errors) )
        )
    ).

forms_rules([], [], []).
forms_rules([form(L, Tree)|Fs], Rules, Errors) :-
    catch(( form_rule(Tree, L, Rule), Rules = [Rule|Rules1], Errors = Errors1 ),
          gdl_error(E),
          ( Rules = Rules1, Errors = [E|Errors1] )),
    forms_rules(Fs, Rules1, Errors1).

form_rule(l(_, [s(Op), HeadTree|BodyTrees]), L, rule(L, Head, Body, Names)) :-
    keyword(Op, '<='), !,
    head(HeadTree, L, [], Names0, Head),
    literals(BodyTrees, L, Names0, Names, Body).
form_rule(l(_, [s(Op)]), L, _) :-
    keyword(Op, '<='), !,
    throw(gdl_error(error(L, "a rule (<= ...) without a head"))).
form_rule(Tree, L, rule(L, Head, [], Names)) :-
    head(Tree, L, [], Names, Head).

% keyword(+Symbol, ?Keyword): Symbol is GDL's Keyword, whatever its case.
keyword(Sym, K) :-
    atom_chars(Sym, Cs),
    maplist(lower, Cs, Ls),
    atom_chars(K0, Ls),
    memberchk(K0, ['<=', role, init, true, does, next, legal, goal, terminal,
                   distinct, not, or, and, base, input]),
    K = K0.

lower(C, L) :-
    (   char_code(C, X), X >= 0'A, X =< 0'Z -> Y is X + 32, char_code(L, Y) ; L = C ).

head(Tree, L, N0, N, Head) :-
    literal(Tree, L, N0, N, Lit),
    (   Lit = r(_, _) -> Head = Lit
    ;   functor(Lit, F, _),
        phrase(format_("~w cannot be the head of a rule or a fact", [F]), Msg),
        throw(gdl_error(error(L, Msg)))
    ).

literals([], _, N, N, []).
literals([T|Ts], L, N0, N, [Lit|Lits]) :-
    literal(T, L, N0, N1, Lit),
    literals(Ts, L, N1, N, Lits).

literal(s(A), _, N, N, Lit) :- !,
    (   keyword(A, K) -> Name = K ; Name = A ),
    Lit = r(Name, []).
literal(v(V), L, _, _, _) :- !,
    phrase(format_("the variable ?~w stands where a sentence should be", [V]), Msg),
    throw(gdl_error(error(L, Msg))).
literal(l(L, [s(F)|Args]), _, N0, N, Lit) :- !,
    length(Args, Arity),
    (   keyword(F, K) -> true ; K = none ),
    (   fixed_arity(K, A0), A0 \== Arity ->
        plural(A0, Pl),
        phrase(format_("~w takes ~d argument~s, not ~d", [K, A0, Pl, Arity]), Msg),
        throw(gdl_error(error(L, Msg)))
    ;   true
    ),
    (   K == true -> Args = [T], term(T, L, N0, N, F1), Lit = true(F1)
    ;   K == does -> terms(Args, L, N0, N, [R, M]), Lit = does(R, M)
    ;   K == distinct -> terms(Args, L, N0, N, [A, B]), Lit = distinct(A, B)
    ;   K == not -> Args = [T], literal(T, L, N0, N, Sub), Lit = not(Sub)
    ;   K == or -> literals(Args, L, N0, N, Subs), Lit = or(Subs)
    ;   K == and -> literals(Args, L, N0, N, Subs), Lit = and(Subs)
    ;   K == '<=' -> throw(gdl_error(error(L, "a rule (<= ...) inside another form")))
    ;   K \== none -> terms(Args, L, N0, N, Ts), Lit = r(K, Ts)
    ;   terms(Args, L, N0, N, Ts), Lit = r(F, Ts)
    ).
literal(l(L, _), _, _, _, _) :-
    throw(gdl_error(error(L, "a sentence must start with the name of a relation"))).

plural(N, S) :- ( N =:= 1 -> S = [] ; S = "s" ).

fixed_arity(role, 1).
fixed_arity(init, 1).
fixed_arity(true, 1).
fixed_arity(does, 2).
fixed_arity(next, 1).
fixed_arity(legal, 2).
fixed_arity(goal, 2).
fixed_arity(terminal, 0).
fixed_arity(distinct, 2).
fixed_arity(not, 1).
fixed_arity(base, 1).
fixed_arity(input, 2).

terms([], _, N, N, []).
terms([T|Ts], L, N0, N, [X|Xs]) :-
    term(T, L, N0, N1, X),
    terms(Ts, L, N1, N, Xs).

term(s(A), _, N, N, A).
term(v(V), _, N0, N, X) :-
    (   memberchk(V=X0, N0) -> X = X0, N = N0 ; N = [V=X|N0] ).
term(l(_, [s(F)]), _, N, N, F) :- !.
term(l(_, [s('.'), _, _]), L, _, _, _) :- !,
    % Prolog's own list constructor: such a term would be a list, not data.
    throw(gdl_error(error(L, "a function may not be named . (a dot)"))).
term(l(_, [s(F)|Args]), L, N0, N, X) :- !,
    terms(Args, L, N0, N, Xs),
    X =.. [F|Xs].
term(l(L, _), _, _, _, _) :-
    throw(gdl_error(error(L, "a term in parentheses must start with a function name"))).

/* ---------------------------------------------------------------------
   Analysis: arities, safety, dependencies, stratification
   --------------------------------------------------------------------- */

% analysis(Kinds, Edges): Kinds pairs Name-Kind for every relation (Kind
% static, state or move); Edges the dependency edges e(Head, Body, Sign).
analyse(Rules, analysis(Kinds, Edges), Errors) :-
    findall(E, arity_error(Rules, E), E1),
    findall(E, ( member(R, Rules), safety_error(R, E) ), E2),
    findall(E, missing_error(Rules, E), E3),
    findall(E, ( member(R, Rules), goal_value_error(R, E) ), E4),
    findall(e(H, B, Sign),
            ( member(rule(_, r(H, _), Body, _), Rules), body_dependency(Body, B, Sign) ),
            Edges0),
    sort(Edges0, Edges),
    relation_names(Rules, Names),
    findall(N-Kind, ( member(N, Names), relation_kind(N, Edges, Kind) ), Kinds),
    findall(E, stratification_error(Rules, Edges, E), E5),
    findall(E, restriction_error(Rules, Kinds, E), E6),
    append([E1, E2, E3, E4, E5, E6], Errors0),
    sort(Errors0, Errors).

relation_names(Rules, Names) :-
    findall(N, ( member(rule(_, Head, Body, _), Rules),
                 ( Head = r(N, _) ; body_relation(Body, N, _) ) ),
            Ns0),
    sort([legal, next, goal, terminal|Ns0], Names).

% body_relation(+Body, -Name, -Sign): a relation Body uses, positively or under a not.
body_relation(Body, N, Sign) :-
    member(Lit, Body),
    lit_relation(Lit, pos, N, Sign).

lit_relation(r(N, _), S, N, S).
lit_relation(not(L), _, N, S) :- lit_relation(L, neg, N, S).
lit_relation(or(Ls), S0, N, S) :- member(L, Ls), lit_relation(L, S0, N, S).
lit_relation(and(Ls), S0, N, S) :- member(L, Ls), lit_relation(L, S0, N, S).

body_dependency(Body, B, Sign) :- body_relation(Body, B, Sign).
body_dependency(Body, '$true', pos) :- member(L, Body), uses_lit(L, true).
body_dependency(Body, '$does', pos) :- member(L, Body), uses_lit(L, does).

uses_lit(true(_), true).
uses_lit(does(_, _), does).
uses_lit(not(L), X) :- uses_lit(L, X).
uses_lit(or(Ls), X) :- member(L, Ls), uses_lit(L, X).
uses_lit(and(Ls), X) :- member(L, Ls), uses_lit(L, X).

% reaches(+Edges, +From, -To): To is reachable from From along Edges (a path
% of at least one edge).
reaches(Edges, From, To) :-
    reach_set(Edges, [From], [], Set),
    member(To, Set).

reach_set(_, [], Seen, Seen).
reach_set(Edges, [N|Ns], Seen, Set) :-
    findall(M, ( member(e(N, M, _), Edges), \+ memberchk(M, Seen) ), Ms0),
    sort(Ms0, Ms),
    append(Seen, Ms, Seen1),
    append(Ns, Ms, Queue),
    reach_set(Edges, Queue, Seen1, Set).

relation_kind(N, Edges, Kind) :-
    reach_set(Edges, [N], [], Set),
    (   ( memberchk('$does', Set) ; N == next ) -> Kind = move
    ;   ( memberchk('$true', Set) ; memberchk(N, [legal, goal, terminal]) ) -> Kind = state
    ;   Kind = static
    ).

arity_error(Rules, error(L2, Msg)) :-
    findall(N/A-L, ( member(rule(L, Head, Body, _), Rules),
                     ( Head = r(N, As) ; body_relation_args(Body, N, As) ),
                     length(As, A) ),
            Uses),
    member(N/A1-L1, Uses),
    member(N/A2-L2, Uses),
    A1 < A2,
    \+ ( member(N/A1-L0, Uses), L0 < L1 ),
    \+ ( member(N/A2-L0, Uses), L0 < L2 ),
    plural(A2, Pl),
    phrase(format_("the relation ~w is used with ~d argument~s here and with ~d on line ~d", [N, A2, Pl, A1, L1]), Msg).

body_relation_args(Body, N, As) :-
    member(Lit, Body),
    lit_relation_args(Lit, N, As).

lit_relation_args(r(N, As), N, As).
lit_relation_args(not(L), N, As) :- lit_relation_args(L, N, As).
lit_relation_args(or(Ls), N, As) :- member(L, Ls), lit_relation_args(L, N, As).
lit_relation_args(and(Ls), N, As) :- member(L, Ls), lit_relation_args(L, N, As).

% A rule is safe when every variable of its head, of a not and of a
% distinct also occurs in a positive literal of its body.
safety_error(rule(L, Head, Body, Names), error(L, Msg)) :-
    bound_by(Body, Bound),
    term_variables(Head, HVs),
    (   member(V, HVs), Where = "the head"
    ;   member(Lit, Body), filter_vars(Lit, Where, V)
    ),
    \+ var_in(Bound, V),
    member(Name=V0, Names), V0 == V,
    Head = r(HN, _),
    (   Body == [] ->
        phrase(format_("the fact ~w has the variable ?~w: a fact must be ground", [HN, Name]), Msg)
    ;   phrase(format_("unsafe rule for ~w: ?~w in ~s occurs in no positive condition of the rule", [HN, Name, Where]), Msg)
    ).

filter_vars(not(L), "a not", V) :- term_variables(L, Vs), member(V, Vs).
filter_vars(distinct(A, B), "a distinct", V) :- term_variables(A-B, Vs), member(V, Vs).
filter_vars(or(Ls), Where, V) :- member(L, Ls), filter_vars(L, Where, V).
filter_vars(and(Ls), Where, V) :- member(L, Ls), filter_vars(L, Where, V).

% bound_by(+Body, -Vars): the variables a positive literal of Body binds.
bound_by(Body, Vars) :-
    foldl(lit_bound, Body, [], Vars).

lit_bound(Lit, Vs0, Vs) :-
    lit_binds(Lit, Bs),
    append(Vs0, Bs, Vs).

lit_binds(r(_, As), Vs) :- term_variables(As, Vs).
lit_binds(true(F), Vs) :- term_variables(F, Vs).
lit_binds(does(R, M), Vs) :- term_variables(R-M, Vs).
lit_binds(distinct(_, _), []).
lit_binds(cur(T, _), Vs) :- term_variables(T, Vs).
lit_binds(anc(_, As, _), Vs) :- term_variables(As, Vs).
lit_binds(not(_), []).
lit_binds(and(Ls), Vs) :- bound_by(Ls, Vs).
lit_binds(or([]), []).
lit_binds(or([L|Ls]), Vs) :-
    lit_binds(L, V0),
    foldl(common_bound, Ls, V0, Vs).

common_bound(L, Vs0, Vs) :-
    lit_binds(L, Bs),
    include(var_in(Bs), Vs0, Vs).

var_in(Vs, V) :- member(W, Vs), W == V, !.

missing_error(Rules, error(0, Msg)) :-
    member(K-What, [role-"(role name) facts", init-"(init ...) facts",
                    legal-"legal rules", next-"next rules", goal-"goal rules",
                    terminal-"terminal rule"]),
    \+ memberchk(rule(_, r(K, _), _, _), Rules),
    phrase(format_("no ~s: every GDL game defines ~w", [What, K]), Msg).

goal_value_error(rule(L, r(goal, [_, V]), _, _), error(L, Msg)) :-
    atom(V),
    \+ ( atom_chars(V, Cs), catch(number_chars(N, Cs), _, fail), integer(N),
         N >= 0, N =< 100 ),
    phrase(format_("the goal value ~w is not a whole number from 0 to 100", [V]), Msg).

stratification_error(Rules, Edges, error(L, Msg)) :-
    member(e(H, B, neg), Edges),
    (   B == H ; reaches(Edges, B, H) ),
    once(( member(rule(L, r(H, _), Body, _), Rules), body_relation(Body, B, neg) )),
    phrase(format_("negation is not stratified: ~w depends on (not ~w), and ~w depends on ~w", [H, B, B, H]), Msg).

restriction_error(Rules, Kinds, error(L, Msg)) :-
    member(N-Kind, Kinds),
    (   memberchk(N, [role, init, base, input]), Kind \== static ->
        What = "the state or the moves (true, does)"
    ;   memberchk(N, [legal, goal, terminal]), Kind == move ->
        What = "the moves being made (does)"
    ),
    once(member(rule(L, r(N, _), _, _), Rules)),
    phrase(format_("~w may not depend on ~s", [N, What]), Msg).
restriction_error(Rules, _, error(L, Msg)) :-
    member(rule(L, r(role, _), Body, _), Rules),
    Body \== [],
    Msg = "role must be given as facts, not as a rule".

/* ---------------------------------------------------------------------
   Static relations, computed once, bottom-up
   --------------------------------------------------------------------- */

:- dynamic(fact/2).

%% compute_statics(+Rules, +Analysis, -Statics)
% Statics is statics(Facts, Order, Roles, Init): Facts the pairs Name-Tuples
% of every static relation, Roles in the order of the file, Init the sorted
% fluents of the initial state.
compute_statics(Rules, analysis(Kinds, Edges), statics(Facts, [], Roles, Init)) :-
    retractall(fact(_, _)),
    findall(N, member(N-static, Kinds), Statics),
    compute_all(Statics, Statics, Rules, Edges),
    findall(N-Ts, ( member(N, Statics), findall(As, fact(N, As), Ts0), sort_tuples(Ts0, Ts) ), Facts),
    findall(R, member(rule(_, r(role, [R]), [], _), Rules), Roles),
    findall(F, fact(init, [F]), Init0),
    sort(Init0, Init),
    retractall(fact(_, _)).

compute_all([], _, _, _) :- !.
compute_all(Todo, Statics, Rules, Edges) :-
    select(N, Todo, Rest),
    % Ready when every static relation it reaches (outside its own cycle) is done.
    \+ ( reaches(Edges, N, M), memberchk(M, Rest), \+ reaches(Edges, M, N) ),
    !,
    findall(M, ( member(M, Rest), reaches(Edges, N, M), reaches(Edges, M, N) ), Cycle),
    subtract(Rest, Cycle, Rest1),
    fixpoint([N|Cycle], Rules, 0),
    compute_all(Rest1, Statics, Rules, Edges).

fixpoint(Names, Rules, Count0) :-
    findall(N-As,
            ( member(rule(_, r(N, As0), Body0, _), Rules),
              memberchk(N, Names),
              copy_term(As0-Body0, As-Body1),
              order_body(Body1, [], Body),
              holds(Body),
              \+ fact(N, As) ),
            New1),
    pairs_keys_values(New1, Ns1, As1),
    maplist(tuple_list, Ts1, As1),
    pairs_keys_values(New2, Ns1, Ts1),
    sort(New2, New3),
    pairs_keys_values(New3, Ns, Ts),
    maplist(tuple_list, Ts, As2),
    pairs_keys_values(New, Ns, As2),
    length(New, K),
    (   K =:= 0 -> true
    ;   Count is Count0 + K,
        (   Count > 500000 ->
            Names = [N1|_],
            phrase(format_("the relation ~w has more than 500000 facts: does a rule build ever larger terms?", [N1]), Msg),
            throw(gdl_error(error(0, Msg)))
        ;   true
        ),
        forall(member(N-As, New), assertz(fact(N, As))),
        fixpoint(Names, Rules, Count)
    ).

/* Scryer 0.10 orders a list of one-character atoms, which it keeps as a
   string, inconsistently against a list that starts with a longer atom
   ("s1" @< [ne|"1"] and [ne|"1"] @< "s1"), and its sort/2 then panics: the
   argument lists of facts are sorted as compound terms t(A1, ..., An). */

%% sort_tuples(+Lists, -Sorted)
% Lists sorted and without duplicates, as sort/2 would, compared as t(...) terms.
%   ?- sort_tuples([[s,'1'],[ne,'1'],[s,'1']], L).
%   L = [[ne,'1'],[s,'1']].
sort_tuples(Lists, Sorted) :-
    maplist(tuple_list, Ts0, Lists),
    sort(Ts0, Ts),
    maplist(tuple_list, Ts, Sorted).

tuple_list(T, As) :- T =.. [t|As].

holds([]).
holds([L|Ls]) :- holds_lit(L), holds(Ls).

holds_lit(r(N, As)) :- fact(N, As).
holds_lit(distinct(A, B)) :- A \== B.
holds_lit(not(L)) :- \+ holds_lit(L).
holds_lit(or(Ls)) :- member(L, Ls), holds_lit(L).
holds_lit(and(Ls)) :- holds(Ls).

%% order_body(+Body, +Bound0, -Ordered)
% The literals of Body with each filter (distinct, not, an or of filters)
% moved to just after the positive literals that bind its variables; the
% positive literals keep the author's order.
order_body(Body, Bound0, Ordered) :-
    order_body(Body, Bound0, [], Ordered).

order_body([], _, Pending, Pending).
order_body([L|Ls], Bound, Pending, Out) :-
    (   filter(L) ->
        (   lit_vars_bound(L, Bound) -> Out = [L|Out1], order_body(Ls, Bound, Pending, Out1)
        ;   append(Pending, [L], Pending1), order_body(Ls, Bound, Pending1, Out)
        )
    ;   lit_binds(L, Bs),
        append(Bound, Bs, Bound1),
        partition(ready(Bound1), Pending, Ready, Waiting),
        Out = [L|Out0],
        append(Ready, Out1, Out0),
        order_body(Ls, Bound1, Waiting, Out1)
    ).

filter(distinct(_, _)).
filter(not(_)).
filter(or(Ls)) :- maplist(filter, Ls).
filter(and(Ls)) :- maplist(filter, Ls).

ready(Bound, L) :- lit_vars_bound(L, Bound).

lit_vars_bound(L, Bound) :-
    term_variables(L, Vs),
    forall(member(V, Vs), var_in(Bound, V)).

/* List helpers that Scryer's library(lists) does not have. */

include(_, [], []).
include(P, [X|Xs], Ys) :-
    (   call(P, X) -> Ys = [X|Ys1] ; Ys = Ys1 ),
    include(P, Xs, Ys1).

partition(_, [], [], []).
partition(P, [X|Xs], Is, Es) :-
    (   call(P, X) -> Is = [X|Is1], Es = Es1 ; Is = Is1, Es = [X|Es1] ),
    partition(P, Xs, Is1, Es1).

subtract([], _, []).
subtract([X|Xs], Ys, Zs) :-
    (   memberchk(X, Ys) -> Zs = Zs1 ; Zs = [X|Zs1] ),
    subtract(Xs, Ys, Zs1).

/* ---------------------------------------------------------------------
   Writing the module
   --------------------------------------------------------------------- */

write_module(Out, KifFile, Module, Contract, Rules, analysis(Kinds, Edges), statics(Facts, _, Roles, Init)) :-
    format(Out, "/* Written by tabula from the GDL file ~w: do not edit,\n   edit the .kif (it is translated again whenever it changes). */\n\n", [KifFile]),
    contract_exports(Exports),
    portray_clause(Out, (:- module(Module, Exports))),
    forall(member(Lib, [lists, between, iso_ext, dcgs]),
           portray_clause(Out, (:- use_module(library(Lib))))),
    game_info_fact(KifFile, Roles, Info),
    portray_clause(Out, game_info(Info)),
    portray_clause(Out, gdl_roles(Roles)),
    portray_clause(Out, gdl_init(Init)),
    board_fact(Facts, Init, Rules, Board),
    portray_clause(Out, gdl_board(Board)),
    nl(Out),
    write_contract(Out, Contract),
    nl(Out),
    format(Out, "/* The relations that depend on no state: computed once. */~n~n", []),
    forall(( member(N-Ts, Facts), N \== init ),
           write_facts(Out, N, Ts)),
    format(Out, "~n/* The rules, with the state S and the joint move D passed in. */~n~n", []),
    retractall(static_size(_, _)),
    retractall(index_wanted(_, _, _)),
    retractall(writing_module(_)),
    assertz(writing_module(Module)),
    forall(member(N-Ts, Facts), ( length(Ts, C), assertz(static_size(N, C)) )),
    forall(( member(N-K, Kinds), K \== static ),
           (   cycle(N, Kinds, Edges, Cycle), Cycle \== [] ->
               (   left_recursive(Cycle, Rules) ->
                   write_recursive(Out, N, K, Kinds, Cycle, Rules)
               ;   write_guarded(Out, N, K, Kinds, Cycle, Rules)
               )
           ;   write_rules(Out, N, K, Kinds, Rules)
           )),
    write_indexes(Out, Facts),
    write_stubs(Out, Kinds, Facts, Rules).

contract_exports([game_info/1, initial_state/2, players/2, to_move/2, legal_move/2,
                  legal_moves/2, apply_move/4, outcome/2, move_text//2,
                  explain_illegal/3, view/2, move_regions/3, move_area/3,
                  check_options/1, max_plies/2, gdl_scores/2, gdl_roles/1,
                  gdl_legal/3, gdl_next/3, gdl_goal/3, gdl_terminal/1]).

write_facts(Out, N, Ts) :-
    pred_name(N, P),
    forall(member(As, Ts), ( H =.. [P|As], portray_clause(Out, H) )).

write_rules(Out, N, Kind, Kinds, Rules) :-
    forall(( member(rule(_, r(N, As), Body0, _), Rules) ),
           ( context(Kind, S, D, Ctx),
             append(Ctx, As, HeadArgs),
             pred_name(N, P),
             H =.. [P|HeadArgs],
             order_body(Body0, [], Body),
             body_goal(Body, Kinds, S, D, [], Goal),
             (   Goal == true -> portray_clause(Out, H) ; portray_clause(Out, (H :- Goal)) )
           )).

/* Relations that depend on the state and on themselves (a path through the
   board, say) are computed bottom-up for the state at hand, as the least
   fixpoint of their cycle's rules: derived top-down, a rule such as
   (<= (path ?a ?b) (adjacent ?a ?c) (path ?c ?b)) would loop on a board
   whose adjacency has cycles. */

% cycle(+N, +Kinds, +Edges, -Cycle): the relations that depend on the state
% and on N while N depends on them (N among them when N is recursive), sorted;
% [] when N is not recursive.
cycle(N, Kinds, Edges, Cycle) :-
    findall(M, ( member(M-K, Kinds), K \== static,
                 reaches(Edges, N, M), reaches(Edges, M, N) ), Cycle0),
    sort(Cycle0, Cycle).

% g_N(S, [D,] Args...) is a member of its cycle's fixpoint, computed by
% 'gdl_fix@First' (written once, with the cycle's first relation).
write_recursive(Out, N, Kind, Kinds, Cycle, Rules) :-
    Cycle = [First|_],
    atom_concat('gdl_fix@', First, Fix),
    atom_concat('gdl_step@', First, Step),
    relation_head(N, Kind, Rules, S, D, Ctx, As, _, _, H),
    append(Ctx, [Set], FixArgs),
    FixCall =.. [Fix|FixArgs],
    % A tuple of the fixpoint is the relation's term, N(Args...): not a list of
    % arguments, which Scryer 0.10's sort/2 cannot always order (see sort_tuples/2).
    Tuple =.. [N|As],
    portray_clause(Out, (H :- FixCall, member(Tuple, Set))),
    (   N == First ->
        append(Ctx, [[], Set], LoopStart),
        Start =.. [Fix|LoopStart],
        % The fixpoint of the last state (and joint move) asked is kept, in a
        % global variable of the module's own: the rules ask a relation many
        % times about one state.
        prolog_load_module(Module),
        atomic_list_concat_([Module, ':', Fix], Key),
        Memo =.. [memo|FixArgs],
        length(Ctx, NCtx), length(Kept, NCtx),
        append(Kept, [Set0], MemoArgs0), Memo0 =.. [memo|MemoArgs0],
        same_context(Ctx, Kept, Same),
        portray_clause(Out, (FixCall :- (   bb_get(Key, Memo0), Same -> Set = Set0
                                        ;   Start, bb_put(Key, Memo)
                                        ))),
        append(Ctx, [Cur, Set], LoopArgs),
        Loop =.. [Fix|LoopArgs],
        append(Ctx, [Cur, T], StepArgs),
        StepCall =.. [Step|StepArgs],
        append(Ctx, [New, Set], NextArgs),
        Again =.. [Fix|NextArgs],
        portray_clause(Out, (Loop :- findall(T, StepCall, New0), sort(New0, New),
                                     ( New == Cur -> Set = New ; Again ))),
        forall(( member(M, Cycle), member(rule(_, r(M, MAs), Body0, _), Rules) ),
               ( context(Kind, S1, D1, Ctx1),
                 MTuple =.. [M|MAs],
                 append(Ctx1, [Cur1, MTuple], StepHead),
                 SH =.. [Step|StepHead],
                 order_body(Body0, [], Body1),
                 maplist(from_cycle(Cycle, Cur1), Body1, Body),
                 body_goal(Body, Kinds, S1, D1, [], G),
                 portray_clause(Out, (SH :- G)) ))
    ;   true
    ),
    D = D.

% same_context(+Ctx, +MemoArgs, -Test): the state (and joint move) of Ctx are
% those kept with the fixpoint.
same_context([S], [S0], S0 == S).
same_context([S, D], [S0, D0], (S0 == S, D0 == D)).

atomic_list_concat_(Parts, Atom) :-
    maplist(atom_chars, Parts, Css),
    append(Css, Cs),
    atom_chars(Atom, Cs).

:- dynamic(writing_module/1).

prolog_load_module(M) :- writing_module(M), !.

/* A recursive relation none of whose rules starts with a call back into its
   cycle (an Othello line, a path step by step) is derived top-down, as any
   other, which asks only what is needed; a call that repeats one of its
   ancestors (a path back to where it started) fails, as it can add nothing
   the ancestor does not find, so a cycle in the board cannot make it loop. */

left_recursive(Cycle, Rules) :-
    member(M, Cycle),
    member(rule(_, r(M, _), Body0, _), Rules),
    order_body(Body0, [], Body),
    once(( member(L, Body), \+ filter(L) )),
    L = r(First, _),
    memberchk(First, Cycle),
    !.

% g_N(S, [D,] Args...) calls 'g_N@'(S, [D,] Args..., []), whose last argument
% is the list of the calls of the cycle it was called from.
write_guarded(Out, N, Kind, Kinds, Cycle, Rules) :-
    relation_head(N, Kind, Rules, S, D, _, _, HeadArgs, P, H),
    atom_concat(P, '@', PA),
    append(HeadArgs, [[]], EntryArgs),
    Entry =.. [PA|EntryArgs],
    portray_clause(Out, (H :- Entry)),
    forall(member(rule(_, r(N, RAs), Body0, _), Rules),
           ( context(Kind, S1, D1, Ctx1),
             append(Ctx1, RAs, RArgs),
             append(RArgs, [Anc], GArgs),
             GH =.. [PA|GArgs],
             Here =.. [N|RAs],
             order_body(Body0, [], Body1),
             maplist(guarded(Cycle, [Here|Anc]), Body1, Body),
             body_goal(Body, Kinds, S1, D1, [], G),
             (   G == true -> portray_clause(Out, GH) ; portray_clause(Out, (GH :- G)) ) )),
    D = D, S = S.

% relation_head(+N, +Kind, +Rules, ?S, ?D, -Ctx, -As, -HeadArgs, -P, -H): the
% head g_N(S, [D,] As...) of relation N, with fresh arguments As.
relation_head(N, Kind, Rules, S, D, Ctx, As, HeadArgs, P, H) :-
    relation_arity(N, Rules, A),
    length(As, A),
    context(Kind, S, D, Ctx),
    append(Ctx, As, HeadArgs),
    pred_name(N, P),
    H =.. [P|HeadArgs].

% A literal of a relation of the cycle is called with its ancestors.
guarded(Cycle, Anc, r(M, As), anc(M, As, Anc)) :- memberchk(M, Cycle), !.
guarded(Cycle, Anc, or(Ls), or(Ls1)) :- !, maplist(guarded(Cycle, Anc), Ls, Ls1).
guarded(Cycle, Anc, and(Ls), and(Ls1)) :- !, maplist(guarded(Cycle, Anc), Ls, Ls1).
guarded(_, _, L, L).

% A literal of a relation of the cycle reads the fixpoint so far.
from_cycle(Cycle, Cur, r(M, As), cur(T, Cur)) :- memberchk(M, Cycle), !, T =.. [M|As].
from_cycle(Cycle, Cur, or(Ls), or(Ls1)) :- !, maplist(from_cycle(Cycle, Cur), Ls, Ls1).
from_cycle(Cycle, Cur, and(Ls), and(Ls1)) :- !, maplist(from_cycle(Cycle, Cur), Ls, Ls1).
from_cycle(_, _, L, L).

context(static, _, _, []).
context(state, S, _, [S]).
context(move, S, D, [S, D]).

pred_name(N, P) :- atom_concat(g_, N, P).

body_goal([], _, _, _, _, true).
body_goal([L|Ls], Kinds, S, D, Bound0, Goal) :-
    lit_goal(L, Kinds, S, D, Bound0, G),
    lit_binds(L, Bs),
    append(Bound0, Bs, Bound1),
    body_goal(Ls, Kinds, S, D, Bound1, Gs),
    (   Gs == true -> Goal = G ; Goal = (G, Gs) ).

lit_goal(true(F), _, S, _, Bound, G) :-
    (   lit_vars_bound(F, Bound) -> G = memberchk(F, S) ; G = member(F, S) ).
lit_goal(does(R, M), _, _, D, Bound, G) :-
    (   lit_vars_bound(R-M, Bound) -> G = memberchk(R-M, D) ; G = member(R-M, D) ).
lit_goal(distinct(A, B), _, _, _, _, A \== B).
lit_goal(anc(M, As, Anc), Kinds, S, D, _, (\+ gdl_text:variant_in(T, Anc), G)) :-
    T =.. [M|As],
    (   memberchk(M-K, Kinds) -> true ; K = static ),
    context(K, S, D, Ctx),
    append(Ctx, As, Args0),
    append(Args0, [Anc], Args),
    pred_name(M, P0),
    atom_concat(P0, '@', P),
    G =.. [P|Args].
lit_goal(cur(T, Cur), _, _, _, Bound, G) :-
    (   lit_vars_bound(T, Bound) -> G = memberchk(T, Cur) ; G = member(T, Cur) ).
lit_goal(not(L), Kinds, S, D, Bound, \+ G) :- lit_goal(L, Kinds, S, D, Bound, G).
lit_goal(r(N, As), Kinds, S, D, Bound, G) :-
    (   memberchk(N-K, Kinds) -> true ; K = static ),
    (   K == static, indexed_call(N, As, Bound, G0) -> G = G0
    ;   context(K, S, D, Ctx),
        append(Ctx, As, Args),
        pred_name(N, P),
        G =.. [P|Args]
    ).
lit_goal(and(Ls), Kinds, S, D, Bound, G) :-
    body_goal(Ls, Kinds, S, D, Bound, G).
lit_goal(or(Ls), Kinds, S, D, Bound, G) :-
    disjunction(Ls, Kinds, S, D, Bound, G).

disjunction([L], Kinds, S, D, Bound, G) :- !,
    lit_goal(L, Kinds, S, D, Bound, G).
disjunction([L|Ls], Kinds, S, D, Bound, (G ; Gs)) :-
    lit_goal(L, Kinds, S, D, Bound, G),
    disjunction(Ls, Kinds, S, D, Bound, Gs).
disjunction([], _, _, _, _, fail).

/* Static relations looked up by other arguments than the first.

   Scryer indexes a predicate's clauses on their first argument only, so a
   call to a large static relation whose first argument is free (or that
   binds several) would scan its facts. Such a call, with the positions Ps
   bound when it runs, calls instead an index of the relation for Ps: the
   same facts as a tree of predicates, one level a bound argument, each
   indexed on its first argument. */

:- dynamic(static_size/2).
:- dynamic(index_wanted/3).

% Relations with fewer facts are scanned: an index would cost more than it saves.
index_threshold(16).

indexed_call(N, As, Bound, G) :-
    static_size(N, Size),
    index_threshold(T),
    Size > T,
    findall(I, ( nth1(I, As, A), lit_vars_bound(A, Bound) ), Ps),
    Ps = [P1|_],
    (   P1 > 1 ; Ps = [_, _|_] ), !,
    (   index_wanted(N, Ps, Name) -> true
    ;   phrase(format_("g_~w@~w", [N, Ps]), Cs), atom_chars(Name, Cs),
        assertz(index_wanted(N, Ps, Name))
    ),
    % (not findall: the arguments' variables must stay the call's own)
    split_args(As, 1, Ps, Keys0, Free),
    maplist(keyed_arg(Keys0), Ps, Keys),
    append(Keys, Free, Args),
    G =.. [Name|Args].

% split_args(+Args, +I, +Ps, -Keyed, -Free): Keyed the pairs Position-Arg of
% the positions in Ps, Free the other arguments in order.
split_args([], _, _, [], []).
split_args([A|As], I, Ps, Keyed, Free) :-
    (   memberchk(I, Ps) -> Keyed = [I-A|Keyed1], Free = Free1
    ;   Keyed = Keyed1, Free = [A|Free1]
    ),
    I1 is I + 1,
    split_args(As, I1, Ps, Keyed1, Free1).

keyed_arg(Keyed, P, A) :- memberchk(P-A, Keyed).

write_indexes(Out, Facts) :-
    forall(index_wanted(N, Ps, Name),
           ( memberchk(N-Ts, Facts),
             findall(Ks-Fs, ( member(T, Ts), split_tuple(T, Ps, Ks, Fs) ), Rows0),
             sort(Rows0, Rows),
             write_trie(Out, Name, Rows) )).

split_tuple(T, Ps, Ks, Fs) :-
    findall(A, ( member(I, Ps), nth1(I, T, A) ), Ks),
    length(T, Arity),
    findall(A, ( between(1, Arity, I), \+ memberchk(I, Ps), nth1(I, T, A) ), Fs).

% write_trie(+Out, +Name, +Rows): Rows, sorted Keys-Free pairs with the same
% number of keys, as the predicate Name(Keys..., Free...).
write_trie(Out, Name, Rows) :-
    Rows = [[_]-_|_], !,
    forall(member([K]-Fs, Rows), ( H =.. [Name, K|Fs], portray_clause(Out, H) )).
write_trie(Out, Name, Rows) :-
    group_first(Rows, Groups),
    % All of Name's clauses first, then each level below (a predicate's clauses
    % must be together).
    forall(nth1(I, Groups, K-Sub),
           ( sub_name(Name, I, SubName),
             Sub = [Ks-Fs|_], length(Ks, NK), length(Fs, NF), Arity is NK + NF,
             length(Vars, Arity),
             H =.. [Name, K|Vars], B =.. [SubName|Vars],
             portray_clause(Out, (H :- B)) )),
    forall(nth1(I, Groups, _-Sub),
           ( sub_name(Name, I, SubName), write_trie(Out, SubName, Sub) )).

sub_name(Name, I, SubName) :-
    atom_concat(Name, '#', N0), number_chars(I, ICs), atom_chars(IA, ICs),
    atom_concat(N0, IA, SubName).

% group_first(+Rows, -Groups): rows sorted by keys, grouped by their first key,
% each group K-Rows with K taken off.
group_first([], []).
group_first([[K|Ks]-Fs|Rows], [K-[Ks-Fs|Same]|Groups]) :-
    same_first(Rows, K, Same, Rest),
    group_first(Rest, Groups).

same_first([[K1|Ks]-Fs|Rows], K, [Ks-Fs|Same], Rest) :- K1 == K, !, same_first(Rows, K, Same, Rest).
same_first(Rows, _, [], Rows).

% A clause that fails for each relation used but never defined, so that a
% call to it fails as GDL says instead of raising an existence error.
write_stubs(Out, Kinds, Facts, Rules) :-
    forall(( member(N-K, Kinds),
             \+ ( K == static, member(N-[_|_], Facts) ),
             \+ ( K \== static, memberchk(rule(_, r(N, _), _, _), Rules) ),
             relation_arity(N, Rules, A) ),
           ( context(K, _, _, Ctx), length(Ctx, C), Ar is A + C,
             pred_name(N, P), functor(H, P, Ar),
             portray_clause(Out, (H :- fail)) )).

relation_arity(N, Rules, A) :-
    (   member(rule(_, Head, Body, _), Rules),
        ( Head = r(N, As) ; body_relation_args(Body, N, As) ) ->
        length(As, A)
    ;   fixed_arity(N, A)
    ).

/* game_info/1: what tabula says of the game. */

game_info_fact(KifFile, Roles, Info) :-
    file_title(KifFile, Title),
    length(Roles, NR),
    maplist(role_side, Roles, Sides),
    plural(NR, Pl),
    phrase(roles_text(Roles), RolesText),
    file_base(KifFile, Base),
    phrase(format_("A game written in GDL, the language of General Game Playing (~s): ~d role~s, ~s. Each role's goal, from 0 to 100 at the end, is its score.",
                   [Base, NR, Pl, RolesText]), Summary),
    Info = [title(Title),
            summary(Summary),
            notation("A move is written as the rules write it, in KIF: (mark 1 2), or without the outer parentheses, mark 1 2; a move with no arguments is its name, such as noop."),
            notation_hint("type a move as the rules write it, e.g. (mark 1 2) or mark 1 2"),
            sides(Sides),
            strongest(mcts),
            championship([scoring(points), random_start(false), self_games(false)])].

roles_text([R]) --> !, format_("~w", [R]).
roles_text([R1, R2]) --> !, format_("~w and ~w", [R1, R2]).
roles_text([R|Rs]) --> format_("~w, ", [R]), roles_text(Rs).
roles_text([]) --> [].

role_side(R, Side) :-
    atom_chars(R, [C|Cs]),
    upper(C, U),
    Side = [U|Cs].

upper(C, U) :-
    (   char_code(C, X), X >= 0'a, X =< 0'z -> Y is X - 32, char_code(U, Y) ; U = C ).

% The file's name without its folder.
file_base(File, Base) :-
    atom_chars(File, Cs),
    (   append(_, ['/'|Base], Cs), \+ member('/', Base) -> true ; Base = Cs ).

% The file's name without its folder and extension, words capitalised.
file_title(File, Title) :-
    file_base(File, Base),
    (   append(Stem, ['.'|Ext], Base), \+ member('.', Ext) -> true ; Stem = Base ),
    maplist(space_for_underscore, Stem, Spaced),
    (   Spaced = [C|Rest] -> upper(C, U), Title = [U|Rest] ; Title = "GDL game" ).

space_for_underscore(C, S) :- ( memberchk(C, ['_', '-']) -> S = ' ' ; S = C ).

/* The board: the fluent with two coordinates and a content. */

%% board_fact(+Facts, +Init, +Rules, -Board)
% Board is board(Name, Xs, Ys) when a fluent Name(X, Y, Content) looks like
% the squares of a board (Xs and Ys its coordinates as the base facts and
% the initial state give them, in order), else none.
board_fact(Facts, Init, Rules, Board) :-
    (   memberchk(base-BaseTs, Facts) -> true ; BaseTs = [] ),
    findall(F, ( member([F], BaseTs) ; member(F, Init) ), Fluents),
    findall(N, ( member(F, Fluents), compound(F), functor(F, N, 3) ), Ns0),
    findall(N, ( member(rule(_, r(next, [F]), _, _), Rules), nonvar(F), functor(F, N, 3) ), Ns1),
    append(Ns0, Ns1, Ns),
    pairs_keys_values(Keyed, Ns, Ns), keysort(Keyed, KeyedSorted), pairs_keys(KeyedSorted, Sorted),
    clumped_pairs(Sorted, Counts),
    (   Counts \== [] ->
        pairs_keys_values(Counts, Names, Ks),
        list_max(Ks, Max),
        nth1(I, Ks, Max), nth1(I, Names, Name), !,
        findall(X-Y, ( member(F, Fluents), functor(F, Name, 3), arg(1, F, X), arg(2, F, Y) ), XYs),
        pairs_keys_values(XYs, Xs0, Ys0),
        coordinate_order(Xs0, Xs),
        coordinate_order(Ys0, Ys),
        (   Xs == [] -> Board = board(Name, [], []) ; Board = board(Name, Xs, Ys) )
    ;   Board = none
    ).

clumped_pairs([], []).
clumped_pairs([X|Xs], [X-N|Ps]) :-
    take_same(Xs, X, 1, N, Rest),
    clumped_pairs(Rest, Ps).

take_same([Y|Ys], X, N0, N, Rest) :- Y == X, !, N1 is N0 + 1, take_same(Ys, X, N1, N, Rest).
take_same(Ys, _, N, N, Ys).

%% coordinate_order(+Values, -Ordered)
% The distinct Values in the order a board's edge shows them: by number when
% they are all numbers, else as text.
coordinate_order(Vs0, Vs) :-
    include(atomic, Vs0, Vs1),
    sort(Vs1, Vs2),
    (   maplist(numeric, Vs2, Ns) ->
        pairs_keys_values(Ps, Ns, Vs2), keysort(Ps, Sorted), pairs_values(Sorted, Vs)
    ;   Vs = Vs2
    ).

numeric(A, N) :-
    atom(A), atom_chars(A, Cs), catch(number_chars(N, Cs), _, fail), integer(N).

/* The contract's clauses, the same for every GDL game. */

write_contract(Out, File) :-
    setup_call_cleanup(open(File, read, In),
                       copy_terms(In, Out),
                       close(In)).

copy_terms(In, Out) :-
    read_term(In, T, []),
    (   T == end_of_file -> true
    ;   portray_clause(Out, T),
        copy_terms(In, Out)
    ).
