;;;; tabula-player.lisp: a king-and-pawn chase player written as the Lisp
;;;; assignment asks, made a player of tabula's protocol (docs/protocol.md).
;;;;
;;;; The assignment's player is a file of four functions in a package of its
;;;; own:
;;;;
;;;;   (branco-inicia)            White's first move
;;;;   (branco-responde jogada)   White's next move, given Black's last
;;;;   (preto-inicia jogada)      Black's first move, given White's first
;;;;   (preto-responde jogada)    Black's next move, given White's last
;;;;
;;;; a move being the list (l c) of the square the king goes to. This file
;;;; loads such a file, finds its package, and answers the protocol's commands
;;;; on stdin and stdout by calling the four functions. tabula runs it as
;;;;
;;;;   sbcl --dynamic-space-size SIZE --noinform --disable-ldb --end-runtime-options \
;;;;        --no-sysinit --no-userinit --disable-debugger --non-interactive \
;;;;        --load tabula-player.lisp --end-toplevel-options STUDENT.lisp
;;;;
;;;; (the player spec STUDENT.lisp). Try it by hand:
;;;;
;;;;   printf 'game kingpawn\ngenmove 1000\nquit\n' | sbcl --script lisp/tabula-player.lisp examples/kingpawn_player.lisp
;;;;
;;;; Only the protocol's answers go to stdout. Everything else, what the
;;;; student's code prints included, goes to stderr, which tabula keeps as the
;;;; game's log. Whatever goes wrong in the student's code (an error, a result
;;;; that is not a move, a file that does not load) is answered "? MESSAGE" in
;;;; words, so that the referee records the fault with a reason a student can
;;;; read; the details (the condition, a backtrace) are in the log.

