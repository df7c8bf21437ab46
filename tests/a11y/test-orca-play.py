#!/usr/bin/python3
# test-orca-play.py: win a whole deal of each game from the keyboard alone
# with the real Orca screen reader, as a blind player would, checking after
# every key what Orca spoke.
#
#   test-orca-play.py FELT FELT_CLI [--game G --seed N] [--moves M]
#                     [--transcript FILE | --transcript-dir DIR] [--jobs J]
#
# meson test plays every deal to the win, the games side by side (--jobs,
# each in a session of its own), and keeps a transcript of each game
# (key -> what Orca said) in the build folder; --moves M (or
# FELT_A11Y_MOVES=M) plays only the first M moves of each.
#
# The moves are the solver's winning line (felt-cli solve: what Hint
# follows).  The player finds the piles by ear: the arrow keys move the
# focus and Orca says where it is ("Ten of clubs, Tableau 1"); the test
# learns the board's map from what it hears, as a player would, and
# checks every utterance against the position (kept by felt-cli play).
# Space picks up and puts down.
#
# The player reaches the piles the quickest way a blind player has: the
# review keys T and a number (a tableau, or a reserve where there is no
# tableau) and F and a number (a foundation); the other piles (stock,
# waste, Straight Up's and Backbone's reserves) by the arrows.
#
# What Felt says after each action is checked word for word against the
# sentence the position calls for (Sentences below mirrors felt-phrases.c
# in English): the move and what it uncovered, the engine's own move that
# follows it (Straight Up refills an emptied tableau pile from the
# reserve), the deal from the stock and what is left in it, the redeal and
# the redeals left, the win, and the end-of-game dialog (test-orca-cases.py
# uses the same player for a lost game and for automatic moves).  A step still
# marked `todo` would be reported as EXPECTED FAILURE, failing once it
# passes (take the mark off) or with FELT_A11Y_STRICT=1.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import argparse
import concurrent.futures
import importlib.util
import io
import json
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("orca_session", os.path.join(HERE, "orca-session.py"))
orca_session = importlib.util.module_from_spec(spec)
spec.loader.exec_module(orca_session)

# A winnable deal of each game with a short winning line (felt-cli solve
# over deals 0-1500: the fewest moves and stock actions).
DEALS = {
    "cruel": 289,
    "scuffle": 124,
    "straight-up": 530,
    "hopscotch": 163,
    "backbone": 791,
}

GAME_NAMES = {"cruel": "Cruel", "scuffle": "Scuffle", "straight-up": "Straight Up",
              "hopscotch": "Hopscotch", "backbone": "Backbone"}

RANK = {"A": "Ace", "2": "Two", "3": "Three", "4": "Four", "5": "Five", "6": "Six", "7": "Seven",
        "8": "Eight", "9": "Nine", "T": "Ten", "J": "Jack", "Q": "Queen", "K": "King"}
SUIT = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
KEYS = ("Up", "Left", "Right", "Down")
OPPOSITE = {"Right": "Left", "Left": "Right", "Down": "Up", "Up": "Down"}

# What the board's accessible label says (felt_board_describe).
LABEL = re.compile(r"^(?:(?P<card>[^,;]+), (?P<pile>[A-Z][a-z]+(?: \d+)?)(?:, can move to a foundation)?"
                   r"|(?P<empty>[A-Z][a-z]+(?: \d+)?), empty)"
                   r"(?:; holding (?P<held>[^,;]+), (?P<from>[A-Z][a-z]+(?: \d+)?)(?:, can move to a foundation)?)?$")


def max_score(game):
    # The cards not dealt to the foundations (doc/rules.md).
    return 104 if game == "backbone" else 48


def card_name(card):
    # felt-cli marks a face-down card with "#".
    if card.startswith("#"):
        return "Face-down card"
    return "%s of %s" % (RANK[card[0]], SUIT[card[1]])


def bare(card):
    return card.lstrip("#")


