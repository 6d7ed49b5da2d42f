/** playout.pl -- a game of simultaneous moves played on a translated GDL module's
own relations (gdl_roles/1, gdl_legal/3, gdl_next/3, gdl_terminal/1, gdl_goal/3):
every role draws a random legal move each turn, and all are applied together.
tests/it/gdl.rs plays examples/gdl/rock_paper_scissors.kif with it. */

:- module(gdl_playout, [joint_playout/5]).

:- use_module(library(lists)).
:- use_module(library(random)).

roles_in(Rs, G) :- G:gdl_roles(Rs).
initial_in(S, G) :- G:initial_state([], S).
legal_in(S, R, M, G) :- G:gdl_legal(S, R, M).
next_in(S, J, S2, G) :- G:gdl_next(S, J, S2).
terminal_in(S, G) :- G:gdl_terminal(S).
goal_in(S, R, V, G) :- G:gdl_goal(S, R, V).

%% joint_playout(+Module, +Seed, -Turns, -Choices, -Goals)
% One random game: Turns the turns played, Choices the number of roles that
% had more than one legal move at each turn, Goals the roles' goal values
% (each a list of the values goal gives it) at the end.
joint_playout(G, Seed, Turns, Choices, Goals) :-
    set_random(seed(Seed)),
    roles_in(Roles, G),
    initial_in(S0, G),
    turns(S0, Roles, G, 0, Turns, Choices, S),
    findall(Vs, ( member(R, Roles), findall(V, goal_in(S, R, V, G), Vs0), sort(Vs0, Vs) ), Goals).

turns(S, Roles, G, T0, T, Choices, End) :-
    (   terminal_in(S, G) -> T = T0, Choices = [], End = S
    ;   T0 > 1000 -> throw(too_long)
    ;   joint(Roles, S, G, Joint, 0, C),
        next_in(S, Joint, S2, G),
        T1 is T0 + 1,
        Choices = [C|Cs],
        turns(S2, Roles, G, T1, T, Cs, End)
    ).

joint([], _, _, [], C, C).
joint([R|Rs], S, G, [R-M|J], C0, C) :-
    findall(M0, legal_in(S, R, M0, G), Ms0),
    sort(Ms0, Ms),
    length(Ms, N),
    N > 0,
    random_integer(0, N, K),
    nth0(K, Ms, M),
    (   N > 1 -> C1 is C0 + 1 ; C1 = C0 ),
    joint(Rs, S, G, J, C1, C).
