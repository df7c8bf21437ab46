/* wait-paint.c: how long a program takes to put its first painted window on
 * the X display, seen from outside the program.
 *
 *   wait-paint [--cards] [--timeout MS] [--rss-after MS] [--rss-later MS] [--idle MS]
 *              -- COMMAND [ARG...]
 *
 * It starts COMMAND (fork and exec), watches the X server for a top-level
 * window whose _NET_WM_PID is the child's, and once that window is mapped
 * reads a few rows of it back (XGetImage) until it is drawn: fewer than half
 * of those pixels still the black of a fresh Xvfb (started with -br), and
 * some of them the green of Felt's baize.  With --cards some must also be
 * the white of a card face: Felt's board, cards included, is on the screen.
 * It prints, on one line:
 *
 *   paint_ms=N         from just before exec to the first drawn frame
 *   paint_cpu_ms=N     CPU time (all threads) the program had used by then
 *   paint_main_cpu_ms=N  the same, of its main thread
 *   rss_kb=N           (--rss-after) VmRSS that long after the first paint
 *   start_cpu_ms=N     (--rss-after) CPU time (all threads) until then
 *   rss_later_kb=N     (--rss-later) VmRSS that long after the first paint,
 *                      later than --rss-after (within --idle, if given)
 *   idle_cpu_ms=N      (--idle) CPU time used in the following MS
 *   idle_wakeups=N     (--idle) context switches of its threads meanwhile
 *
 * With --threads, also the CPU time of each thread alive at the first
 * paint, added up by thread name (e.g. "threads=felt:150,llvmpipe-0:40"):
 * where the time went (threads that ended before are in paint_cpu_ms only).
 *
 * then ends the program (SIGTERM) and waits for it.  The exit status is 0,
 * or 1 when no window was drawn within the timeout (default 20 s).
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <X11/Xatom.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>

#define N_ROWS 6

static double
now_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void
sleep_ms (double ms)
{
  struct timespec ts;

  if (ms <= 0)
    return;
  ts.tv_sec = (time_t) (ms / 1e3);
  ts.tv_nsec = (long) ((ms - ts.tv_sec * 1e3) * 1e6);
  while (nanosleep (&ts, &ts) < 0 && errno == EINTR)
    ;
}

static int x_error_seen;

static int
ignore_x_error (Display *dpy, XErrorEvent *event)
{
  (void) dpy;
  (void) event;
  x_error_seen = 1;
  return 0;
}

static long
window_pid (Display *dpy, Window win, Atom pid_atom)
{
  Atom type;
  int format;
  unsigned long n, after;
  unsigned char *data = NULL;
  long pid = -1;

  if (XGetWindowProperty (dpy, win, pid_atom, 0, 1, False, XA_CARDINAL, &type, &format,
                          &n, &after, &data) == Success && data)
    {
      if (type == XA_CARDINAL && format == 32 && n == 1)
        pid = (long) *(unsigned long *) data;
      XFree (data);
    }
  return pid;
}

/* A mapped top-level window of process `pid`, or None. */
static Window
find_window (Display *dpy, pid_t pid, Atom pid_atom, int *width, int *height)
{
  Window root = DefaultRootWindow (dpy), parent, *children = NULL, found = None;
  unsigned int n = 0;

  if (!XQueryTree (dpy, root, &root, &parent, &children, &n))
    return None;
  for (unsigned int i = 0; i < n && found == None; i++)
    {
      XWindowAttributes attr;

      x_error_seen = 0;
      if (!XGetWindowAttributes (dpy, children[i], &attr) || x_error_seen)
        continue;
      if (attr.map_state != IsViewable || attr.width < 100 || attr.height < 100)
        continue;
      if (window_pid (dpy, children[i], pid_atom) != (long) pid)
        continue;
      found = children[i];
      *width = attr.width;
      *height = attr.height;
    }
  if (children)
    XFree (children);
  return found;
}

/* Drawn: the rows below the title bar hold little root black, some baize
 * green and, when asked, some card white. */
static int
window_drawn (Display *dpy, Window win, int width, int height, int want_cards)
{
  unsigned long total = 0, black = 0, green = 0, white = 0;

  for (int r = 0; r < N_ROWS; r++)
    {
      int y = height * (2 * r + 3) / (2 * N_ROWS + 4);
      XImage *image;

      x_error_seen = 0;
      image = XGetImage (dpy, win, 0, y, (unsigned int) width, 1, AllPlanes, ZPixmap);
      if (image == NULL || x_error_seen)
        {
          if (image)
            XDestroyImage (image);
          return 0;
        }
      for (int x = 0; x < width; x++)
        {
          unsigned long p = XGetPixel (image, x, 0);
          int red = (int) ((p >> 16) & 0xff), grn = (int) ((p >> 8) & 0xff), blu = (int) (p & 0xff);

          total++;
          if (p == 0)
            black++;
          else if (grn > red + 25 && grn > blu + 10)
            green++;
          else if (red > 215 && grn > 215 && blu > 200)
            white++;
        }
      XDestroyImage (image);
    }
  return black * 2 < total && green > 0 && (!want_cards || white > 0);
}

