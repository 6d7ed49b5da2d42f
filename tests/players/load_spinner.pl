/* load_spinner.pl: a hostile king-and-pawn player file for tabula's tests.

While it loads it starts two processes that spin for ever (through a shell),
then plays the first legal move. What a player starts while it loads must
take no CPU from the opponent: it lives only inside a game's own control
group, frozen whenever the player is not being asked something, and dies
with the game.

    tabula tournament kingpawn --player spin=tests/players/load_spinner.pl --player r=random --out champ
*/

:- use_module(library(os)).

:- initialization((
       setenv("SHELL", "/bin/sh"),
       shell("for i in 1 2; do sh -c 'while :; do :; done' > /dev/null 2>&1 & done")
   )).

choose_move(State, _BudgetMs, Move) :-
    kingpawn:legal_moves(State, [Move|_]).
