/* shm_player.pl: a Breakthrough player file for tabula's tests that looks for
what an earlier game left in its sandbox, and writes where it may not.

At its first move in a game it looks for its marks in /tmp and /dev/shm: a
mark there was left by one of its earlier games, which no game may see; it
then answers "left-over", no move at all, and the referee scores the fault
(`unparsable: left-over`). Before that, whatever it finds, it writes 40 MB
to a new file of /dev/shm (so that a sandbox kept from one game to the next
fills the machine's shared memory game after game). Otherwise it leaves
both marks, tries to leave a mark in the sandbox's root (/shm-player-mark,
which must fail: the root is read-only; if it succeeds it answers
"wrote-root"), says on stderr (its log) that it is there, and plays random
legal moves.

    tabula match breakthrough --p1 tests/players/shm_player.pl --p2 random --games 4
*/

:- use_module(library(files)).
:- use_module(library(format)).
:- use_module(library(lists)).
:- use_module(library(between)).

:- dynamic(marked/0).

choose_move(State, _BudgetMs, Move) :-
    (   marked
    ->  random_move(State, Move)
    ;   fill_new(40),
        ( file_exists("/tmp/shm-player-mark") ; file_exists("/dev/shm/shm-player-mark") )
    ->  assertz(marked),
        Move = 'left-over'
    ;   mark('/tmp/shm-player-mark'),
        mark('/dev/shm/shm-player-mark'),
        assertz(marked),
        format(user_error, "SHM-PLAYER-MARKED~n", []),
        (   catch(mark('/shm-player-mark'), _, fail)
        ->  Move = 'wrote-root'
        ;   random_move(State, Move)
        )
    ).

mark(File) :-
    open(File, write, Stream),
    write(Stream, mark),
    close(Stream).

% Writes Megabytes MB to a file of /dev/shm that is not there yet.
fill_new(Megabytes) :-
    between(1, 1000, N),
    number_chars(N, Digits),
    append("/dev/shm/shm-player-fill-", Digits, Chars),
    atom_chars(File, Chars),
    \+ file_exists(Chars),
    !,
    fill(File, Megabytes).

% Writes Megabytes MB of x to File.
fill(File, Megabytes) :-
    length(Chars, 1048576),
    maplist(=(x), Chars),
    atom_chars(Megabyte, Chars),
    open(File, write, Stream),
    write_times(Megabytes, Stream, Megabyte),
    close(Stream).

write_times(0, _, _) :- !.
write_times(N, Stream, Text) :-
    write(Stream, Text),
    N1 is N - 1,
    write_times(N1, Stream, Text).

random_move(State, Move) :-
    breakthrough:legal_moves(State, Moves),
    game:random_element(Moves, Move).
