/** Support predicates the embedded engine loads into every machine.

These are not game rules (those live in prolog/): they make the embedding safe.
Every goal Rust runs goes through run/4, which reads the goal from a string, so a
goal that does not parse becomes an answer instead of a panic inside the host, and
runs it under catch/3, so an exception becomes an answer instead of a stale ball
that would poison the next query.
*/
:- module('$tabula', [run/4, consult_file/3, repl_answer/5, file_module/2,
                      file_facts/2, list_clauses/1, session_files/1, prompt_consult/1,
                      last_binding/2, last_names/1, replay/2, replay_to_the_end/1,
                      trace_goal/1, procedure_named/3]).

:- use_module(library(charsio)).
:- use_module(library(lists)).
:- use_module(library(iso_ext)).
:- use_module(library(format)).
:- use_module(library(assoc)).
:- use_module(library(error)).
:- use_module(library(files)).

%% run(+GoalChars, -Bindings, -Outcome, -Residue)
% Reads GoalChars as a term and calls it. Bindings is the list of Name=Value pairs of
% the goal's named variables; Outcome is `true` for each solution, `syntax_error(E)`
% when the text does not read, or `exception(E)` when the goal throws. Residue lists
% the goals constraining the bindings (dif/2, clpz ...), [] for plain answers.
run(Chars, Bindings, Outcome, Residue) :-
    run(Chars, plain, Bindings, Outcome, Residue).

% Mode is `plain`, or `det(Det)` to learn whether a solution was the last one: the
% cleanup of setup_call_cleanup/3 runs, binding Det, as soon as the goal can give no
% more solutions, which is how a toplevel knows not to ask for another.
run(Chars, Mode, Bindings, Outcome, Residue) :-
    catch(read_goal(Chars, Goal, Bindings0), E, true),
    (   nonvar(E) ->
        Bindings = [], Residue = [], Outcome = syntax_error(E)
    ;   var(Goal) ->
        Bindings = [], Residue = [],
        Outcome = exception(error(instantiation_error, call/1))
    ;   Bindings = Bindings0,
        % listing/1 at the toplevel lists the loaded files' clauses too.
        (   Mode = det(_), Goal = listing(Spec) -> Goal1 = '$tabula':list_clauses(Spec)
        ;   Mode = det(_), Goal = consult(Fs) -> Goal1 = '$tabula':prompt_consult(Fs)
        ;   Mode = det(_), Goal = [F|Fs], F \== user -> Goal1 = '$tabula':prompt_consult([F|Fs])
        ;   Goal1 = user:Goal
        ),
        (   Mode = det(Det) -> Call = setup_call_cleanup(true, Goal1, Det = true)
        ;   Call = Goal1
        ),
        catch(( call(Call), Outcome = true ), Ball, Outcome = exception(Ball)),
        flush_output,
        (   Outcome == true -> residue(Bindings, Residue) ; Residue = [] )
    ).

% A goal may be written with or without its final full stop.
read_goal(Chars, Goal, Bindings) :-
    (   ends_with_full_stop(Chars) -> Text = Chars
    ;   append(Chars, "\n.", Text)
    ),
    read_term_from_chars(Text, Goal, [variable_names(Bindings)]).

ends_with_full_stop(Chars) :-
    reverse(Chars, Rev),
    drop_layout(Rev, ['.'|Before]),
    \+ ( Before = [C|_], member(C, ['.', '#', '$', '&', '*', '+', '-', '/', ':',
                                    '<', '=', '>', '?', '@', '^', '~', '\\']) ).

drop_layout([C|Cs], Rest) :- member(C, [' ', '\t', '\n', '\r']), !, drop_layout(Cs, Rest).
drop_layout(Cs, Cs).

% copy_term/3 is costly: only variables with attributes (dif/2, clpz) have residue.
residue(Bindings, Residue) :-
    '$term_attributed_variables'(Bindings, AttVars),
    (   AttVars == [] -> Residue = []
    ;   term_variables(Bindings, Vars),
        copy_term(Vars, Vars, Residue)
    ).

% The files consulted in this machine, in order (listing/1 reads them).
:- dynamic(loaded_file/1).

