/** kif.pl -- reading KIF, the syntax of GDL rules files, into trees.

A GDL file (`.kif`) is a sequence of forms written as in Lisp: symbols,
variables `?x` and lists in parentheses, with `;` starting a comment that
runs to the end of the line. This module reads the characters of such a
file into a list of trees, keeping the line of every list so that later
errors can name it; it knows nothing of GDL's meaning (gdl.pl does).

A tree is
  s(Name)           a symbol, Name an atom as written (case kept)
  v(Name)           a variable, Name the atom after the `?`
  l(Line, Trees)    a list, Line its opening parenthesis' line
*/

:- module(kif, [kif_forms/2, kif_tree_text/2]).

:- use_module(library(lists)).
:- use_module(library(dcgs)).

%% kif_forms(+Chars, -Result)
% Result is ok(Forms), Forms the top-level trees of Chars each as
% form(Line, Tree), or error(Line, Col, Message) for the first place where
% Chars is not KIF (Message a list of characters).
%   ?- kif_forms("(role x) ; a comment\n(init (cell 1))", R).
%   R = ok([form(1,l(1,[s(role),s(x)])),form(2,l(2,[s(init),l(2,[s(cell),s('1')])]))]).
kif_forms(Chars, Result) :-
    tokens(Chars, 1, 1, Tokens),
    (   memberchk(t(L, K, bad(Msg)), Tokens) -> Result = error(L, K, Msg)
    ;   forms(Tokens, Forms, Result0),
        (   Result0 == ok -> Result = ok(Forms) ; Result = Result0 )
    ).

/* Tokens: t(Line, Col, Token), Token one of open, close, sym(Name),
   var(Name), bad(Message). */

tokens([], _, _, []).
tokens([C|Cs], L, K, Ts) :-
    (   C == '\n' ->
        L1 is L + 1, tokens(Cs, L1, 1, Ts)
    ;   blank(C) ->
        K1 is K + 1, tokens(Cs, L, K1, Ts)
    ;   C == (;) ->
        comment(Cs, Rest), tokens(Rest, L, K, Ts)
    ;   C == '(' ->
        Ts = [t(L, K, open)|Ts1], K1 is K + 1, tokens(Cs, L, K1, Ts1)
    ;   C == ')' ->
        Ts = [t(L, K, close)|Ts1], K1 is K + 1, tokens(Cs, L, K1, Ts1)
    ;   C == '"' ->
        (   string_chars(Cs, Str, Rest, 1, N) ->
            atom_chars(A, Str), Ts = [t(L, K, sym(A))|Ts1],
            K1 is K + N + 1, tokens(Rest, L, K1, Ts1)
        ;   Ts = [t(L, K, bad("this string has no closing \" on its line"))]
        )
    ;   symbol_chars([C|Cs], Sym, Rest, 0, N),
        K1 is K + N,
        (   Sym = ['?'|Name] ->
            (   Name == [] ->
                Ts = [t(L, K, bad("a ? without a variable name after it"))]
            ;   atom_chars(V, Name), Ts = [t(L, K, var(V))|Ts1], tokens(Rest, L, K1, Ts1)
            )
        ;   atom_chars(A, Sym), Ts = [t(L, K, sym(A))|Ts1], tokens(Rest, L, K1, Ts1)
        )
    ).

blank(' ').
blank('\t').
blank('\r').
blank('\f').
blank('\v').

comment([], []).
comment([C|Cs], Rest) :-
    (   C == '\n' -> Rest = [C|Cs] ; comment(Cs, Rest) ).

% string_chars(+Cs, -Str, -Rest, +N0, -N): a string's characters up to its
% closing quote, on one line.
string_chars([C|Cs], Str, Rest, N0, N) :-
    N1 is N0 + 1,
    (   C == '"' -> Str = [], Rest = Cs, N = N1
    ;   C == '\n' -> fail
    ;   Str = [C|Str1], string_chars(Cs, Str1, Rest, N1, N)
    ).

symbol_chars([], [], [], N, N).
symbol_chars([C|Cs], Sym, Rest, N0, N) :-
    (   ( C == '\n' ; blank(C) ; C == '(' ; C == ')' ; C == (;) ; C == '"' ) ->
        Sym = [], Rest = [C|Cs], N = N0
    ;   Sym = [C|Sym1], N1 is N0 + 1, symbol_chars(Cs, Sym1, Rest, N1, N)
    ).

/* Trees from tokens. */

forms([], [], ok).
forms([T|Ts], Forms, Result) :-
    (   T = t(L, K, close) ->
        Forms = [], Result = error(L, K, "this ) closes no (")
    ;   tree(T, Ts, Tree, Rest, Result0),
        (   Result0 == ok ->
            T = t(L, _, _), Forms = [form(L, Tree)|Forms1],
            forms(Rest, Forms1, Result)
        ;   Forms = [], Result = Result0
        )
    ).

tree(t(L, K, open), Ts, l(L, Items), Rest, Result) :-
    items(Ts, L, K, Items, Rest, Result).
tree(t(_, _, sym(A)), Ts, s(A), Ts, ok).
tree(t(_, _, var(V)), Ts, v(V), Ts, ok).

items([], L, K, [], [], error(L, K, Msg)) :-
    Msg = "this ( is never closed".
items([T|Ts], L, K, Items, Rest, Result) :-
    (   T = t(_, _, close) -> Items = [], Rest = Ts, Result = ok
    ;   tree(T, Ts, Item, Ts1, Result0),
        (   Result0 == ok ->
            Items = [Item|Items1], items(Ts1, L, K, Items1, Rest, Result)
        ;   Items = [], Rest = [], Result = Result0
        )
    ).

%% kif_tree_text(+Tree, -Chars)
% Chars writes Tree back as KIF, one line.
%   ?- kif_tree_text(l(1, [s(cell), s('1'), v(x)]), Cs).
%   Cs = "(cell 1 ?x)".
kif_tree_text(Tree, Chars) :- phrase(tree_text(Tree), Chars).

tree_text(s(A)) --> { atom_chars(A, Cs) }, seq(Cs).
tree_text(v(V)) --> "?", { atom_chars(V, Cs) }, seq(Cs).
tree_text(l(_, Items)) --> "(", items_text(Items), ")".

items_text([]) --> [].
items_text([I]) --> !, tree_text(I).
items_text([I|Is]) --> tree_text(I), " ", items_text(Is).
