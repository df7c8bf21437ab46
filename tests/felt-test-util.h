/* felt-test-util.h: building and checking positions for the rules tests,
 * and the temporary folders every test without a display shares.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

/* cmocka, with what it needs before it: a test includes this file only. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "felt-format.h"
#include "felt-rules.h"
#include "felt-session.h"
#include "felt-test-deals.h"

/* ---- temporary folders and files ---------------------------------------- */

/* A new folder under the temporary folder, named after `prefix`; when
 * env_var is not NULL, set to it (FELT_DATA_DIR).  Fails the test if it
 * cannot be made.  Free it. */
char *felt_test_make_dir (const char *prefix, const char *env_var);
/* Removes a folder and everything in it (not following links); nothing
 * for NULL or a folder that is not there. */
void felt_test_remove_dir (const char *dir);
/* The contents of dir/name, or NULL when it cannot be read.  Free it. */
char *felt_test_read_file (const char *dir, const char *name);

/* The data folder of a files test (FELT_DATA_DIR): *data, writable by
 * anyone, in a new folder *root named after `prefix` that anyone may go
 * through.  Close removes both (and frees the names). */
void felt_test_open_data_dir (const char *prefix, char **root, char **data);
void felt_test_close_data_dir (char **root, char **data);
/* From here to felt_test_become_self, file access is checked as an
 * ordinary user's: as root (CI), the file system user id of this thread
 * is nobody's, which also drops the capabilities that let root read
 * anything. */
void felt_test_become_other (void);
void felt_test_become_self (void);

/* The errno values the fault tests inject (tests/fault-shim.c knows
 * them by these names). */
typedef struct {
  const char *name;
  int value;
} FeltTestErrno;
extern const FeltTestErrno felt_test_errnos[];
#define FELT_TEST_N_ERRNOS 6

/* The environment of a program run with tests/fault-shim.so preloaded:
 * under AddressSanitizer the shim comes before its runtime, which must
 * not stop the program for that. */
char **felt_test_env_for_shim (char **envp);

/* ---- building positions ------------------------------------------------- */

/* A position of `game_id` given as pairs of pile name and cards
 * (bottom first, separated by spaces), ending with NULL:
 *   felt_test_position (&st, "cruel", "tableau.0", "5H 3H", "foundation.1", "AH 2H", NULL);
 * Piles not named are empty.  Aborts the test on a bad name. */
void felt_test_position (FeltState *state, const char *game_id, ...) G_GNUC_NULL_TERMINATED;

/* Foundations 0 to 3 with the one card each that a deal starts them
 * with, to go among the piles of felt_test_position(): the four aces
 * (Cruel, Scuffle), the four 2s (Straight Up), the A, 2, 3 and 4 of
 * clubs (Hopscotch). */
#define FELT_TEST_ACES                                                   \
  "foundation.0", "AC", "foundation.1", "AD", "foundation.2", "AH", "foundation.3", "AS"
#define FELT_TEST_TWOS                                                   \
  "foundation.0", "2C", "foundation.1", "2D", "foundation.2", "2H", "foundation.3", "2S"
#define FELT_TEST_LOW_CLUBS                                              \
  "foundation.0", "AC", "foundation.1", "2C", "foundation.2", "3C", "foundation.3", "4C"

/* "tableau.3" from ("tableau", 3); the string stays valid for ever. */
const char *felt_test_name (const char *kind, guint index);

/* The pile index of a name ("tableau.3") in the game of the state. */
guint felt_test_pile (const FeltState *state, const char *name);

/* The pile index of a name, or -1 for NULL (what a double-click that
 * goes nowhere answers). */
int felt_test_pile_or_none (const FeltState *state, const char *name);

/* A move from names: felt_test_move (&st, "tableau.0", 1, "foundation.1"). */
FeltMove felt_test_move (const FeltState *state, const char *from, guint count, const char *to);

/* The stock action (deal, turn a card, redeal): { 0, 0, 0, 1 }. */
extern const FeltMove felt_test_stock_move;

/* ---- cards as text ------------------------------------------------------ */

/* The cards of a pile as "AH 2H" (bottom first; "" when empty); free it. */
char *felt_test_pile_cards (const FeltState *state, const char *name);

/* "TD" for rank 10 of diamonds; rank 14 is the ace again (aces high). */
char *felt_test_card_name (guint rank, guint suit);

/* Ranks a..b of one suit: felt_test_suit_run (FELT_CLUBS, 1, 3) is
 * "AC 2C 3C"; rank 14 is the ace (Straight Up's 2 .. K A); free it. */
char *felt_test_suit_run (guint suit, guint a, guint b);

/* ---- the engine's answers ----------------------------------------------- */

/* Is the move among felt_state_legal_moves()? */
gboolean felt_test_move_listed (const FeltState *state, const FeltMove *move);

/* felt_state_check_move() and felt_test_move_listed() of a move by names. */
FeltIllegal felt_test_check (const FeltState *state, const char *from, guint count, const char *to);
gboolean felt_test_listed (const FeltState *state, const char *from, guint count, const char *to);

/* felt_state_check_move() of the stock action. */
FeltIllegal felt_test_check_stock (const FeltState *state);

/* How many card moves felt_state_legal_moves() lists. */
guint felt_test_n_legal (const FeltState *state);

/* Every legal move and then the stock action, as
 * "waste 1 reserve.0, tableau.2 3 foundation.1, stock"; free it. */
char *felt_test_moves_text (const FeltState *state);

/* felt_state_status() as a value. */
FeltStatus felt_test_status (const FeltState *state);

