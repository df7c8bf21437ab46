/* test-board-util.h: what the board's UI tests (test-board-layout.c,
 * test-board-mouse.c, test-board-keyboard.c) share: a window with the
 * board under Xvfb, X pointer and key events injected with XTest, the
 * geometry of the cards, positions to test with, and the runner that
 * repeats a test for every game of the engine's list.  The display,
 * waiting and pictures come from felt-ui-test-util.h.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <math.h>
#include <cmocka.h>

#include <gtk/gtk.h>
#include <gdk/x11/gdkx.h>
#include <X11/Xlib.h>
#include <X11/keysym.h>
#include <X11/extensions/XTest.h>

#include "felt-board-private.h"
#include "felt-card-theme.h"
#include "felt-session.h"
#include "felt-ui-test-util.h"

G_BEGIN_DECLS

/* FELT_UI_WAIT_UNTIL (felt-ui-test-util.h) waits 10 s: generous, since a
 * loaded two-core machine may take a while to draw a frame. */
#define WAIT_UNTIL FELT_UI_WAIT_UNTIL

extern const FeltMove stock_action;

/* ---- the window under test ---- */

typedef struct {
  GtkWidget *window;
  FeltBoard *board;
  Display *xdpy;
  Window xid;
  /* events the window has seen (capture phase, before the board) */
  guint n_presses, n_releases, n_keys;
  /* events sent */
  guint sent_presses, sent_releases, sent_keys;
  gboolean ticked;
  double press_x, press_y;   /* where the last press was seen, surface coordinates */
  guint slides_at_change;    /* cards sliding right after the last change */
  /* the game in play behind the board (open_board), and its data folder */
  FeltPlay *play;
  char *play_dir;
} Fixture;

extern Fixture fx;
extern FeltCardTheme *theme;
extern int default_double_click_time;
/* what the keyboard tests learnt of the board's arrow keys holds (a new
 * board forgets it) */
extern gboolean edges_valid;

/* Shows the board playing the deal of `session` (it takes it) through a
 * game in play (play_session) in a window of width x height with the
 * keyboard focus; one window at a time. */
FeltBoard *open_board (FeltSession *session, int width, int height);
/* The same with no game in play: the board only shows `session`, which
 * the test may change itself; input changes nothing. */
FeltBoard *show_board (FeltSession *session, int width, int height);
void close_board (void);
/* Every test's teardown: releases a button left down, closes the board,
 * restores the settings a test may change. */
int teardown (void **state);

const FeltState *board_state (void);
const FeltGame *board_game (void);
guint board_n_moves (void);
/* Waits until no card slides any more. */
void wait_animations (void);
/* The game in play behind the board: the tests' own moves, undo and redo
 * go through it, the one path that changes a game.  Made by open_board,
 * with the solver off and a data folder of its own. */
FeltPlay *board_play (void);
/* The game in play (made if need be) deals the deal of `session` (taken)
 * and plays its moves again; the board plays through it. */
void play_session (FeltSession *session);

/* ---- XTest ---- */

/* Root window coordinates of a point of the board. */
void board_to_root (double x, double y, int *rx, int *ry);
void x_motion (int rx, int ry);
void x_button (guint button, gboolean press);
/* Until the window has seen every button and key event sent. */
void wait_events (void);
/* n quick clicks of a button at a point of the board. */
void click_at (double x, double y, guint button, guint n);
void press_key (KeySym sym);
/* A drag from (x0, y0) to (x1, y1), checking that the cards follow the
 * pointer; returns the pile highlighted as the drop target just before
 * the release. */
int drag (double x0, double y0, double x1, double y1);

/* ---- geometry ---- */

graphene_rect_t card_rect (guint pile, int index);
/* The rectangle of the pile's top card, or of its empty place. */
graphene_rect_t top_rect (guint pile);
/* The middle of the part of a card that shows. */
graphene_point_t card_point (guint pile, guint index);
graphene_point_t top_point (guint pile);
gboolean rect_inside (const graphene_rect_t *r, double width, double height);
/* Open rectangles overlap (touching edges do not count). */
gboolean rects_overlap (const graphene_rect_t *a, const graphene_rect_t *b);

/* ---- positions to test with ---- */

typedef gboolean (*Predicate) (const FeltState *st, gpointer data);

/* A session of `game` whose position satisfies `pred`. */
FeltSession *prepare_session (const FeltGame *game, Predicate pred, gpointer data);
gboolean any_position (const FeltState *st, gpointer data);
gboolean has_legal_move (const FeltState *st, gpointer data);
/* A playable card a double-click sends home: the first found, or the
 * last one. */
gboolean find_home_move (const FeltState *st, FeltMove *out, gboolean last);
gboolean has_home_move (const FeltState *st, gpointer data);
/* Plays the stock action through the board until a legal card move
 * exists; FALSE when none comes. */
gboolean advance_to_move (void);
void assert_state (const FeltState *want, const char *what);
FeltState apply_copy (const FeltState *st, const FeltMove *move);
/* The game a per-game test runs for. */
const FeltGame *test_game (void **state);

/* ---- the runner ---- */

typedef struct {
  const char *name;
  CMUnitTestFunction fn;
  gboolean per_game;
} BoardTest;

/* Runs the tests as the cmocka group `group`: a per-game test once for
 * each game of the engine's list, named "NAME/ID", the others once
 * (FELT_TEST_FILTER picks tests by name).  Returns the number failed. */
int board_test_run (const char *group, const BoardTest *tests, guint n_tests);

G_END_DECLS
