#!/usr/bin/python3
# test-orca-cases.py: two short cases under the real Orca that the play
# test (test-orca-play.py, whole winnable deals with automatic moves off)
# does not reach, played from the keyboard as it plays, with its Player:
#
# - a lost game: a deal felt-cli finds lost within a few moves (the first
#   legal card move, else the stock, until nothing can happen), played
#   until no move is left; Orca must read the end-of-game dialog: "Game
#   over dialog No move is left in this game of Cruel. Score: 1 of 48.",
#   then its focused button, "New Game push button."; Escape closes it and
#   Hint says "No move is left".
# - automatic moves: Straight Up with the setting auto-foundations on, a
#   deal where no card goes home at the start and a move sends cards to
#   the foundations by themselves; Orca must say the move and then their
#   summary, "…. By itself: ace of spades to foundation 4 and …", built
#   from the position (felt-cli plays the moves Felt plays by itself).
#
#   test-orca-cases.py FELT FELT_CLI [--transcript FILE]
#
# SPDX-License-Identifier: GPL-3.0-or-later

import argparse
import importlib.util
import io
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("orca_play", os.path.join(HERE, "test-orca-play.py"))
orca_play = importlib.util.module_from_spec(spec)
spec.loader.exec_module(orca_play)
orca_session = orca_play.orca_session
Failure = orca_play.Failure

# Cruel deal 67 is lost in two moves (a card home, then the redeal deals
# a layout where nothing moves); Straight Up deal 190: no card goes home
# at the start, and tableau 2 to tableau 3 empties a tableau pile, which
# the reserve refills, freeing an ace and then a two and three for the
# foundations.  The test checks both from felt-cli.
LOST = ("cruel", 67)
AUTO = ("straight-up", 190)


class Cli:
    def __init__(self, cli, game, seed):
        self.p = subprocess.Popen([cli, "play", game, "--seed", str(seed)], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True)

    def __call__(self, command):
        self.p.stdin.write(command + "\n")
        self.p.stdin.flush()
        return self.p.stdout.readline().strip()

    def close(self):
        self.p.stdin.close()
        self.p.wait()


def losing_line(cli, game, seed, limit=8):
    """The first legal card move, else the stock, until the game is over;
    None if it is not over within `limit` actions."""
    c = Cli(cli, game, seed)
    line = []
    try:
        for _ in range(limit):
            if json.loads(c("state"))["over"]:
                return line
            moves = json.loads(c("moves"))
            cards = [m for m in moves if "from" in m]
            if cards:
                m = cards[0]
                line.append(["move", m["from"], str(m["count"]), m["to"]])
            elif moves:
                line.append(["stock"])
            else:
                return line
            if c(" ".join(line[-1])) != "ok":
                raise Failure("felt-cli refused %r" % line[-1])
        return line if json.loads(c("state"))["over"] else None
    finally:
        c.close()


def home_moves(c):
    return [m for m in json.loads(c("moves")) if "from" in m and m["count"] == 1
            and m["to"].startswith("foundation.")]


def auto_trigger(cli, game, seed):
    """A card move after which cards go home by themselves (two or more),
    in a deal where none does at the start; None if there is none."""
    c = Cli(cli, game, seed)
    try:
        if home_moves(c):
            return None
        for m in json.loads(c("moves")):
            if "from" not in m:
                continue
            c("move %s %d %s" % (m["from"], m["count"], m["to"]))
            n = 0
            while home_moves(c):
                h = home_moves(c)[0]
                c("move %s 1 %s" % (h["from"], h["to"]))
                n += 1
            for _ in range(n + 1):
                c("undo")
            if n >= 2:
                return ["move", m["from"], str(m["count"]), m["to"]]
        return None
    finally:
        c.close()


def session(felt, game, seed, auto, transcript):
    transcript.write("== %s, deal %d, automatic moves %s\n" % (game, seed, "on" if auto else "off"))
    return orca_session.OrcaSession(felt, ["--game", game, "--seed", str(seed)], settle=0.35,
                                    settings={"animation-speed": "'off'",
                                              "auto-foundations": "true" if auto else "false"},
                                    keep=os.environ.get("FELT_A11Y_KEEP") == "1")


def start(s, cli, game, seed, strict, transcript):
    p = orca_play.Player(s, cli, game, seed, strict, transcript)
    p.log("start", s.startup)
    m = p.parse(s.startup)
    if m is None:
        raise Failure("Orca never said where the focus is: %r" % s.startup)
    p.where = p.pile_of(m)
    return p