/* What a double-click on the top `count` cards of `from` does: the
 * foundation it sends them to, or -1 (felt_state_foundation_for()). */
int felt_test_double_click (const FeltState *state, const char *from, guint count);

/* ---- playing ------------------------------------------------------------ */

/* Checks that the move is legal and listed, then plays it. */
FeltUndo felt_test_play (FeltState *state, const char *from, guint count, const char *to);

/* Checks that the stock action is possible and legal, then plays it. */
FeltUndo felt_test_click_stock (FeltState *state);

/* Depth-first search over the engine's own legal moves and stock action
 * for a line of at most `depth` steps that wins.  On success the state
 * is won and the line is in line[], *n_line steps long (start at 0). */
gboolean felt_test_solve (FeltState *state, guint depth, FeltMove *line, guint *n_line);

/* Plays the n steps of a line, checking each first: legal, listed (card
 * moves), the game not won yet.  undo[i] is filled for step i. */
void felt_test_replay (FeltState *state, const FeltMove *line, guint n, FeltUndo *undo);

/* Undoes n steps played with felt_test_replay(), the last first. */
void felt_test_undo_all (FeltState *state, const FeltUndo *undo, guint n);

/* Plays a legal move through the session that scores `points`; undo takes
 * them back and redo gives them again. */
void felt_test_play_scores (FeltSession *session, const FeltMove *move, guint points);

/* The deck as the engine shuffles it for a deal of one deck (deck[0]
 * dealt first); returns the generator after the shuffle. */
guint64 felt_test_shuffled_deck (const FeltGame *game, guint32 seed, FeltCard deck[52]);

/* ---- assertions --------------------------------------------------------- */

/* The pile holds exactly these cards, bottom first: "AH 2H", or "". */
#define assert_pile(st, name, expected)                                  \
  do                                                                     \
    {                                                                    \
      const char *name_ = (name);                                        \
      const char *expected_ = (expected);                                \
      char *cards_ = felt_test_pile_cards ((st), name_);                 \
      if (strcmp (cards_, expected_) != 0)                               \
        fail_msg ("%s holds \"%s\", expected \"%s\"", name_, cards_,     \
                  expected_);                                            \
      g_free (cards_);                                                   \
    }                                                                    \
  while (0)

/* felt_test_moves_text() is exactly `expected`. */
#define assert_moves(st, expected)                                       \
  do                                                                     \
    {                                                                    \
      char *moves_ = felt_test_moves_text (st);                          \
      assert_string_equal (moves_, (expected));                          \
      g_free (moves_);                                                   \
    }                                                                    \
  while (0)

/* The move is legal and offered. */
#define assert_legal(st, from_, count_, to_)                             \
  do                                                                     \
    {                                                                    \
      assert_int_equal (felt_test_check ((st), (from_), (count_), (to_)), \
                        FELT_LEGAL);                                     \
      assert_true (felt_test_listed ((st), (from_), (count_), (to_)));   \
    }                                                                    \
  while (0)

/* The move is illegal for `why` and not offered. */
#define assert_illegal(st, from_, count_, to_, why)                      \
  do                                                                     \
    {                                                                    \
      assert_int_equal (felt_test_check ((st), (from_), (count_), (to_)), \
                        (why));                                          \
      assert_false (felt_test_listed ((st), (from_), (count_), (to_)));  \
    }                                                                    \
  while (0)

/* The stock action is not offered, and refused for `why`. */
#define assert_no_stock(st, why)                                         \
  do                                                                     \
    {                                                                    \
      assert_false (felt_state_can_stock (st));                          \
      assert_int_equal (felt_test_check_stock (st), (why));              \
    }                                                                    \
  while (0)

/* `move` (a FeltMove *) is the card move given by names. */
#define assert_move(st, move, from_, count_, to_)                        \
  do                                                                     \
    {                                                                    \
      const FeltMove *got_ = (move);                                     \
      FeltMove want_ = felt_test_move ((st), (from_), (count_), (to_));  \
      assert_false (got_->stock);                                        \
      assert_int_equal (got_->from, want_.from);                         \
      assert_int_equal (got_->count, want_.count);                       \
      assert_int_equal (got_->to, want_.to);                             \
    }                                                                    \
  while (0)

/* A double-click on the top `count_` cards of `from_` sends them to the
 * foundation `to_`, or nowhere when `to_` is NULL. */
#define assert_double_click(st, from_, count_, to_)                      \
  assert_int_equal (felt_test_double_click ((st), (from_), (count_)),    \
                    felt_test_pile_or_none ((st), (to_)))

/* The status line: each field as felt_state_status() gives it, -1 where
 * the game does not show it (FeltStatus, in its order). */
#define assert_status(st, stock_, reserve_, redeals_left_, not_on_foundations_) \
  do                                                                     \
    {                                                                    \
      FeltStatus status_ = felt_test_status (st);                        \
      assert_int_equal (status_.stock, (stock_));                        \
      assert_int_equal (status_.reserve, (reserve_));                    \
      assert_int_equal (status_.redeals_left, (redeals_left_));          \
      assert_int_equal (status_.not_on_foundations, (not_on_foundations_)); \
    }                                                                    \
  while (0)

/* Nothing at all can be done any more: no card move, no stock action,
 * no hint. */
#define assert_nothing_left(st)                                          \
  do                                                                     \
    {                                                                    \
      FeltMove hint_;                                                    \
      assert_int_equal (felt_test_n_legal (st), 0);                      \
      assert_false (felt_state_can_stock (st));                          \
      assert_false (felt_state_hint ((st), &hint_));                     \
    }                                                                    \
  while (0)
