/** map_common.pl -- what the mappings between native games and their GDL
versions share (tests/gdl/*_map.pl load it). */

:- module(map_common, [n/2, won_lost_scores/2]).

:- use_module(library(lists)).

%% n(?Atom, ?Integer): a GDL number (an atom such as '3') and its value.
n(A, N) :-
    (   var(A) -> number_chars(N, Cs), atom_chars(A, Cs)
    ;   atom_chars(A, Cs), number_chars(N, Cs)
    ).

%% won_lost_scores(+NativeScores, +GdlScores)
% A native game scored [1,0], [0,1] or [0,0] (a draw) and a GDL game scored
% 100 for a win, 0 for a loss and 50 each for a draw.
won_lost_scores([0, 0], [50, 50]) :- !.
won_lost_scores(Ns, Gs) :- maplist(hundred, Ns, Gs).

hundred(N, G) :- G =:= N * 100.