def play_lost(felt, cli, strict, transcript):
    game, seed = LOST
    line = losing_line(cli, game, seed)
    if not line:
        raise Failure("%s %d is not lost within a few moves" % (game, seed))
    with session(felt, game, seed, False, transcript) as s:
        p = start(s, cli, game, seed, strict, transcript)
        try:
            for i, mv in enumerate(line):
                transcript.write("-- move %d: %s\n" % (i + 1, " ".join(mv)))
                state = p.stock() if mv[0] == "stock" else p.move(mv[1], int(mv[2]), mv[3])
            if not state["over"]:
                raise Failure("the line did not end the game: %r" % state)
            # Escape closes the dialog.  Without a window manager (Xvfb)
            # nothing gives the game's window the keyboard back, and Orca
            # says nothing: the harness does what the window manager would
            # (as test-orca-play.py does), and Orca reads the board.
            said = p.press("Escape")
            p.check("Escape", said, said == [] or p.parse(said) is not None, "nothing, or the board")
            if not said:
                p.keys += 1
                s.run(["xdotool", "search", "--name", " Felt$", "windowfocus", "--sync"],
                      check=True, stdout=subprocess.DEVNULL)
                said = s.listen(lambda said: any(p.label(u) for u in said), timeout=5)
                m = p.parse(said)
                # The board's label, then its description: the last
                # action's sentence, with the end of the game (Orca adds a
                # full stop).
                p.check("(focus)", said, m is not None and p.expect_card(m) and
                        said[1:] == [p.last_sentence + "."],
                        "back on the board, then %r" % p.last_sentence)
            # Hint then says no move is left.
            said = p.press("ctrl+h", until=lambda said: "No move is left" in said)
            p.check("ctrl+h", said, said[-1:] == ["No move is left"], "Hint says there is no move")
        finally:
            p.play.stdin.close()
            p.play.wait()
        return p.failures


def play_auto(felt, cli, strict, transcript):
    game, seed = AUTO
    mv = auto_trigger(cli, game, seed)
    if mv is None:
        raise Failure("no move of %s %d sends cards home by themselves" % (game, seed))
    with session(felt, game, seed, True, transcript) as s:
        p = start(s, cli, game, seed, strict, transcript)
        p.auto = True
        try:
            transcript.write("-- move: %s\n" % " ".join(mv))
            before = {pile["id"]: pile["cards"] for pile in p.state()["piles"]}
            p.move(mv[1], int(mv[2]), mv[3])
            n_auto = len(p.last_autos)
            if n_auto < 2:
                raise Failure("felt-cli played %d automatic moves" % n_auto)
            # Undo takes the turn back: the move and the cards that went
            # home by themselves after it, said as one; no automatic move
            # follows the undo (it would play the same move again).  Redo
            # plays the whole turn again.
            clause = "%s %s" % (p.say.moving(before[mv[1]], int(mv[2])), p.say.to(mv[3]))
            for _ in range(n_auto + 1):
                p.cli("undo")
            want = "Took back: %s, and %d cards that went home by themselves" % (clause, n_auto)
            said = p.press("ctrl+z", until=lambda said: want in said)
            p.check("ctrl+z", said, said[-1:] == [want], "then %r" % want)
            for _ in range(n_auto + 1):
                p.cli("redo")
            want = "Played again: %s, and %d cards went home by themselves" % (clause, n_auto)
            said = p.press("ctrl+shift+z", until=lambda said: want in said)
            p.check("ctrl+shift+z", said, said[-1:] == [want], "then %r" % want)
        finally:
            p.play.stdin.close()
            p.play.wait()
        return p.failures


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("felt")
    ap.add_argument("cli")
    ap.add_argument("--transcript")
    ap.add_argument("--strict", action="store_true", default=os.environ.get("FELT_A11Y_STRICT") == "1")
    a = ap.parse_args()
    out = open(a.transcript, "w") if a.transcript else io.StringIO()
    failed = 0
    started = time.time()
    for case in (play_lost, play_auto):
        t = time.time()
        try:
            failed += case(a.felt, a.cli, a.strict, out)
        except (Failure, RuntimeError) as e:
            out.write("FAIL: %s: %s\n" % (case.__name__, e))
            failed += 1
        out.write("== %s: %.0f s\n" % (case.__name__, time.time() - t))
    out.flush()
    text = out.getvalue() if isinstance(out, io.StringIO) else open(a.transcript).read()
    print(text)
    print("%d failures, %.0f s" % (failed, time.time() - started))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
