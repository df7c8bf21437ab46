#!/usr/bin/python3
# test-orca-play.py: win a whole deal of each game from the keyboard alone
# with the real Orca screen reader, as a blind player would, checking after
# every key what Orca spoke.
#
#   test-orca-play.py FELT FELT_CLI [--game G --seed N] [--moves M] [--transcript FILE]
#
# meson test plays the first moves of each game (--moves); with
# FELT_A11Y_FULL=1 it plays every deal to the win (several minutes a game).
#
# The moves are the solver's winning line (felt-cli solve: what Hint
# follows).  The player finds the piles by ear: the arrow keys move the
# focus and Orca says where it is ("Ten of clubs, Tableau 1"); the test
# learns the board's map from what it hears, as a player would, and
# checks every utterance against the position (kept by felt-cli play).
# Space picks up and puts down.
#
# What Felt says after each action is checked too: the result of a move
# (the label names the card put down; a sentence says the move), the
# deal from the stock, and the win.  A step still marked `todo` would be
# reported as EXPECTED FAILURE, failing once it passes (take the mark off)
# or with FELT_A11Y_STRICT=1.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import argparse
import importlib.util
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("orca_session", os.path.join(HERE, "orca-session.py"))
orca_session = importlib.util.module_from_spec(spec)
spec.loader.exec_module(orca_session)

# A short winnable deal of each game (felt-cli solve, the shortest lines
# among the first deals).
DEALS = {
    "cruel": 28,
    "scuffle": 24,
    "straight-up": 28,
    "hopscotch": 2,
    "backbone": 2,
}

RANK = {"A": "Ace", "2": "Two", "3": "Three", "4": "Four", "5": "Five", "6": "Six", "7": "Seven",
        "8": "Eight", "9": "Nine", "T": "Ten", "J": "Jack", "Q": "Queen", "K": "King"}
SUIT = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
KEYS = ("Right", "Left", "Down", "Up")
OPPOSITE = {"Right": "Left", "Left": "Right", "Down": "Up", "Up": "Down"}

# What the board's accessible label says (felt_board_describe).
LABEL = re.compile(r"^(?:(?P<card>[^,;]+), (?P<pile>[A-Z][a-z]+(?: \d+)?)(?:, can move to a foundation)?"
                   r"|(?P<empty>[A-Z][a-z]+(?: \d+)?), empty)"
                   r"(?:; holding (?P<held>[^,;]+), (?P<from>[A-Z][a-z]+(?: \d+)?)(?:, can move to a foundation)?)?$")


def card_name(card):
    # felt-cli marks a face-down card with "#".
    if card.startswith("#"):
        return "Face-down card"
    return "%s of %s" % (RANK[card[0]], SUIT[card[1]])


class Failure(Exception):
    pass


