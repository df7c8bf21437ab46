/* felt-games.h: the list of games, the one place that names them all.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * In the order the game chooser and felt-cli list them; a game's number
 * (FeltGameId) is its place here, so new games go at the end.  The engine
 * builds FeltGameId and its table of games from this list, and
 * rules/meson.build and the top-level meson.build read the ids from it
 * (one game per line, starting with the macro's name) for the sources
 * and the help pages.  rules/README.md says what else a game brings.
 */
#pragma once

/* FELT_GAME (ENUM_SUFFIX, "id", table): the table is rules/<id>.c's
 * const FeltGame, named felt_game_<id with _ for ->. */
#define FELT_GAMES(FELT_GAME) \
  FELT_GAME (HOPSCOTCH, "hopscotch", felt_game_hopscotch) \
  FELT_GAME (CRUEL, "cruel", felt_game_cruel) \
  FELT_GAME (STRAIGHT_UP, "straight-up", felt_game_straight_up) \
  FELT_GAME (SCUFFLE, "scuffle", felt_game_scuffle) \
  FELT_GAME (BACKBONE, "backbone", felt_game_backbone)
