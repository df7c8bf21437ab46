/* bench-draw.c: what drawing the board costs.
 *
 *   bench-draw [FRAMES [cairo|gl|auto [drag|full|x11|slide|floor]]]
 *
 * Needs an X display of at least 1920x1080 (build-aux/bench starts one) and
 * GSK_RENDERER set to the renderer measured (default cairo): the board
 * draws for its window's renderer.  "auto": GSK_RENDERER unset, the
 * renderer Felt chooses (felt_application_choose_renderer: cairo where GL
 * is a software rasteriser), on the window only: x11_auto_*, and
 * auto_renderer says which.
 *
 * Drag frames: a FeltBoard playing Backbone fills a 1920x1080 window; a deal
 * is played (a seeded search, always the same moves) until a tableau pile
 * holds 10 cards, and those 10 cards are dragged: the board's drag state is
 * set as its pointer input sets it, the offset following a pointer's path,
 * the drop highlight coming and going.  A frame is the board snapshot as
 * GTK takes it (gtk_widget_snapshot_child, its CSS background included),
 * then rendered offscreen:
 *   drag   gsk_renderer_render_texture () of the area that changed (where
 *          the cards were and are, the highlight when it came or went): what
 *          GTK redraws of a frame;
 *   full   the same for the whole 1920x1080 frame;
 *   x11    instead, gsk_renderer_render () on the window as GTK renders a
 *          frame (the renderer finds what changed), then XSync: the X
 *          server's part included;
 *   slide  the same on the window, but the 10 cards slide home from afar,
 *          as after a click-to-move: 12 frames of a slide, then one at
 *          rest, again and again (GL only);
 *   floor  the same on a window of its own without Felt: a widget filled
 *          with a colour ("color") or with one window-sized texture
 *          ("texture"), a card-sized rectangle moving over it: what any
 *          GTK window's frame costs with this renderer.
 * BENCH_DRAW_HOLD=SECONDS keeps the last frame on the window that long
 * (for a screenshot).  BENCH_DRAW_LOG=FILE appends every measured frame
 * to FILE and names the slowest 1% of each kind on stderr, with what
 * happened in them (log_frames); BENCH_DRAW_DROP=on or off shows the drop
 * highlight in every frame or none (it comes and goes every 45 frames).  GL frames end with glFinish.  Median and 99th percentile over FRAMES
 * (default 1000) frames, of the elapsed time and of the process's CPU time
 * (steadier on a busy machine); on the window, when BENCH_XSERVER_PID
 * names the X server's process, also of the CPU time of both (_cpux).
 *
 * Card textures (cairo run): felt_card_theme_render_all () at a new size (the
 * whole deck, by this thread and a helper where there are two processors);
 * felt_card_theme_prepare () at a new size with the window's size at hand,
 * as on a resize (the main thread's part: the board draws scaled faces
 * meanwhile); and when the worker has the deck.
 *
 * Output: lines "key value", e.g. "drag_cairo_p99_ms 2.1", for build-aux/bench.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <epoxy/gl.h>
#include <gtk/gtk.h>
#include <gdk/x11/gdkx.h>
#include <gsk/gl/gskglrenderer.h>

#include "felt-application.h"
#include "felt-board-private.h"
#include "felt-card-theme.h"
#include "felt-session.h"

#define WIDTH 1920
#define HEIGHT 1080
#define RUN 10

/* ---- a Backbone deal with a long tableau run -------------------------------- */

/* Plays seeded random games of Backbone that favour building on the tableau
 * until a tableau pile holds RUN cards; returns the session there. */
static FeltSession *
session_with_run (guint *pile_out)
{
  const FeltGame *game = felt_game_lookup ("backbone");
  guint64 rng = 20260101;

  for (guint32 seed = 0; seed < 10000; seed++)
    for (int attempt = 0; attempt < 20; attempt++)
      {
        g_autoptr (FeltSession) session = felt_session_new (game, seed);

        for (int step = 0; step < 1500; step++)
          {
            const FeltState *st = felt_session_get_state (session);
            FeltMove moves[FELT_MAX_MOVES + 1];
            double weight[FELT_MAX_MOVES + 1], total = 0, r;
            guint n = felt_state_legal_moves (st, moves), k = 0;

            if (felt_state_can_stock (st))
              moves[n++] = (FeltMove) { 0, 0, 0, 1 };
            if (n == 0)
              break;
            for (guint i = 0; i < n; i++)
              {
                FeltRole from = game->piles[moves[i].from].role, to = game->piles[moves[i].to].role;
                gboolean onto = to == FELT_ROLE_TABLEAU && felt_pile_size (st, moves[i].to) > 0;
                double w = 1;

                if (moves[i].stock)
                  w = 1;
                else if (onto && from != FELT_ROLE_TABLEAU)
                  w = 50;
                else if (onto && felt_pile_size (st, moves[i].from) == 1)
                  w = 5;
                else if (from == FELT_ROLE_TABLEAU && to == FELT_ROLE_TABLEAU)
                  w = 0.01;
                else if (to == FELT_ROLE_TABLEAU)
                  w = 2;
                else if (from == FELT_ROLE_TABLEAU)
                  w = 0.05;
                weight[i] = w;
                total += w;
              }
            r = (felt_rng_next (&rng) >> 11) * (1.0 / 9007199254740992.0) * total;
            while (k + 1 < n && r >= weight[k])
              r -= weight[k++];
            if (felt_session_play (session, &moves[k]) != FELT_LEGAL)
              g_error ("the search played an illegal move");
            st = felt_session_get_state (session);
            for (guint p = 0; p < game->n_piles; p++)
              if (game->piles[p].role == FELT_ROLE_TABLEAU && felt_pile_size (st, p) >= RUN)
                {
                  *pile_out = p;
                  return g_steal_pointer (&session);
                }
          }
      }
  g_error ("no Backbone deal with a %d-card tableau pile was found", RUN);
}