/* CPU time of the whole process (or, with main_thread, of its first
 * thread only), in ms, from the scheduler's own count in nanoseconds:
 * the utime and stime of /proc/PID/stat come in ticks of 10 ms, a tenth
 * of a start-up's CPU time, so that two runs of one build could differ
 * by 0.1 in a ratio to the floor.  The process's clock includes the
 * threads that have ended (a face renderer, a solver's first run). */
static double
cpu_ms (pid_t pid, int main_thread)
{
  char path[64];
  struct timespec ts;
  clockid_t clock;
  unsigned long long ns;
  FILE *f;
  int got;

  if (!main_thread)
    {
      if (clock_getcpuclockid (pid, &clock) != 0 || clock_gettime (clock, &ts) != 0)
        return -1;
      return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
    }
  /* Another process's thread has no clock of its own here; its
   * schedstat starts with the same count. */
  snprintf (path, sizeof path, "/proc/%d/task/%d/schedstat", (int) pid, (int) pid);
  f = fopen (path, "r");
  if (f == NULL)
    return -1;
  got = fscanf (f, "%llu", &ns);
  fclose (f);
  return got == 1 ? ns / 1e6 : -1;
}

/* A thread's CPU time in ms: its schedstat's nanoseconds, or its ticks. */
static double
thread_ms (pid_t pid, const char *tid, unsigned long ticks)
{
  char path[320];
  unsigned long long ns;
  FILE *f;
  int got = 0;

  snprintf (path, sizeof path, "/proc/%d/task/%s/schedstat", (int) pid, tid);
  if ((f = fopen (path, "r")) != NULL)
    {
      got = fscanf (f, "%llu", &ns);
      fclose (f);
    }
  return got == 1 ? ns / 1e6 : ticks * 1000.0 / (double) sysconf (_SC_CLK_TCK);
}