class Player:
    def __init__(self, session, cli, game, seed, strict, transcript):
        self.s = session
        self.game = game
        self.strict = strict
        self.transcript = transcript
        self.play = subprocess.Popen([cli, "play", game, "--seed", str(seed)], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True)
        self.edges = {}      # (pile, key) -> pile, or None where the focus cannot go
        self.costs = {}      # (pile, key) -> presses it took
        self.where = None    # the pile the focus is on, as Orca last said it
        self.failures = 0
        self.todo_failures = 0
        self.keys = 0
        self.logged = -1
        self.names = {}
        state = self.state()
        roles = {}
        for p in state["piles"]:
            role = p["id"].split(".")[0]
            roles[role] = roles.get(role, 0) + 1
        for p in state["piles"]:
            role, _, index = p["id"].partition(".")
            name = role.capitalize()
            if roles[role] > 1:
                name += " %d" % (int(index) + 1)
            self.names[p["id"]] = name

    # ---- the position, from felt-cli play -------------------------------

    def cli(self, command):
        self.play.stdin.write(command + "\n")
        self.play.stdin.flush()
        return self.play.stdout.readline().strip()

    def state(self):
        return json.loads(self.cli("state"))

    def cards(self, pile_name):
        for p in self.state()["piles"]:
            if self.names[p["id"]] == pile_name:
                return p["cards"]
        raise Failure("no pile %r" % pile_name)

    # ---- keys and what Orca says ----------------------------------------

    def log(self, key, said, note=""):
        # One line per key; further verdicts on the same key below it.
        if self.logged == self.keys and self.keys:
            if note:
                self.transcript.write("%-8s    %s\n" % ("", note))
        else:
            self.transcript.write("%-8s -> %r%s\n" % (key, said, ("  " + note) if note else ""))
            self.logged = self.keys
        self.transcript.flush()

    def press(self, key):
        self.keys += 1
        return self.s.key(key)

    def check(self, key, said, ok, what, todo=False):
        if ok and not todo:
            self.log(key, said)
        elif not ok and todo and not self.strict:
            self.todo_failures += 1
            self.log(key, said, "EXPECTED FAILURE (issue 16): " + what)
        elif ok and todo:
            self.failures += 1
            self.log(key, said, "FAIL: passes now, take the todo mark off: " + what)
        else:
            self.failures += 1
            self.log(key, said, "FAIL: " + what)
            if not todo:
                raise Failure("%s: %s: Orca said %r" % (key, what, said))

    def parse(self, said):
        """The focus label among the utterances of one key, parsed."""
        for u in reversed(said):
            # When the board gets the focus Orca adds its role.
            m = LABEL.match(re.sub(r" panel\.$", "", u))
            if m:
                return m
        return None

    def expect_card(self, m, index=None):
        """The card the label names is the one the position has there."""
        pile = m.group("pile") or m.group("empty")
        cards = self.cards(pile)
        if m.group("empty"):
            return not cards
        if not cards:
            return False
        i = len(cards) - 1 if index is None else index
        return m.group("card") in (card_name(cards[i]), "Face-down card")

    # ---- finding piles by ear -------------------------------------------

    def go(self, target):
        for _ in range(200):
            if self.where == target:
                return
            path = self.path(self.where, target)
            if path:
                key = path[0]
            else:
                # Explore: the nearest pile with a way not yet tried.
                unknown = [k for k in KEYS if (self.where, k) not in self.edges]
                if unknown:
                    key = unknown[0]
                else:
                    path = self.path_to_unexplored(self.where)
                    if path is None:
                        raise Failure("cannot find %s from %s (map %r)" % (target, self.where, self.edges))
                    key = path[0]
            start = self.where
            before = self.keys
            self.edges[(start, key)] = self.leave_and_record(key)
            self.costs[(start, key)] = self.keys - before
        raise Failure("did not reach %s" % target)

    def leave_and_record(self, key):
        """Press `key` until the focus leaves the pile (a fan is stepped
        through first); the pile it lands on, or None."""
        start = self.where
        pile = self.leave_checked(key)
        if pile is None:
            self.where = start
        return pile

    def leave_checked(self, key):
        start = self.where
        for _ in range(40):
            said = self.press(key)
            m = self.parse(said)
            if m is None:
                self.check(key, said, said == [], "nothing, or a focus label")
                return None
            pile = m.group("pile") or m.group("empty")
            self.check(key, said, self.expect_card(m) if pile != start else True,
                       "the top card of %s" % pile)
            if pile != start:
                self.where = pile
                return pile
        raise Failure("the focus never left %s going %s" % (start, key))

    def path_to_unexplored(self, start):
        frontier = [(start, [])]
        seen = {start}
        while frontier:
            nxt = []
            for pile, keys in frontier:
                if any((pile, k) not in self.edges for k in KEYS):
                    return keys
                for k in KEYS:
                    to = self.edges.get((pile, k))
                    if to is not None and to not in seen:
                        seen.add(to)
                        nxt.append((to, keys + [k]))
            frontier = nxt
        return None

    def path(self, start, target):
        """The cheapest known way, counting the presses each way took
        the last time (leaving a pile along its fan steps through it)."""
        import heapq
        best = {start: 0}
        queue = [(0, start, [])]
        while queue:
            cost, pile, keys = heapq.heappop(queue)
            if pile == target:
                return keys
            if cost > best.get(pile, 1e9):
                continue
            for k in KEYS:
                to = self.edges.get((pile, k))
                if to is None:
                    continue
                c = cost + self.costs.get((pile, k), 1)
                if c < best.get(to, 1e9):
                    best[to] = c
                    heapq.heappush(queue, (c, to, keys + [k]))
        return None

    # ---- playing ----------------------------------------------------------

    def select(self, count):
        """On a fanned pile, put the focus on the count-th card from the
        top, stepping down its fan."""
        if count <= 1:
            return
        cards = self.cards(self.where)
        for key in ("Up", "Left"):
            said = self.press(key)
            m = self.parse(said)
            pile = m and (m.group("pile") or m.group("empty"))
            if pile == self.where:
                self.check(key, said, m.group("card") == card_name(cards[-2]), "the card below the top")
                for i in range(3, count + 1):
                    said = self.press(key)
                    m = self.parse(said)
                    self.check(key, said, m is not None and m.group("card") == card_name(cards[-i]),
                               "card %d from the top" % i)
                return
            # Wrong way: that left the pile; come back.
            self.log(key, said, "(not along the fan)")
            if pile:
                self.where = pile
                self.go(self.where_before_select)
        raise Failure("cannot step along the fan of %s" % self.where)

    def move(self, frm, count, to):
        cards = self.cards(self.names[frm])
        moving = card_name(cards[len(cards) - count])
        self.go(self.names[frm])
        self.where_before_select = self.where
        self.select(count)
        said = self.press("space")
        self.check("space", said, any(("holding %s, %s" % (moving, self.names[frm])) in u for u in said),
                   "holding %s" % moving)
        self.go(self.names[to])
        reply = self.cli("move %s %d %s" % (frm, count, to))
        if reply != "ok":
            raise Failure("felt-cli refused the solver's move: %s" % reply)
        said = self.press("space")
        m = self.parse(said)
        cards = self.cards(self.names[to])
        self.check("space", said, m is not None and m.group("held") is None and
                   (m.group("pile") or m.group("empty")) == self.names[to] and
                   m.group("card") in [card_name(c) for c in cards] + ["Face-down card"],
                   "a card of %s, nothing held" % self.names[to])
        # The focus label names the card put down.
        self.check("space", said, m.group("card") == moving, "the label names the card put down")
        # The move is said (with what it uncovered).
        self.check("space", said, any(re.search(r"(?i)%s to %s" % (re.escape(moving), re.escape(self.names[to])), u)
                                      for u in said), "a sentence saying the move")

    def stock(self):
        self.go("Stock")
        reply = self.cli("stock")
        if reply != "ok":
            raise Failure("felt-cli refused the stock action: %s" % reply)
        said = self.press("space")
        # What was dealt and what is left, or the redeal.
        self.check("space", said, any(re.search(r"(?i)\b(dealt|redeal)", u) for u in said),
                   "a sentence saying the deal")


