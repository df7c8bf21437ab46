/* test-dialogs.c: Preferences, the game chooser and Statistics, shown on
 * screen under Xvfb: what they show, what their controls do, that Escape
 * (a real X key event, through XTest) closes them, what a screen reader
 * hears, and a picture of each for a person to look at.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "felt-ui-test-util.h"

#include <glib/gstdio.h>
#include <string.h>
#include <gdk/x11/gdkx.h>
#include <X11/Xlib.h>
#include <X11/keysym.h>
#include <X11/extensions/XTest.h>

#include "config.h"
#include "felt-analysis.h"
#include "felt-card-theme.h"
#include "felt-deal-dialog.h"
#include "felt-game-chooser.h"
#include "felt-preferences.h"
#include "felt-solver.h"
#include "felt-stats-dialog.h"
#include "felt-stats-reset-dialog.h"

static char *data_dir;
static char *decks_dir;      /* XDG_DATA_DIRS holds it: a deck of AisleRiot's */
static char *deck_path;

/* ---- helpers ---- */

static GtkWidget *
shown (GtkWidget *window)
{
  gtk_window_present (GTK_WINDOW (window));
  felt_ui_test_wait_shown (window);
  return window;
}

static void
picture (GtkWidget *window, const char *name)
{
  g_autoptr (GdkTexture) texture = felt_ui_test_render (window, name);

  assert_int_equal (gdk_texture_get_width (texture), gtk_widget_get_width (window));
}

static GtkWidget *
named (GtkWidget *root, const char *name)
{
  GtkWidget *widget = felt_ui_test_find_named (root, name);

  if (widget == NULL)
    fail_msg ("no widget \"%s\" in %s", name, G_OBJECT_TYPE_NAME (root));
  return widget;
}

/* Whether `window` is open (not destroyed). */
static gboolean
is_open (GtkWidget *window)
{
  GList *toplevels = gtk_window_list_toplevels ();
  gboolean open = g_list_find (toplevels, window) != NULL;

  g_list_free (toplevels);
  return open;
}

/* Presses Escape on the X server, with the keyboard given to `window`
 * (there is no window manager), and waits until the window has gone. */
static void
press_escape (GtkWidget *window)
{
  GdkDisplay *display = gtk_widget_get_display (window);
  Display *xdpy = gdk_x11_display_get_xdisplay (display);
  Window xid = gdk_x11_surface_get_xid (gtk_native_get_surface (GTK_NATIVE (window)));
  KeyCode code = XKeysymToKeycode (xdpy, XK_Escape);
  const char *type = G_OBJECT_TYPE_NAME (window);

  gdk_x11_display_error_trap_push (display);
  XSetInputFocus (xdpy, xid, RevertToParent, CurrentTime);
  gdk_x11_display_error_trap_pop_ignored (display);
  XSync (xdpy, False);
  FELT_UI_WAIT_UNTIL (gtk_window_is_active (GTK_WINDOW (window)), "%s is active", G_OBJECT_TYPE_NAME (window));
  XTestFakeKeyEvent (xdpy, code, True, CurrentTime);
  XTestFakeKeyEvent (xdpy, code, False, CurrentTime);
  XSync (xdpy, False);
  FELT_UI_WAIT_UNTIL (!is_open (window), "Escape closes the %s", type);
}

/* What a screen reader says for `widget`: `want`, and no mnemonic underscore. */
static void
assert_accessible_name (GtkWidget *widget, const char *want)
{
  g_autofree char *name = felt_ui_test_accessible_name (widget);

  if (g_strcmp0 (name, want) != 0)
    fail_msg ("a %s reads \"%s\", expected \"%s\"", G_OBJECT_TYPE_NAME (widget), name, want);
}

static void
count_signal (gpointer *counter)
{
  (*(guint *) counter)++;
}

static void
record_id (GtkWidget *widget, const char *id, char **out)
{
  g_free (*out);
  *out = g_strdup (id);
}

/* ---- Preferences ---- */

static const struct {
  const char *key;
  const char *control;   /* its template id */
  const char *title;     /* what a screen reader says */
} switches[] = {
  { "auto-foundations", "auto_foundations_switch", "Automatic moves to the foundations" },
  { "click-to-move", "click_to_move_switch", "Click to move" },
  { "show-winnable", "show_winnable_switch", "Show whether the game can be won" },
  { "show-clock", "show_clock_switch", "Show the clock" },
};

