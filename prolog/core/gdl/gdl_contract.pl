/* gdl_contract.pl -- the game contract of every GDL game, over its rules.

gdl.pl copies these clauses into the module it writes for a `.kif` file,
after the translated rules, which define:
  gdl_roles(Roles)     the roles in the order of the file's (role ...) facts
  gdl_init(Fluents)    the initial state, sorted
  gdl_board(Board)     board(Name, Xs, Ys), the fluent drawn as a board, or none
  g_legal(S, Role, Move), g_next(S, JointMove, Fluent), g_goal(S, Role, Value),
  g_terminal(S)        GDL's relations, S the state's fluents (a sorted list),
                       JointMove the list of Role-Move of every role.

A state is gdl(Fluents, Turn) (see state/2). Players are the roles, numbered from 1 in the order
of the file. In a turn the role with a choice moves (the others play their
only legal move, a noop); when no role has a choice, the first role's only
move stands for the whole turn, and the faces play it by themselves. A state
where two roles have a choice at once needs simultaneous moves.
(This file is not loaded by itself: its clauses live in each GDL game.)
*/

%% initial_state(+Options, -State)
% The fluents of GDL's init; a GDL game has no options.
initial_state(_, State) :- gdl_init(F), state(F, State).

/* A state is gdl(Fluents, Turn): Turn, worked out once when the state is
   made, is over when terminal holds, else turn(P, Moves, Joint, Move): P the
   role (by number) that chooses, Moves its legal moves (sorted), Joint the
   joint move with Move standing for P's. Each position's legal moves and
   terminal are then derived once, however often they are asked. */
state(F, gdl(F, Turn)) :-
    (   g_terminal(F) -> Turn = over
    ;   gdl_roles(Roles),
        role_moves(Roles, F, Moves),
        turn(Roles, Moves, Turn)
    ).

role_moves([], _, []).
role_moves([R|Rs], F, [R-Ms|RMs]) :-
    findall(M, g_legal(F, R, M), Ms0),
    sort(Ms0, Ms),
    (   Ms == [] -> gdl_text:no_move_error(R) ; true ),
    role_moves(Rs, F, RMs).

turn(Roles, RoleMoves, turn(P, Moves, Joint, Move)) :-
    findall(I, ( nth1(I, RoleMoves, _-[_, _|_]) ), Choosers),
    (   Choosers = [P] -> true
    ;   Choosers = [] -> P = 1
    ;   gdl_text:simultaneous_error(Roles, Choosers)
    ),
    nth1(P, RoleMoves, _-Moves),
    joint(RoleMoves, 1, P, Move, Joint).

joint([], _, _, _, []).
joint([R-Ms|RMs], I, P, Move, [R-M|Joint]) :-
    (   I =:= P -> M = Move ; Ms = [M|_] ),
    I1 is I + 1,
    joint(RMs, I1, P, Move, Joint).

%% players(+State, -N)
% N is the number of roles.
players(_, N) :- gdl_roles(Roles), length(Roles, N).

%% to_move(+State, -Player)
% The role that chooses; fails once GDL's terminal holds.
to_move(gdl(_, turn(P, _, _, _)), P).

%% legal_move(+State, ?Move)
% Move is a legal move of the role to move.
legal_move(gdl(_, turn(_, Moves, _, _)), M) :-
    (   nonvar(M) -> ground(M), memberchk(M, Moves) ; member(M, Moves) ).

%% legal_moves(+State, -Moves)
% The legal moves of the role to move, sorted; [] once the game is over.
legal_moves(gdl(_, Turn), Moves) :-
    (   Turn = turn(_, Moves0, _, _) -> Moves = Moves0 ; Moves = [] ).

%% apply_move(+State, +Move, -NewState, -Events)
% The next state is exactly the fluents GDL's next derives from the joint
% move: Move for the role to move, the only legal move for every other role.
apply_move(gdl(F, turn(_, Moves, Joint0, Move0)), Move, Next, []) :-
    ground(Move),
    memberchk(Move, Moves),
    copy_term(Joint0-Move0, Joint-Move),
    findall(X, g_next(F, Joint, X), Xs),
    sort(Xs, F2),
    state(F2, Next).

%% outcome(+State, -Outcome)
% Once terminal holds, the roles' goal values are the scores; the best wins.
outcome(gdl(F, Turn), Outcome) :-
    (   Turn == over ->
        gdl_roles(Roles),
        maplist(goal_value(F, terminal), Roles, Scores),
        gdl_text:result(Scores, Result),
        Outcome = over(Scores, Result)
    ;   Outcome = ongoing
    ).

goal_value(F, When, R, V) :-
    findall(V0, g_goal(F, R, V0), Vs0),
    sort(Vs0, Vs),
    gdl_text:goal_number(Vs, R, When, V).

%% gdl_scores(+State, -Scores)
% The roles' goal values in the state as it stands (0 where none is given).
% (Not the contract's scores/2: a GDL game's goals mid-game are often no
% guide, and the faces show the sides, not running points.)
gdl_scores(gdl(F, _), Scores) :-
    gdl_roles(Roles),
    maplist(goal_value(F, running), Roles, Scores).

%% move_text(+State, ?Move)//
% A move as the rules write it, in KIF: (mark 1 2), or noop.
move_text(_, Move, Cs0, Cs) :-
    (   nonvar(Move) ->
        gdl_text:term_chars(Move, Text), append(Text, Cs, Cs0)
    ;   gdl_text:chars_term(Cs0, Move), Cs = []
    ).

%% explain_illegal(+State, +Move, -Message)
explain_illegal(State, Move, Message) :-
    \+ legal_move(State, Move),
    legal_moves(State, Moves),
    (   Moves == [] -> Message = "the game is over"
    ;   to_move(State, P), gdl_roles(Roles), nth1(P, Roles, R),
        gdl_text:illegal_message(R, Moves, Message)
    ).

%% view(+State, -View)
% The fluent with two coordinates and a content as a board, the others as
% captions in KIF.
view(gdl(F, _), View) :-
    gdl_board(Board),
    gdl_roles(Roles),
    gdl_text:board_view(Board, Roles, F, View).

%% move_regions(+State, +Move, -Regions)
% A move naming squares of the board is made by clicking them.
move_regions(gdl(F, _), Move, Regions) :-
    gdl_board(Board),
    gdl_text:move_squares(Board, F, Move, Regions).

%% move_area(+State, +Move, -Squares)
% A move naming one column is made by a click anywhere in it.
move_area(gdl(F, _), Move, Squares) :-
    gdl_board(Board),
    gdl_text:move_column(Board, F, Move, Squares).

%% check_options(-OptionLists)
check_options([[]]).

%% max_plies(+State, -N)
% GDL promises that every game ends; the conformance check plays up to this.
max_plies(_, 5000).

%% gdl_legal(+State, ?Role, ?Move), gdl_next(+State, +Joint, -State2),
%% gdl_goal(+State, ?Role, ?Value), gdl_terminal(+State)
% GDL's own relations, for the players that reason with them.
gdl_legal(gdl(F, _), R, M) :- g_legal(F, R, M).
gdl_next(gdl(F, _), Joint, Next) :- findall(X, g_next(F, Joint, X), Xs), sort(Xs, F2), state(F2, Next).
gdl_goal(gdl(F, _), R, V) :- g_goal(F, R, V).
gdl_terminal(gdl(_, over)).
