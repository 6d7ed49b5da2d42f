/** gdl_text.pl -- what every GDL game shares: its moves as text, its board, its words.

The module a GDL file is made into (gdl.pl) keeps the game contract with
the clauses of gdl_contract.pl, which call these by their module, as
gdl_text:term_chars(Move, Cs). None of them calls back into the game: they
are given the data they work on. game.pl loads this file, so the module of
a GDL game needs no load of its own.
*/

:- module(gdl_text, [term_chars/2, chars_term/2, result/2, goal_number/4,
                     illegal_message/3, board_view/4, move_squares/4, move_column/4,
                     simultaneous_error/2, no_move_error/1, variant_in/2]).

:- use_module(library(lists)).
:- use_module(library(dcgs)).
:- use_module(library(format)).
:- use_module(library(pairs)).
:- use_module(library(between)).
:- use_module(kif).

%% term_chars(+Term, -Chars)
% Term as KIF: a constant as written, a compound as (f a b).
%   ?- term_chars(mark('1', '2'), Cs).
%   Cs = "(mark 1 2)".
term_chars(T, Cs) :- phrase(kif_term(T), Cs).

kif_term(T) --> { atomic(T), !, atom_chars(T, Cs) }, constant(Cs).
kif_term(T) --> { T =.. [F|Args] }, "(", kif_term(F), args(Args), ")".

args([]) --> [].
args([A|As]) --> " ", kif_term(A), args(As).

% A constant with a blank or a parenthesis in it is written as a string.
constant(Cs) -->
    (   { member(C, Cs), memberchk(C, [' ', '(', ')', ';', '\t']) } -> "\"", seq(Cs), "\""
    ;   seq(Cs)
    ).

%% chars_term(+Chars, -Term)
% The move a person typed: one KIF term, or its words without the outer
% parentheses (mark 1 2 for (mark 1 2)); fails on anything else, variables
% included.
%   ?- chars_term(" mark 1 2 ", T).
%   T = mark('1','2').
chars_term(Cs, T) :-
    catch(kif_forms(Cs, ok(Forms)), _, fail),
    (   Forms = [form(_, Tree)] -> true
    ;   Forms = [form(L, s(F))|Rest], Rest \== [] -> maplist(form_tree, Rest, Args), Tree = l(L, [s(F)|Args])
    ),
    tree_term(Tree, T).

form_tree(form(_, T), T).

tree_term(s(A), A).
tree_term(l(_, [s(F)]), F).
tree_term(l(_, [s(F)|Args]), T) :-
    Args \== [],
    maplist(tree_term, Args, Ts),
    T =.. [F|Ts].

%% result(+Scores, -Result)
% winner(P) when one role has the best score (a role alone always has), else
% tie(Ps).
result(Scores, R) :-
    list_max(Scores, Max),
    findall(P, nth1(P, Scores, Max), Ps),
    (   Ps = [P] -> R = winner(P) ; R = tie(Ps) ).

