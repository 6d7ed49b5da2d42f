/** Random playouts: the benchmark of a game's rules.

A playout is a whole game of uniformly random moves, played by one query
through game.pl's dispatchers, so on a game's fast path when it has one
that agrees with its rules (accelerators.pl). `tabula bench` times
random_playouts/5; the tests use both predicates to play seeded games.
*/

:- module(playouts, [random_playout/4,
                     random_playouts/5]).

:- use_module(library(lists)).
:- use_module(library(between)).
:- use_module(library(random)).

:- initialization((catch(game:default_game(_), _, fail) -> true ; use_module(game))).

%% random_playout(+Game, +Options, +Seed, -Plies)
% Plays a whole game of uniformly random moves from the start position for
% Options, with the random generator seeded by Seed, and gives the number
% of moves played. One query plays the whole game: this is the benchmark of
% a game's rules.
random_playout(Game, Options, Seed, Plies) :-
    set_random(seed(Seed)),
    game:game_initial_state(Game, Options, State),
    playout(Game, State, 0, Plies).

%% playout(+Game, +State, +Plies0, -Plies)
% The game ends when there is no legal move (the contract makes that the same
% as being over). A move is one call, game:random_successor/5: on a fast path
% that counts its moves, only the move drawn is built.
playout(Game, State, Plies0, Plies) :-
    (   game:random_successor(Game, State, _, State1, _) ->
        Plies1 is Plies0 + 1,
        playout(Game, State1, Plies1, Plies)
    ;   Plies = Plies0
    ).

%% random_playouts(+Game, +Options, +Seed, +N, -TotalPlies)
% Plays N random games (the generator seeded once with Seed) and gives the
% total number of moves. Each game runs inside findall/3, so the memory it
% used is given back before the next one starts (Scryer has no garbage
% collector: only backtracking frees memory).
random_playouts(Game, Options, Seed, N, TotalPlies) :-
    set_random(seed(Seed)),
    game:game_initial_state(Game, Options, State),
    (   game:accelerated(Game, _) ->
        findall(Plies,
                ( between(1, N, _),
                  fast_playout(Game, State, 0, Plies) ),
                PliesList)
    ;   findall(Plies,
                ( between(1, N, _),
                  playout(Game, State, 0, Plies) ),
                PliesList)
    ),
    sum_list(PliesList, TotalPlies).

% fast_playout(+Game, +State, +Plies0, -Plies): playout/4 on a game played
% by its fast path (game:accelerated/2), asking game.pl which way to play
% once for all the games rather than at every move: each move goes straight
% to the fast path's bridge, accelerated_random_successor/5, the move
% random_successor/5 would make (a call and a look-up of accelerated/2
% fewer a move).
fast_playout(Game, State, Plies0, Plies) :-
    (   game:accelerated_random_successor(Game, State, _, State1, _) ->
        Plies1 is Plies0 + 1,
        fast_playout(Game, State1, Plies1, Plies)
    ;   Plies = Plies0
    ).