class Sentences:
    """What Felt says of each action, in English: felt-phrases.c's
    sentences, built here from the position felt-cli keeps (before and
    after the action), so that every sentence Orca speaks is checked word
    for word."""

    def __init__(self, game, names):
        self.game = game
        self.names = names          # pile id -> "Tableau 3"

    @staticmethod
    def cap(text):
        return text[:1].upper() + text[1:]

    def join(self, parts):
        return ". ".join(self.cap(p) for p in parts)

    @staticmethod
    def card(c):
        return "%s of %s" % (RANK[bare(c)[0]].lower(), SUIT[bare(c)[1]])

    def pile(self, pid):
        return self.names[pid].lower()

    def to(self, pid):
        role = pid.split(".")[0]
        name = self.pile(pid)
        # One pile of its role: "to the waste"; numbered: "to tableau 3".
        return "to " + (name if " " in name else "the " + name)

    @staticmethod
    def list_join(items):
        if len(items) <= 1:
            return "".join(items)
        return ", ".join(items[:-1]) + " and " + items[-1]

    def moving(self, cards, count):
        first = self.card(cards[len(cards) - count])
        if count <= 1:
            return first
        return "%s and %d card%s on it" % (first, count - 1, "" if count == 2 else "s")

    def uncovered(self, piles, pid):
        cards = piles[pid]
        if not cards:
            return "%s: empty now" % self.pile(pid)
        if cards[-1].startswith("#"):
            return "%s: a face-down card now on top" % self.pile(pid)
        return "%s: %s now on top" % (self.pile(pid), self.card(cards[-1]))

    @staticmethod
    def stock_count(piles):
        n = len(piles["stock"])
        if n == 0:
            return "The stock is empty"
        return "%d card%s left in the stock" % (n, "" if n == 1 else "s")

    @staticmethod
    def redeals_left(state):
        left = state["redeals_left"]
        if left < 0:
            return None
        if left == 0:
            return "No redeal left"
        return "%d redeal%s left" % (left, "" if left == 1 else "s")

    def end(self, state):
        if state["won"]:
            return "You won: every card is on the foundations"
        if state["over"]:
            return "No move is left: the game is over. Score: %d of %d" % (
                state["score"], max_score(self.game))
        return None

    def move(self, before, after, frm, count, to):
        """The move, the engine's move that follows it, what they
        uncovered (felt_phrase_move)."""
        b = {p["id"]: p["cards"] for p in before["piles"]}
        a = {p["id"]: p["cards"] for p in after["piles"]}
        parts = ["%s %s" % (self.moving(b[frm], count), self.to(to))]
        # Where the position differs from the move alone: the engine moved
        # cards of its own (undo.follow): from the pile that lost some, to
        # the pile that gained them.
        plain = {pid: [bare(c) for c in cards] for pid, cards in b.items()}
        plain[to] = plain[to] + plain[frm][len(plain[frm]) - count:]
        plain[frm] = plain[frm][:len(plain[frm]) - count]
        lost = [pid for pid in a if len(a[pid]) < len(plain[pid])]
        gained = [pid for pid in a if len(a[pid]) > len(plain[pid])]
        if lost or gained:
            if len(lost) != 1 or len(gained) != 1:
                raise Failure("the engine moved cards in a way the test does not know: %r -> %r"
                              % (b, a))
            f_from, f_to = lost[0], gained[0]
            f_count = len(a[f_to]) - len(plain[f_to])
            parts.append("%s %s" % (self.card(a[f_to][len(a[f_to]) - f_count]), self.to(f_to)))
            if f_from != frm and f_to != frm:
                parts.append(self.uncovered(a, frm))
            if f_from != "stock":
                parts.append(self.uncovered(a, f_from))
        elif frm != "stock":
            parts.append(self.uncovered(a, frm))
        return self.join(parts + [x for x in [self.end(after)] if x])

    def auto(self, steps):
        """Felt's own moves to the foundations after the player's
        (felt_phrase_auto): STEPS, each (piles before it, from, count, to)."""
        if len(steps) > 3 and all(to.startswith("foundation.") for _, _, _, to in steps):
            return "%d cards went to the foundations by themselves" % len(steps)
        if len(steps) > 3:
            return "%d moves played by themselves" % len(steps)
        return "By itself: " + self.list_join(["%s %s" % (self.moving(piles[frm], count), self.to(to))
                                               for piles, frm, count, to in steps])

    def stock(self, before, after):
        """The deal from the stock or the redeal (felt_phrase_move for the
        stock action)."""
        b = {p["id"]: p["cards"] for p in before["piles"]}
        a = {p["id"]: p["cards"] for p in after["piles"]}
        parts = []
        if self.game == "cruel" or not b["stock"]:
            kind = {"cruel": "Redeal: the tableau gathered and dealt again in fours",
                    "scuffle": "Redeal: the reserves shuffled into the stock",
                    "straight-up": "Redeal: the waste turned over into the stock",
                    "backbone": "Redeal: the waste turned over into the stock"}.get(self.game, "Redeal")
            parts.append(kind)
            if self.game != "cruel":
                parts.append(self.stock_count(a))
            left = self.redeals_left(after)
            if left:
                parts.append(left)
        else:
            if "waste" in a:
                parts.append("Dealt %s" % self.card(a["waste"][-1]))
            else:
                dealt = [self.card(a[pid][-1]) for pid in a
                         if pid.startswith("reserve.") and len(a[pid]) > len(b[pid])]
                parts.append("Dealt to the reserves: %s" % self.list_join(dealt))
            parts.append(self.stock_count(a))
        return self.join(parts + [x for x in [self.end(after)] if x])


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
        self.guess = {}      # (pile, key) -> pile: the opposite of a way known, not tried
        self.costs = {}      # (pile, key) -> presses it took
        self.where = None    # the pile the focus is on, as Orca last said it
        self.at_top = True   # on its top card
        self.failures = 0
        self.todo_failures = 0
        self.keys = 0
        self.logged = -1
        # Automatic moves to the foundations are on in Felt (the setting
        # auto-foundations): felt-cli plays them too (safe_moves).
        self.auto = False
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
        # The review keys that reach a pile at once: T and the number of a
        # tableau (of a reserve in a game without tableau), F and the
        # number of a foundation.  T and F first, always: they end any
        # number begun before (a lone "2" within 1.5 s of a "1" would be
        # tableau 12).
        numbered = "tableau" if "tableau" in roles else "reserve"
        self.jumps = {}
        for pid, name in self.names.items():
            role, _, index = pid.partition(".")
            if role == numbered:
                self.jumps[name] = "t " + " ".join(str(int(index) + 1))
            elif role == "foundation":
                self.jumps[name] = "f " + " ".join(str(int(index) + 1))
        self.say = Sentences(game, self.names)

    # ---- the position, from felt-cli play -------------------------------

    def cli(self, command):
        self.play.stdin.write(command + "\n")
        self.play.stdin.flush()
        return self.play.stdout.readline().strip()

    def state(self):
        return json.loads(self.cli("state"))

    def safe_moves(self):
        """Plays in felt-cli the moves Felt plays by itself with automatic
        moves on (felt_state_safe_move, in the games that send every card
        that can go home: the first legal move of one card to a
        foundation, again and again); returns them, each with the piles
        before it."""
        if self.auto and self.game not in ("straight-up", "scuffle"):
            raise Failure("the test knows automatic moves only where every card goes home")
        steps = []
        while self.auto:
            home = [m for m in json.loads(self.cli("moves")) if "from" in m and m["count"] == 1
                    and m["to"].startswith("foundation.")]
            if not home:
                break
            m = home[0]
            piles = {p["id"]: p["cards"] for p in self.state()["piles"]}
            if self.cli("move %s 1 %s" % (m["from"], m["to"])) != "ok":
                raise Failure("felt-cli refused the automatic move %r" % m)
            steps.append((piles, m["from"], 1, m["to"]))
        return steps

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

    def press(self, key, until=None):
        """Press a key (or keys, "t 1 0") and return what Orca said.  With
        `until`, what the key must make Orca say: the harness waits for it
        (and then for Orca to fall quiet), not for a fixed grace."""
        self.keys += 1
        if until is None:
            # An arrow: a label, or nothing at the edge of the board (a
            # label later than the grace would fail the next key's check).
            return self.s.key(key, settle=0.2, grace=1.2)
        return self.s.key(key, settle=0.15, until=until)

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

    @staticmethod
    def label(u):
        # When the board gets the focus Orca adds its role.
        u = re.sub(r" panel\.$", "", u)
        # The focus on the held card itself: "Holding X, Tableau 3" says
        # once what "X, Tableau 3; holding X, Tableau 3" would say twice.
        held = re.match(r"^Holding (.*)$", u)
        if held:
            u = "%s; holding %s" % (held.group(1), held.group(1))
        return LABEL.match(u)

    def parse(self, said):
        """The focus label among the utterances of one key, parsed."""
        for u in reversed(said):
            m = self.label(u)
            if m:
                return m
        return None

    @staticmethod
    def pile_of(m):
        return m.group("pile") or m.group("empty")

    def expect_card(self, m, index=None):
        """The card the label names is the one the position has there."""
        pile = self.pile_of(m)
        cards = self.cards(pile)
        if m.group("empty"):
            return not cards
        if not cards:
            return False
        i = len(cards) - 1 if index is None else index
        return m.group("card") == card_name(cards[i])

    def only_labels(self, said):
        """Every utterance of a key that moves the focus is a focus label."""
        return all(self.label(u) for u in said)

    # ---- finding piles by ear -------------------------------------------

    def jump(self, target):
        key = self.jumps[target]
        said = self.press(key, until=lambda said: any(
            self.label(u) and self.pile_of(self.label(u)) == target for u in said))
        m = self.parse(said)
        self.check(key, said, m is not None and self.only_labels(said) and self.pile_of(m) == target
                   and self.expect_card(m), "the top card of %s" % target)
        self.where = target
        self.at_top = True

    def go(self, target):
        # After a run of cards was put down the focus is on the run's
        # first card: a jump puts it back on the top card.
        if (self.where != target or not self.at_top) and target in self.jumps:
            self.jump(target)
            return
        for _ in range(200):
            if self.where == target:
                return
            path = self.path(self.where, target)
            if path:
                key = path[0]
            else:
                # Explore, as a player new to the board would: around
                # the stock (where the focus starts), then around the
                # first foundation and tableau (a jump away); the ways
                # known lead there, a way back is guessed the opposite key.
                key = None
                origins = ["Stock"] + [j for j in sorted(self.jumps, key=lambda j: self.jumps[j])
                                       if j.endswith((" 1", "Foundation", "Tableau", "Reserve"))]
                for origin in origins:
                    if not any((origin, k) not in self.edges for k in KEYS):
                        continue
                    if origin == self.where:
                        break
                    way = self.path(self.where, origin)
                    if way:
                        key = way[0]
                        break
                if key is None:
                    unknown = [k for k in KEYS if (self.where, k) not in self.edges]
                    if unknown:
                        key = unknown[0]
                    else:
                        path = self.path_to_unexplored(self.where)
                        if path is None:
                            raise Failure("cannot find %s from %s (map %r)" % (target, self.where, self.edges))
                        key = path[0]
            if key.startswith("jump:"):
                self.jump(key[5:])
                continue
            start = self.where
            before = self.keys
            to = self.edges[(start, key)] = self.leave_and_record(key)
            self.costs[(start, key)] = self.keys - before
            if to is not None and (to, OPPOSITE[key]) not in self.edges:
                self.guess[(to, OPPOSITE[key])] = start
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
            pile = self.pile_of(m)
            self.check(key, said, self.only_labels(said) and (self.expect_card(m) if pile != start else True),
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
        the last time (leaving a pile along its fan steps through it); a
        jump (T or F and a number) is one step to its pile from anywhere."""
        import heapq
        best = {start: 0}
        queue = [(0, start, [])]
        while queue:
            cost, pile, keys = heapq.heappop(queue)
            if pile == target:
                return keys
            if cost > best.get(pile, 1e9):
                continue
            steps = [(k, self.edges.get((pile, k), self.guess.get((pile, k))), self.costs.get((pile, k), 1))
                     for k in KEYS]
            steps += [("jump:" + j, j, 1) for j in self.jumps if j != pile]
            for k, to, c in steps:
                if to is None:
                    continue
                if cost + c < best.get(to, 1e9):
                    best[to] = cost + c
                    heapq.heappush(queue, (cost + c, to, keys + [k]))
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
            pile = m and self.pile_of(m)
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
        before = self.state()
        cards = self.cards(self.names[frm])
        moving = card_name(cards[len(cards) - count])
        self.go(self.names[frm])
        self.where_before_select = self.where
        self.select(count)
        held = "olding %s, %s" % (moving, self.names[frm])   # "Holding" or "; holding"
        said = self.press("space", until=lambda said: any(held in u for u in said))
        m = self.parse(said)
        self.check("space", said, len(said) == 1 and m is not None and m.group("held") == moving and
                   m.group("from") == self.names[frm], "holding %s" % moving)
        self.go(self.names[to])
        reply = self.cli("move %s %d %s" % (frm, count, to))
        if reply != "ok":
            raise Failure("felt-cli refused the solver's move: %s" % reply)
        after = self.state()
        sentence = self.say.move(before, after, frm, count, to)
        autos = self.safe_moves()
        if autos:
            # Said once the last has gone, after the move.
            sentence = self.say.join([sentence, self.say.auto(autos)])
            after = self.state()
        self.last_sentence = sentence
        self.last_autos = autos
        if after["over"]:
            said = self.game_over(after)
        elif after["won"]:
            # The end-of-game dialog opens at once (no animations: no
            # celebration to wait for) and takes the focus before the
            # board says the move: Orca reads the dialog, its name (the
            # heading) with its description (the detail), then the button
            # it focuses.
            said = self.press("space", until=lambda said: "New Game push button." in said)
            won = re.compile(r"^You won! dialog You put every card on the foundations in \d+:\d\d "
                             r"with %d moves\. Score: %d\.$" % (after["moves"], after["score"]))
            self.check("space", said, len(said) == 3 and bool(won.match(said[1])) and
                       said[2] == "New Game push button.",
                       "the end-of-game dialog: %r, then its button" % won.pattern)
        else:
            said = self.press("space", until=lambda said: sentence in said)
        m = self.parse(said[:1])
        # The focus label names the card put down, nothing held; then the
        # sentence of the move, word for word, and nothing else.  (A lost
        # game's dialog takes the focus at once: game_over checked it.)
        self.check("space", said, after["over"] or m is not None and m.group("held") is None and
                   self.pile_of(m) == self.names[to] and m.group("card") == moving,
                   "the label names the card put down on %s" % self.names[to])
        if autos:
            # While the cards go home one by one, the focus label follows
            # the focused pile's top card (each change a label Orca
            # speaks); then the one sentence.
            labels = [self.label(u) for u in said[1:-1]]
            self.check("space", said, said[-1:] == [sentence] and all(
                m is not None and m.group("held") is None and self.pile_of(m) == self.names[to]
                for m in labels) and (not labels or self.expect_card(labels[-1])),
                "labels of %s, the last its top card, then %r" % (self.names[to], sentence))
        elif not after["won"] and not after["over"]:
            self.check("space", said, said[1:] == [sentence], "then only %r" % sentence)
        self.where = self.names[to]
        self.at_top = count == 1
        return after

    def stock(self):
        self.go("Stock")
        before = self.state()
        reply = self.cli("stock")
        if reply != "ok":
            raise Failure("felt-cli refused the stock action: %s" % reply)
        after = self.state()
        sentence = self.say.stock(before, after)
        if after["over"]:
            self.last_sentence = sentence
            self.game_over(after)
            return after
        said = self.press("space", until=lambda said: sentence in said)
        # The label changes only when the stock's top changes (empty, or
        # filled again by a redeal); then the sentence, word for word.
        rest = said
        if said and said[0] != sentence:
            m = self.parse(said[:1])
            self.check("space", said, m is not None and self.pile_of(m) == "Stock" and self.expect_card(m),
                       "the stock's label")
            rest = said[1:]
        self.check("space", said, rest == [sentence], "then only %r" % sentence)
        return after

    def game_over(self, after):
        """Space made the last move of a lost game: the end-of-game dialog
        opens and takes the focus; Orca reads its name (the heading), its
        description (the detail) and the button it focuses."""
        said = self.press("space", until=lambda said: "New Game push button." in said)
        over = ("Game over dialog No move is left in this game of %s. Score: %d of %d."
                % (GAME_NAMES[self.game], after["score"], max_score(self.game)))
        self.check("space", said, len(said) >= 2 and said[-2:] == [over, "New Game push button."],
                   "the end-of-game dialog: %r, then its button" % over)
        return said

    def end_of_game(self):
        """The end-of-game dialog is open (move): Escape closes it and the
        focus is back on the board; then Hint says there is no move."""
        # Escape closes the dialog.  Under Xvfb there is no window manager
        # to give the game's window the keyboard again, so GTK sends no
        # focus event and Orca says nothing (on a desktop it says where
        # the focus is); the harness does what the window manager would,
        # and Orca reads the board.
        said = self.press("Escape")
        m = self.parse(said)
        self.check("Escape", said, said == [] or (m is not None and self.expect_card(m)),
                   "nothing, or the board")
        if not said:
            self.keys += 1
            self.s.run(["xdotool", "search", "--name", " Felt$", "windowfocus", "--sync"],
                       check=True, stdout=subprocess.DEVNULL)
            said = self.s.listen(lambda said: any(self.label(u) for u in said), timeout=5)
            m = self.parse(said)
            # The board's label, then its description, still the last
            # move's sentence (Orca adds a full stop).
            self.check("(focus)", said, m is not None and self.expect_card(m) and
                       said[1:] == [self.last_sentence + "."], "back on the board, then %r" % self.last_sentence)
        hint = self.cli("hint")
        self.check("ctrl+h", [hint], hint == "null", "felt-cli: no hint either")
        said = self.press("ctrl+h", until=lambda said: "No move is left" in said)
        self.check("ctrl+h", said, said == ["No move is left"], "Hint says there is no move")


def solve(cli, game, seed):
    out = subprocess.run([cli, "solve", game, "--seed", str(seed)], check=True,
                         capture_output=True, text=True).stdout
    if "verdict: winnable" not in out:
        raise Failure("%s %d is not winnable: %s" % (game, seed, out))
    return [l.split() for l in out.splitlines() if l.startswith(("move ", "stock"))]


def play_game(felt, cli, game, seed, max_moves, strict, transcript):
    line = solve(cli, game, seed)
    whole = not max_moves or max_moves >= len(line)
    if not whole:
        line = line[:max_moves]
    transcript.write("== %s, deal %d: %d moves\n" % (game, seed, len(line)))
    started = time.time()
    # No animations: a key that comes while cards slide waits for them,
    # and so would Orca's answer.
    with orca_session.OrcaSession(felt, ["--game", game, "--seed", str(seed)], settle=0.35,
                                  settings={"animation-speed": "'off'"},
                                  keep=os.environ.get("FELT_A11Y_KEEP") == "1") as s:
        p = Player(s, cli, game, seed, strict, transcript)
        p.log("start", s.startup)
        m = p.parse(s.startup)
        if m is None:
            raise Failure("Orca never said where the focus is: %r" % s.startup)
        p.where = p.pile_of(m)
        try:
            state = None
            for i, mv in enumerate(line):
                transcript.write("-- move %d: %s\n" % (i + 1, " ".join(mv)))
                if mv[0] == "stock":
                    state = p.stock()
                else:
                    state = p.move(mv[1], int(mv[2]), mv[3])
            if whole:
                if not state["won"]:
                    raise Failure("the solver's line did not win")
                p.end_of_game()
        finally:
            p.play.stdin.close()
            p.play.wait()
        transcript.write("== %s: %d moves, %d keys in %.0f s, %d failures, %d expected failures\n"
                         % (game, len(line), p.keys, time.time() - started, p.failures, p.todo_failures))
        return p.failures


def run_one(a, game, out):
    seed = a.seed if a.seed is not None else DEALS[game]
    try:
        return play_game(a.felt, a.cli, game, seed, a.moves, a.strict, out)
    except (Failure, RuntimeError) as e:
        out.write("FAIL: %s: %s\n" % (game, e))
    except Exception:  # a bug of the test: say it, go on with the next game
        import traceback
        out.write("FAIL: %s: %s\n" % (game, traceback.format_exc()))
    return 1


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("felt")
    ap.add_argument("cli")
    ap.add_argument("--game", action="append")
    ap.add_argument("--seed", type=int)
    ap.add_argument("--moves", type=int, default=int(os.environ.get("FELT_A11Y_MOVES", "0")),
                    help="play only the first M moves of each line (0: all, to the win)")
    ap.add_argument("--transcript", help="one file for every game")
    ap.add_argument("--transcript-dir", help="a file per game, orca-play-GAME.txt")
    ap.add_argument("--jobs", type=int, default=int(os.environ.get("FELT_A11Y_JOBS", "1")),
                    help="games played side by side, each in a session of its own")
    ap.add_argument("--strict", action="store_true", default=os.environ.get("FELT_A11Y_STRICT") == "1")
    a = ap.parse_args()
    games = a.game or list(DEALS)
    started = time.time()

    def transcript_for(g):
        if a.transcript_dir:
            return open(os.path.join(a.transcript_dir, "orca-play-%s.txt" % g), "w")
        return io.StringIO()

    outs = {g: transcript_for(g) for g in games}
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, a.jobs)) as pool:
        results = dict(zip(games, pool.map(lambda g: run_one(a, g, outs[g]), games)))
    failed = 0
    texts = []
    for g in games:
        out = outs[g]
        if isinstance(out, io.StringIO):
            texts.append(out.getvalue())
        else:
            out.close()
            texts.append(open(out.name).read())
            print("transcript: %s" % out.name)
        failed += results[g]
    if a.transcript:
        with open(a.transcript, "w") as f:
            f.write("".join(texts))
    for g, text in zip(games, texts):
        # The end of each transcript (the whole of a failing one's last
        # moves), and its summary line.
        lines = text.splitlines()
        print("\n".join(lines[-25:]))
    print("%d games, %d failed, %.0f s" % (len(games), failed, time.time() - started))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