/* ---- timing ------------------------------------------------------------------- */

static double
cpu_ms (void)
{
  struct timespec ts;

  /* The whole process: llvmpipe draws in threads of its own. */
  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* The X server's CPU time (all its threads), when build-aux/bench names
 * its process (BENCH_XSERVER_PID): it copies every frame GL draws on the
 * window.  From the scheduler's own count, in nanoseconds (the ticks of
 * /proc/PID/stat are 10 ms). */
static double
xserver_cpu_ms (void)
{
  static int pid = -1;
  g_autofree char *path = NULL;
  g_autoptr (GDir) dir = NULL;
  const char *name;
  double sum = 0;

  if (pid < 0)
    pid = g_getenv ("BENCH_XSERVER_PID") ? atoi (g_getenv ("BENCH_XSERVER_PID")) : 0;
  if (pid <= 0)
    return 0;
  path = g_strdup_printf ("/proc/%d/task", pid);
  dir = g_dir_open (path, 0, NULL);
  while (dir && (name = g_dir_read_name (dir)))
    {
      g_autofree char *stat = g_strdup_printf ("%s/%s/schedstat", path, name);
      g_autofree char *text = NULL;

      if (g_file_get_contents (stat, &text, NULL, NULL))
        sum += g_ascii_strtod (text, NULL) / 1e6;
    }
  return sum;
}

static gboolean
have_xserver (void)
{
  return xserver_cpu_ms () > 0;
}

static int
compare_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

/* Prints the median and the 99th percentile (the 10th largest of 1000). */
static void
report (const char *key, double *times, guint n)
{
  qsort (times, n, sizeof *times, compare_double);
  printf ("%s_median_ms %.3f\n", key, times[n / 2]);
  printf ("%s_p99_ms %.3f\n", key, times[MIN (n - 1, (guint) ceil (n * 0.99) - 1)]);
  fflush (stdout);
}

static void
report_na (const char *key, const char *why)
{
  printf ("%s_median_ms n/a\n%s_p99_ms n/a\n", key, key);
  fprintf (stderr, "bench-draw: %s: %s\n", key, why);
  fflush (stdout);
}

/* ---- the window ----------------------------------------------------------------- */

static GtkWidget *window;
static FeltBoard *board;
static gboolean ticked;

static gboolean
first_tick (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  ticked = TRUE;
  return G_SOURCE_REMOVE;
}

static gboolean
wake_up (gpointer data)
{
  return G_SOURCE_CONTINUE;
}

static void
wait_until_shown (void)
{
  gint64 deadline = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
  guint wake = g_timeout_add (5, wake_up, NULL);

  while (!(ticked && gtk_widget_get_mapped (GTK_WIDGET (board)) &&
           gtk_widget_get_width (GTK_WIDGET (board)) == WIDTH &&
           gtk_widget_get_height (GTK_WIDGET (board)) == HEIGHT && board->card_w > 0))
    {
      if (g_get_monotonic_time () > deadline)
        g_error ("the board was not shown at %dx%d (is the screen large enough?)", WIDTH, HEIGHT);
      g_main_context_iteration (NULL, TRUE);
    }
  g_source_remove (wake);
}

/* The drag as the pointer would make it: a wandering path, a few pixels a
 * frame, the drop highlight on for a while and off for a while. */
