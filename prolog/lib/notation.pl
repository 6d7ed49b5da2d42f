/*  notation.pl -- text helpers for a game's notation, written once.

    A game reads and writes its moves as text (move_text//2 in game.pl's
    contract); these are the small pieces every notation needs. The contract
    (prolog/core/game.pl) loads this file, so a rules file calls them with their
    module, as notation:blanks or notation:digit(D), and needs no load of its own:
    an edited copy of the rules kept anywhere still finds them.
*/

:- module(notation, [blanks//0, blank//0, blank_char/1, digit//1, digit_value/2,
                     quoted//1]).

:- use_module(library(dcgs)).
:- use_module(library(charsio)).

%% blanks//0
% Any number of blanks (spaces, tabs, line ends), none included.
% Example: phrase((notation:blanks, "e2"), "  e2").
blanks --> blank, !, blanks.
blanks --> [].

%% blank//0
% One blank character.
blank --> [C], { atom(C), blank_char(C) }.

%% blank_char(?C)
% C is a blank: a space, a tab, a line feed or a carriage return.
blank_char(' ').
blank_char('\t').
blank_char('\n').
blank_char('\r').

%% digit(-D)//
% One decimal digit, D its value. Example: phrase(notation:digit(D), "7") gives D = 7.
digit(D) --> [C], { atom(C), digit_value(C, D) }.

%% digit_value(?Char, ?Value)
% Char is the decimal digit whose value is Value.
digit_value('0', 0). digit_value('1', 1). digit_value('2', 2).
digit_value('3', 3). digit_value('4', 4). digit_value('5', 5).
digit_value('6', 6). digit_value('7', 7). digit_value('8', 8).
digit_value('9', 9).

%% quoted(+Term)//
% Term written as Prolog text that reads back as Term (quoted where needed), for
% a message that names what was given. Example: phrase(notation:quoted('e 2'), Cs)
% gives Cs = "'e 2'".
quoted(Term) -->
    { write_term_to_chars(Term, [quoted(true)], Cs) },
    seq(Cs).