/* Each switch shows its setting and sets it, named by its title. */
static void
check_switches (GtkWidget *prefs, GSettings *settings)
{
  for (guint i = 0; i < G_N_ELEMENTS (switches); i++)
    {
      GtkSwitch *toggle = GTK_SWITCH (named (prefs, switches[i].control));
      gboolean on = g_settings_get_boolean (settings, switches[i].key);
      g_autofree char *title_id = g_strdup_printf ("%.*s_title",
                                                   (int) (strlen (switches[i].control) - strlen ("_switch")),
                                                   switches[i].control);

      assert_int_equal (gtk_switch_get_active (toggle), on);
      gtk_switch_set_active (toggle, !on);
      assert_int_equal (g_settings_get_boolean (settings, switches[i].key), !on);
      g_settings_set_boolean (settings, switches[i].key, on);
      assert_int_equal (gtk_switch_get_active (toggle), on);
      /* named by its title alone: once, and without the mnemonic's underscore */
      assert_accessible_name (GTK_WIDGET (toggle), switches[i].title);
      assert_null (gtk_test_accessible_check_relation (GTK_ACCESSIBLE (toggle), GTK_ACCESSIBLE_RELATION_LABELLED_BY,
                                                       named (prefs, title_id), NULL));
      assert_non_null (felt_ui_test_find_labelled (prefs, switches[i].title));
    }
  assert_true (g_settings_get_boolean (settings, "show-clock"));
}

/* A drop-down that follows the string setting `key` both ways: named
 * `label`, its choices in order (NULL-terminated), `initial` selected,
 * and choice `other` chosen from the setting. */
static void
assert_drop_down_follows (GtkWidget *prefs, GSettings *settings, const char *control, const char *label,
                          const char *key, const char *const *choices, guint initial, guint other)
{
  GtkDropDown *down = GTK_DROP_DOWN (named (prefs, control));
  guint n = g_strv_length ((char **) choices);

  assert_accessible_name (GTK_WIDGET (down), label);
  assert_int_equal (g_list_model_get_n_items (gtk_drop_down_get_model (down)), n);
  assert_int_equal (gtk_drop_down_get_selected (down), initial);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *set = NULL;
      gtk_drop_down_set_selected (down, i);
      set = g_settings_get_string (settings, key);
      assert_string_equal (set, choices[i]);
    }
  g_settings_set_string (settings, key, choices[other]);
  assert_int_equal (gtk_drop_down_get_selected (down), other);
  g_settings_reset (settings, key);
  assert_int_equal (gtk_drop_down_get_selected (down), initial);
}

/* The deck: Felt's own, in two colours and in four, then the decks
 * found, by a readable name. */
static void
check_decks (GtkWidget *prefs, GSettings *settings)
{
  GtkDropDown *decks = GTK_DROP_DOWN (named (prefs, "deck_dropdown"));
  GListModel *names = gtk_drop_down_get_model (decks);
  g_autofree char *name = NULL;

  assert_int_equal (g_list_model_get_n_items (names), 3);
  name = g_strdup (gtk_string_object_get_string (g_list_model_get_item (names, 2)));
  g_object_unref (g_list_model_get_item (names, 2));
  assert_string_equal (name, "test deck");
  g_free (name);
  name = g_strdup (gtk_string_object_get_string (g_list_model_get_item (names, 1)));
  g_object_unref (g_list_model_get_item (names, 1));
  assert_string_equal (name, "Felt, four colours");
  assert_accessible_name (GTK_WIDGET (decks), "Card deck");
  assert_int_equal (gtk_drop_down_get_selected (decks), 0);
  gtk_drop_down_set_selected (decks, 2);
  {
    g_autofree char *chosen = g_settings_get_string (settings, "card-deck");
    assert_string_equal (chosen, deck_path);
  }
  gtk_drop_down_set_selected (decks, 1);
  {
    g_autofree char *chosen = g_settings_get_string (settings, "card-deck");
    assert_string_equal (chosen, FELT_CARD_DECK_FOUR_COLOUR);
  }
  g_settings_set_string (settings, "card-deck", deck_path);
  assert_int_equal (gtk_drop_down_get_selected (decks), 2);
  g_settings_set_string (settings, "card-deck", FELT_CARD_DECK_FOUR_COLOUR);
  assert_int_equal (gtk_drop_down_get_selected (decks), 1);
  /* the list says how Felt's two decks look */
  g_signal_emit_by_name (decks, "activate");
  felt_ui_test_wait_ms (300);
  {
    GtkWidget *popover = felt_ui_test_find_type (GTK_WIDGET (decks), GTK_TYPE_POPOVER, NULL);
    assert_non_null (popover);
    assert_true (gtk_widget_get_mapped (popover));
    assert_non_null (felt_ui_test_find_text (popover, "Two colours: hearts and diamonds red"));
    assert_non_null (felt_ui_test_find_text (popover, "Four colours: clubs green, diamonds blue"));
    g_object_unref (felt_ui_test_render (popover, "dialog-preferences-decks.png"));
    gtk_popover_popdown (GTK_POPOVER (popover));
  }
  g_settings_set_string (settings, "card-deck", "");
  assert_int_equal (gtk_drop_down_get_selected (decks), 0);
  /* a deck no longer there shows as Felt's own, and stays chosen */
  g_settings_set_string (settings, "card-deck", "/no/such/deck.svg");
  assert_int_equal (gtk_drop_down_get_selected (decks), 0);
  {
    g_autofree char *kept = g_settings_get_string (settings, "card-deck");
    assert_string_equal (kept, "/no/such/deck.svg");
  }
  g_settings_reset (settings, "card-deck");
}