static void
drag_step (guint frame, int target)
{
  double t = frame * 0.02;

  board->drag_offset = GRAPHENE_POINT_INIT (420 * sin (t) + 60 * sin (3.1 * t),
                                            -260 * (1 - cos (0.7 * t)) + 40 * sin (2.3 * t));
  const char *drop = g_getenv ("BENCH_DRAW_DROP");   /* "on", "off": always (profiling) */

  board->drop_pile = (drop && g_str_equal (drop, "on")) ? target
                     : (drop && g_str_equal (drop, "off")) ? -1 : (frame / 45) % 2 ? target : -1;
  gtk_widget_queue_draw (GTK_WIDGET (board));
}

/* Where the dragged cards are drawn now, and the drop highlight. */
static void
drag_bounds (graphene_rect_t *run, graphene_rect_t *drop)
{
  guint n = felt_pile_size (felt_session_get_state (felt_board_get_session (board)), board->drag_pile);
  graphene_rect_t first, last;

  felt_board_get_card_rect (board, board->drag_pile, n - board->drag_count, &first);
  felt_board_get_card_rect (board, board->drag_pile, n - 1, &last);
  graphene_rect_union (&first, &last, run);
  graphene_rect_offset (run, board->drag_offset.x, board->drag_offset.y);
  graphene_rect_inset (run, -2, -2);
  graphene_rect_init (drop, 0, 0, 0, 0);
  if (board->drop_pile >= 0)
    {
      /* As draw_highlight: the empty place or the pile, 2 px around. */
      n = felt_pile_size (felt_session_get_state (felt_board_get_session (board)), board->drop_pile);
      felt_board_get_card_rect (board, board->drop_pile, 0, &first);
      if (n > 0)
        {
          felt_board_get_card_rect (board, board->drop_pile, n - 1, &last);
          graphene_rect_union (&first, &last, &first);
        }
      *drop = first;
      graphene_rect_inset (drop, -4, -4);
    }
}

static GskRenderNode *
snapshot_board (void)
{
  GtkSnapshot *snapshot = gtk_snapshot_new ();

  gtk_widget_snapshot_child (window, GTK_WIDGET (board), snapshot);
  return gtk_snapshot_free_to_node (snapshot);
}

static void
finish_gl (GskRenderer *renderer)
{
  if (!GSK_IS_CAIRO_RENDERER (renderer) && gdk_gl_context_get_current ())
    glFinish ();
}

static void
render_area (GskRenderer *renderer, GskRenderNode *node, const graphene_rect_t *area)
{
  graphene_rect_t pixels;
  GdkTexture *texture;

  graphene_rect_round_extents (area, &pixels);
  if (!graphene_rect_intersection (&pixels, &GRAPHENE_RECT_INIT (0, 0, WIDTH, HEIGHT), &pixels))
    return;
  texture = gsk_renderer_render_texture (renderer, node, &pixels);
  finish_gl (renderer);
  g_object_unref (texture);
}

/* The board's pixels as the window's renderer draws them. */
static guchar *
board_pixels (void)
{
  GskRenderNode *node = snapshot_board ();
  GskRenderer *renderer = gtk_native_get_renderer (GTK_NATIVE (window));
  GdkTexture *texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, WIDTH, HEIGHT));
  guchar *data = g_malloc ((gsize) WIDTH * HEIGHT * 4);

  gdk_texture_download (texture, data, WIDTH * 4);
  g_object_unref (texture);
  gsk_render_node_unref (node);
  return data;
}

/* With GL, the board draws what stays put into a texture while cards move
 * (felt-board-draw.c): the dragged run, not moved yet, must look exactly
 * as the board at rest.  Prints how many pixels differ by more than 2 in
 * a channel (0: the same). */
static void
check_still_layer (void)
{
  g_autofree guchar *rest = NULL, *lifted = NULL;
  guint differ = 0;

  board->dragging = FALSE;
  board->drop_pile = -1;
  gtk_widget_queue_draw (GTK_WIDGET (board));
  rest = board_pixels ();
  board->dragging = TRUE;
  board->drag_offset = GRAPHENE_POINT_INIT (0, 0);
  gtk_widget_queue_draw (GTK_WIDGET (board));
  lifted = board_pixels ();
  for (gsize i = 0; i < (gsize) WIDTH * HEIGHT; i++)
    for (int c = 0; c < 4; c++)
      if (ABS (rest[4 * i + c] - lifted[4 * i + c]) > 2)
        {
          differ++;
          break;
        }
  printf ("gl_still_layer_differ_px %u\n", differ);
  /* The piles drawn as opaque textures, the baize below them included
   * (felt-board-draw.c, still_pile), of those drawn as textures. */
  {
    guint opaque = 0, textures = 0;

    for (guint p = 0; p < FELT_MAX_PILES; p++)
      if (board->still[p].node)
        {
          textures++;
          opaque += board->still[p].under != NULL;
        }
    printf ("gl_opaque_piles %u\ngl_pile_textures %u\n", opaque, textures);
  }
  fflush (stdout);
}

