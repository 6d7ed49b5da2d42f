/** The compact model of a Timbiriche position (dots.pl), on which the
computer players' analysis (dots_chains.pl) and search (dots_exact.pl)
compute: the boxes not closed yet and the undrawn segments numbered, the
sides drawn of every box packed in one integer, so that drawing a segment
or finding the boxes to take is a few integer operations.

The model is a second statement of what a move does (which boxes it
closes, who moves next), written for speed: tabula checks it against the
rules on random positions (agrees_with_rules/2, which accelerators.pl
calls through dots_ai:model_agrees/2) and the ai plays its analysis only
while they agree.

Example:
  ?- dots:initial_state([rows(2), cols(3)], S),
     dots_model:model(S, inf, M, Deg, Rem, Ids).
  Deg = 0, Rem = 2, Ids = [0,1,2,3,4,5,6] ...
*/

:- module(dots_model, [model/6,
                       count/3,
                       seg/5,
                       free_sides/4,
                       other_box/3,
                       play/7,
                       cap_boxes/3,
                       take_all/5,
                       take_all/7,
                       small_integers/1,
                       seg_table/2,
                       seg_at/3,
                       tt_new/1,
                       tt_get/3,
                       tt_put/3,
                       sorted_with_duplicates/2,
                       agrees_with_rules/2]).

:- use_module(library(lists)).
:- use_module(library(random)).
:- use_module(library(error)).
:- use_module(library(between)).
:- use_module(library(assoc)).
:- use_module(library(pairs)).
:- use_module(library(time)).

:- initialization((catch(dots:box_points(_), _, fail) -> true ; use_module(dots))).


/* ---------------------------------------------------------------------
   The compact model of a position
   --------------------------------------------------------------------- */

/* The search and the analysis work on a compact copy of the position,
   made once per call by model/6, in which every operation is a few
   integer operations (Scryer is fast on integers and slow on everything
   else):

   * the boxes not closed yet ("live" boxes) are numbered 0..NB-1 and the
     number of drawn sides of each (0..3) is packed in one integer, Deg,
     two bits per box (box J in bits 2J and 2J+1). Drawing a segment adds
     its precomputed increment (1 << 2J for each live box J beside it), so
     one addition updates both boxes (play/7 says what happens to a box
     that gets its 4th side). Whole sets of boxes are then tested at once
     ("SWAR"): with Ones the bit 2J of every box,
        Deg /\ (Deg >> 1) /\ Ones   the boxes with 3 sides (11);
        (Deg >> 1) /\ Ones          the boxes with 2 sides or more;
     Two bits and not three: Scryer's small integers stop at 2^55, and a
     bigger integer is a big integer, slower and kept in an arena that
     backtracking does not free: 20 boxes x 3 bits would leak memory at
     every node;
   * the undrawn segments are numbered 0..NS-1 (in the order of the Free
     list of the state) and the ones drawn since are the bits of D;
   * M = m(Ones, Segs, BoxArr, Deadline, Names): Segs = s(Seg0, ...) with
     SegI = seg(Move, Inc, Boxes) (Move the dots term, Inc the increment,
     Boxes the live boxes beside it, one or two); BoxArr = b(Sides0, ...)
     the undrawn segments of each live box; Deadline the CPU time (ms) at
     which a search gives up, or inf; Names = n(box(I,J), ...).
   Both bit sets fit in a small integer on 5 x 6 (20 boxes x 2 bits, 49
   segments); on bigger boards they are big integers, which still work.
*/

%% model(+State, +Deadline, -M, -Deg, -Rem, -Ids)
% M and Deg as above, Rem the number of live boxes, Ids the segment ids
% 0..NS-1.
model(State, Deadline, m(Ones, Segs, BoxArr, Deadline, Names), Deg, Rem, Ids) :-
    State = dots(_, _, _, _, Free, _, _, _),
    dots:board_size(State, R, C),
    R1 is R - 2, C1 is C - 2,
    findall(box(I, J)-N,
            ( between(0, R1, I), between(0, C1, J),
              dots:sides_drawn(State, I, J, N), N < 4 ),
            Live),
    length(Live, Rem),
    pairs_keys_values(Live, LiveBoxes, Counts),
    numbered(Free, 0, Ids),
    seg_infos(Free, State, LiveBoxes, SegList),
    seg_table(SegList, Segs),
    findall(Sides, ( member(B, LiveBoxes), box_free_ids(B, Free, Sides) ),
            BoxSides),
    BoxArr =.. [b|BoxSides],
    Names =.. [n|LiveBoxes],
    packed(Counts, 0, 0, Deg),
    ones(Rem, Ones).