static void
test_preferences (void **state)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  GtkWidget *prefs = shown (felt_preferences_new (NULL));
  static const char *const new_deals[] = { "any", "winnable", "easy", "medium", "hard", NULL };
  static const char *const speeds[] = { "off", "fast", "normal", "slow", NULL };

  assert_string_equal (gtk_window_get_title (GTK_WINDOW (prefs)), "Preferences");
  g_object_ref (prefs);

  check_switches (prefs, settings);
  assert_true (g_settings_get_boolean (settings, "show-clock"));
  /* New games: "any" at first; "easy" set from the setting */
  assert_drop_down_follows (prefs, settings, "new_deal_dropdown", "New games", "new-deal", new_deals, 0, 2);
  /* turning the status off says that the solver stops */
  assert_non_null (felt_ui_test_find_text (prefs, "when off, it does not search at all"));
  /* Animations: "normal" at first; "fast" set from the setting */
  assert_drop_down_follows (prefs, settings, "animations_dropdown", "Animations", "animation-speed", speeds, 2, 1);
  check_decks (prefs, settings);

  /* plain words: the foundations, not "home" */
  assert_non_null (felt_ui_test_find_text (prefs, "Cards move to the foundations by themselves"));
  assert_null (felt_ui_test_find_text (prefs, "home"));

  picture (prefs, "dialog-preferences.png");
  press_escape (prefs);
  g_object_unref (prefs);
}

/* ---- the game chooser ---- */

static void
test_game_chooser (void **state)
{
  g_autoptr (FeltCardTheme) theme = felt_card_theme_new_default ();
  GtkWidget *chooser = shown (felt_game_chooser_new (NULL, theme));
  GtkFlowBox *games = GTK_FLOW_BOX (named (chooser, "games"));
  g_autofree char *chosen = NULL, *rules = NULL;

  g_signal_connect (chooser, "game-chosen", G_CALLBACK (record_id), &chosen);
  g_signal_connect (chooser, "show-rules", G_CALLBACK (record_id), &rules);
  assert_string_equal (gtk_window_get_title (GTK_WINDOW (chooser)), "Select Game");

  /* one card a game, in the engine's order, each named and described */
  for (guint i = 0; i < FELT_N_GAMES; i++)
    {
      const FeltGame *game = felt_game_get (i);
      GtkWidget *card = GTK_WIDGET (gtk_flow_box_get_child_at_index (games, (int) i));
      g_autofree char *rules_name = g_strdup_printf ("Rules of %s", game->name);
      GtkWidget *button;

      assert_non_null (card);
      assert_accessible_name (card, game->name);
      assert_null (gtk_test_accessible_check_property (GTK_ACCESSIBLE (card), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                                       game->summary));
      assert_non_null (felt_ui_test_find_text (card, game->summary));
      button = felt_ui_test_find_labelled (card, rules_name);
      assert_non_null (button);
      assert_true (GTK_IS_BUTTON (button));
    }
  assert_null (gtk_flow_box_get_child_at_index (games, FELT_N_GAMES));
  felt_ui_test_wait_ms (200);
  picture (chooser, "dialog-game-chooser.png");

  /* Rules: the game's help page; the chooser stays */
  g_signal_emit_by_name (felt_ui_test_find_labelled (chooser, "Rules of Cruel"), "clicked");
  assert_string_equal (rules, "cruel");
  assert_null (chosen);
  assert_true (gtk_widget_get_visible (chooser));

  /* a card: that game, and the chooser closes */
  g_object_ref (chooser);
  g_signal_emit_by_name (gtk_flow_box_get_child_at_index (games, 2), "activate");
  assert_string_equal (chosen, "straight-up");
  assert_false (is_open (chooser));
  g_object_unref (chooser);

  /* Escape: closed, nothing chosen */
  g_clear_pointer (&chosen, g_free);
  chooser = shown (felt_game_chooser_new (NULL, theme));
  g_signal_connect (chooser, "game-chosen", G_CALLBACK (record_id), &chosen);
  press_escape (chooser);
  assert_null (chosen);
}