def solve(cli, game, seed):
    out = subprocess.run([cli, "solve", game, "--seed", str(seed)], check=True,
                         capture_output=True, text=True).stdout
    if "verdict: winnable" not in out:
        raise Failure("%s %d is not winnable: %s" % (game, seed, out))
    return [l.split() for l in out.splitlines() if l.startswith(("move ", "stock"))]


def play_game(felt, cli, game, seed, max_moves, strict, transcript):
    line = solve(cli, game, seed)
    if max_moves:
        line = line[:max_moves]
    transcript.write("== %s, deal %d: %d moves\n" % (game, seed, len(line)))
    # No animations: a key that comes while cards slide waits for them,
    # and so would Orca's answer.
    with orca_session.OrcaSession(felt, ["--game", game, "--seed", str(seed)], settle=0.35,
                                  settings={"animations": "false"}) as s:
        p = Player(s, cli, game, seed, strict, transcript)
        p.log("start", s.startup)
        m = p.parse(s.startup)
        if m is None:
            raise Failure("Orca never said where the focus is: %r" % s.startup)
        p.where = m.group("pile") or m.group("empty")
        try:
            for i, mv in enumerate(line):
                transcript.write("-- move %d: %s\n" % (i + 1, " ".join(mv)))
                if mv[0] == "stock":
                    p.stock()
                else:
                    p.move(mv[1], int(mv[2]), mv[3])
            if not max_moves or max_moves >= len(solve(cli, game, seed)):
                state = p.state()
                if not state["won"]:
                    raise Failure("the solver's line did not win")
                said = s.wait_quiet(1.0)
                p.check("(end)", said, any(re.search(r"(?i)\bwon\b", u) for u in said),
                        "the win is said")
        finally:
            p.play.stdin.close()
            p.play.wait()
        transcript.write("== %s: %d keys, %d failures, %d expected failures\n"
                         % (game, p.keys, p.failures, p.todo_failures))
        return p.failures


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("felt")
    ap.add_argument("cli")
    ap.add_argument("--game", action="append")
    ap.add_argument("--seed", type=int)
    ap.add_argument("--moves", type=int, default=int(os.environ.get("FELT_A11Y_MOVES", "0")),
                    help="play only the first M moves of each line (0: all)")
    ap.add_argument("--transcript")
    ap.add_argument("--strict", action="store_true", default=os.environ.get("FELT_A11Y_STRICT") == "1")
    a = ap.parse_args()
    if os.environ.get("FELT_A11Y_FULL") == "1":
        a.moves = 0
    games = a.game or list(DEALS)
    out = open(a.transcript, "w") if a.transcript else sys.stdout
    failed = 0
    for g in games:
        seed = a.seed if a.seed is not None else DEALS[g]
        try:
            failed += play_game(a.felt, a.cli, g, seed, a.moves, a.strict, out)
        except (Failure, RuntimeError) as e:
            out.write("FAIL: %s: %s\n" % (g, e))
            failed += 1
        except Exception:  # a bug of the test: say it, go on with the next game
            import traceback
            out.write("FAIL: %s: %s\n" % (g, traceback.format_exc()))
            failed += 1
    if out is not sys.stdout:
        out.close()
        print(open(a.transcript).read()[-3000:])
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