numbered([], _, []).
numbered([_|Xs], I, [I|Is]) :- I1 is I + 1, numbered(Xs, I1, Is).

seg_infos([], _, _, []).
seg_infos([Move|Moves], State, LiveBoxes, [seg(Move, Inc, Js)|Infos]) :-
    dots:segment_boxes(State, Move, Boxes),
    findall(J, ( member(B, Boxes), nth0(J, LiveBoxes, B) ), Js),
    foldl(inc_field, Js, 0, Inc),
    seg_infos(Moves, State, LiveBoxes, Infos).

inc_field(J, I0, I) :- I is I0 + (1 << (2*J)).

box_free_ids(Box, Free, Ids) :-
    dots:box_sides(Box, Sides),
    findall(I, ( member(S, Sides), nth0(I, Free, S) ), Ids).

packed([], _, D, D).
packed([N|Ns], J, D0, D) :-
    D1 is D0 + (N << (2*J)),
    J1 is J + 1,
    packed(Ns, J1, D1, D).

ones(0, 0) :- !.
ones(N, O) :- N1 is N - 1, ones(N1, O1), O is (O1 << 2) \/ 1.

% count(+Deg, +J, ?N): live box J has N sides drawn.
count(Deg, J, N) :- N is (Deg >> (2*J)) /\ 3.

% seg(+M, +I, -Move, -Inc, -Boxes): segment I of the model.
seg(m(_, Segs, _, _, _), I, Move, Inc, Js) :-
    seg_at(Segs, I, seg(Move, Inc, Js)).

% seg_table(+Infos, -Segs): the segment table, one term s(...) of them, or
% big(Lo, Hi) with the first 200 and the rest when there are more than 255
% (the largest arity of Scryer; 12 x 12 dots have 264 segments).
seg_table(Infos, Segs) :-
    length(Infos, N),
    (   N =< 255 -> Segs =.. [s|Infos]
    ;   length(Lo, 200), append(Lo, Hi, Infos),
        LoT =.. [s|Lo], HiT =.. [s|Hi],
        Segs = big(LoT, HiT)
    ).

seg_at(big(Lo, Hi), I, X) :-
    !,
    (   I < 200 -> I1 is I + 1, arg(I1, Lo, X)
    ;   I1 is I - 199, arg(I1, Hi, X)
    ).
seg_at(Segs, I, X) :-
    I1 is I + 1,
    arg(I1, Segs, X).

% free_sides(+M, +D, +J, -Ss): the undrawn sides of live box J.
free_sides(m(_, _, BoxArr, _, _), D, J, Ss) :-
    J1 is J + 1,
    arg(J1, BoxArr, All),
    free_ids(All, D, Ss).

free_ids([], _, []).
free_ids([S|Ss], D, Fs) :-
    (   D >> S /\ 1 =:= 0 -> Fs = [S|Fs1] ; Fs = Fs1 ),
    free_ids(Ss, D, Fs1).

% other_box(+Boxes, +J, -K): the box other than J beside a segment whose
% boxes are Boxes; none for a segment on the border.
other_box([J1|Js], J, K) :-
    (   J1 =:= J -> ( Js = [K0] -> K = K0 ; K = none )
    ;   K = J1
    ).

% play(+M, +S, +D, +Deg, -D1, -Deg1, -G): draw segment S, which closes G
% boxes (those beside it that had 3 sides). A box that it closes goes from
% 3 to 2, not to 4 (which would not fit in its 2 bits): a closed box is
% beside no undrawn segment, so nothing asks for its count again, and with
% 2 it passes the test "every box has 2 sides" of the simple loony
% endgame.
play(M, S, D, Deg, D1, Deg1, G) :-
    seg(M, S, _, Inc, Js),
    gain(Js, Deg, 0, G, 0, Corr),
    D1 is D \/ (1 << S),
    Deg1 is Deg + Inc - Corr.

gain([], _, G, G, C, C).
gain([J|Js], Deg, G0, G, C0, C) :-
    (   (Deg >> (2*J)) /\ 3 =:= 3 ->
        G1 is G0 + 1, C1 is C0 + (2 << (2*J))
    ;   G1 = G0, C1 = C0
    ),
    gain(Js, Deg, G1, G, C1, C).