%% list_clauses(+Spec)
% listing/1 at the REPL.
% Prints the clauses of the predicates Spec names (Name, Name/Arity, Module:Name or
% Module:Name/Arity) as the session's files write them, with their own variable names
% (portray_clause/1's layout): the clauses of the files the session loaded, those
% files load beside them (use_module/1) and those consulted at the prompt ([user]
% too), then the clauses asserted at the prompt. Throws an existence error when no
% such predicate is defined.
%   ?- list_clauses(box_points).
%   box_points(10).
list_clauses(Spec) :-
    (   Spec = M:NA -> true ; M = _, NA = Spec ),
    (   NA = N/A -> true ; N = NA ),
    must_be(atom, N),
    (   var(A) -> true ; must_be(integer, A) ),
    session_files(Paths),
    bb_put('$tabula_listed', false),
    forall(member(Path, Paths), list_file(Path, M, N, A)),
    (   atom(M) -> Q = M ; Q = user ),
    forall(( catch(current_predicate(Q:N/A1), _, fail), (var(A) ; A1 == A),
             functor(H, N, A1), dynamic_predicate(Q, H) ),
           (   bb_put('$tabula_listed', true),
               forall(catch(Q:clause(H, B), _, fail), portray_dynamic(H, B))
           )),
    bb_get('$tabula_listed', Listed),
    (   Listed == true -> true
    ;   defined_somewhere(M, N, A, PI0) ->
        format("% ~q is built in or comes from a library: no clauses of it to list.~n", [PI0])
    ;   (   var(A) -> PI = N ; PI = N/A ),
        throw(error(existence_error(procedure, PI), listing/1))
    ).

dynamic_predicate(Q, H) :-
    catch(predicate_property(Q:H, dynamic), _, fail), !.

% A predicate of that name (and arity) is defined, though none of its clauses was
% listed (a built-in, a library's).
defined_somewhere(M, N, A, N/A1) :-
    (   atom(M) -> Q = M ; Q = user ),
    catch(current_predicate(Q:N/A1), _, fail),
    ( var(A) ; A1 == A ),
    functor(H, N, A1),
    defined(Q, H),
    !.

%% defined(+Module, +Head)
% The predicate of Head has clauses or is declared (dynamic), in Module: not merely
% called somewhere (Scryer knows a predicate a goal called, though none defines it).
defined(M, H) :-
    (   catch(predicate_property(M:H, dynamic), _, fail) -> true
    ;   catch(predicate_property(M:H, built_in), _, fail) -> true
    ;   catch(( clause(M:H, _), fail ), error(permission_error(_, _, _), _), true)
    ).

%% session_files(-Paths)
% The files whose clauses the session can call: those it loaded (loaded_file/1), each
% followed by the files it loads from beside it (`:- use_module(Name)`, Name an atom:
% Name.pl in its folder), each once, in order.
session_files(Paths) :-
    findall(P, loaded_file(P), Loaded),
    session_files(Loaded, [], Rev),
    reverse(Rev, Paths).

session_files([], Seen, Seen).
session_files([P|Ps], Seen, Paths) :-
    (   memberchk(P, Seen) -> session_files(Ps, Seen, Paths)
    ;   catch(file_facts_(P, Facts), _, Facts = []),
        findall(U, ( member(uses(Name), Facts), beside(P, Name, U) ), Uses),
        session_files(Uses, [P|Seen], Seen1),
        session_files(Ps, Seen1, Paths)
    ).

file_facts_(Path, Facts) :-
    setup_call_cleanup(open_source(Path, S), read_facts(S, Facts), close(S)).

% Name.pl in the folder of the file at Path, when it exists.
beside(Path, Name, Beside) :-
    atom_chars(Path, Cs),
    (   append(Dir, ['/'|File], Cs), \+ member('/', File) -> true ; Dir = "." ),
    atom_chars(Name, NCs),
    append(Dir, ['/'|NCs], B0),
    append(B0, ".pl", BCs),
    catch(files:file_exists(BCs), _, fail),
    atom_chars(Beside, BCs).

portray_dynamic(H, true) :- !, portray_clause(H).
portray_dynamic(H, B) :- portray_clause((H :- B)).

list_file(Path, M, N, A) :-
    (   catch(source_module(Path, FileModule0), _, fail) -> FileModule = FileModule0
    ;   FileModule = user
    ),
    (   var(M) -> true ; M == FileModule ),
    !,
    catch(setup_call_cleanup(open_source(Path, S), list_terms(S, N, A, false), close(S)),
          _, true).
list_file(_, _, _, _).

list_terms(S, N, A, Listed) :-
    (   '$devour_whitespace'(S) ->
        catch(read_term(S, T, [variable_names(Names)]), _, T = '$unreadable')
    ;   T = end_of_file
    ),
    (   T == end_of_file -> ( Listed == true -> nl ; true )
    ;   (   T \= (:- _), clause_head(T, H), functor(H, N, A1), ( var(A) ; A1 == A ) ->
            bb_put('$tabula_listed', true),
            portray_named(T, Names), Listed1 = true
        ;   Listed1 = Listed
        ),
        list_terms(S, N, A, Listed1)
    ).

%% portray_named(+Clause, +VariableNames)
% Prints Clause as portray_clause/1 lays it out, its variables named as the source
% names them (Names, from read_term/3's variable_names/1), `_` for anonymous ones.
%   ?- portray_named((f(X, _) :- g(X)), ['Free'=X]).
%   f(Free,_) :-
%      g(Free).
portray_named(T, Names) :-
    term_variables(T, Vs),
    anonymous(Vs, Names, Anonymous),
    append(Names, Anonymous, VNs),
    (   catch(phrase(format:portray_(T, VNs), Cs), _, fail) ->
        format("~s.~n", [Cs])
    ;   portray_clause(T)
    ).

% '_'=V for each variable of Vs that Names does not name (not findall/3: it would
% copy the variables).
anonymous([], _, []).
anonymous([V|Vs], Names, Anonymous) :-
    (   member(_=W, Names), W == V -> Anonymous = Anonymous1
    ;   Anonymous = ['_'=V|Anonymous1]
    ),
    anonymous(Vs, Names, Anonymous1).

clause_head((H :- _), H) :- !, callable(H).
clause_head((H --> _), H1) :- !, callable(H), functor(H, F, A0), A is A0 + 2, functor(H1, F, A).
clause_head(H, H) :- callable(H).

%% prompt_consult(+Files)
% consult/1 and [File, ...] at the REPL's prompt: the files are consulted as
% consult/1 does, and listing/1 and :help know them.
prompt_consult(Files) :-
    user:consult(Files),
    (   Files = [_|_] -> Fs = Files ; Fs = [Files] ),
    forall(( member(F, Fs), atom(F), consulted_path(F, Path) ),
           ( retractall(loaded_file(Path)), assertz(loaded_file(Path)) )).

consulted_path(F, F) :- atom_chars(F, Cs), catch(files:file_exists(Cs), _, fail), !.
consulted_path(F, P) :- atom_concat(F, '.pl', P), atom_chars(P, Cs), catch(files:file_exists(Cs), _, fail).

%% consult_file(+PathChars, +Scan, -Result)
% Consults the file at PathChars. Result is `ok`, or `clean` (ok, and the file's text
% alone says it has none of the clauses refused below: a file with the same text need
% not be scanned again), or `error(E, Line)` with the error term and the line it was
% found on (0 when unknown), or for a syntax error clause(Start, Noticed) (see
% error_line/3).
%
% With Scan = scan, the file is read once before it is consulted, and refused for a
% predicate whose clauses come in separate groups without a discontiguous/1
% declaration (Scryer keeps only the last group, so the program would not be the one
% written), or for a clause of another module's predicate (scan_file/2). Refused
% before it is consulted, so that Scryer's own warning (printed raw on stdout, "%
% Warning: overwriting ...") never comes before tabula's sentence. With Scan = skip,
% the file's text is known to be clean (the engine keeps the hashes of clean texts).
consult_file(PathChars, Scan, Result) :-
    atom_chars(Path, PathChars),
    (   Scan == scan, catch(scan_file(Path, Outcome), _, fail) -> true
    ;   Outcome = unscanned
    ),
    (   Outcome = refused(Refusal, Line) ->
        Result = error(error(Refusal, consult/1), Line)
    ;   catch(consult_source(Path), E, true),
        (   var(E) -> retractall(loaded_file(Path)), assertz(loaded_file(Path)) ; true ),
        (   nonvar(E) ->
            error_line(E, Path, Line),
            Result = error(E, Line)
        ;   Outcome == clean(false) -> Result = clean
        ;   Result = ok
        )
    ).

%% consult_source(+Path)
% Consults the file at Path as consult/1 does, also when it starts with a UTF-8
% byte-order mark (as Windows editors save files), which Scryer's reader refuses with a
% syntax error on line 1. Such a file is loaded from a stream opened past the mark.
% loader:consult_stream/2 loads the module, then fails to import it with an unbound
% export list (Scryer 0.10 throws syntax_error(invalid_module_declaration) with no line,
% after the module is compiled): the import is done here instead, as use_module/1 does
% (library(M) of a module already loaded only imports it).
consult_source(Path) :-
    (   starts_with_bom(Path) ->
        setup_call_cleanup(open_source(Path, S),
                           ( stream_property(S, file_name(File)),
                             catch(loader:consult_stream(S, File),
                                   error(syntax_error(invalid_module_declaration), load/1),
                                   true)
                           ),
                           catch(close(S), _, true)),
        (   catch(source_module(Path, Module), _, fail) -> use_module(library(Module))
        ;   true
        )
    ;   consult(Path)
    ).

starts_with_bom(Path) :-
    setup_call_cleanup(open(Path, read, S), peek_char(S, C), close(S)),
    C == '\xFEFF\'.

%% open_source(+Path, -Stream)
% Opens the file at Path for reading Prolog text, past a UTF-8 byte-order mark if it
% starts with one. Reading zero characters consumes just the mark (Scryer skips a mark
% before any character it reads); get_char/2 would also take the next character.
open_source(Path, S) :-
    open(Path, read, S),
    (   peek_char(S, '\xFEFF\') -> get_n_chars(S, 0, _) ; true ).

%% scan_file(+Path, -Outcome)
% Reads the terms of the file at Path once, before Scryer loads it (the start-up of
% every player pays for it). Outcome is refused(Refusal, Line) for the first clause
% tabula refuses, on Line:
%  * discontiguous(PI, First): the clauses of PI come in more than one group, the first
%    starting on line First and another on Line. Any term in between ends a group, a
%    directive too, as in Scryer's loader. Predicates declared discontiguous are fine.
%  * foreign_clause(M:F/A): the clause is for a predicate of another module M that is
%    already loaded, and the file does not declare it multifile: Scryer would replace
%    M's own clauses with the file's (printing a raw "% Warning: overwriting ..." when M
%    made it multifile).
% Else clean(Qualified), Qualified = true when some clause is for a predicate M:F/A of
% a named module (whether it is refused then depends on the modules loaded, not on the
% text alone). Fails at a term that does not read on its own (the file's own
% operators, say): Scryer's loader then says what is wrong.
% ?- scan_file('prolog/games/dots/dots.pl', O).
%    O = clean(false).
%
% The scan reads terms only, with read_term/3: the stream counts the lines read after
% each term, and the line a clause starts on (past comments and blank lines) is worked
% out only for the clause refused.
scan_file(Path, Outcome) :-
    empty_assoc(Seen),
    setup_call_cleanup(open_source(Path, S),
                       scan_terms(S, 0, none, Seen, [], [], false, Outcome0),
                       close(S)),
    (   Outcome0 = refused(Refusal0, Before) ->
        refusal_lines(Refusal0, Before, Path, Refusal, Line),
        Outcome = refused(Refusal, Line)
    ;   Outcome = Outcome0
    ).

% scan_terms(+S, +Lines, +Current, +Seen, +Discontiguous, +Multifile, +Qualified,
%            -Outcome):
% Lines are the lines read before the next term; Current the predicate of the group
% being read (none after another term); Seen maps each predicate met to the lines read
% before its first clause. Outcome is clean(Qualified) or refused(Refusal, Before):
% Refusal is discontiguous(PI, FirstBefore) or foreign_clause(PI), for the clause after
% line Before.
scan_terms(S, Lines0, Current, Seen, Ds, Ms, Q, Outcome) :-
    % Layout and comments skipped first, as Scryer's loader does: read_term/3 throws
    % a syntax error on blank lines at the end of a file.
    (   '$devour_whitespace'(S) -> catch(read_term(S, T, []), _, fail)
    ;   T = end_of_file
    ),
    (   T == end_of_file -> Outcome = clean(Q)
    ;   stream_property(S, position(position_and_lines_read(_, Lines))),
        scan_term(T, S, Lines0, Lines, Current, Seen, Ds, Ms, Q, Outcome)
    ).

scan_term(T, S, Lines0, Lines, Current, Seen, Ds, Ms, Q, Outcome) :-
    (   T = (:- Directive) ->
        declared(Directive, Ds, Ds1, Ms, Ms1),
        scan_terms(S, Lines, none, Seen, Ds1, Ms1, Q, Outcome)
    ;   clause_key(T, Key) ->
        (   Key == Current ->
            scan_terms(S, Lines, Current, Seen, Ds, Ms, Q, Outcome)
        ;   get_assoc(Key, Seen, First), \+ memberchk(Key, Ds) ->
            Outcome = refused(discontiguous(Key, First), Lines0)
        ;   put_assoc(Key, Seen, Lines0, Seen1),
            scan_terms(S, Lines, Key, Seen1, Ds, Ms, Q, Outcome)
        )
    ;   foreign_head(T, M, H), atom(M), callable(H) ->
        functor(H, F, A),
        (   \+ memberchk(M:F/A, Ms),
            catch(current_predicate(M:F/A), _, fail) ->
            Outcome = refused(foreign_clause(M:F/A), Lines0)
        ;   scan_terms(S, Lines, none, Seen, Ds, Ms, true, Outcome)
        )
    ;   scan_terms(S, Lines, none, Seen, Ds, Ms, Q, Outcome)
    ).

% The predicates a directive declares discontiguous or multifile, added to the lists.
declared(discontiguous(PIs), Ds0, Ds, Ms, Ms) :- !, indicators(PIs, _, Ds0, Ds).
declared(multifile(PIs), Ds, Ds, Ms0, Ms) :- !, indicators(PIs, module, Ms0, Ms).
declared(_, Ds, Ds, Ms, Ms).

% refusal_lines(+Refusal0, +Before, +Path, -Refusal, -Line): the lines the clauses
% start on, from the lines read before them.
refusal_lines(discontiguous(PI, FirstBefore), Before, Path, discontiguous(PI, First), Line) :-
    clause_start(Path, FirstBefore, First),
    clause_start(Path, Before, Line).
refusal_lines(foreign_clause(PI), Before, Path, foreign_clause(PI), Line) :-
    clause_start(Path, Before, Line).

% clause_start(+Path, +Before, -Line): the line of the file at Path where the first
% clause after its first Before lines starts, past blank lines and comments.
clause_start(Path, Before, Line) :-
    setup_call_cleanup(open_source(Path, S), read_lines(S, Lines), close(S)),
    length(Skipped, Before),
    append(Skipped, Rest, Lines),
    first_code_line(Rest, Before, Line).

foreign_head((M:H :- _), M, H) :- !.
foreign_head(M:H, M, H).

% The predicate indicators of a discontiguous/1 or multifile/1 declaration: p/1, p//0,
% lists and conjunctions of them. With Module = module they are kept as M:F/A (those
% without a module left out), else as F/A (a module dropped).
indicators(V, _, Ks, Ks) :- var(V), !.
indicators([], _, Ks, Ks) :- !.
indicators([P|Ps], Module, Ks0, Ks) :- !,
    indicators(P, Module, Ks0, Ks1), indicators(Ps, Module, Ks1, Ks).
indicators((P, Ps), Module, Ks0, Ks) :- !,
    indicators(P, Module, Ks0, Ks1), indicators(Ps, Module, Ks1, Ks).
indicators(M:P, Module, Ks0, Ks) :- !,
    (   Module == module ->
        (   indicator(P, PI) -> Ks = [M:PI|Ks0] ; Ks = Ks0 )
    ;   indicators(P, Module, Ks0, Ks)
    ).
indicators(P, Module, Ks0, Ks) :-
    (   Module \== module, indicator(P, PI) -> Ks = [PI|Ks0] ; Ks = Ks0 ).

indicator(F/A, F/A) :- atom(F), integer(A).
indicator(F//A0, F/A) :- atom(F), integer(A0), A is A0 + 2.

% The predicate a clause (or grammar rule) of this module defines; clauses for another
% module's predicates (M:Head) are left alone.
clause_key((Head --> _), F/A) :- !,
    (   Head = (H, _) -> true ; H = Head ),
    callable(H), H \= _:_,
    functor(H, F, A0), A is A0 + 2.
clause_key((Head :- _), Key) :- !, head_key(Head, Key).
clause_key(Head, Key) :- head_key(Head, Key).

head_key(Head, F/A) :- callable(Head), Head \= _:_, functor(Head, F, A).

% Syntax errors carry the line where the reader gave up, the end of the clause (of the
% next one, for a missing full stop), not the line of the mistake: the place given is
% clause(Start, Noticed), the clause that does not read from its first line to there,
% where tabula looks for the mistake (src/engine/syntax_place.rs). Compile errors name
% a culprit (an unknown evaluable functor ...) that we look for in the file's clauses.
error_line(error(syntax_error(_), _:Noticed), Path, Line) :-
    integer(Noticed), !,
    (   catch(unreadable_clause_start(Path, Start), _, fail) -> Line = clause(Start, Noticed)
    ;   Line = Noticed
    ).
error_line(error(_, _:Line), _, Line) :- integer(Line), !.
error_line(error(type_error(evaluable, F/A), _), Path, Line) :- !,
    (   first_line_containing(Path, F, A, Line) -> true ; Line = 0 ).
error_line(_, _, 0).

first_line_containing(Path, F, A, Line) :-
    setup_call_cleanup(open_source(Path, S),
                       first_term_containing(S, 0, F, A, Before),
                       close(S)),
    clause_start(Path, Before, Line).

% first_term_containing(+S, +Lines0, +F, +A, -Before): the next term of S that contains
% F/A comes after line Before (Lines0 the lines read so far). Fails at the end or at a
% term that does not read.
first_term_containing(S, Lines0, F, A, Before) :-
    catch(read_term(S, T, []), _, fail),
    T \== end_of_file,
    (   contains_functor(T, F, A) -> Before = Lines0
    ;   stream_property(S, position(position_and_lines_read(_, Lines))),
        first_term_containing(S, Lines, F, A, Before)
    ).

% unreadable_clause_start(+Path, -Line): the first line of the first clause of the file
% that does not read: the first line of code after the last clause that did.
unreadable_clause_start(Path, Line) :-
    setup_call_cleanup(open_source(Path, S), last_good_end(S, 0, End), close(S)),
    clause_start(Path, End, Line).

last_good_end(S, End0, End) :-
    catch(read_term(S, T, []), error(syntax_error(_), _), T = '$unreadable'),
    (   T == '$unreadable' -> End = End0
    ;   T == end_of_file -> fail
    ;   stream_property(S, position(position_and_lines_read(_, End1))),
        last_good_end(S, End1, End)
    ).

% Lines are numbered from 1; N lines come before the first of Lines.
first_code_line([L|Ls], N, Line) :-
    N1 is N + 1,
    drop_layout(L, Trimmed),
    (   Trimmed == [] -> first_code_line(Ls, N1, Line)
    ;   Trimmed = ['%'|_] -> first_code_line(Ls, N1, Line)
    ;   Trimmed = ['/', '*'|_] -> block_comment([L|Ls], N, Line)
    ;   Line = N1
    ).

block_comment([L|Ls], N, Line) :-
    N1 is N + 1,
    (   append(_, ['*', '/'|_], L) -> first_code_line(Ls, N1, Line)
    ;   block_comment(Ls, N1, Line)
    ).

contains_functor(T, F, A) :-
    compound(T),
    (   functor(T, F, A) -> true
    ;   T =.. [_|Args], member(Arg, Args), contains_functor(Arg, F, A) -> true
    ).

%% repl_answer(+GoalChars, -Text, -Kind, -Last)
% Like run/4, but for a person: Text is the answer written as a toplevel writes it
% ("X = f(Y), Z = 3", "true"), Kind is `true`, `syntax_error` or `exception`, and Last
% is `true` when no other solution can follow (`false` when one may).
repl_answer(Chars, Text, Kind, Last) :-
    run(Chars, det(Det), Bindings, Outcome, Residue),
    answer_text(Outcome, Bindings, Residue, Text0, Kind),
    atom_chars(Text, Text0),
    (   Det == true -> Last = true ; Kind \== true -> Last = true ; Last = false ).

% The bindings of the last answer shown, for $Name in a later goal (last_binding/2).
% Kept in the database, not on the blackboard, and without their constraints
% (copy_term/3): in Scryer 0.10 bb_put/2 inside a query that is then dropped with
% choice points left can corrupt the machine's trail.
:- dynamic(last_answer/1).
:- dynamic(counter/2).

remember_answer(Bindings) :-
    findall(N=V, ( member(N=V, Bindings), \+ atom_chars(N, ['_'|_]) ), Kept),
    copy_term(Kept, Plain, _),
    retractall(last_answer(_)),
    assertz(last_answer(Plain)).

% A counter of this module's: set, and add one.
set_counter(Name, V) :- retractall(counter(Name, _)), assertz(counter(Name, V)).
add_counter(Name, V) :-
    (   retract(counter(Name, V0)) -> true ; V0 = 0 ),
    V is V0 + 1,
    assertz(counter(Name, V)).

%% trace_goal(:Goal)
% The REPL's `:trace Goal`: Goal is run by a meta-interpreter that prints the ports
% (Call, Exit, Redo, Fail) of each call of a predicate of the loaded files, with its
% depth, as SWI-Prolog's tracer prints them. Limits: the clauses are read from the
% files (the rules' predicates are static: Scryer does not give their clauses), so
% a DCG rule (-->), a predicate of a library, a built-in or one asserted at the
% prompt runs as a single step, its ports shown; control constructs (',', ;, ->, \+,
% call/N, findall/3, forall/2) are looked into; at most 2000 ports are printed.
%   ?- trace_goal(dots:to_move(S, P)).
trace_goal(Goal) :-
    retractall(traced_clause(_, _, _)),
    findall(Path, loaded_file(Path), Paths),
    forall(member(Path, Paths), load_traced(Path)),
    set_counter(ports, 0),
    (   Goal = M:G, atom(M) -> true ; M = user, G = Goal ),
    traced(G, M, 1).

:- dynamic(traced_clause/3).

load_traced(Path) :-
    catch(source_module(Path, M), _, M = user),
    catch(setup_call_cleanup(open_source(Path, S), read_traced(S, M), close(S)), _, true).

read_traced(S, M) :-
    (   '$devour_whitespace'(S) -> catch(read_term(S, T, []), _, T = '$unreadable')
    ;   T = end_of_file
    ),
    (   T == end_of_file -> true
    ;   (   T = (H :- B), callable(H) -> assertz(traced_clause(M, H, B))
        ;   T \= (:- _), T \= (_ --> _), callable(T) -> assertz(traced_clause(M, T, true))
        ;   true
        ),
        read_traced(S, M)
    ).

traced(G, _, _) :- var(G), !, throw(error(instantiation_error, trace_goal/1)).
traced(M:G, _, D) :- !, traced(G, M, D).
traced(true, _, _) :- !.
traced((A, B), M, D) :- !, traced(A, M, D), traced(B, M, D).
traced((C -> T ; E), M, D) :- !, ( traced(C, M, D) -> traced(T, M, D) ; traced(E, M, D) ).
traced((A ; B), M, D) :- !, ( traced(A, M, D) ; traced(B, M, D) ).
traced((C -> T), M, D) :- !, ( traced(C, M, D) -> traced(T, M, D) ).
traced(\+ G, M, D) :- !, \+ traced(G, M, D).
traced(findall(T, G, L), M, D) :- !, findall(T, traced(G, M, D), L).
traced(forall(C, A), M, D) :- !, \+ ( traced(C, M, D), \+ traced(A, M, D) ).
traced(G, M, D) :-
    G =.. [call, G0|Extra], !,
    (   G0 = M1:G1 -> true ; M1 = M, G1 = G0 ),
    G1 =.. L0, append(L0, Extra, L1), G2 =.. L1,
    traced(G2, M1, D).
traced(G, M, D) :-
    (   clause_module(G, M, CM) ->
        port(call, D, CM:G),
        D1 is D + 1,
        (   traced_clause(CM, G, Body),
            traced(Body, CM, D1)
        ;   port(fail, D, CM:G), fail
        ),
        ( port(exit, D, CM:G) ; port(redo, D, CM:G), fail )
    ;   port(call, D, G),
        (   M:G ; port(fail, D, G), fail ),
        ( port(exit, D, G) ; port(redo, D, G), fail )
    ).

% The module whose file's clauses define G, called from module M: M's own, else the
% one file module that defines it (a predicate imported into the prompt's user).
clause_module(G, M, M) :-
    \+ \+ traced_clause(M, G, _), !.
clause_module(G, user, CM) :-
    functor(G, N, A), functor(H, N, A),
    findall(CM0, traced_clause(CM0, H, _), CMs0), sort(CMs0, [CM]).

port(Port, Depth, Goal) :-
    add_counter(ports, K),
    (   K =< 2000 ->
        port_name(Port, Name),
        format("   ~a: (~d) ", [Name, Depth]),
        write_term(Goal, [quoted(true), max_depth(10)]), nl
    ;   K =:= 2001 -> format("   ... (more than 2000 ports: the rest is not printed)~n", [])
    ;   true
    ).

port_name(call, 'Call'). port_name(exit, 'Exit').
port_name(redo, 'Redo'). port_name(fail, 'Fail').

%% last_names(-Names)
% The names bound in the last answer the REPL showed.
last_names(Names) :-
    (   last_answer(Bindings) ->
        findall(N, member(N=_, Bindings), Names)
    ;   Names = []
    ).

%% replay(+N, :Goal)
% Calls Goal up to its Nth solution, then stops: the REPL plays a goal of the
% session again in a new engine as far as it was played (N solutions were shown).
replay(N, Goal) :-
    set_counter(replayed, 0),
    user:Goal,
    add_counter(replayed, K),
    K >= N,
    !.

%% replay_to_the_end(:Goal)
% Calls Goal through all its solutions, and succeeds whatever it came to: the REPL
% plays again a goal that failed or raised an error, for what it asserted on the way.
replay_to_the_end(Goal) :-
    catch(( user:Goal, fail ; true ), _, true).

%% last_binding(+Name, -Value)
% Value is (a copy of) what Name was bound to in the last answer the REPL showed:
% the REPL reads $X in a goal as this value, as SWI-Prolog's toplevel does.
%   ?- X = f(Y).          then   ?- Z = g($X).
%   Z = g(f(_A)).
last_binding(Name, Value) :-
    (   last_answer(Bindings),
        member(Name=V, Bindings) ->
        copy_term(V, Value)
    ;   last_names(Names),
        throw(error(existence_error(answer_binding, '$'(Name)), last_answer(Names)))
    ).

%% named_procedure(+Outcome0, +GoalChars, -Outcome)
% An unknown procedure is named with the module it was called in, as SWI-Prolog
% names it (dots:no_such/1: the module a M:Goal in the goal gives, else user), and
% the context lists the loaded predicates of that module with the same name and
% another arity, or a name one or two letters away: did_you_mean(List).
%   ?- named_procedure(exception(error(existence_error(procedure, box_point/1), box_point/1)),
%                      "dots:box_point(X)", O).
%   O = exception(error(existence_error(procedure, dots:box_point/1),
%                       context(dots:box_point/1, did_you_mean([dots:box_points/1])))).
%% procedure_named(+GoalChars, +Error0, -Error)
% What the REPL asks after an exception: Error0 with an unknown procedure named
% as named_procedure/3 names it, else Error0 itself. (A query of its own: in
% Scryer 0.10 the same work inside repl_answer/4 corrupted the machine after
% goals dropped with choice points.)
procedure_named(Chars, E0, E) :-
    named_procedure(exception(E0), Chars, exception(E)).

named_procedure(Outcome0, Chars, Outcome) :-
    (   Outcome0 = exception(error(existence_error(procedure, PI), _)),
        nonvar(PI), PI = N/A, atom(N), integer(A) ->
        procedure_named(N, A, Chars, Context, M),
        Outcome = exception(error(existence_error(procedure, M:N/A), Context))
    ;   Outcome = Outcome0
    ).

procedure_named(N, A, Chars, Context, M) :-
    (   catch(read_goal(Chars, Goal, _), _, fail), called_in(Goal, N, A, M0) -> M = M0
    ;   M = user
    ),
    findall(M:N2/A2, ( catch(current_predicate(M:N2/A2), _, fail),
                       N2/A2 \== N/A, near(N, A, N2, A2),
                       functor(H2, N2, A2), defined(M, H2) ), Near0),
    sort(Near0, Near),
    (   Near == [] -> Context = M:N/A
    ;   Context = context(M:N/A, did_you_mean(Near))
    ).

% The module a call of N/A in Goal is qualified with (the innermost M:G).
called_in(M:G, N, A, Module) :-
    atom(M), !,
    (   nonvar(G), called_in(G, N, A, Module) -> true
    ;   nonvar(G), functor(G, N, A), Module = M
    ).
called_in(G, N, A, Module) :-
    compound(G),
    G =.. [_|Args],
    member(Arg, Args),
    nonvar(Arg),
    called_in(Arg, N, A, Module), !.

% Another predicate a person may have meant: the same name, or a name at most two
% edits away (one for short names), with the same arity.
near(N, _, N, _) :- !.
near(N, A, N2, A) :-
    atom_chars(N, Cs), atom_chars(N2, Cs2),
    length(Cs, L), L >= 3,
    (   L =< 4 -> Max = 1 ; Max = 2 ),
    length(Cs2, L2), abs(L - L2) =< Max,
    edits(Cs, Cs2, D), D =< Max.

% The Levenshtein distance of two lists of characters.
edits(As, Bs, D) :-
    length(Bs, LB),
    numlist0(LB, Row0),
    edit_rows(As, 1, Bs, Row0, Row),
    reverse(Row, [D|_]).

numlist0(N, L) :- numlist0_(0, N, L).
numlist0_(I, N, [I|L]) :- ( I < N -> I1 is I + 1, numlist0_(I1, N, L) ; L = [] ).

edit_rows([], _, _, Row, Row).
edit_rows([A|As], I, Bs, [P|Prev], Row) :-
    Left is P + 1,
    edit_row(Bs, A, P, Prev, Left, Cells),
    I1 is I + 1,
    edit_rows(As, I1, Bs, [Left|Cells], Row).

% One row: Diag the cell above-left, [Up|Ups] the cells above, Left the cell to the left.
edit_row([], _, _, [], _, []).
edit_row([B|Bs], A, Diag, [Up|Ups], Left, [C|Cs]) :-
    (   A == B -> Cost = 0 ; Cost = 1 ),
    C is min(min(Up + 1, Left + 1), Diag + Cost),
    edit_row(Bs, A, Up, Ups, C, Cs).

answer_text(true, Bindings, Residue, Text, true) :-
    remember_answer(Bindings),
    visible_bindings(Bindings, Bindings, Visible),
    maplist(binding_chars(Bindings), Visible, Parts0),
    maplist(goal_chars(Bindings), Residue, Parts1),
    append(Parts0, Parts1, Parts),
    (   Parts == [] -> Text = "true"
    ;   join_with(Parts, ", ", Text)
    ).
answer_text(syntax_error(E), _, _, Text, syntax_error) :-
    write_term_to_chars(E, [quoted(true)], Text).
answer_text(exception(E), Bindings, _, Text, exception) :-
    write_term_to_chars(E, [quoted(true), variable_names(Bindings)], Text).

% Variables whose names start with _ are not shown, nor a variable left unbound.
visible_bindings([], _, []).
visible_bindings([Name=Value|Bs], All, Visible) :-
    (   ( atom_chars(Name, ['_'|_]) ; var(Value), first_name(All, Value, Name) ) ->
        Visible = Visible1
    ;   Visible = [Name=Value|Visible1]
    ),
    visible_bindings(Bs, All, Visible1).

first_name([N=V|Bs], Var, Name) :-
    (   V == Var -> N = Name ; first_name(Bs, Var, Name) ).

binding_chars(Bindings, Name=Value, Chars) :-
    atom_chars(Name, NameChars),
    value_chars(Bindings, Value, ValueChars),
    append(NameChars, [' ', '=', ' '|ValueChars], Chars).

% An operator term binding tighter than = is written in parentheses, as X = (a:-b).
value_chars(Bindings, Value, Chars) :-
    write_term_to_chars(Value, [quoted(true), double_quotes(true), variable_names(Bindings)], Chars0),
    (   compound(Value), functor(Value, F, A), A =< 2,
        current_op(P, Type, F), P >= 700, type_arity(Type, A) ->
        append(['('|Chars0], [')'], Chars)
    ;   Chars = Chars0
    ).

type_arity(xfx, 2). type_arity(xfy, 2). type_arity(yfx, 2).
type_arity(fy, 1). type_arity(fx, 1). type_arity(xf, 1). type_arity(yf, 1).

goal_chars(Bindings, Goal, Chars) :-
    write_term_to_chars(Goal, [quoted(true), double_quotes(true), variable_names(Bindings)], Chars).

join_with([], _, []).
join_with([P], _, P) :- !.
join_with([P|Ps], Sep, Text) :-
    join_with(Ps, Sep, Rest),
    append(Sep, Rest, SepRest),
    append(P, SepRest, Text).

% The lines of a stream, each a list of characters.
read_lines(S, Lines) :-
    get_char(S, C),
    (   C == end_of_file -> Lines = []
    ;   line_rest(S, C, Line, Next),
        Lines = [Line|Lines1],
        (   Next == end_of_file -> Lines1 = []
        ;   read_lines(S, Lines1)
        )
    ).

line_rest(_, '\n', [], more) :- !.
line_rest(_, end_of_file, [], end_of_file) :- !.
line_rest(S, C, [C|Cs], Next) :- get_char(S, C1), line_rest(S, C1, Cs, Next).

%% file_module(+PathChars, -Module)
% Module is the name the file declares in its first clause, :- module(Module, _).
file_module(PathChars, Module) :-
    atom_chars(Path, PathChars),
    source_module(Path, Module).

source_module(Path, Module) :-
    setup_call_cleanup(open_source(Path, S),
                       catch(read_term(S, T, []), _, fail),
                       close(S)),
    nonvar(T),
    T = (:- module(Module, _)),
    atom(Module).


%% file_facts(+PathChars, -Facts)
% Facts are the module declaration and the data facts tabula lists games by, read from
% the file at PathChars without loading it (loading a game can take a while, and a
% listing must not run anyone's directives): module(Name, Exports), every clause of
% game_info/1, levels/1, level_info/2 and default_game/1, and uses(Name) for each
% module the file loads from beside it (`:- use_module(Name)`, Name an atom), in file
% order. Reading stops
% at the end of the file or at the first term that does not read on its own.
%   ?- file_facts("prolog/games/dots/dots_ai.pl", Fs).
%   Fs = [module(dots_ai, [...]), levels([random, greedy, ai]), level_info(random, "...") ...].
file_facts(PathChars, Facts) :-
    atom_chars(Path, PathChars),
    setup_call_cleanup(open_source(Path, S), read_facts(S, Facts), close(S)).

read_facts(S, Facts) :-
    catch(read_term(S, T, []), _, T = end_of_file),
    (   T == end_of_file -> Facts = []
    ;   listed_fact(T) -> Facts = [T|Fs], read_facts(S, Fs)
    ;   T = (:- module(M, E)) -> Facts = [module(M, E)|Fs], read_facts(S, Fs)
    ;   nonvar(T), T = (:- use_module(N)), atom(N) -> Facts = [uses(N)|Fs], read_facts(S, Fs)
    ;   read_facts(S, Facts)
    ).

listed_fact(T) :-
    nonvar(T),
    (   T = game_info(_) ; T = levels(_) ; T = level_info(_, _) ; T = default_game(_) ),
    !.
