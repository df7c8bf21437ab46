/* probe.c: a small GTK 4 window for finding out what Orca speaks.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * GTK 4.8 has no call for "say this" (gtk_accessible_announce is 4.14),
 * so Felt has to speak through something Orca reacts to.  Each key here
 * tries one candidate; tests/a11y/test-orca-probe.py presses them under
 * the real Orca and checks what it spoke (tests/a11y/README.md has the
 * findings).  The focused widget is a plain focusable GtkDrawingArea of
 * role GROUP, like Felt's board.
 *
 *   1  change the focused widget's accessible label
 *   2  the same label again
 *   3  change the focused widget's accessible description
 *   4  the same description again
 *   5  hide and show a label of role ALERT
 *   6  change the text of a label of role STATUS
 *   7  change the text of a visible label of role ALERT
 *   8  move the focus to the button, then back to the board
 *   9  set the board's label and give the focus to the button
 *   0  give the focus back to the board
 *   r  clear the description, then set it to what it was
 *   n  change the label, then the description
 *   d  change the description, then the label
 *   c  focus the first pile widget (a focusable child of role BUTTON)
 *   v  focus the second pile widget (role LIST_ITEM)
 *   b  change the label of the focused pile widget
 *   x  focus the board again
 */
#include <gtk/gtk.h>

static GtkWidget *board, *button, *alert, *status, *pile1, *pile2;
static guint counter;