%% agrees_with_rules(+State, +Successors)
% The compact model agrees with the rules in State, whose legal moves and
% the positions they lead to are Successors (Move-Next pairs sorted by
% Move): the model's segments are the legal moves; drawing one closes, in
% the model, as many boxes as the rules give the mover, for box_points/1
% points each; and the mover moves again exactly when it closed a box
% (unless the game is over). Used by tabula's check (accelerators.pl);
% level ai plays its analysis only while it holds.
agrees_with_rules(State, Successors) :-
    State = dots(_, _, Mover, _, Free, _, _, _),
    (   Free == [] -> Successors == []
    ;   model(State, inf, M, Deg, _, Ids),
        findall(Move-I, ( member(I, Ids), seg(M, I, Move, _, _) ), Pairs0),
        keysort(Pairs0, Pairs),
        dots:scores(State, Scores0),
        nth1(Mover, Scores0, Points0),
        dots:box_points(BoxPoints),
        maplist(model_step(M, Deg, Mover, Points0, BoxPoints), Pairs, Successors)
    ).

model_step(M, Deg, Mover, Points0, BoxPoints, Move-I, Move-Next) :-
    play(M, I, 0, Deg, _, _, G),
    dots:scores(Next, Scores),
    nth1(Mover, Scores, Points),
    Points =:= Points0 + G * BoxPoints,
    (   Next = dots(_, _, _, _, [], _, _, _) -> true
    ;   dots:to_move(Next, Turn),
        (   G > 0 -> Turn =:= Mover ; Turn =\= Mover )
    ).

sorted_with_duplicates(L, S) :- keyed(L, K), keysort(K, KS), pairs_keys(KS, S).
keyed([], []).
keyed([X|Xs], [X-x|Ks]) :- keyed(Xs, Ks).


%% small_integers(+State)
% The model of State fits in small integers (at most 27 boxes left, 2 bits
% each, and 54 segments): the searches run only then, so as never to compute
% with big integers, which are slow and kept in memory that backtracking does
% not free. Always true on 5 x 6 dots; on big boards it waits until enough
% boxes are closed.
small_integers(State) :-
    dots:board_size(State, R, C),
    State = dots(_, _, _, _, _, Boxes, _, _),
    sum_list(Boxes, Taken),
    (R - 1)*(C - 1) - Taken =< 27,
    dots:segments_left(State, Left),
    Left =< 54.

%% take_all(+M, +D0, +Deg0, -D, -Deg)
% Take every box that can be taken.
take_all(M, D0, Deg0, D, Deg) :-
    take_all(M, D0, Deg0, D, Deg, 0, _).

%% take_all(+M, +D0, +Deg0, -D, -Deg, +G0, -G)
% ... G - G0 boxes.
take_all(M, D0, Deg0, D, Deg, G0, G) :-
    M = m(Ones, _, _, _, _),
    Cap is Deg0 /\ (Deg0 >> 1) /\ Ones,
    (   Cap =:= 0 -> D = D0, Deg = Deg0, G = G0
    ;   cap_boxes(Cap, 0, [J|_]),
        free_sides(M, D0, J, [S]),
        play(M, S, D0, Deg0, D1, Deg1, G1),
        G2 is G0 + G1,
        take_all(M, D1, Deg1, D, Deg, G2, G)
    ).


