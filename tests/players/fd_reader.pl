/* fd_reader.pl: a Breakthrough player file for tabula's tests that looks for
descriptors it should not have.

At its first move it tries to read a Prolog term from descriptor 7
(/proc/self/fd/7) and from the file secret.txt in the folder descriptor 9
is open on (/proc/self/fd/9/secret.txt): descriptors a referee started
from a shell with `7<secret 9<DIR` would hand on, were they not closed.
What it reads it answers as its move, so that it reaches the record.
Otherwise, and at every later move, it plays a random legal move.

    tabula match breakthrough --p1 tests/players/fd_reader.pl --p2 random
*/

:- use_module(library(lists)).

:- dynamic(tried/0).

choose_move(State, _BudgetMs, Move) :-
    (   tried
    ->  random_move(State, Move)
    ;   assertz(tried),
        (   member(File, ['/proc/self/fd/7', '/proc/self/fd/9/secret.txt']),
            catch(read_secret(File, Secret), _, fail)
        ->  Move = Secret
        ;   random_move(State, Move)
        )
    ).

read_secret(File, Secret) :-
    open(File, read, Stream),
    read_term(Stream, Secret, []),
    close(Stream).

random_move(State, Move) :-
    breakthrough:legal_moves(State, Moves),
    game:random_element(Moves, Move).