/* One measured frame, for BENCH_DRAW_LOG: what happened in it. */
typedef struct {
  guint index;          /* the frame's number in the run (from 1, warm-up included) */
  double ms, cpu, cpux;
  int slide_phase;      /* slides: 0..SLIDE_FRAMES-1 sliding, SLIDE_FRAMES at rest; -1 a drag */
  gboolean drop;        /* the drop highlight is shown */
  guint made;           /* pile textures drawn in this frame */
} FrameNote;

static int
compare_note (const void *a, const void *b)
{
  double x = ((const FrameNote *) a)->ms, y = ((const FrameNote *) b)->ms;

  return x < y ? 1 : x > y ? -1 : 0;
}

/* BENCH_DRAW_LOG=FILE: every measured frame of every run appended to FILE
 * (key, index, ms, cpu, cpu+X, slide phase, drop highlight, textures
 * made), and the slowest 1% of each run said on stderr with the same
 * notes: what makes the 99th percentile. */
static void
log_frames (const char *key, const FrameNote *notes, guint n)
{
  const char *path = g_getenv ("BENCH_DRAW_LOG");
  g_autofree FrameNote *sorted = NULL;
  FILE *out;
  guint worst = MAX (1, n / 100);

  if (path == NULL)
    return;
  out = fopen (path, "a");
  if (out == NULL)
    return;
  for (guint i = 0; i < n; i++)
    fprintf (out, "%s %u %.3f %.3f %.3f %d %d %u\n", key, notes[i].index, notes[i].ms, notes[i].cpu,
             notes[i].cpux, notes[i].slide_phase, notes[i].drop, notes[i].made);
  fclose (out);
  sorted = g_memdup2 (notes, n * sizeof *notes);
  qsort (sorted, n, sizeof *sorted, compare_note);
  for (guint i = 0; i < worst; i++)
    fprintf (stderr, "bench-draw: %s slow frame %u: %.2f ms, cpu %.2f, cpu+X %.2f, %s%d, drop %s, %u textures made\n",
             key, sorted[i].index, sorted[i].ms, sorted[i].cpu, sorted[i].cpux,
             sorted[i].slide_phase < 0 ? "drag" : "slide phase ", MAX (sorted[i].slide_phase, 0),
             sorted[i].drop ? "on" : "off", sorted[i].made);
}

typedef enum {
  DRAG,     /* offscreen, the area that changed */
  FULL,     /* offscreen, the whole frame */
  ON_X11,   /* on the window, as GTK renders a frame */
  SLIDE,    /* the same, cards sliding instead of dragged */
} Mode;

#define SLIDE_USEC 200000   /* as felt-board.c */
#define SLIDE_FRAMES 12

/* Frame `frame` of the slides: the run's cards slide home from 300 px
 * right and 200 px up, a slide every SLIDE_FRAMES + 1 frames, the last
 * of them at rest.  Each slide's first frame draws the run's texture
 * anew, as a move in play does (other cards each time); in play it also
 * draws the texture of the pile the cards left, which has none here. */
static void
slide_step (guint frame, guint pile)
{
  guint k = frame % (SLIDE_FRAMES + 1);
  guint n = felt_pile_size (felt_session_get_state (felt_board_get_session (board)), pile);
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (board));

  board->n_slides = 0;
  if (k == 0)
    g_clear_pointer (&board->slide_still.node, gsk_render_node_unref);
  if (k < SLIDE_FRAMES)
    {
      for (guint i = n - RUN; i < n; i++)
        {
          FeltSlide *s = &board->slides[board->n_slides++];
          felt_board_card_origin (board, pile, i, &s->from);
          s->pile = (guint8) pile;
          s->index = (guint8) i;
          s->from.x += 300;
          s->from.y -= 200;
        }
      board->slide_start = gdk_frame_clock_get_frame_time (clock) - (gint64) k * SLIDE_USEC / SLIDE_FRAMES;
    }
  gtk_widget_queue_draw (GTK_WIDGET (board));
}