/* ---- Statistics ---- */

static const char *
cell_text (GtkGrid *grid, int column, int row)
{
  GtkWidget *cell = gtk_grid_get_child_at (grid, column, row);

  assert_non_null (cell);
  return gtk_label_get_text (GTK_LABEL (cell));
}

static void
test_statistics (void **state)
{
  FeltStats stats = { 0 };
  GtkWidget *dialog, *confirm;
  GtkGrid *grid;
  guint resets = 0;
  static const char *const rows[] = {
    "", "Played", "Won", "Win rate", "Current streak", "Longest streak", "Best time", "Fewest moves",
    "Won easy deals", "Won medium deals", "Won hard deals",
  };
  static const char *const cruel[] = { "Cruel", "2", "1", "50%", "0", "1", "1:23", "120", "1", "0", "0" };
  static const char *const backbone[] = { "Backbone", "1", "1", "100%", "1", "1", "1:02:05", "98", "0", "0", "1" };
  static const char *const scuffle[] = { "Scuffle", "0", "0", "0%", "0", "0", "—", "—", "0", "0", "0" };

  felt_stats_record_win (&stats, FELT_GAME_CRUEL, 83000, 120);
  felt_stats_record_difficulty (&stats, FELT_GAME_CRUEL, FELT_DIFFICULTY_EASY);
  felt_stats_record_loss (&stats, FELT_GAME_CRUEL);
  felt_stats_record_win (&stats, FELT_GAME_BACKBONE, 3725000, 98);
  felt_stats_record_difficulty (&stats, FELT_GAME_BACKBONE, FELT_DIFFICULTY_HARD);

  dialog = shown (felt_stats_dialog_new (NULL, &stats, FELT_GAME_CRUEL));
  g_object_ref (dialog);
  g_signal_connect_swapped (dialog, "reset", G_CALLBACK (count_signal), &resets);
  assert_string_equal (gtk_window_get_title (GTK_WINDOW (dialog)), "Statistics");
  grid = GTK_GRID (named (dialog, "grid"));
  for (int r = 1; r < (int) G_N_ELEMENTS (rows); r++)
    assert_string_equal (cell_text (grid, 0, r), rows[r]);
  for (int r = 0; r < (int) G_N_ELEMENTS (cruel); r++)
    {
      assert_string_equal (cell_text (grid, 1 + FELT_GAME_CRUEL, r), cruel[r]);
      assert_string_equal (cell_text (grid, 1 + FELT_GAME_BACKBONE, r), backbone[r]);
      assert_string_equal (cell_text (grid, 1 + FELT_GAME_SCUFFLE, r), scuffle[r]);
    }
  assert_null (gtk_grid_get_child_at (grid, 1 + FELT_N_GAMES, 1));
  picture (dialog, "dialog-statistics.png");

  /* Reset… asks first; a screen reader hears no underscore */
  assert_accessible_name (named (dialog, "reset_button"), "Reset…");
  g_signal_emit_by_name (named (dialog, "reset_button"), "clicked");
  confirm = felt_ui_test_window_over (dialog);
  assert_non_null (confirm);
  assert_true (FELT_IS_STATS_RESET_DIALOG (confirm));
  assert_true (gtk_window_get_modal (GTK_WINDOW (confirm)));
  felt_ui_test_wait_shown (confirm);
  assert_non_null (felt_ui_test_find_text (confirm, "Reset all statistics?"));
  assert_non_null (felt_ui_test_find_text (confirm, "This cannot be undone."));
  /* It says the last game goes too. */
  assert_non_null (felt_ui_test_find_text (confirm, "the game Replay Last Game shows"));
  assert_accessible_name (named (confirm, "reset_button"), "Reset");
  assert_accessible_name (named (confirm, "cancel_button"), "Cancel");
  picture (confirm, "dialog-statistics-reset.png");

  /* Cancel: nothing forgotten */
  g_signal_emit_by_name (named (confirm, "cancel_button"), "clicked");
  FELT_UI_WAIT_UNTIL (felt_ui_test_window_over (dialog) == NULL, "Cancel closes the question");
  assert_int_equal (resets, 0);
  assert_string_equal (cell_text (grid, 1 + FELT_GAME_CRUEL, 1), "2");

  /* Escape: the same */
  g_signal_emit_by_name (named (dialog, "reset_button"), "clicked");
  confirm = felt_ui_test_window_over (dialog);
  felt_ui_test_wait_shown (confirm);
  press_escape (confirm);
  assert_int_equal (resets, 0);
  assert_string_equal (cell_text (grid, 1 + FELT_GAME_BACKBONE, 7), "98");

  /* Reset: every figure back to nothing, and "reset" once */
  g_signal_emit_by_name (named (dialog, "reset_button"), "clicked");
  confirm = felt_ui_test_window_over (dialog);
  g_signal_emit_by_name (named (confirm, "reset_button"), "clicked");
  FELT_UI_WAIT_UNTIL (felt_ui_test_window_over (dialog) == NULL, "Reset closes the question");
  assert_int_equal (resets, 1);
  for (int r = 0; r < (int) G_N_ELEMENTS (scuffle); r++)
    {
      assert_string_equal (cell_text (grid, 1 + FELT_GAME_CRUEL, r), r == 0 ? "Cruel" : scuffle[r]);
      assert_string_equal (cell_text (grid, 1 + FELT_GAME_BACKBONE, r), r == 0 ? "Backbone" : scuffle[r]);
    }

  press_escape (dialog);
  g_object_unref (dialog);
}