% cap_boxes(+Cap, +J, -Js): the live boxes whose bits are set in Cap (bit 2J
% for box J), from box J on.
cap_boxes(0, _, []) :- !.
cap_boxes(Cap, J0, Js) :-
    Low is Cap /\ (-Cap),
    (   low_box(Low, K) ->
        % Straight to the lowest box (most of Cap's bits are 0).
        J is J0 + K, Js = [J|Js1],
        Cap1 is (Cap - Low) >> (2*K + 2), J1 is J + 1,
        cap_boxes(Cap1, J1, Js1)
    ;   J1 is J0 + 1, Cap1 is Cap >> 2,
        (   Cap /\ 1 =:= 1 -> Js = [J0|Js1] ; Js = Js1 ),
        cap_boxes(Cap1, J1, Js1)
    ).

% low_box(+Bit, -K): Bit is 1 << 2K, for the boxes K of small integers.
low_box(1, 0).
low_box(4, 1).
low_box(16, 2).
low_box(64, 3).
low_box(256, 4).
low_box(1024, 5).
low_box(4096, 6).
low_box(16384, 7).
low_box(65536, 8).
low_box(262144, 9).
low_box(1048576, 10).
low_box(4194304, 11).
low_box(16777216, 12).
low_box(67108864, 13).
low_box(268435456, 14).
low_box(1073741824, 15).
low_box(4294967296, 16).
low_box(17179869184, 17).
low_box(68719476736, 18).
low_box(274877906944, 19).
low_box(1099511627776, 20).
low_box(4398046511104, 21).
low_box(17592186044416, 22).
low_box(70368744177664, 23).
low_box(281474976710656, 24).
low_box(1125899906842624, 25).
low_box(4503599627370496, 26).
low_box(18014398509481984, 27).


/* ---------------------------------------------------------------------
   The searches' transposition table
   --------------------------------------------------------------------- */

/* A hash table that is updated in place by binding variables, which costs
   a few inferences where library(assoc) costs one per level of its tree
   (with 20 000 keys: 15 us a get_assoc/3 and 24 us a put_assoc/4, most of
   the time of a node). The table is a term t(S1, ..., S255) whose
   arguments are unbound until a key falls in them, then s(B1, ..., B255):
   65 025 buckets, each an open list (its tail unbound) of k(Key, Values),
   one per key, Values an open list of the entries stored under Key, the
   last one the current. Storing binds the unbound tail of one of those
   lists, so the table needs no threading: the TT0/TT pairs of the
   searches are the same term. The bindings are undone on backtracking,
   like the versions of an assoc would be lost: the table means the same.
   Keys are integers (bit sets) or lists of chain(N) and loop(N) terms
   (dots_chains:loony_value/4), the first maybe g(Edges), a list of
   e(A, B, N) of integers (dots_exact:graph_value/5), compared with ==/2. */

%% tt_new(-T)
% T is an empty table.
tt_new(T) :- functor(T, t, 255).

%% tt_get(+Key, +T, ?Entry)
% Entry unifies with the current entry of Key in table T; fails if Key has
% none (or if it does not unify).
tt_get(Key, T, Entry) :-
    tt_bucket(Key, T, B),
    tt_find(B, Key, Vs),
    tt_last(Vs, Entry).

%% tt_put(+Key, +T, +Entry)
% Entry becomes the current entry of Key in table T.
tt_put(Key, T, Entry) :-
    tt_bucket(Key, T, B),
    tt_store(B, Key, Entry).

tt_bucket(Key, T, B) :-
    tt_hash(Key, H),
    I is H // 255 + 1,
    arg(I, T, Sub),
    (   var(Sub) -> functor(Sub, s, 255) ; true ),
    J is H mod 255 + 1,
    arg(J, Sub, B).

% tt_hash(+Key, -H): a hash of Key in 0..65024 (255 x 255 buckets: 255 is
% the largest arity), in small integers (the product stays below 2^33).
tt_hash(Key, H) :-
    (   integer(Key) ->
        X is xor(xor(Key, Key >> 16), xor(Key >> 32, Key >> 48)) /\ 65535,
        H is ((X * 40503) >> 7) mod 65025
    ;   tt_list_hash(Key, 0, H)
    ).

tt_list_hash([], H, H).
tt_list_hash([C|Cs], H0, H) :-
    (   C = chain(N) -> X = N
    ;   C = loop(N) -> X is N + 64
    ;   C = g(Es), edges_hash(Es, 128, X)
    ),
    H1 is (H0 * 31 + X) mod 65025,
    tt_list_hash(Cs, H1, H).

edges_hash([], X, X).
edges_hash([e(A, B, L)|Es], X0, X) :-
    X1 is (X0 * 17 + A * 64 + B * 8 + L) mod 65025,
    edges_hash(Es, X1, X).

tt_find(B, Key, Vs) :-
    nonvar(B),
    B = [k(K, Vs0)|B1],
    (   K == Key -> Vs = Vs0 ; tt_find(B1, Key, Vs) ).

tt_last([E0|Es], E) :-
    (   var(Es) -> E = E0 ; tt_last(Es, E) ).

tt_store(B, Key, E) :-
    (   var(B) -> B = [k(Key, [E|_])|_]
    ;   B = [k(K, Vs)|B1],
        (   K == Key -> tt_append(Vs, E) ; tt_store(B1, Key, E) )
    ).

tt_append(Vs, E) :-
    (   var(Vs) -> Vs = [E|_]
    ;   Vs = [_|Vs1], tt_append(Vs1, E)
    ).