static void
bench_drag (const char *name, GskRenderer *renderer, guint frames, int target, Mode mode)
{
  static const char *const prefixes[] = { "drag", "full", "x11", "slide" };
  g_autoptr (GError) error = NULL;
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));
  Display *xdpy = gdk_x11_display_get_xdisplay (gtk_widget_get_display (window));
  cairo_region_t *empty = cairo_region_create ();
  g_autofree char *key = g_strdup_printf ("%s_%s", prefixes[mode], name);
  g_autofree char *cpu_key = g_strdup_printf ("%s_cpu", key);
  g_autofree char *cpux_key = g_strdup_printf ("%s_cpux", key);
  double *times = g_new (double, frames), *cpu = g_new (double, frames), *cpux = g_new (double, frames);
  FrameNote *notes = g_new0 (FrameNote, frames);
  graphene_rect_t run_before, drop_before;

  if (!gsk_renderer_realize (renderer, surface, &error))
    {
      report_na (key, error->message);
      report_na (cpu_key, error->message);
      goto out;
    }

  board->dragging = mode != SLIDE;
  board->drop_pile = -1;
  board->n_slides = 0;
  drag_step (0, target);
  drag_bounds (&run_before, &drop_before);
  /* Twenty frames to settle (textures uploaded, shaders compiled). */
  for (guint i = 0; i < frames + 20; i++)
    {
      gint64 start;
      double start_cpu, start_x;
      GskRenderNode *node;
      graphene_rect_t run, drop;
      guint made_before;

      if (mode == SLIDE)
        slide_step (i + 1, (guint) board->drag_pile);
      else
        drag_step (i + 1, target);
      made_before = board->n_still_made;
      start = g_get_monotonic_time ();
      start_cpu = cpu_ms ();
      start_x = xserver_cpu_ms ();
      node = snapshot_board ();
      switch (mode)
        {
        case DRAG:
          /* What GTK redraws: where the cards were and are, and the drop
           * highlight when it came or went. */
          drag_bounds (&run, &drop);
          {
            graphene_rect_t area, highlight;
            graphene_rect_union (&run, &run_before, &area);
            graphene_rect_union (&drop, &drop_before, &highlight);
            if (highlight.size.width > 0 && graphene_rect_intersection (&area, &highlight, NULL))
              graphene_rect_union (&area, &highlight, &area);
            else if (highlight.size.width > 0 && !graphene_rect_equal (&drop, &drop_before))
              render_area (renderer, node, &highlight);
            render_area (renderer, node, &area);
          }
          run_before = run;
          drop_before = drop;
          break;
        case FULL:
          render_area (renderer, node, &GRAPHENE_RECT_INIT (0, 0, WIDTH, HEIGHT));
          break;
        case ON_X11:
        case SLIDE:
          /* As GTK does: an empty update area, widened by the renderer to
           * what differs from the frame before; then the X server's part. */
          gsk_renderer_render (renderer, node, empty);
          finish_gl (renderer);
          XSync (xdpy, False);
          break;
        default:
          g_assert_not_reached ();
        }
      if (i >= 20)
        {
          times[i - 20] = (g_get_monotonic_time () - start) / 1000.0;
          cpu[i - 20] = cpu_ms () - start_cpu;
          cpux[i - 20] = cpu[i - 20] + xserver_cpu_ms () - start_x;
          notes[i - 20] = (FrameNote) { i + 1, times[i - 20], cpu[i - 20], cpux[i - 20],
                                        mode == SLIDE ? (int) ((i + 1) % (SLIDE_FRAMES + 1)) : -1,
                                        board->drop_pile >= 0, board->n_still_made - made_before };
        }
      gsk_render_node_unref (node);
    }
  log_frames (key, notes, frames);
  g_free (notes);
  /* BENCH_DRAW_HOLD=SECONDS: the last frame on the window stays that
   * long, for a screenshot of the X server (import -window root). */
  if (mode == ON_X11 && g_getenv ("BENCH_DRAW_HOLD"))
    {
      fprintf (stderr, "bench-draw: holding the last frame\n");
      g_usleep ((gulong) (g_ascii_strtod (g_getenv ("BENCH_DRAW_HOLD"), NULL) * G_USEC_PER_SEC));
    }
  report (key, times, frames);
  report (cpu_key, cpu, frames);
  if (have_xserver () && (mode == ON_X11 || mode == SLIDE))
    report (cpux_key, cpux, frames);
  board->dragging = TRUE;
  board->n_slides = 0;
  gsk_renderer_unrealize (renderer);

out:
  g_object_unref (renderer);
  cairo_region_destroy (empty);
  g_free (times);
  g_free (cpu);
  g_free (cpux);
}


/* ---- the floor: what a frame of a GTK window costs at all ------------------- */

/* A widget that fills itself with one colour (or, "texture", with one
 * texture as large as itself) and draws a card-sized rectangle where the
 * drag puts it: the least a frame of a drag on the window can cost with
 * this GTK and this renderer, measured as bench_drag's ON_X11 frames. */
#define FLOOR_TYPE_DRAG (floor_drag_get_type ())
G_DECLARE_FINAL_TYPE (FloorDrag, floor_drag, FLOOR, DRAG, GtkWidget)

struct _FloorDrag
{
  GtkWidget parent_instance;
  graphene_point_t at;
  GdkTexture *fill;     /* NULL: a colour */
};

G_DEFINE_FINAL_TYPE (FloorDrag, floor_drag, GTK_TYPE_WIDGET)

