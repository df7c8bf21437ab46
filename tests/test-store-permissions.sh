#!/bin/sh
# test-store-permissions.sh: the real permission checks, as an ordinary
# user.  As root (CI) the driver runs as nobody (setpriv); otherwise as
# the user running the test, for whom the same modes apply.
#
#   1. statistics.ini mode 000, data folder read-only: Felt says it cannot
#      read the statistics (permission denied) and cannot save the game
#      (the folder, permission denied); both files stay byte for byte.
#   2. the folder writable again: the game saves; the unreadable
#      statistics are still not written over.
#   3. the statistics readable again: this run's game is added to them.
# The history of games beside them is saved whenever the folder can be
# written, and said when it cannot.
#
# Usage: test-store-permissions.sh FAULT-DRIVER
#
# Copyright 2026 The Felt developers
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu

driver=$1
root=$(mktemp -d /tmp/felt-test-permissions-XXXXXX)
trap 'chmod -R u+rwX "$root"; rm -rf "$root"' EXIT
chmod 755 "$root"
data=$root/felt
mkdir "$data"

if [ "$(id -u)" = 0 ]; then
  # The driver must be reachable by nobody.
  cp "$driver" "$root/fault-driver"
  chmod 755 "$root/fault-driver"
  run="setpriv --reuid=65534 --regid=65534 --clear-groups $root/fault-driver"
  mode_open=777
else
  run=$driver
  mode_open=755
fi

fail() {
  echo "FAIL: $*" >&2
  echo "--- output:" >&2
  cat "$root/out" >&2
  exit 1
}

expect() {
  grep -qF -- "$1" "$root/out" || fail "expected: $1"
}

# A game of three moves of Hopscotch 1 and 120 games played, written by a
# first, unhindered run each (the driver plays one move and counts one).
chmod "$mode_open" "$data"
for i in 1 2 3; do
  FELT_DATA_DIR=$data $run play > "$root/out"
done
expect "moves 3"
cp "$data/game.ini" "$root/game.before"
sed -e 's/^played=3$/played=120/' "$data/statistics.ini" > "$root/stats.before"
cp "$root/stats.before" "$data/statistics.ini"
grep -q '^played=120$' "$data/statistics.ini" || fail "could not make the statistics"

# 1
chmod 000 "$data/statistics.ini"
chmod 555 "$data"
FELT_DATA_DIR=$data $run play > "$root/out" 2>"$root/err" || fail "the driver failed"
expect "told stats: Felt cannot read your statistics file $data/statistics.ini (permission denied)"
expect "told game: Felt cannot save your game in $data (permission denied)"
expect "saved game 0"
expect "saved stats 0"
expect "told history: Felt cannot save your history of games in $data (permission denied)"
expect "saved history 0"
chmod 644 "$data/statistics.ini"
cmp "$data/statistics.ini" "$root/stats.before" || fail "the statistics changed"
cmp "$data/game.ini" "$root/game.before" || fail "the saved game changed"
[ ! -e "$data/statistics.ini.corrupt" ] || fail "an unreadable file was kept as damaged"

# 2
chmod 000 "$data/statistics.ini"
chmod "$mode_open" "$data"
FELT_DATA_DIR=$data $run play > "$root/out" 2>"$root/err" || fail "the driver failed"
expect "saved game 1"
expect "moves 4"
expect "saved stats 0"
chmod 644 "$data/statistics.ini"
cmp "$data/statistics.ini" "$root/stats.before" || fail "unreadable statistics were written over"

# 3
FELT_DATA_DIR=$data $run play > "$root/out" 2>"$root/err" || fail "the driver failed"
expect "saved stats 1"
expect "played 121"
# the three first runs' games, then those of 2 and 3 (1 could not save)
expect "games 5"
grep -q '^played=121$' "$data/statistics.ini" || fail "the statistics were not added to"
ls "$data" | grep -v -e '^game.ini$' -e '^statistics.ini$' -e '^history.tsv$' -e '\.lock$' && fail "files left over"
echo "ok: unreadable statistics kept, read-only folder said, both saved once possible"