static gboolean
key_pressed (GtkEventControllerKey *key, guint keyval, guint keycode,
             GdkModifierType state, gpointer user_data)
{
  g_autofree char *text = NULL;

  (void) key; (void) keycode; (void) state; (void) user_data;
  counter++;
  switch (keyval)
    {
    case GDK_KEY_1:
      text = g_strdup_printf ("Label change %u", counter);
      gtk_accessible_update_property (GTK_ACCESSIBLE (board), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
      g_object_set_data_full (G_OBJECT (board), "label", g_steal_pointer (&text), g_free);
      return TRUE;
    case GDK_KEY_2:
      gtk_accessible_update_property (GTK_ACCESSIBLE (board), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      g_object_get_data (G_OBJECT (board), "label"), -1);
      return TRUE;
    case GDK_KEY_3:
      text = g_strdup_printf ("Description change %u", counter);
      gtk_accessible_update_property (GTK_ACCESSIBLE (board), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
      g_object_set_data_full (G_OBJECT (board), "description", g_steal_pointer (&text), g_free);
      return TRUE;
    case GDK_KEY_4:
      gtk_accessible_update_property (GTK_ACCESSIBLE (board), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                      g_object_get_data (G_OBJECT (board), "description"), -1);
      return TRUE;
    case GDK_KEY_5:
      text = g_strdup_printf ("Alert shown %u", counter);
      gtk_widget_set_visible (alert, FALSE);
      gtk_label_set_text (GTK_LABEL (alert), text);
      gtk_widget_set_visible (alert, TRUE);
      return TRUE;
    case GDK_KEY_6:
      text = g_strdup_printf ("Status text %u", counter);
      gtk_label_set_text (GTK_LABEL (status), text);
      return TRUE;
    case GDK_KEY_7:
      text = g_strdup_printf ("Alert text %u", counter);
      gtk_label_set_text (GTK_LABEL (alert), text);
      return TRUE;
    case GDK_KEY_8:
      gtk_widget_grab_focus (button);
      gtk_widget_grab_focus (board);
      return TRUE;
    case GDK_KEY_9:
      text = g_strdup_printf ("Board after focus %u", counter);
      gtk_accessible_update_property (GTK_ACCESSIBLE (board), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
      gtk_widget_grab_focus (button);
      return TRUE;
    case GDK_KEY_0:
      gtk_widget_grab_focus (board);
      return TRUE;
    case GDK_KEY_r:
      gtk_accessible_update_property (GTK_ACCESSIBLE (board), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "", -1);
      gtk_accessible_update_property (GTK_ACCESSIBLE (board), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                      g_object_get_data (G_OBJECT (board), "description"), -1);
      return TRUE;
    case GDK_KEY_n:
      text = g_strdup_printf ("Label first %u", counter);
      gtk_accessible_update_property (GTK_ACCESSIBLE (board), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
      g_free (text);
      text = g_strdup_printf ("Description second %u", counter);
      gtk_accessible_update_property (GTK_ACCESSIBLE (board), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
      g_object_set_data_full (G_OBJECT (board), "description", g_steal_pointer (&text), g_free);
      return TRUE;
    case GDK_KEY_d:
      text = g_strdup_printf ("Description first %u", counter);
      gtk_accessible_update_property (GTK_ACCESSIBLE (board), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
      g_object_set_data_full (G_OBJECT (board), "description", g_steal_pointer (&text), g_free);
      text = g_strdup_printf ("Label second %u", counter);
      gtk_accessible_update_property (GTK_ACCESSIBLE (board), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
      return TRUE;
    case GDK_KEY_c:
      gtk_widget_grab_focus (pile1);
      return TRUE;
    case GDK_KEY_v:
      gtk_widget_grab_focus (pile2);
      return TRUE;
    case GDK_KEY_b:
      text = g_strdup_printf ("Pile label %u", counter);
      gtk_accessible_update_property (GTK_ACCESSIBLE (gtk_widget_has_focus (pile1) ? pile1 : pile2),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
      return TRUE;
    case GDK_KEY_x:
      gtk_widget_grab_focus (board);
      return TRUE;
    default:
      return FALSE;
    }
}

static void
activate (GtkApplication *app)
{
  GtkWidget *window = gtk_application_window_new (app);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkEventController *key = gtk_event_controller_key_new ();

  gtk_window_set_title (GTK_WINDOW (window), "Probe");
  gtk_window_set_default_size (GTK_WINDOW (window), 400, 300);
  board = g_object_new (GTK_TYPE_DRAWING_AREA, "accessible-role", GTK_ACCESSIBLE_ROLE_GROUP,
                        "focusable", TRUE, "vexpand", TRUE, NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (board), GTK_ACCESSIBLE_PROPERTY_LABEL, "Board", -1);
  button = gtk_button_new_with_label ("Button");
  alert = g_object_new (GTK_TYPE_LABEL, "accessible-role", GTK_ACCESSIBLE_ROLE_ALERT,
                        "label", "Alert", "visible", FALSE, NULL);
  status = g_object_new (GTK_TYPE_LABEL, "accessible-role", GTK_ACCESSIBLE_ROLE_STATUS,
                         "label", "Status", NULL);
  /* Piles as child widgets of a group, as the board could expose them
   * (GTK 4.8 has no accessible objects that are not widgets). */
  {
    GtkWidget *piles = g_object_new (GTK_TYPE_BOX, "accessible-role", GTK_ACCESSIBLE_ROLE_GROUP, NULL);
    pile1 = g_object_new (GTK_TYPE_DRAWING_AREA, "accessible-role", GTK_ACCESSIBLE_ROLE_BUTTON,
                          "focusable", TRUE, "width-request", 40, "height-request", 20, NULL);
    pile2 = g_object_new (GTK_TYPE_DRAWING_AREA, "accessible-role", GTK_ACCESSIBLE_ROLE_LIST_ITEM,
                          "focusable", TRUE, "width-request", 40, "height-request", 20, NULL);
    gtk_accessible_update_property (GTK_ACCESSIBLE (piles), GTK_ACCESSIBLE_PROPERTY_LABEL, "Piles", -1);
    gtk_accessible_update_property (GTK_ACCESSIBLE (pile1), GTK_ACCESSIBLE_PROPERTY_LABEL, "Tableau 1",
                                    GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "Seven of hearts on top", -1);
    gtk_accessible_update_property (GTK_ACCESSIBLE (pile2), GTK_ACCESSIBLE_PROPERTY_LABEL, "Tableau 2", -1);
    gtk_box_append (GTK_BOX (piles), pile1);
    gtk_box_append (GTK_BOX (piles), pile2);
    gtk_box_append (GTK_BOX (box), piles);
  }
  gtk_box_append (GTK_BOX (box), board);
  gtk_box_append (GTK_BOX (box), button);
  gtk_box_append (GTK_BOX (box), alert);
  gtk_box_append (GTK_BOX (box), status);
  gtk_window_set_child (GTK_WINDOW (window), box);
  gtk_event_controller_set_propagation_phase (key, GTK_PHASE_CAPTURE);
  g_signal_connect (key, "key-pressed", G_CALLBACK (key_pressed), NULL);
  gtk_widget_add_controller (window, key);
  gtk_window_present (GTK_WINDOW (window));
  gtk_widget_grab_focus (board);
}

int
main (int argc, char **argv)
{
  g_autoptr (GtkApplication) app = gtk_application_new ("io.github.feltsolitaire.Probe",
                                                        G_APPLICATION_NON_UNIQUE);

  g_signal_connect (app, "activate", G_CALLBACK (activate), NULL);
  return g_application_run (G_APPLICATION (app), argc, argv);
}