/* "name:ms,..." of the threads alive now, summed by name, into out. */
static void
threads_cpu (pid_t pid, char *out, size_t size)
{
  char path[320], buf[4096], names[32][20];
  double ms[32];
  int n_names = 0;
  DIR *dir;
  struct dirent *entry;
  size_t used = 0;

  out[0] = '\0';
  snprintf (path, sizeof path, "/proc/%d/task", (int) pid);
  dir = opendir (path);
  if (dir == NULL)
    return;
  while ((entry = readdir (dir)) != NULL)
    {
      unsigned long utime = 0, stime = 0;
      char *open_paren, *close_paren;
      char name[20] = "";
      FILE *f;
      size_t len;
      int k;

      if (entry->d_name[0] == '.')
        continue;
      snprintf (path, sizeof path, "/proc/%d/task/%s/stat", (int) pid, entry->d_name);
      if ((f = fopen (path, "r")) == NULL)
        continue;
      len = fread (buf, 1, sizeof buf - 1, f);
      fclose (f);
      buf[len] = '\0';
      open_paren = strchr (buf, '(');
      close_paren = strrchr (buf, ')');
      if (open_paren == NULL || close_paren == NULL ||
          sscanf (close_paren + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu", &utime, &stime) != 2)
        continue;
      len = (size_t) (close_paren - open_paren - 1);
      if (len > sizeof name - 1)
        len = sizeof name - 1;
      memcpy (name, open_paren + 1, len);
      name[len] = '\0';
      for (char *c = name; *c; c++)
        if (*c == ',' || *c == ':' || *c == ' ' || *c == '=')
          *c = '_';
      for (k = 0; k < n_names && strcmp (names[k], name) != 0; k++)
        ;
      if (k == n_names && n_names < 32)
        {
          strcpy (names[n_names], name);
          ms[n_names++] = 0;
        }
      if (k < n_names)
        ms[k] += thread_ms (pid, entry->d_name, utime + stime);
    }
  closedir (dir);
  for (int k = 0; k < n_names && used + 40 < size; k++)
    used += (size_t) snprintf (out + used, size - used, "%s%s:%.0f", k ? "," : "", names[k], ms[k]);
}

static long
status_field (const char *path, const char *name)
{
  char line[256];
  size_t len = strlen (name);
  long value = -1;
  FILE *f = fopen (path, "r");

  if (f == NULL)
    return -1;
  while (fgets (line, sizeof line, f))
    if (strncmp (line, name, len) == 0 && line[len] == ':')
      {
        value = strtol (line + len + 1, NULL, 10);
        break;
      }
  fclose (f);
  return value;
}

/* Context switches of every thread: how often the program woke up. */
static long
process_switches (pid_t pid)
{
  char path[64 + 256];
  struct dirent *entry;
  long sum = 0;
  DIR *dir;

  snprintf (path, sizeof path, "/proc/%d/task", (int) pid);
  dir = opendir (path);
  if (dir == NULL)
    return -1;
  while ((entry = readdir (dir)))
    {
      long v, nv;

      if (entry->d_name[0] == '.')
        continue;
      snprintf (path, sizeof path, "/proc/%d/task/%s/status", (int) pid, entry->d_name);
      v = status_field (path, "voluntary_ctxt_switches");
      nv = status_field (path, "nonvoluntary_ctxt_switches");
      if (v > 0)
        sum += v;
      if (nv > 0)
        sum += nv;
    }
  closedir (dir);
  return sum;
}

static void
usage (void)
{
  fprintf (stderr, "usage: wait-paint [--cards] [--threads] [--timeout MS] [--rss-after MS] [--rss-later MS] [--idle MS]"
           " -- COMMAND [ARG...]\n");
  exit (2);
}

int
main (int argc, char **argv)
{
  int want_cards = 0, want_threads = 0, i;
  char threads[1024] = "";
  double timeout = 20000, rss_after = -1, rss_later = -1, idle = -1, t0, painted = -1, paint_cpu = -1, paint_main_cpu = -1;
  Display *dpy;
  Atom pid_atom;
  pid_t pid;
  int status = 0;

  for (i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--") == 0)
        {
          i++;
          break;
        }
      else if (strcmp (argv[i], "--cards") == 0)
        want_cards = 1;
      else if (strcmp (argv[i], "--threads") == 0)
        want_threads = 1;
      else if (strcmp (argv[i], "--timeout") == 0 && i + 1 < argc)
        timeout = atof (argv[++i]);
      else if (strcmp (argv[i], "--rss-after") == 0 && i + 1 < argc)
        rss_after = atof (argv[++i]);
      else if (strcmp (argv[i], "--rss-later") == 0 && i + 1 < argc)
        rss_later = atof (argv[++i]);
      else if (strcmp (argv[i], "--idle") == 0 && i + 1 < argc)
        idle = atof (argv[++i]);
      else
        usage ();
    }
  if (i >= argc)
    usage ();
  if ((idle >= 0 || rss_later >= 0) && rss_after < 0)
    rss_after = 0;

  dpy = XOpenDisplay (NULL);
  if (dpy == NULL)
    {
      fprintf (stderr, "wait-paint: cannot open the X display\n");
      return 2;
    }
  XSetErrorHandler (ignore_x_error);
  pid_atom = XInternAtom (dpy, "_NET_WM_PID", False);

  fflush (NULL);
  t0 = now_ms ();
  pid = fork ();
  if (pid < 0)
    {
      perror ("wait-paint: fork");
      return 2;
    }
  if (pid == 0)
    {
      close (ConnectionNumber (dpy));
      execvp (argv[i], argv + i);
      fprintf (stderr, "wait-paint: cannot run %s: %s\n", argv[i], strerror (errno));
      _exit (127);
    }

  while (now_ms () - t0 < timeout)
    {
      int width = 0, height = 0;
      Window win = find_window (dpy, pid, pid_atom, &width, &height);

      if (win != None && window_drawn (dpy, win, width, height, want_cards))
        {
          painted = now_ms ();
          paint_cpu = cpu_ms (pid, 0);
          paint_main_cpu = cpu_ms (pid, 1);
          if (want_threads)
            threads_cpu (pid, threads, sizeof threads);
          break;
        }
      if (waitpid (pid, &status, WNOHANG) == pid)
        {
          fprintf (stderr, "wait-paint: %s ended before drawing a window\n", argv[i]);
          return 1;
        }
      sleep_ms (1);
    }
  if (painted < 0)
    {
      fprintf (stderr, "wait-paint: no window of %s was drawn within %.0f ms\n", argv[i], timeout);
      kill (pid, SIGTERM);
      waitpid (pid, &status, 0);
      return 1;
    }
  printf ("paint_ms=%.1f paint_cpu_ms=%.1f paint_main_cpu_ms=%.1f", painted - t0, paint_cpu, paint_main_cpu);
  if (threads[0])
    printf (" threads=%s", threads);

  if (rss_after >= 0)
    {
      char path[64];
      double cpu0;
      long switches0;

      sleep_ms (painted + rss_after - now_ms ());
      snprintf (path, sizeof path, "/proc/%d/status", (int) pid);
      cpu0 = cpu_ms (pid, 0);
      switches0 = process_switches (pid);
      printf (" rss_kb=%ld start_cpu_ms=%.1f", status_field (path, "VmRSS"), cpu0);
      if (rss_later > rss_after)
        {
          sleep_ms (painted + rss_later - now_ms ());
          printf (" rss_later_kb=%ld", status_field (path, "VmRSS"));
        }
      if (idle >= 0)
        {
          double cpu1;
          long switches1;

          sleep_ms (painted + rss_after + idle - now_ms ());
          cpu1 = cpu_ms (pid, 0);
          switches1 = process_switches (pid);
          printf (" idle_cpu_ms=%.1f idle_wakeups=%ld", cpu1 - cpu0,
                  switches1 >= switches0 ? switches1 - switches0 : 0);
        }
    }
  printf ("\n");
  fflush (stdout);

  kill (pid, SIGTERM);
  waitpid (pid, &status, 0);
  XCloseDisplay (dpy);
  return 0;
}
