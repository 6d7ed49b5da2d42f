/** compare.pl -- a GDL game played move for move against tabula's native rules.

tests/it/gdl.rs loads, in one engine, prolog/core/game.pl, a native game
module (say connect4), the module translated from the same game written in
GDL (examples/gdl/connect_four.kif, loaded under another name, say
connect_four_gdl), a mapping module between the two (tests/gdl/*_map.pl) and
this file, then asks compare_games/7 for random games.

At every position both sides must agree on
  * the outcome: ongoing on both, or over on both with the same result
    (winner(P) or tie(Ps)) and scores that the mapping says correspond;
  * the moves: the native legal moves, mapped, are exactly the legal moves
    GDL gives the role of the native player to move, and every other role
    has exactly one legal move (GDL's noop: a turn-taking game);
  * the contract of the translated game: its player to move is that role,
    with the same moves, or, when no role has a choice, role 1 with its
    only move (which stands for the turn);
and after a random native move (the same move, mapped, on the GDL side), on
the board: the mapping writes both states as one sorted list.

A mapping module exports
  native_options(Options)        the native game's options
  native_move(NativeMove, GdlMove)  both ways
  native_board(NativeState, Board), gdl_board(Fluents, Board)
  same_scores(NativeScores, GdlScores)

Calls into a module named by a variable go through the bridges below
(Module last), as prolog/core/game.pl explains for Scryer 0.10.
*/

:- module(gdl_compare, [compare_games/7]).

:- use_module(library(lists)).
:- use_module(library(random)).
:- use_module(library(format)).
:- use_module(library(dcgs)).
:- use_module(library(iso_ext)).

options_in(Os, Map) :- Map:native_options(Os).
move_in(N, G, Map) :- Map:native_move(N, G).
native_board_in(S, B, Map) :- Map:native_board(S, B).
gdl_board_in(F, B, Map) :- Map:gdl_board(F, B).
same_scores_in(Ns, Gs, Map) :- Map:same_scores(Ns, Gs).
roles_in(Rs, Gdl) :- Gdl:gdl_roles(Rs).
gdl_legal_in(S, R, M, Gdl) :- Gdl:gdl_legal(S, R, M).

%% compare_games(+Native, +Gdl, +Map, +Games, +Seed, -Positions, -Report)
% Plays Games random games (library(random) seeded with Seed) on both;
% Positions counts the positions compared; Report is ok, or
% disagreement(Game, Moves, What): in game Game, after the native moves
% Moves, the two disagree on What.
compare_games(Native, Gdl, Map, Games, Seed, Positions, Report) :-
    set_random(seed(Seed)),
    catch(( games(1, Games, Native, Gdl, Map, 0, Positions), Report = ok ),
          disagree(Game, Moves, What),
          ( Positions = 0, Report = disagreement(Game, Moves, What) )).

games(G, Games, _, _, _, P, P) :- G > Games, !.
games(G, Games, Native, Gdl, Map, P0, P) :-
    options_in(Options, Map),
    game:game_initial_state(Native, Options, NS),
    game:game_initial_state(Gdl, [], GS),
    same_board(NS, GS, Map, G, []),
    play(NS, GS, Native, Gdl, Map, G, [], P0, P1),
    G1 is G + 1,
    games(G1, Games, Native, Gdl, Map, P1, P).

disagree(G, Moves, What) :-
    reverse(Moves, InOrder),
    throw(disagree(G, InOrder, What)).

same_board(NS, gdl(F, _), Map, G, Moves) :-
    native_board_in(NS, B1, Map),
    gdl_board_in(F, B2, Map),
    (   B1 == B2 -> true
    ;   subtract(B1, B2, OnlyNative), subtract(B2, B1, OnlyGdl),
        disagree(G, Moves, board(only_native(OnlyNative), only_gdl(OnlyGdl)))
    ).

play(NS, GS, Native, Gdl, Map, G, Moves, P0, P) :-
    P1 is P0 + 1,
    game:game_outcome(Native, NS, NO),
    game:game_outcome(Gdl, GS, GO),
    (   NO == ongoing ->
        (   GO == ongoing -> true ; disagree(G, Moves, outcome(NO, GO)) ),
        turn(NS, GS, Native, Gdl, Map, G, Moves, Mover, GdlMoves, NM, GM),
        game:game_apply_move(Native, NS, NM, NS2, _),
        contract_move(GS, Gdl, Mover, GdlMoves, GM, G, Moves, CM),
        (   game:game_apply_move(Gdl, GS, CM, GS2, _) -> true
        ;   disagree(G, Moves, gdl_refuses(CM))
        ),
        Moves1 = [NM|Moves],
        same_board(NS2, GS2, Map, G, Moves1),
        play(NS2, GS2, Native, Gdl, Map, G, Moves1, P1, P)
    ;   NO = over(NScores, NResult),
        (   GO = over(GScores, GResult), GResult == NResult,
            same_scores_in(NScores, GScores, Map) -> P = P1
        ;   disagree(G, Moves, outcome(NO, GO))
        )
    ).

% The native player to move and its moves, against the GDL roles' moves;
% NM a random native move and GM the same move in GDL.
turn(NS, GS, Native, Gdl, Map, G, Moves, P, GdlMoves, NM, GM) :-
    game:game_to_move(Native, NS, P),
    game:game_legal_moves(Native, NS, NMs),
    findall(M, ( member(N, NMs), move_in(N, M, Map) ), Ms0),
    sort(Ms0, Mapped),
    roles_in(Roles, Gdl),
    nth1(P, Roles, R),
    findall(M, gdl_legal_in(GS, R, M, Gdl), Gs0),
    sort(Gs0, GdlMoves),
    (   Mapped == GdlMoves -> true
    ;   subtract(Mapped, GdlMoves, OnlyNative), subtract(GdlMoves, Mapped, OnlyGdl),
        disagree(G, Moves, legal(R, only_native(OnlyNative), only_gdl(OnlyGdl)))
    ),
    forall(( member(R2, Roles), R2 \== R ),
           (   findall(M, gdl_legal_in(GS, R2, M, Gdl), Ms2), sort(Ms2, [_])
           ->  true
           ;   findall(M, gdl_legal_in(GS, R2, M, Gdl), Ms3),
               disagree(G, Moves, not_one_move(R2, Ms3))
           )),
    game:random_element(NMs, NM),
    move_in(NM, GM, Map).

% The move the translated game's contract is given for GM: the role to move
% is P with the moves GdlMoves when P has a choice; else role 1, whose only
% move stands for the turn.
contract_move(GS, Gdl, P, GdlMoves, GM, G, Moves, CM) :-
    game:game_to_move(Gdl, GS, Q),
    game:game_legal_moves(Gdl, GS, CMs),
    (   GdlMoves = [_, _|_] ->
        (   Q == P, CMs == GdlMoves -> CM = GM
        ;   disagree(G, Moves, contract(to_move(Q), moves(CMs)))
        )
    ;   Q == 1, CMs = [CM] -> true
    ;   disagree(G, Moves, contract(forced, to_move(Q), moves(CMs)))
    ).

subtract([], _, []).
subtract([X|Xs], Ys, Zs) :-
    (   memberchk(X, Ys) -> Zs = Zs1 ; Zs = [X|Zs1] ),
    subtract(Xs, Ys, Zs1).
