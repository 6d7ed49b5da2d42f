/** A broken fast path, for breakthrough_tests.pl: it plays Breakthrough by
breakthrough_fast.pl, but its counted_moves/3 leaves out the last move of
every position with more than 20 (so a random playout would never draw
it). The check of the fast paths (accelerators.pl) must find it out.
*/

:- module(fixture_miscounting_fast, [legal_moves/2,
                                     apply_move/4,
                                     counted_moves/3,
                                     nth_successor/5]).

legal_moves(State, Moves) :-
    breakthrough_fast:legal_moves(State, Moves).

apply_move(State, Move, Next, Events) :-
    breakthrough_fast:apply_move(State, Move, Next, Events).

counted_moves(State, Count, Moves) :-
    breakthrough_fast:counted_moves(State, Count0, Moves),
    (   Count0 > 20 -> Count is Count0 - 1 ; Count = Count0 ).

nth_successor(Moves, K, Move, Next, Events) :-
    breakthrough_fast:nth_successor(Moves, K, Move, Next, Events).