(defpackage #:tabula-player
  (:use #:common-lisp)
  (:export #:main))

(in-package #:tabula-player)

(defparameter *usual-start* '("K81" "k17" "p18" "w" "0/30")
  "The assignment's start as the protocol's position text: the only start the
four functions know, since they cannot be told another.")

(defparameter *names* '("BRANCO-INICIA" "BRANCO-RESPONDE" "PRETO-INICIA" "PRETO-RESPONDE")
  "The four functions of the assignment.")

(defvar *student* nil "The student's package, once the file has loaded.")
(defvar *broken* nil "Why the student's file cannot play, in words; or nil.")
(defvar *file-name* "" "The student's file, as given.")

;;; --------------------------------------------------------------------------
;;; The header: (make-package 'ra973451) (in-package ra973451)
;;; (lisp::use-package 'lisp)
;;; --------------------------------------------------------------------------

(defun give-common-lisp-the-nickname-lisp ()
  "The assignment's header was written for Lisps where COMMON-LISP is also
called LISP (CLISP, and CMU CL before it). SBCL has no package LISP, so
`lisp::use-package' would not even read. Giving COMMON-LISP that nickname
makes the three lines work unchanged: SBCL's make-package uses no package by
default, and (use-package 'lisp) then brings in all of Common Lisp. COMMON-LISP
is locked in SBCL, and a nickname is part of the package: unlock it just for
the renaming."
  (unless (find-package "LISP")
    (sb-ext:with-unlocked-packages ("COMMON-LISP")
      (rename-package "COMMON-LISP" "COMMON-LISP"
                      (cons "LISP" (package-nicknames "COMMON-LISP"))))))

;;; --------------------------------------------------------------------------
;;; Streams: the protocol's own, and the student's
;;; --------------------------------------------------------------------------

(defvar *commands* nil "The referee's commands (the original stdin).")
(defvar *answers* nil "Where the answers go (the original stdout).")

(defun dup2 (from to)
  (sb-alien:alien-funcall
   (sb-alien:extern-alien "dup2" (function sb-alien:int sb-alien:int sb-alien:int))
   from to))

(defun take-over-standard-streams ()
  "Keeps stdin and stdout for the protocol, on descriptors of their own, then
points descriptor 1 at stderr and descriptor 0 at /dev/null: whatever the
student's code writes to stdout, by any stream, lands in the log instead of
corrupting the protocol, and a student reading stdin reads nothing rather than
the referee's next command."
  (finish-output *standard-output*)
  (let ((in (sb-unix:unix-dup 0))
        (out (sb-unix:unix-dup 1))
        (null (sb-unix:unix-open "/dev/null" sb-unix:o_rdonly 0)))
    (unless (and in out (>= in 0) (>= out 0))
      (error "cannot copy the standard descriptors"))
    (dup2 2 1)
    (when (and null (>= null 0))
      (dup2 null 0)
      (sb-unix:unix-close null))
    (setf *commands* (sb-sys:make-fd-stream in :input t :buffering :full
                                               :external-format '(:utf-8 :replacement #\?))
          *answers* (sb-sys:make-fd-stream out :output t :buffering :full
                                                :external-format :utf-8))))

(defmacro with-student-streams (&body body)
  "BODY (the student's code) with the standard streams it may use: output to
stderr, input empty."
  `(let* ((*standard-output* *error-output*)
          (*standard-input* (make-string-input-stream ""))
          (*terminal-io* (make-two-way-stream *standard-input* *error-output*))
          (*query-io* *terminal-io*)
          (*debug-io* *terminal-io*))
     ,@body))

(defun log-line (control &rest arguments)
  "A line in the game's log (stderr)."
  (format *error-output* "~&tabula-player: ~?~%" control arguments)
  (finish-output *error-output*))

;;; --------------------------------------------------------------------------
;;; Text in one line
;;; --------------------------------------------------------------------------

(defun one-line (text &optional (limit 300))
  "TEXT with every run of blanks and newlines made one space, cut at LIMIT
characters: an answer of the protocol is one line."
  (let ((out (make-string-output-stream))
        (blank nil)
        (count 0))
    (loop for char across (string-trim '(#\Space #\Tab #\Newline #\Return) text)
          while (< count limit)
          do (cond ((member char '(#\Space #\Tab #\Newline #\Return #\Page))
                    (setf blank t))
                   (t
                    (when blank
                      (write-char #\Space out)
                      (incf count))
                    (setf blank nil)
                    (write-char char out)
                    (incf count))))
    (let ((result (get-output-stream-string out)))
      (if (>= count limit)
          (concatenate 'string result "...")
          result))))

(defun without-load-streams (text)
  "TEXT with SBCL's internal stream of a file being loaded made \"the file\"
(its line and column are said besides), and the end of such a file explained."
  (let ((cut (search "Stream: #<" text)))
    (when cut
      (setf text (subseq text 0 cut))))
  (loop for start = (search "#<SB-INT:FORM-TRACKING-STREAM" text)
        for end = (and start (search "}>" text :start2 start))
        while end
        do (setf text (concatenate 'string (subseq text 0 start) "the file"
                                   (subseq text (+ end 2)))))
  (let ((eof (search "end of file on the file" text)))
    (if eof
        (concatenate 'string (subseq text 0 eof)
                     "the file ends inside a form (a parenthesis not closed?)"
                     (subseq text (+ eof (length "end of file on the file"))))
        text)))

(defun condition-text (condition)
  "What CONDITION says, in one line; the memory and stack conditions in plain
words (SBCL's own texts for them are long or odd)."
  (cond ((typep condition 'sb-kernel::control-stack-exhausted)
         "the stack ran out (a recursion too deep, or one that never ends)")
        ((typep condition 'storage-condition)
         "the memory ran out (the heap is exhausted)")
        (t
         (let ((text (handler-case (princ-to-string condition)
                       (serious-condition () (format nil "an error of type ~S" (type-of condition))))))
           (one-line (without-load-streams text))))))

(defun value-text (value)
  "VALUE as Lisp prints it, short and in one line, whatever it is (circular,
deep, huge)."
  (handler-case
      (let ((*print-circle* t)
            (*print-length* 8)
            (*print-level* 3)
            (*print-readably* nil)
            (*print-pretty* nil)
            ;; As the student wrote it: garbage, not RA973451::GARBAGE.
            (*print-case* :downcase)
            (*package* (or *student* *package*)))
        (one-line (prin1-to-string value) 80))
    (serious-condition () "an unprintable value")))

;;; --------------------------------------------------------------------------
;;; The student's file
;;; --------------------------------------------------------------------------

(defun base-name (path)
  "The file name in PATH, without its folder. (PATH is a native file name: a
name such as ana[2].lisp is no wildcard here.)"
  (subseq path (1+ (or (position #\/ path :from-end t) -1))))

(defun function-name (name)
  "How a student writes the function NAME: branco-inicia."
  (string-downcase name))

(defun defines (package name)
  "The function NAME (one of the four) as PACKAGE has it, or nil."
  (let ((symbol (find-symbol name package)))
    (and symbol
         (fboundp symbol)
         (not (macro-function symbol))
         (not (special-operator-p symbol))
         symbol)))

(defun student-package (before)
  "The package of the student's functions: of the packages made while loading
the file (not in BEFORE), the one defining the most of the four; else
COMMON-LISP-USER, for a file written without the header."
  (let ((made (set-difference (list-all-packages) before))
        (best nil)
        (best-count 0))
    (dolist (package (append made (list (find-package "COMMON-LISP-USER"))))
      (let ((count (count-if (lambda (name) (defines package name)) *names*)))
        (when (> count best-count)
          (setf best package
                best-count count))))
    best))

(defun load-student (path)
  "Loads the student's file; sets *student*, or *broken* saying why it cannot
play."
  (let ((before (list-all-packages)))
    (handler-case
        (with-student-streams
          (let ((*package* (find-package "COMMON-LISP-USER")))
            ;; One compilation unit: a function called before its defun further
            ;; down is no warning (only one never defined is). Comments written
            ;; in Latin-1 (Portuguese accents) must not stop a file from loading.
            (with-compilation-unit ()
              (load (sb-ext:parse-native-namestring path)
                    :external-format '(:utf-8 :replacement #\?)))))
      (serious-condition (condition)
        (log-line "~A does not load:~%~A" path condition)
        (setf *broken* (format nil "the file ~A does not load: ~A"
                               (base-name path) (condition-text condition)))
        (return-from load-student)))
    (let ((package (student-package before)))
      (cond ((null package)
             (setf *broken*
                   (format nil "the file ~A defines none of the assignment's functions ~
                                (branco-inicia), (branco-responde jogada), (preto-inicia jogada), ~
                                (preto-responde jogada)"
                           (base-name path))))
            (t
             (let ((missing (remove-if (lambda (name) (defines package name)) *names*)))
               (cond (missing
                      (setf *broken*
                            (format nil "the file ~A (package ~A) does not define the function~P ~
                                         ~{~A~^, ~}: a player needs all four of the assignment"
                                    (base-name path)
                                    (string-downcase (package-name package))
                                    (length missing)
                                    (mapcar #'function-name missing))))
                     (t
                      (setf *student* package)
                      (log-line "loaded ~A: the functions of package ~A"
                                path (package-name package))))))))
    (when *broken*
      (log-line "~A" *broken*))))

;;; --------------------------------------------------------------------------
;;; Calling the four functions
;;; --------------------------------------------------------------------------

(define-condition refusal (error)
  ((message :initarg :message :reader message))
  (:report (lambda (condition stream) (write-string (message condition) stream)))
  (:documentation "A command this player answers with ? MESSAGE."))

(defun refuse (control &rest arguments)
  (error 'refusal :message (apply #'format nil control arguments)))

(defun square-p (value)
  "Whether VALUE is a move: a list of two integers from 1 to 8."
  (and (consp value)
       (consp (cdr value))
       (null (cddr value))
       (typep (first value) '(integer 1 8))
       (typep (second value) '(integer 1 8))))

(defun student-move (name &rest arguments)
  "NAME's answer as a move, or a refusal saying what went wrong."
  (let* ((called (format nil "(~A~{ ~A~})" (function-name name)
                         (mapcar #'value-text arguments)))
         (failure nil)
         (value
           (block call
             (handler-bind
                 ((serious-condition
                    (lambda (condition)
                      (log-line "~A signalled:~%~A" called condition)
                      ;; A backtrace helps with an error; after a stack or heap
                      ;; exhaustion there may be no room left to print one.
                      (unless (typep condition 'storage-condition)
                        (ignore-errors
                         (sb-debug:print-backtrace :count 25 :stream *error-output*)))
                      (setf failure (format nil "~A failed: ~A" called
                                            (condition-text condition)))
                      (return-from call nil))))
               (with-student-streams
                 (apply (defines *student* name) (mapcar #'copy-list arguments)))))))
    (cond (failure (refuse "~A" failure))
          ((square-p value) (list (first value) (second value)))
          (t
           (log-line "~A returned ~A" called (value-text value))
           (refuse "~A returned ~A, which is not a move: a move is a list of two ~
                    integers from 1 to 8, (row column), such as (7 1)"
                   called (value-text value))))))

;;; --------------------------------------------------------------------------
;;; The game as this player knows it
;;; --------------------------------------------------------------------------

(defvar *playing* nil "Whether a game of the chase has been set up.")
(defvar *moves* nil "Every move of the game so far, in order: (l c) lists.")
(defvar *side* nil ":white or :black, known from the first genmove.")
(defvar *answered* 0
  "How many of this side's moves the student's functions have answered. A
program played against at the terminal is started again after a move is
taken back and told the game again, its own moves included: those are asked
of the functions again, in order, so that they see the game they would have
seen.")

(defun new-game ()
  (setf *playing* t
        *moves* (make-array 32 :adjustable t :fill-pointer 0)
        *side* nil
        *answered* 0))

(defun parse-square (text)
  "The square written in TEXT, (7 1) (also 7 1 or (7,1)), as a list; nil when
TEXT is not one. Read by hand: nothing the referee sends is evaluated."
  (let ((numbers '())
        (current nil))
    (loop for char across text
          do (let ((digit (digit-char-p char)))
               (cond (digit
                      (setf current (+ (* 10 (or current 0)) digit))
                      (when (> current 100)
                        (return-from parse-square nil)))
                     ((member char '(#\( #\) #\, #\Space #\Tab))
                      (when current
                        (push current numbers)
                        (setf current nil)))
                     (t (return-from parse-square nil)))))
    (when current
      (push current numbers))
    (let ((square (reverse numbers)))
      (and (square-p square) square))))

(defun own-move-index (k)
  "The place in the game of this side's K-th move (from 0)."
  (+ (* 2 k) (if (eq *side* :white) 0 1)))

(defun ask-functions (k)
  "This side's K-th move (from 0), as the assignment's four functions play it."
  (let ((index (own-move-index k)))
    (flet ((last-move () (aref *moves* (1- index))))
      (ecase *side*
        (:white (if (zerop k)
                    (student-move "BRANCO-INICIA")
                    (student-move "BRANCO-RESPONDE" (last-move))))
        (:black (if (zerop k)
                    (student-move "PRETO-INICIA" (last-move))
                    (student-move "PRETO-RESPONDE" (last-move))))))))

(defun genmove ()
  "This player's move now."
  (let* ((made (length *moves*))
         (to-move (if (evenp made) :white :black)))
    (cond ((null *side*) (setf *side* to-move))
          ((not (eq *side* to-move))
           (refuse "asked for a move after ~D moves, but this player plays ~(~A~) and ~(~A~) is to move"
                   made *side* to-move)))
    ;; This side's moves already in the game, asked again after a restart.
    (let ((played (if (eq *side* :white) (ceiling made 2) (floor made 2))))
      (loop while (< *answered* played)
            do (let* ((index (own-move-index *answered*))
                      (was (aref *moves* index))
                      (now (ask-functions *answered*)))
                 (unless (equal was now)
                   (log-line "told the game again: the functions now answer ~A where ~A was played; ~
                              their picture of the board may differ from the game's"
                             (value-text now) (value-text was)))
                 (incf *answered*))))
    (let ((move (ask-functions *answered*)))
      (incf *answered*)
      (vector-push-extend move *moves*)
      (format nil "(~D ~D)" (first move) (second move)))))

;;; --------------------------------------------------------------------------
;;; The protocol
;;; --------------------------------------------------------------------------

(defun answer (ok text)
  "Writes one answer: = TEXT or ? TEXT, then the empty line; flushed."
  (let ((text (one-line text 2000)))
    (format *answers* "~A~:[~; ~A~]~%~%" (if ok "=" "?") (plusp (length text)) text))
  (finish-output *answers*))

(defun split-blanks (line)
  "The words of LINE."
  (let ((words '())
        (start nil))
    (loop for i from 0 to (length line)
          do (let ((blank (or (= i (length line))
                              (member (char line i) '(#\Space #\Tab)))))
               (cond ((and blank start)
                      (push (subseq line start i) words)
                      (setf start nil))
                     ((and (not blank) (null start))
                      (setf start i)))))
    (nreverse words)))

(defun need-game ()
  (when *broken*
    (refuse "~A" *broken*))
  (unless *playing*
    (refuse "no game: send game kingpawn first")))

(defun command (words)
  "The answer to the command WORDS (a list of strings): the text of an = answer;
a refusal otherwise."
  (let ((name (first words))
        (arguments (rest words)))
    (cond
      ((string= name "name")
       (if *student*
           (string-downcase (package-name *student*))
           (base-name *file-name*)))
      ((string= name "game")
       (when *broken*
         (refuse "~A" *broken*))
       (let ((game (or (first arguments) "")))
         (unless (string= game "kingpawn")
           (refuse "this player plays only kingpawn, the king-and-pawn chase: the four functions ~
                    (branco-inicia) (branco-responde jogada) (preto-inicia jogada) ~
                    (preto-responde jogada) are the chase's, not ~A's" game)))
       (new-game)
       "")
      ((string= name "position")
       (need-game)
       (unless (equal arguments *usual-start*)
         (refuse "this player starts only from the assignment's start, ~{~A~^ ~}: the four ~
                  functions cannot be told another (asked for ~{~A~^ ~})"
                 *usual-start* arguments))
       "")
      ((string= name "play")
       (need-game)
       (let ((square (parse-square (format nil "~{~A~^ ~}" arguments))))
         (unless square
           (refuse "not a move: ~{~A~^ ~} (a move is a square, such as (7 1))" arguments))
         (vector-push-extend square *moves*))
       "")
      ((string= name "genmove")
       (need-game)
       (genmove))
      (t (refuse "unknown command")))))

(defun finish (code)
  (ignore-errors (finish-output *answers*))
  (ignore-errors (finish-output *error-output*))
  (sb-ext:exit :code code :abort t))

(defun main ()
  (take-over-standard-streams)
  (give-common-lisp-the-nickname-lisp)
  (let ((path (second sb-ext:*posix-argv*)))
    (cond (path
           (setf *file-name* path)
           (load-student path))
          (t
           (setf *broken* "no player file: run as sbcl --script tabula-player.lisp FILE.lisp")
           (log-line "~A" *broken*))))
  (handler-case
      (loop for line = (read-line *commands* nil)
            while line
            do (let ((words (split-blanks (string-right-trim '(#\Return) line))))
                 (cond ((null words))
                       ((string= (first words) "quit")
                        (answer t "")
                        (finish 0))
                       (t
                        (multiple-value-bind (text failure)
                            (handler-case (command words)
                              (refusal (refusal) (values nil (message refusal)))
                              ;; A mistake of this file, not of the student's.
                              (error (condition)
                                (log-line "internal error: ~A" condition)
                                (values nil (format nil "the Lisp adapter failed: ~A"
                                                    (condition-text condition)))))
                          (if failure
                              (answer nil failure)
                              (answer t text)))))))
    ;; The referee has gone (stdout closed): nothing to say to anyone.
    (stream-error () (finish 0)))
  (finish 0))

(main)