static void
floor_drag_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  FloorDrag *self = FLOOR_DRAG (widget);
  const GdkRGBA green = { 0x2e / 255.0, 0x6b / 255.0, 0x3f / 255.0, 1 }, card = { 1, 1, 0.97, 1 };
  graphene_rect_t all = GRAPHENE_RECT_INIT (0, 0, gtk_widget_get_width (widget), gtk_widget_get_height (widget));

  if (self->fill)
    gtk_snapshot_append_texture (snapshot, self->fill, &all);
  else
    gtk_snapshot_append_color (snapshot, &green, &all);
  gtk_snapshot_append_color (snapshot, &card, &GRAPHENE_RECT_INIT (self->at.x, self->at.y, 120, 170));
}

static void
floor_drag_class_init (FloorDragClass *klass)
{
  GTK_WIDGET_CLASS (klass)->snapshot = floor_drag_snapshot;
}

static void
floor_drag_init (FloorDrag *self)
{
}

/* Prints x11_floor_KIND_gl (or _cairo): frames of the floor on its own
 * window, as ON_X11 measures the board's. */
static void
bench_floor (const char *renderer_name, const char *kind, guint frames)
{
  GtkWidget *own_window = gtk_window_new ();
  FloorDrag *area = g_object_new (FLOOR_TYPE_DRAG, NULL);
  g_autofree char *key = g_strdup_printf ("x11_floor_%s_%s", kind, renderer_name);
  g_autofree char *cpu_key = g_strdup_printf ("%s_cpu", key);
  g_autofree char *cpux_key = g_strdup_printf ("%s_cpux", key);
  double *times = g_new (double, frames), *cpu = g_new (double, frames), *cpux = g_new (double, frames);
  cairo_region_t *empty = cairo_region_create ();
  g_autoptr (GError) error = NULL;
  GskRenderer *renderer;
  Display *xdpy;
  gint64 deadline;

  gtk_window_set_decorated (GTK_WINDOW (own_window), FALSE);
  gtk_window_set_default_size (GTK_WINDOW (own_window), WIDTH, HEIGHT);
  gtk_window_set_child (GTK_WINDOW (own_window), GTK_WIDGET (area));
  gtk_window_present (GTK_WINDOW (own_window));
  deadline = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
  ticked = FALSE;
  gtk_widget_add_tick_callback (GTK_WIDGET (area), first_tick, NULL, NULL);
  while (!(ticked && gtk_widget_get_mapped (GTK_WIDGET (area)) && gtk_widget_get_width (GTK_WIDGET (area)) == WIDTH))
    {
      if (g_get_monotonic_time () > deadline)
        g_error ("the floor was not shown at %dx%d", WIDTH, HEIGHT);
      g_main_context_iteration (NULL, TRUE);
    }
  xdpy = gdk_x11_display_get_xdisplay (gtk_widget_get_display (own_window));
  renderer = g_str_equal (renderer_name, "gl") ? gsk_gl_renderer_new () : gsk_cairo_renderer_new ();
  if (!gsk_renderer_realize (renderer, gtk_native_get_surface (GTK_NATIVE (own_window)), &error))
    {
      report_na (key, error->message);
      report_na (cpu_key, error->message);
      goto out;
    }
  if (g_str_equal (kind, "texture"))
    {
      /* The fill drawn once into a texture, as Felt's still layer. */
      GtkSnapshot *snapshot = gtk_snapshot_new ();
      GskRenderNode *node;

      gtk_widget_snapshot_child (own_window, GTK_WIDGET (area), snapshot);
      node = gtk_snapshot_free_to_node (snapshot);
      area->fill = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, WIDTH, HEIGHT));
      gsk_render_node_unref (node);
    }
  for (guint i = 0; i < frames + 20; i++)
    {
      double t = (i + 1) * 0.02, start_cpu, start_x;
      gint64 start;
      GtkSnapshot *snapshot;
      GskRenderNode *node;

      area->at = GRAPHENE_POINT_INIT (900 + 420 * sin (t), 700 - 260 * (1 - cos (0.7 * t)));
      gtk_widget_queue_draw (GTK_WIDGET (area));
      start = g_get_monotonic_time ();
      start_cpu = cpu_ms ();
      start_x = xserver_cpu_ms ();
      snapshot = gtk_snapshot_new ();
      gtk_widget_snapshot_child (own_window, GTK_WIDGET (area), snapshot);
      node = gtk_snapshot_free_to_node (snapshot);
      gsk_renderer_render (renderer, node, empty);
      finish_gl (renderer);
      XSync (xdpy, False);
      if (i >= 20)
        {
          times[i - 20] = (g_get_monotonic_time () - start) / 1000.0;
          cpu[i - 20] = cpu_ms () - start_cpu;
          cpux[i - 20] = cpu[i - 20] + xserver_cpu_ms () - start_x;
        }
      gsk_render_node_unref (node);
    }
  report (key, times, frames);
  report (cpu_key, cpu, frames);
  if (have_xserver ())
    report (cpux_key, cpux, frames);
  gsk_renderer_unrealize (renderer);