/* ---- Select Deal rates the number typed ---- */

static void
test_deal_difficulty (void **state)
{
  const FeltGame *cruel = felt_game_lookup ("cruel");
  GtkWidget *dialog = shown (felt_deal_dialog_new (NULL, cruel, 3));
  GtkWidget *entry = named (dialog, "entry");
  FeltDealDialog *deal = FELT_DEAL_DIALOG (dialog);
  FeltState st;
  FeltRating rating;
  g_autofree char *want = NULL;

  g_object_ref (dialog);
  felt_state_deal (&st, cruel, 12);
  assert_true (felt_solver_rate (&st, NULL, NULL, &rating));
  assert_non_null (felt_difficulty_label (rating.difficulty));
  want = g_strdup_printf ("Difficulty: %s", felt_difficulty_label (rating.difficulty));

  /* Typed digit by digit: "Rating…" at once, the difficulty of the last. */
  gtk_editable_set_text (GTK_EDITABLE (entry), "1");
  assert_string_equal (felt_deal_dialog_get_rating (deal), "Rating…");
  gtk_editable_set_text (GTK_EDITABLE (entry), "12");
  assert_string_equal (felt_deal_dialog_get_rating (deal), "Rating…");
  FELT_UI_WAIT_UNTIL (g_str_equal (felt_deal_dialog_get_rating (deal), want), "Select Deal shows “%s”", want);
  assert_non_null (felt_ui_test_find_text (dialog, want));
  picture (dialog, "dialog-select-deal-difficulty.png");

  /* Not a number: nothing. */
  gtk_editable_set_text (GTK_EDITABLE (entry), "twelve");
  assert_string_equal (felt_deal_dialog_get_rating (deal), "");
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_object_unref (dialog);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_preferences),
    cmocka_unit_test (test_game_chooser),
    cmocka_unit_test (test_statistics),
    cmocka_unit_test (test_deal_difficulty),
  };
  g_autofree char *cards = NULL;
  int failed;

  /* Before GLib reads XDG_DATA_DIRS: one deck "found on this computer". */
  data_dir = felt_ui_test_make_dir ("felt-test-dialogs", "FELT_DATA_DIR");
  decks_dir = felt_ui_test_make_dir ("felt-test-decks", NULL);
  cards = g_build_filename (decks_dir, "aisleriot", "cards", NULL);
  deck_path = g_build_filename (cards, "test_deck.svg", NULL);
  assert_int_equal (g_mkdir_with_parents (cards, 0700), 0);
  assert_true (g_file_set_contents (deck_path, "<svg xmlns=\"http://www.w3.org/2000/svg\"/>", -1, NULL));
  /* the only decks found: AisleRiot's or KDE's, if installed, are not */
  felt_ui_test_isolate (decks_dir);

  felt_ui_test_init ();
  failed = cmocka_run_group_tests (tests, NULL, NULL);
  felt_ui_test_remove_dir (decks_dir);
  felt_ui_test_remove_dir (data_dir);
  g_free (deck_path);
  g_free (decks_dir);
  g_free (data_dir);
  return failed;
}