%% goal_number(+Values, +Role, +When, -Number)
% The goal value of Role from the sorted list of the values GDL's goal gives;
% When is terminal (the game's end, where GDL asks for exactly one) or
% running (0 when there is none).
goal_number([V], R, _, N) :- !, goal_atom_number(V, R, N).
goal_number([], R, When, N) :- !,
    (   When == running -> N = 0
    ;   phrase(format_("the game is over but goal gives the role ~w no value", [R]), Msg),
        throw(error(rules_error(Msg), outcome/2))
    ).
goal_number(Vs, R, When, N) :-
    (   When == running -> Vs = [V|_], goal_atom_number(V, R, N)
    ;   phrase(format_("goal gives the role ~w more than one value: ~w", [R, Vs]), Msg),
        throw(error(rules_error(Msg), outcome/2))
    ).

goal_atom_number(V, R, N) :-
    (   atom(V), atom_chars(V, Cs), catch(number_chars(N0, Cs), _, fail),
        integer(N0), N0 >= 0, N0 =< 100 -> N = N0
    ;   phrase(format_("the goal value ~w of the role ~w is not a whole number from 0 to 100", [V, R]), Msg),
        throw(error(rules_error(Msg), outcome/2))
    ).

%% illegal_message(+Role, +Moves, -Message)
illegal_message(R, Moves, Message) :-
    length(Moves, N),
    (   N > 6 -> length(Some, 6), append(Some, _, Moves), More = ", ..." ; Some = Moves, More = "" ),
    phrase(moves_text(Some), Listed),
    (   N =:= 1 -> Pl = [] ; Pl = "s" ),
    phrase(format_("not a legal move of ~w now; its ~d legal move~s: ~s~s",
                   [R, N, Pl, Listed, More]), Message).

moves_text([]) --> [].
moves_text([M]) --> !, { term_chars(M, Cs) }, seq(Cs).
moves_text([M|Ms]) --> { term_chars(M, Cs) }, seq(Cs), ", ", moves_text(Ms).

%% variant_in(+Call, +Calls)
% Call is a variant of one of Calls (the same term but for the names of its
% variables): a recursive relation's call that repeats an ancestor.
variant_in(T, Calls) :-
    member(C, Calls),
    subsumes_term(C, T),
    subsumes_term(T, C), !.

%% simultaneous_error(+Roles, +Choosers)
simultaneous_error(Roles, Choosers) :-
    findall(R, ( member(I, Choosers), nth1(I, Roles, R) ), Rs),
    phrase(format_("simultaneous moves: the roles ~w all have a choice in this state, and tabula plays one role's choice a turn", [Rs]), Msg),
    throw(error(rules_error(Msg), to_move/2)).

%% no_move_error(+Role)
no_move_error(R) :-
    phrase(format_("the role ~w has no legal move in a state that is not terminal", [R]), Msg),
    throw(error(rules_error(Msg), legal/2)).

/* The board. */

%% board_view(+Board, +Roles, +Fluents, -View)
% View is the board view of the fluents (prolog/core/game.pl's vocabulary):
% Board is board(Name, Xs, Ys), the fluent Name(X, Y, Content) drawn with X
% across, Y up (the first Y at the bottom), or none; the other fluents are
% captions.
board_view(none, _, F, board(squares(1, 1), Captions)) :-
    captions(F, none, Captions).
board_view(board(Name, Xs0, Ys0), Roles, F, board(squares(NR, NC), Items)) :-
    findall(X-Y-C, ( member(T, F), functor(T, Name, 3), T =.. [_, X, Y, C] ), Cells),
    findall(X, member(X-_-_, Cells), Xs1),
    findall(Y, member(_-Y-_, Cells), Ys1),
    append(Xs0, Xs1, Xs2), append(Ys0, Ys1, Ys2),
    coordinates(Xs0, Xs2, Xs),
    coordinates(Ys0, Ys2, Ys),
    length(Xs, NC), length(Ys, NR0),
    NR is max(NR0, 1),
    findall(piece(R, Col, Owner, Glyph),
            ( member(X-Y-C, Cells), \+ blank(C),
              nth1(Col, Xs, X), nth1(YI, Ys, Y), R is NR - YI + 1,
              owner(C, Roles, Owner, Glyph) ),
            Pieces),
    maplist(text_of, Xs, XTexts),
    reverse(Ys, Down), maplist(text_of, Down, YTexts),
    captions(F, Name, Captions),
    append([Pieces, [labels(bottom, XTexts), labels(left, YTexts)], Captions], Items).

% The coordinates of the board's edge: numbers from the least to the greatest
% met, none left out (a row no piece stands on yet is still a row); other
% constants in the translation's order, then any new ones met.
coordinates(Static, All, Cs) :-
    sort(All, Distinct),
    (   maplist(number_of, Distinct, Ns), Ns = [_|_], maplist(integer, Ns) ->
        list_min(Ns, Lo), list_max(Ns, Hi),
        findall(C, ( between(Lo, Hi, N), number_chars(N, NCs), atom_chars(C, NCs) ), Cs)
    ;   findall(X, ( member(X, Distinct), \+ memberchk(X, Static) ), New),
        append(Static, New, Cs)
    ).

number_of(A, N) :- atom(A), atom_chars(A, Cs), catch(number_chars(N, Cs), _, fail).

% The contents that mean an empty square.
blank(C) :- atom(C), atom_chars(C, Cs), maplist(lower, Cs, L), memberchk(L, ["b", "blank", "empty", "e", "none", "free", "_", "."]).

lower(C, L) :-
    (   char_code(C, X), X >= 0'A, X =< 0'Z -> Y is X + 32, char_code(L, Y) ; L = C ).

% A content that names a role is that role's plain disc; one whose first
% letter is a role's is that role's piece, written as the content; anything
% else is no one's.
owner(C, Roles, Owner, Glyph) :-
    text_of(C, Cs0),
    maplist(lower, Cs0, Cs),
    (   nth1(Owner, Roles, R), atom_chars(R, Rs0), maplist(lower, Rs0, Rs), Rs == Cs -> Glyph = ""
    ;   Cs = [F|_], nth1(Owner, Roles, R), atom_chars(R, [RF0|_]), lower(RF0, RF), RF == F ->
        glyph(Cs0, Glyph)
    ;   Owner = 0, glyph(Cs0, Glyph)
    ).

glyph(Cs, G) :-
    length(Cs, N),
    (   N =< 3 -> G = Cs ; Cs = [A, B|_], G = [A, B] ).

text_of(T, Cs) :- term_chars(T, Cs).

% Each fluent not drawn on the board as its words: (control white) is
% "control white".
captions(F, Name, Captions) :-
    findall(caption(Cs),
            ( member(T, F), \+ ( Name \== none, functor(T, Name, 3) ), fluent_words(T, Cs) ),
            All),
    length(All, N),
    (   N > 8 -> length(Some, 8), append(Some, _, All), K is N - 8,
        phrase(format_("... and ~d other fluents", [K]), More),
        append(Some, [caption(More)], Captions)
    ;   Captions = All
    ).

fluent_words(T, Cs) :-
    (   compound(T) -> T =.. [F|Args], phrase(words([F|Args]), Cs) ; term_chars(T, Cs) ).

words([T]) --> !, { term_chars(T, Cs) }, seq(Cs).
words([T|Ts]) --> { term_chars(T, Cs) }, seq(Cs), " ", words(Ts).

%% move_squares(+Board, +Fluents, +Move, -Regions)
% The squares a move names, as consecutive pairs of its arguments that are
% coordinates of the board: one square is a click, two a drag.
move_squares(board(Name, Xs, Ys), F, Move, Regions) :-
    Xs \== [], Ys \== [],
    compound(Move),
    Move =.. [_|Args],
    (   squares(Args, Xs, Ys, Regions0), Regions0 = [_|_] -> Regions = Regions0
    ;   Args = [X], nth1(C, Xs, X) -> landing(Name, Ys, F, X, R), Regions = [sq(R, C)]
    ).

% A move that names a column alone (a drop) is marked where it lands: the
% lowest square of the column with no piece on it, whether the rules write
% an empty square as a blank content or write nothing for it (its top when
% the column is full).
landing(Name, Ys, F, X, R) :-
    length(Ys, NR),
    (   nth1(YI, Ys, Y), \+ occupied(Name, X, Y, F) -> R is NR - YI + 1
    ;   R = 1
    ).

occupied(Name, X, Y, F) :-
    T =.. [Name, X, Y, C],
    member(T, F),
    \+ blank(C), !.

squares([X, Y|Args], Xs, Ys, [sq(R, C)|Rs]) :-
    nth1(C, Xs, X), nth1(YI, Ys, Y), !,
    length(Ys, NR), R is NR - YI + 1,
    squares(Args, Xs, Ys, Rs).
squares([_|Args], Xs, Ys, Rs) :- !, squares(Args, Xs, Ys, Rs).
squares([], _, _, []).

%% move_column(+Board, +Fluents, +Move, -Squares)
% A move whose one argument is a column (a drop) is made at the square it
% lands on, and by a click anywhere in the column.
move_column(board(Name, Xs, Ys), F, Move, Squares) :-
    compound(Move),
    Move =.. [_, X],
    nth1(C, Xs, X),
    length(Ys, NR),
    landing(Name, Ys, F, X, Own),
    findall(sq(R, C), ( between(1, NR, R), R =\= Own ), Squares).
