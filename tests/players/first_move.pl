/* first_move.pl: a Prolog player file for tabula's tests, for any game.

A player file defines choose_move(+State, +BudgetMs, -Move) in `user`: this
one plays the first of the legal moves the rules list, so its games can be
replayed exactly. The rules module is found from the state's functor
(breakthrough(...), dots(...)), as a player for one game would simply write
breakthrough:legal_moves(State, Moves). */

choose_move(State, _BudgetMs, Move) :-
    functor(State, Game, _),
    rules_moves(Game, State, [Move|_]).

rules_moves(breakthrough, State, Moves) :- breakthrough:legal_moves(State, Moves).
rules_moves(dots, State, Moves) :- dots:legal_moves(State, Moves).
