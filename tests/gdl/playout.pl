/** playout.pl -- a game of simultaneous moves played on the GDL relations of a
translated module, over the fluents (gdl_contract.pl names them: gdl_roles/1,
gdl_init/1, g_legal/3, g_next/3, g_terminal/1, g_goal/3): every role draws a
random legal move each turn, and all are applied together. tests/it/gdl.rs plays
examples/gdl/rock_paper_scissors.kif with it, until the contract's joint moves
play such games everywhere. */

:- module(gdl_playout, [joint_playout/5]).

:- use_module(library(lists)).
:- use_module(library(random)).

roles_in(Rs, G) :- G:gdl_roles(Rs).
init_in(F, G) :- G:gdl_init(F).
legal_in(F, R, M, G) :- G:g_legal(F, R, M).
next_in(F, J, X, G) :- G:g_next(F, J, X).
terminal_in(F, G) :- G:g_terminal(F).
goal_in(F, R, V, G) :- G:g_goal(F, R, V).

%% joint_playout(+Module, +Seed, -Turns, -Choices, -Goals)
% One random game: Turns the turns played, Choices the number of roles that
% had more than one legal move at each turn, Goals the roles' goal values
% (each a list of the values goal gives it) at the end.
joint_playout(G, Seed, Turns, Choices, Goals) :-
    set_random(seed(Seed)),
    roles_in(Roles, G),
    init_in(F0, G),
    turns(F0, Roles, G, 0, Turns, Choices, F),
    findall(Vs, ( member(R, Roles), findall(V, goal_in(F, R, V, G), Vs0), sort(Vs0, Vs) ), Goals).

turns(F, Roles, G, T0, T, Choices, End) :-
    (   terminal_in(F, G) -> T = T0, Choices = [], End = F
    ;   T0 > 1000 -> throw(too_long)
    ;   joint(Roles, F, G, Joint, 0, C),
        findall(X, next_in(F, Joint, X, G), Xs),
        sort(Xs, F2),
        T1 is T0 + 1,
        Choices = [C|Cs],
        turns(F2, Roles, G, T1, T, Cs, End)
    ).

joint([], _, _, [], C, C).
joint([R|Rs], F, G, [R-M|J], C0, C) :-
    findall(M0, legal_in(F, R, M0, G), Ms0),
    sort(Ms0, Ms),
    length(Ms, N),
    N > 0,
    random_integer(0, N, K),
    nth0(K, Ms, M),
    (   N > 1 -> C1 is C0 + 1 ; C1 = C0 ),
    joint(Rs, F, G, J, C1, C).