out:
  g_object_unref (renderer);
  g_clear_object (&area->fill);
  gtk_window_destroy (GTK_WINDOW (own_window));
  cairo_region_destroy (empty);
  g_free (times);
  g_free (cpu);
  g_free (cpux);
}

/* ---- card textures ------------------------------------------------------------------ */

static gboolean theme_changed;

static void
on_theme_changed (void)
{
  theme_changed = TRUE;
}

static gboolean
deck_complete (FeltCardTheme *theme, int width, int height)
{
  for (guint suit = 0; suit < FELT_N_SUITS; suit++)
    for (guint rank = 1; rank <= 13; rank++)
      {
        gboolean exact = FALSE;
        felt_card_theme_lookup (theme, FELT_CARD (rank, suit), width, height, &exact);
        if (!exact)
          return FALSE;
      }
  return TRUE;
}

static void
bench_textures (int card_w, int card_h)
{
  const int sizes[][2] = { { 0, 0 }, { 7, 10 }, { -9, -13 }, { 13, 18 }, { -17, -24 } };
  FeltCard shown[FELT_MAX_CARDS + 1];
  double render_all[G_N_ELEMENTS (sizes)], prepare[G_N_ELEMENTS (sizes)], worker[G_N_ELEMENTS (sizes)];
  guint n_shown = 0, n = 0;
  const FeltState *st = felt_session_get_state (felt_board_get_session (board));

  /* The faces a Backbone board shows, as size_allocate asks for them. */
  shown[n_shown++] = 0;
  for (guint p = 0; p < felt_session_get_game (felt_board_get_session (board))->n_piles; p++)
    for (guint i = 0; i < felt_pile_size (st, p); i++)
      if (!felt_state_card_face_down (st, p, i))
        shown[n_shown++] = felt_pile_card (st, p, i);

  for (guint s = 1; s < G_N_ELEMENTS (sizes); s++)
    {
      /* A theme of its own each time: nothing rendered at the new size. */
      g_autoptr (FeltCardTheme) theme = felt_card_theme_new_default ();
      int w = card_w + sizes[s][0], h = card_h + sizes[s][1];
      gint64 start, deadline;
      gulong id;

      start = g_get_monotonic_time ();
      felt_card_theme_render_all (theme, w, h);
      render_all[n] = (g_get_monotonic_time () - start) / 1000.0;

      /* A resize: the window's size is there, a new one is asked for. */
      felt_card_theme_render_all (theme, card_w, card_h);
      theme_changed = FALSE;
      id = g_signal_connect (theme, "changed", G_CALLBACK (on_theme_changed), NULL);
      start = g_get_monotonic_time ();
      felt_card_theme_prepare (theme, w + 1, h + 1, shown, n_shown);
      prepare[n] = (g_get_monotonic_time () - start) / 1000.0;
      deadline = start + 20 * G_USEC_PER_SEC;
      while (!deck_complete (theme, w + 1, h + 1) && g_get_monotonic_time () < deadline)
        g_main_context_iteration (NULL, TRUE);
      worker[n] = (g_get_monotonic_time () - start) / 1000.0;
      g_signal_handler_disconnect (theme, id);
      n++;
    }
  printf ("card_size %dx%d\n", card_w, card_h);
  report ("deck_render_all", render_all, n);
  report ("resize_prepare", prepare, n);
  report ("resize_worker", worker, n);
}

