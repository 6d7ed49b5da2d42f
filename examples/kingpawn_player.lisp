(make-package 'ra000000)
(in-package ra000000)
(lisp::use-package 'lisp)

;;;; A player for the king-and-pawn chase, written as the Lisp assignment asks.
;;;;
;;;; The three lines above are the header every student's file starts with,
;;;; the package named after the student's login ("ra" and the number: put
;;;; yours). Then come the assignment's four functions:
;;;;
;;;;   (branco-inicia)            White's first move
;;;;   (branco-responde jogada)   White's next move, given Black's last
;;;;   (preto-inicia jogada)      Black's first move, given White's first
;;;;   (preto-responde jogada)    Black's next move, given White's last
;;;;
;;;; A move is the list (l c) of the square the king goes to: row l from
;;;; White's side (1 at the bottom, where Black's king and pawn start) and
;;;; column c, both from 1 to 8. The game starts from the assignment's
;;;; diagram: the white king on (8 1), the black king on (1 7), the pawn on
;;;; (1 8). White moves first and must take the pawn (step onto it) within 30
;;;; moves; the pawn never moves; the two kings never stand side by side.
;;;;
;;;; How to play it in tabula (SBCL runs it: apt-get install sbcl):
;;;;
;;;;   tabula play kingpawn --p1 examples/kingpawn_player.lisp --p2 human
;;;;   tabula match kingpawn --p1 examples/kingpawn_player.lisp --p2 perfect --games 10
;;;;
;;;; tabula tells this file nothing but the moves: it keeps its own picture
;;;; of the board in three variables, and its own little move generator.
;;;;
;;;; What it plays: simple on purpose, and beaten by the perfect players.
;;;;
;;;;   * White walks towards the pawn: of the squares it may go to, the one
;;;;     nearest the pawn (the pawn's own square, when it can take it).
;;;;   * Black keeps its king near the pawn, to guard it: of the squares it
;;;;     may go to, the one nearest the pawn, and among those the farthest
;;;;     from the white king.
;;;;
;;;; Improve it: that is the assignment.


;;; ------------------------------------------------------------------------
;;; The board, as this player knows it
;;; ------------------------------------------------------------------------

(defvar *white* (list 8 1) "The square of the white king.")
(defvar *black* (list 1 7) "The square of the black king.")
(defvar *pawn* (list 1 8) "The square of the black pawn (it never moves).")

(defun start-position ()
  "Puts the pieces where the assignment's diagram has them."
  (setf *white* (list 8 1)
        *black* (list 1 7)
        *pawn* (list 1 8)))


;;; ------------------------------------------------------------------------
;;; The four functions of the assignment
;;; ------------------------------------------------------------------------

(defun branco-inicia ()
  "White's first move."
  (start-position)
  (setf *white* (white-choice)))

(defun branco-responde (jogada)
  "White's next move, given Black's last (JOGADA)."
  (setf *black* (copy-list jogada))
  (setf *white* (white-choice)))

(defun preto-inicia (jogada)
  "Black's first move, given White's first (JOGADA)."
  (start-position)
  (setf *white* (copy-list jogada))
  (setf *black* (black-choice)))

(defun preto-responde (jogada)
  "Black's next move, given White's last (JOGADA)."
  (setf *white* (copy-list jogada))
  (setf *black* (black-choice)))


;;; ------------------------------------------------------------------------
;;; The squares and the moves
;;; ------------------------------------------------------------------------

(defun distance (a b)
  "How many king steps apart squares A and B are: max(|dl|, |dc|)."
  (max (abs (- (first a) (first b)))
       (abs (- (second a) (second b)))))

(defun neighbours (square)
  "The squares of the board next to SQUARE (3 in a corner, 8 in the middle)."
  (let ((result '()))
    (loop for dl from -1 to 1
          do (loop for dc from -1 to 1
                   do (let ((l (+ (first square) dl))
                            (c (+ (second square) dc)))
                        (when (and (not (and (= dl 0) (= dc 0)))
                                   (<= 1 l 8)
                                   (<= 1 c 8))
                          (push (list l c) result)))))
    (nreverse result)))

(defun white-moves ()
  "The squares the white king may go to: next to it, and not next to the
black king (the kings never touch)."
  (remove-if (lambda (to) (< (distance to *black*) 2))
             (neighbours *white*)))

(defun black-moves ()
  "The squares the black king may go to: the same, and never its own pawn's."
  (remove-if (lambda (to) (or (< (distance to *white*) 2)
                              (equal to *pawn*)))
             (neighbours *black*)))


;;; ------------------------------------------------------------------------
;;; Choosing a move
;;; ------------------------------------------------------------------------

(defun best (moves score)
  "The move of MOVES with the least SCORE (the first of equals); nil when
there is none."
  (let ((best nil)
        (best-score nil))
    (dolist (move moves best)
      (let ((s (funcall score move)))
        (when (or (null best-score) (< s best-score))
          (setf best move
                best-score s))))))

(defun white-choice ()
  "The square nearest the pawn. (White always has a move: one black king
cannot cover every square around the white king.)"
  (best (white-moves)
        (lambda (to) (distance to *pawn*))))

(defun black-choice ()
  "The square nearest the pawn, and among those the farthest from the white
king: distances are at most 7, so ten times the first minus the second
orders by the first, then the second. (When Black has no move at all the
game is over, it has lost, and nobody asks.)"
  (best (black-moves)
        (lambda (to) (- (* 10 (distance to *pawn*))
                        (distance to *white*)))))
