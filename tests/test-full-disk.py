#!/usr/bin/env python3
# test-full-disk.py: the real felt with its home folder (data and card-face
# cache) on a file system that is really full (issue 35).
#
#   test-full-disk.py FELT
#
# Run under the tests' X server and bus (tests/meson.build), as root: it
# mounts a 16 MiB tmpfs for the home folder, and skips (exit status 77)
# where it cannot.  Felt starts and saves a move, the disk is filled, then
# Felt plays (each move fails to save: the notice bar appears and the board
# gets smaller, so new faces are rendered), is resized to sizes it has no
# faces for, quits and starts again on the full disk, plays and is resized
# again; then space is freed and the next move saves the game, every move
# included.  Last, a game given up on the full disk: Felt says it cannot
# keep it for Replay, and saves it at the next move once there is room.  Felt must never die (a bus error was exit status 135), and
# must say what it cannot save.  The tmpfs is unmounted on every path.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import configparser
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

SKIP = 77
SIZES = [(900, 640), (1100, 820), (700, 520), (1240, 880)]


def log(text):
    print(text, flush=True)


def fail(text):
    raise AssertionError(text)


class Felt:
    """One run of felt in `home`, its stderr kept in a file."""

    def __init__(self, felt, home, args):
        self.log_path = os.path.join(tempfile.gettempdir(), "felt-test-full-disk-%d.log" % os.getpid())
        env = dict(os.environ, HOME=home, GSETTINGS_BACKEND="memory", G_MESSAGES_DEBUG="Felt",
                   FELT_FACES_DIR=os.path.join(home, "no-installed-faces"))
        for name in ("FELT_CACHE_DIR", "FELT_DATA_DIR", "XDG_CACHE_HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME",
                     "G_DEBUG"):
            env.pop(name, None)
        with open(self.log_path, "w") as out:
            self.process = subprocess.Popen([felt] + args, env=env, stdout=out, stderr=out)
        self.window = None

    def output(self):
        with open(self.log_path, errors="replace") as f:
            return f.read()

    def alive(self, what):
        status = self.process.poll()
        if status is not None:
            fail("felt died %s: exit status %d%s\n%s" % (what, status,
                                                        " (bus error)" if status in (-signal.SIGBUS, 135) else "",
                                                        self.output()[-3000:]))

    def find_window(self):
        if self.window is None:
            self.window = subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", "--pid",
                                          str(self.process.pid), "--name", "Felt"],
                                         check=True, capture_output=True, text=True, timeout=30).stdout.split()[0]
        return self.window

    def key(self, *keys):
        """Keys to the board (the stock has the focus at a start)."""
        window = self.find_window()
        subprocess.run(["xdotool", "mousemove", "--window", window, "300", "500", "sleep", "0.3",
                        "key", "--delay", "200"] + list(keys), check=True, timeout=30)

    def answer(self, title, key):
        """A key to the dialog named `title`."""
        subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", "--name", title, "mousemove", "--window",
                        "%1", "10", "10", "sleep", "0.3", "key", key], check=True, timeout=30)

    def resize(self, width, height):
        subprocess.run(["xdotool", "windowsize", self.find_window(), str(width), str(height)], check=True, timeout=30)

    def quit(self):
        self.key("ctrl+q")
        try:
            status = self.process.wait(15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            fail("felt did not quit\n" + self.output()[-3000:])
        if status != 0:
            fail("felt quit with exit status %d\n%s" % (status, self.output()[-3000:]))
        os.unlink(self.log_path)

    def kill(self):
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()


def data_file_keys(home, name, *keys):
    """The values of `keys` in the [Felt Game] group of the data file
    `name`, or None when it cannot be read or lacks one."""
    path = os.path.join(home, ".local", "share", "felt", name)
    parser = configparser.ConfigParser(interpolation=None)
    try:
        with open(path) as f:
            parser.read_string(f.read())
        return tuple(parser["Felt Game"][k] for k in keys)
    except (OSError, KeyError, configparser.Error):
        return None


def saved_moves(home):
    found = data_file_keys(home, "game.ini", "moves")
    return found[0] if found else None


def last_game(home):
    """The last game kept for Replay, as (result, moves), or None."""
    return data_file_keys(home, "last-game.ini", "result", "moves")


def wait_for_moves(home, want, felt):
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        felt.alive("waiting for the saved moves %r" % want)
        if saved_moves(home) == want:
            return
        time.sleep(0.1)
    fail("the saved moves are %r, not %r\n%s" % (saved_moves(home), want, felt.output()[-3000:]))


def fill(root):
    """Fills the file system to its last block."""
    for name, size in (("filler", 65536), ("filler-tail", 1)):
        # Unbuffered: nothing is left to write (and fail) at the close.
        with open(os.path.join(root, name), "ab", buffering=0) as f:
            try:
                while f.write(b"\0" * size):
                    pass
            except OSError:
                pass
    st = os.statvfs(root)
    log("disk filled: %d blocks free of %d" % (st.f_bavail, st.f_blocks))


def faces_in(home):
    cards = os.path.join(home, ".cache", "felt", "cards")
    return sorted(os.listdir(cards)) if os.path.isdir(cards) else []


def play_on_full_disk(felt_path, root):
    home = os.path.join(root, "home")
    os.makedirs(home)

    felt = Felt(felt_path, home, ["--game", "straight-up", "--seed", "5"])
    try:
        wait_for_moves(home, "", felt)
        felt.key("space")
        wait_for_moves(home, "s", felt)
        # The faces at this size are kept once the size settles.
        time.sleep(1.5)
        log("before the disk is full: saved moves 's'; card faces kept: %s" % faces_in(home))
        fill(root)

        felt.key("space", "space")
        time.sleep(1.5)
        felt.alive("after two moves on the full disk")
        # Felt's own face files give their blocks back when it changes
        # sizes (the notice bar makes the board smaller), and another face
        # may take them again at once: a save may find room between the
        # two, and is then whole.  Never anything else: a save that fails
        # leaves the last one as it was.
        if saved_moves(home) not in ("s", "s s s"):
            fail("the saved game changed on a full disk: %r" % saved_moves(home))
        log("after two moves on the full disk: saved moves %r" % saved_moves(home))
        if "Cannot save the game: No space left on device" not in felt.output():
            fail("felt did not say it cannot save the game\n" + felt.output()[-3000:])
        log("two moves on the full disk: alive, felt says: Cannot save the game: "
            "No space left on device")
        for width, height in SIZES:
            felt.resize(width, height)
            time.sleep(1.2)
            felt.alive("after a resize to %dx%d on the full disk" % (width, height))
        rendered = sorted(set(line.split("card faces ")[1].split(":")[0]
                              for line in felt.output().splitlines() if "card faces " in line and ": rendered" in line))
        log("resized to %s on the full disk: alive; sizes rendered: %s" %
            (", ".join("%dx%d" % s for s in SIZES), ", ".join(rendered)))
        if len(rendered) < 2:
            fail("the resizes rendered no new faces:\n" + felt.output()[-3000:])
        felt.quit()
        # The faces Felt drew into files of its own (with no name, in the
        # cache folder) held blocks of the disk until it quit: the save at
        # the close may find room.
        at_quit = saved_moves(home)
        if at_quit not in ("s", "s s s"):
            fail("the game saved at the close is %r" % at_quit)
        log("quit: exit status 0; saved moves %r; card faces kept: %s" % (at_quit, faces_in(home)))
        fill(root)

        # A start on the full disk: the game comes back, plays, resizes.
        felt = Felt(felt_path, home, [])
        felt.resize(*SIZES[1])
        time.sleep(3)
        felt.alive("at a start on the full disk")
        felt.key("space")
        time.sleep(1)
        for width, height in reversed(SIZES):
            felt.resize(width + 30, height + 20)
            time.sleep(1.2)
            felt.alive("after a resize to %dx%d after a start on the full disk" % (width + 30, height + 20))
        if saved_moves(home) != at_quit:
            fail("the saved game changed on a full disk: %r" % saved_moves(home))
        log("started again on the full disk: alive through a move and 4 resizes; saved moves still %r" % at_quit)

        # Space again: the next move saves the game with every move.
        for name in ("filler", "filler-tail"):
            os.unlink(os.path.join(root, name))
        felt.key("space")
        wait_for_moves(home, at_quit + " s s", felt)
        log("space freed: the next move saved the game with every move: %r" % (at_quit + " s s"))

        # A game given up on the full disk: not saved (said), kept for
        # Replay in memory, saved at the next move once there is room.
        fill(root)
        felt.key("ctrl+n")
        felt.answer("Give up this game?", "Return")
        # On a busy machine the dialog's answer may take a while.
        # As with the game above, the save may find room that Felt's own
        # face files gave back: then the whole game is on disk, and
        # nothing needs saying.  Anything else is a loss.
        given_up = ("given-up", at_quit + " s s")
        said = "Cannot save the last game: No space left on device"
        deadline = time.monotonic() + 20
        while (said not in felt.output() and last_game(home) != given_up and
               time.monotonic() < deadline):
            felt.alive("after giving up a game on the full disk")
            time.sleep(0.1)
        felt.alive("after giving up a game on the full disk")
        if last_game(home) not in (None, given_up):
            fail("the last game on disk is %r" % (last_game(home),))
        if said not in felt.output() and last_game(home) != given_up:
            fail("felt neither saved the last game nor said it cannot\n" + felt.output()[-3000:])
        log("a game given up on the full disk: alive, last game on disk %r, %s" %
            (last_game(home), "felt says: " + said if said in felt.output() else "saved in room Felt gave back"))
        for name in ("filler", "filler-tail"):
            os.unlink(os.path.join(root, name))
        felt.key("space")
        deadline = time.monotonic() + 20
        while last_game(home) != ("given-up", at_quit + " s s") and time.monotonic() < deadline:
            time.sleep(0.1)
        if last_game(home) != ("given-up", at_quit + " s s"):
            fail("the last game was not saved once there was room: %r" % (last_game(home),))
        log("space freed: the next move saved the last game: %r" % (last_game(home),))
        felt.quit()
        log("quit: exit status 0")
    finally:
        felt.kill()


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: test-full-disk.py FELT")
    if shutil.which("xdotool") is None:
        log("SKIP: no xdotool")
        return SKIP
    if os.geteuid() != 0:
        log("SKIP: mounting a small file system takes root (CI runs as root)")
        return SKIP
    root = tempfile.mkdtemp(prefix="felt-test-full-disk-")
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=16m,mode=0700", "tmpfs", root],
                             capture_output=True, text=True)
    if mounted.returncode != 0:
        os.rmdir(root)
        log("SKIP: cannot mount a tmpfs here: " + mounted.stderr.strip())
        return SKIP
    try:
        log("home folder on a 16 MiB tmpfs at " + root)
        play_on_full_disk(sys.argv[1], root)
    except AssertionError as e:
        log("FAIL: %s" % e)
        return 1
    finally:
        subprocess.run(["umount", "-l", root])
        os.rmdir(root)
    log("PASS")
    return 0


if __name__ == "__main__":
    sys.exit(main())