int
main (int argc, char **argv)
{
  guint frames = argc > 1 ? (guint) atoi (argv[1]) : 1000;
  const char *which = argc > 2 ? argv[2] : "cairo";
  const char *only = argc > 3 ? argv[3] : NULL;   /* one kind of frame (profiling) */
  g_autoptr (GtkCssProvider) css = NULL;
  g_autoptr (FeltCardTheme) theme = NULL;
  GskRenderer *own;
  FeltSession *session;
  guint pile = 0;
  int target = -1;

  if ((!g_str_equal (which, "cairo") && !g_str_equal (which, "gl") && !g_str_equal (which, "auto")) ||
      (only && !g_str_equal (only, "drag") && !g_str_equal (only, "full") && !g_str_equal (only, "x11") &&
       !g_str_equal (only, "slide") && !g_str_equal (only, "floor")))
    {
      fprintf (stderr, "usage: bench-draw [FRAMES [cairo|gl|auto [drag|full|x11|slide|floor]]]\n");
      return 2;
    }
  gtk_init ();
  if (g_str_equal (which, "auto"))
    felt_application_choose_renderer (gdk_display_get_default ());
  frames = MAX (frames, 10);
  css = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (css, "/io/github/feltsolitaire/Felt/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);

  session = session_with_run (&pile);
  fprintf (stderr, "bench-draw: Backbone deal %u after %u moves: tableau pile %u holds %u cards\n",
           felt_session_get_seed (session), felt_session_get_n_moves (session), pile,
           felt_pile_size (felt_session_get_state (session), pile));

  theme = felt_card_theme_new_default ();
  window = gtk_window_new ();
  gtk_window_set_decorated (GTK_WINDOW (window), FALSE);
  gtk_window_set_default_size (GTK_WINDOW (window), WIDTH, HEIGHT);
  board = FELT_BOARD (felt_board_new ());
  felt_board_set_theme (board, theme);
  felt_board_set_session (board, session);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (board));
  gtk_widget_add_tick_callback (GTK_WIDGET (board), first_tick, NULL, NULL);
  gtk_window_present (GTK_WINDOW (window));
  wait_until_shown ();
  /* The whole deck at this size, as once the worker is done. */
  felt_card_theme_render_all (theme, board->texture_w, board->texture_h);

  /* A drop target: the first foundation. */
  for (guint p = 0; p < felt_session_get_game (session)->n_piles; p++)
    if (felt_session_get_game (session)->piles[p].role == FELT_ROLE_FOUNDATION)
      {
        target = (int) p;
        break;
      }
  /* The drag, as drag_begin and drag_update leave it. */
  board->drag_pile = (int) pile;
  board->drag_count = RUN;
  board->dragging = TRUE;
  board->drag_start = GRAPHENE_POINT_INIT (board->origin[pile].x + 5, board->origin[pile].y + 5);

  /* The board draws for the window's own renderer (GSK_RENDERER), so each
   * renderer is measured in a run of its own. */
  own = gtk_native_get_renderer (GTK_NATIVE (window));
  if (g_str_equal (which, "auto"))
    {
      gboolean gl = GSK_IS_GL_RENDERER (own);

      printf ("auto_renderer %s\n", gl ? "gl" : GSK_IS_CAIRO_RENDERER (own) ? "cairo" : G_OBJECT_TYPE_NAME (own));
      bench_drag ("auto", gl ? gsk_gl_renderer_new () : gsk_cairo_renderer_new (), frames, target, ON_X11);
      gtk_window_destroy (GTK_WINDOW (window));
      return 0;
    }
  if (g_str_equal (which, "gl") && !GSK_IS_GL_RENDERER (own))
    {
      const char *why = "no GL renderer (GTK fell back to another)";
      report_na ("drag_gl", why);
      report_na ("drag_gl_cpu", why);
      report_na ("full_gl", why);
      report_na ("full_gl_cpu", why);
      report_na ("x11_gl", why);
      report_na ("x11_gl_cpu", why);
      report_na ("slide_gl", why);
      report_na ("slide_gl_cpu", why);
    }
  else if (g_str_equal (which, "gl"))
    {
      check_still_layer ();
      if (!only || g_str_equal (only, "drag"))
        bench_drag ("gl", gsk_gl_renderer_new (), frames, target, DRAG);
      if (gdk_gl_context_get_current ())
        printf ("gl_renderer %s\n", (const char *) glGetString (GL_RENDERER));
      if (!only || g_str_equal (only, "full"))
        bench_drag ("gl", gsk_gl_renderer_new (), frames, target, FULL);
      if (!only || g_str_equal (only, "x11"))
        bench_drag ("gl", gsk_gl_renderer_new (), frames, target, ON_X11);
      if (!only || g_str_equal (only, "slide"))
        bench_drag ("gl", gsk_gl_renderer_new (), frames, target, SLIDE);
    }
  else
    {
      if (!only || g_str_equal (only, "drag"))
        bench_drag ("cairo", gsk_cairo_renderer_new (), frames, target, DRAG);
      if (!only || g_str_equal (only, "full"))
        bench_drag ("cairo", gsk_cairo_renderer_new (), frames, target, FULL);
      if (!only || g_str_equal (only, "x11"))
        bench_drag ("cairo", gsk_cairo_renderer_new (), frames, target, ON_X11);
    }

  /* The floor, the same frames without Felt: a colour, then a texture,
   * filling the window, and a rectangle moving over it. */
  if (!only || g_str_equal (only, "floor"))
    {
      bench_floor (which, "color", frames);
      bench_floor (which, "texture", frames);
    }

  board->drag_pile = board->drop_pile = -1;
  board->dragging = FALSE;
  if (g_str_equal (which, "cairo") && !only)
    bench_textures (board->texture_w, board->texture_h);

  gtk_window_destroy (GTK_WINDOW (window));
  return 0;
}
