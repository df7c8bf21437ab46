/* felt-rules.h: the rules engine of Felt, plain C + GLib, no GTK.
 *
 * Copyright 2026 The Felt developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A game is a const table (FeltGame) that the engine interprets.  A
 * position is a FeltState: a small flat value that can be copied with
 * memcpy and compared with memcmp (felt_state_equal).  Generating moves,
 * applying them and undoing them never allocates.
 */
#pragma once

#include <glib.h>

#include "felt-games.h"

G_BEGIN_DECLS

#define FELT_MAX_CARDS 104
#define FELT_MAX_PILES 24
/* Enough for the worst case of every game (Straight Up's runs). */
#define FELT_MAX_MOVES 512

/* A card is one byte: (suit << 4) | rank, rank 1 (ace) .. 13 (king).
 * 0 is "no card".  Whether a card lies face down is not stored: it
 * follows from the pile it lies in (felt_state_card_face_down). */
typedef guint8 FeltCard;

enum { FELT_CLUBS, FELT_DIAMONDS, FELT_HEARTS, FELT_SPADES, FELT_N_SUITS };

#define FELT_ACE   1
#define FELT_KING 13
#define FELT_CARD(rank, suit) ((FeltCard) (((suit) << 4) | (rank)))
#define FELT_CARD_RANK(c) ((guint) ((c) & 0x0f))
#define FELT_CARD_SUIT(c) ((guint) ((c) >> 4))

typedef enum {
  FELT_ROLE_STOCK,
  FELT_ROLE_WASTE,
  FELT_ROLE_FOUNDATION,
  FELT_ROLE_TABLEAU,
  FELT_ROLE_RESERVE,
  FELT_N_ROLES
} FeltRole;

/* Masks of source roles, for FeltRoleRules. */
#define FELT_FROM(role) (1u << (role))

/* How a card goes onto a non-empty pile. */
typedef enum {
  FELT_BUILD_NONE,          /* nothing goes on it */
  FELT_BUILD_ANY,           /* any card */
  FELT_BUILD_UP_SUIT,       /* same suit, one rank higher */
  FELT_BUILD_UP_ANY_SUIT,   /* any suit, one rank higher */
  FELT_BUILD_DOWN_SUIT,     /* same suit, one rank lower */
  FELT_BUILD_STEP,          /* rank + (index of the pile + 1), wrapping K -> A */
} FeltBuild;

typedef enum {
  FELT_FAN_NONE,
  FELT_FAN_DOWN,
  FELT_FAN_RIGHT,
} FeltFan;

typedef struct {
  FeltBuild build;
  guint8 accepts_from;  /* FELT_FROM() mask of roles a non-empty pile takes from */
  guint8 empty_from;    /* ... and an empty one */
  guint8 empty_rank;    /* the rank an empty pile needs, 0 for any */
  gboolean runs_move;   /* a same-suit descending run leaves as a unit */
} FeltRoleRules;

typedef struct {
  FeltRole role;
  guint8 index;         /* index within its role, as in doc/felt-cli.md */
  /* Where the pile lies, in card widths (x) and card heights (y) from the
   * top left of the board; the board widget scales this to the window. */
  float x, y;
  FeltFan fan;
  /* Room for the fan beyond the first card, in card sizes: where no pile
   * lies beyond it, or always where the pile lies under another one on
   * purpose; 0 for the board's default. */
  float room;
} FeltPileSpec;

/* Which cards start the foundations. */
typedef enum {
  FELT_START_EMPTY,          /* foundations start empty */
  FELT_START_RANK,           /* the four cards of start_rank, in deck order */
  FELT_START_CLUB_STEPS,     /* foundation n gets the (n+1) of clubs */
} FeltFoundationStart;

typedef enum {
  FELT_DEAL_NONE,            /* the stock never deals */
  FELT_DEAL_TO_WASTE,        /* one card onto the waste */
  FELT_DEAL_TO_RESERVES,     /* one card onto each reserve pile */
} FeltDealKind;

typedef enum {
  FELT_REDEAL_NONE,
  FELT_REDEAL_TURN_WASTE,        /* waste turned over into the stock */
  FELT_REDEAL_SHUFFLE_RESERVES,  /* reserves gathered and shuffled into the stock */
  FELT_REDEAL_REGROUP,           /* Cruel: tableau re-cut into groups of four */
} FeltRedealKind;

/* When a card may go to a foundation by itself (Preferences). */
typedef enum {
  FELT_AUTO_NEVER,          /* holding a card back can matter (Cruel) */
  FELT_AUTO_ALWAYS,         /* a card on a foundation is never missed elsewhere */
  FELT_AUTO_ONLY_CHOICE,    /* when exactly one foundation takes it (Hopscotch) */
  FELT_AUTO_TWIN_FOUNDATION,/* when the other foundation of its suit is as far (Backbone) */
} FeltAutoRule;

/* A pile named by its role and its index within the role, as the game
 * hooks name the piles they look at. */
typedef struct {
  FeltRole role;
  guint8 index;
} FeltPileRef;

typedef struct {
  FeltRole role;
  guint8 first;        /* first pile of the role dealt to */
  guint8 n_piles;
  guint8 count;        /* cards per pile */
} FeltDealStep;

/* A move: count cards from the top of pile `from` onto pile `to`, or,
 * when stock is TRUE, the stock action (deal or redeal). */
typedef struct {
  guint8 from;
  guint8 to;
  guint8 count;
  guint8 stock;
} FeltMove;

/* The stock action: from, to and count are unused (0), not pile numbers. */
#define FELT_MOVE_STOCK ((FeltMove) { .from = 0, .to = 0, .count = 0, .stock = 1 })

typedef struct _FeltState FeltState;
typedef struct _FeltGame FeltGame;

/* Which status figures a game shows (doc/rules.md, "Status"). */
typedef enum {
  FELT_SHOW_STOCK = 1 << 0,
  FELT_SHOW_RESERVE = 1 << 1,
  FELT_SHOW_REDEALS = 1 << 2,
  FELT_SHOW_NOT_ON_FOUNDATIONS = 1 << 3,
} FeltShow;

struct _FeltGame {
  const char *id;          /* "cruel" */
  const char *name;        /* N_("Cruel"): translate with gettext */
  const char *summary;     /* N_(…): one line for the game chooser */
  guint8 n_decks;
  guint32 deal_salt;       /* mixed into the seed, so games deal differently */
  gboolean aces_high;      /* Straight Up: A ranks above K */
  gboolean reserve_face_down; /* Straight Up: only the top reserve card shows */
  FeltShow status;

  guint8 n_piles;
  FeltPileSpec piles[FELT_MAX_PILES];   /* in CLI order: stock, waste, foundation, tableau, reserve */
  FeltRoleRules roles[FELT_N_ROLES];

  FeltFoundationStart foundation_start;
  guint8 start_rank;
  FeltDealStep deal[4];
  guint8 n_deal_steps;
  gboolean deal_round_at_start;  /* Scuffle: first round dealt to the reserves */

  FeltDealKind stock_deal;
  guint8 waste_max;          /* deal only while the waste holds fewer; 0 = no limit */
  FeltRedealKind redeal;
  gint8 redeal_limit;        /* -1: unlimited */
  gboolean redeal_needs_move; /* Cruel: a card must move between deals */
  FeltAutoRule auto_home;

  /* Hooks for what a table cannot say; any may be NULL. */
  /* TRUE when the top card of `pile` cannot be played now (Backbone). */
  gboolean (*pile_blocked) (const FeltState *state, guint pile);
  /* A move the engine makes as part of `done` (Straight Up's refill). */
  gboolean (*follow_up) (const FeltState *state, const FeltMove *done, FeltMove *out);
  /* TRUE when the game can go nowhere although moves remain (Cruel's loop). */
  gboolean (*dead_end) (const FeltState *state);
  /* Every pile the hooks name: tests/test-tables.c checks that each exists. */
  FeltPileRef hook_piles[4];
  guint8 n_hook_piles;
};

/* FELT_GAME_HOPSCOTCH, …, in the order of felt-games.h. */
#define FELT_GAME_ENUM(suffix, id, table) FELT_GAME_##suffix,
typedef enum {
  FELT_GAMES (FELT_GAME_ENUM)
  FELT_N_GAMES
} FeltGameId;
#undef FELT_GAME_ENUM

#define FELT_STATE_MOVED_SINCE_DEAL 0x01

/* Compared with memcmp and hashed as bytes (the solver), so no byte of it
 * may be compiler padding, whose value C leaves open: the padding before
 * rng is an explicit field that every constructor zeroes, and the static
 * assertions below fail the build if a change brings hidden padding back. */
struct _FeltState {
  FeltCard cards[FELT_MAX_CARDS];       /* all piles, one after another */
  guint8 start[FELT_MAX_PILES + 1];    /* pile p is cards[start[p] .. start[p+1]) */
  guint8 game;                         /* FeltGameId */
  guint8 redeals;                      /* redeals made so far */
  guint8 flags;                        /* FELT_STATE_* */
  guint8 n_cards;
  guint8 pad[3];                       /* always 0: rng's alignment, made explicit */
  guint64 rng;                         /* the seeded generator, for reshuffles */
};

#define FELT_FIELD_SIZE(type, field) sizeof (((type *) NULL)->field)
G_STATIC_ASSERT (sizeof (FeltState) ==
                 FELT_FIELD_SIZE (FeltState, cards) + FELT_FIELD_SIZE (FeltState, start) +
                 FELT_FIELD_SIZE (FeltState, game) + FELT_FIELD_SIZE (FeltState, redeals) +
                 FELT_FIELD_SIZE (FeltState, flags) + FELT_FIELD_SIZE (FeltState, n_cards) +
                 FELT_FIELD_SIZE (FeltState, pad) + FELT_FIELD_SIZE (FeltState, rng));
G_STATIC_ASSERT (G_STRUCT_OFFSET (FeltState, rng) ==
                 G_STRUCT_OFFSET (FeltState, pad) + FELT_FIELD_SIZE (FeltState, pad));

/* What felt_state_apply records so that felt_state_undo can take it back. */
typedef struct {
  FeltMove move;
  FeltMove follow;                     /* count 0: none */
  guint8 redeals;
  guint8 flags;
  guint8 dealt;                        /* cards the stock action moved */
  guint8 pad;
  guint8 start[FELT_MAX_PILES + 1];    /* pile bounds before a redeal */
  guint8 pad2[3];
  guint64 rng;
} FeltUndo;

/* Undo records are copied whole; the same guard against hidden padding. */
G_STATIC_ASSERT (sizeof (FeltUndo) ==
                 2 * sizeof (FeltMove) + FELT_FIELD_SIZE (FeltUndo, redeals) +
                 FELT_FIELD_SIZE (FeltUndo, flags) + FELT_FIELD_SIZE (FeltUndo, dealt) +
                 FELT_FIELD_SIZE (FeltUndo, pad) + FELT_FIELD_SIZE (FeltUndo, start) +
                 FELT_FIELD_SIZE (FeltUndo, pad2) + FELT_FIELD_SIZE (FeltUndo, rng));

/* Why a move is refused. */
typedef enum {
  FELT_LEGAL = 0,
  FELT_ILLEGAL_NO_SUCH_PILE,
  FELT_ILLEGAL_SAME_PILE,
  FELT_ILLEGAL_BAD_COUNT,
  FELT_ILLEGAL_EMPTY_SOURCE,
  FELT_ILLEGAL_NOT_ENOUGH_CARDS,
  FELT_ILLEGAL_NOT_A_RUN,
  FELT_ILLEGAL_SOURCE_LOCKED,
  FELT_ILLEGAL_NOT_FROM_THERE,
  FELT_ILLEGAL_DOES_NOT_FIT,
  FELT_ILLEGAL_PILE_COMPLETE,
  FELT_ILLEGAL_NO_STOCK_ACTION,
  FELT_ILLEGAL_GAME_ENDED,
} FeltIllegal;

/* Status figures of a game (doc/rules.md "Status"); -1 where not shown. */
typedef struct {
  int stock;              /* cards left in the stock */
  int reserve;            /* cards left in the reserve (Straight Up) */
  int redeals_left;       /* -1 unlimited or none */
  int not_on_foundations; /* Cruel */
} FeltStatus;

#define FELT_RULES_ERROR (felt_rules_error_quark ())
GQuark felt_rules_error_quark (void);

/* Games: the one list of them is the engine's (rules/felt-deal.c);
 * everything else asks it (rules/README.md). */
const FeltGame *felt_game_get (FeltGameId id);
/* The games' ids in order, "hopscotch, cruel, …", for messages. */
char *felt_games_list_ids (void);
const FeltGame *felt_game_lookup (const char *id);
guint felt_game_n_cards (const FeltGame *game);
guint felt_game_max_score (const FeltGame *game);
int felt_game_find_pile (const FeltGame *game, FeltRole role, guint index);
/* How many piles of the role the game has. */
guint felt_game_count_piles (const FeltGame *game, FeltRole role);
gboolean felt_game_has_role (const FeltGame *game, FeltRole role);
const char *felt_role_id (FeltRole role);

/* The board (felt-layout.c), in card widths and heights: the gap between
 * columns, and the room kept beyond a fanned pile with nothing beyond it
 * (FeltPileSpec.room 0). */
#define FELT_LAYOUT_GAP 0.12
#define FELT_LAYOUT_ROOM_DOWN 2.2
#define FELT_LAYOUT_ROOM_RIGHT 2.2
/* TRUE when another pile lies in the way of pile p's fan (down, or to the
 * right), *limit then the distance to the nearest one. */
gboolean felt_game_room_beyond (const FeltGame *game, guint p, gboolean down, double *limit);
/* The whole board's width and height. */
void felt_game_extent (const FeltGame *game, double *width, double *height);
/* The size in whole pixels of the game's cards (width / height = aspect)
 * on a board of width x height pixels; returns the margin kept around. */
double felt_game_card_size (const FeltGame *game, double aspect, int width, int height,
                            double *card_w, double *card_h);

/* Cards */
gboolean felt_card_to_string (FeltCard card, char out[3]);
gboolean felt_card_parse (const char *text, FeltCard *out);

/* Piles of a state */
static inline guint
felt_pile_size (const FeltState *state, guint pile)
{
  return (guint) (state->start[pile + 1] - state->start[pile]);
}

static inline FeltCard
felt_pile_card (const FeltState *state, guint pile, guint i)
{
  return state->cards[state->start[pile] + i];
}

static inline FeltCard
felt_pile_top (const FeltState *state, guint pile)
{
  return felt_pile_size (state, pile) ? state->cards[state->start[pile + 1] - 1] : 0;
}

static inline FeltGameId
felt_state_get_game_id (const FeltState *state)
{
  return (FeltGameId) state->game;
}

static inline const FeltGame *
felt_state_game (const FeltState *state)
{
  return felt_game_get ((FeltGameId) state->game);
}

/* The random generator: splitmix64, pinned by test vectors. */
guint64 felt_rng_next (guint64 *rng);
guint felt_rng_below (guint64 *rng, guint n);

void felt_state_deal (FeltState *state, const FeltGame *game, guint32 seed);
gboolean felt_state_equal (const FeltState *a, const FeltState *b);
gboolean felt_state_card_face_down (const FeltState *state, guint pile, guint i);
gboolean felt_state_card_playable (const FeltState *state, guint pile, guint i);

/* Every legal card move (not the stock action: felt_state_can_stock). */
guint felt_state_legal_moves (const FeltState *state, FeltMove moves[FELT_MAX_MOVES]);
/* The same, ignoring whether the game has ended; for the game hooks. */
guint felt_state_card_moves (const FeltState *state, FeltMove moves[FELT_MAX_MOVES]);
FeltIllegal felt_state_check_move (const FeltState *state, const FeltMove *move);
gboolean felt_state_can_stock (const FeltState *state);
void felt_state_apply (FeltState *state, const FeltMove *move, FeltUndo *undo);
void felt_state_undo (FeltState *state, const FeltUndo *undo);
int felt_state_foundation_for (const FeltState *state, guint pile, guint count);
gboolean felt_state_hint (const FeltState *state, FeltMove *out);
/* A move to a foundation that can never hurt, for automatic play. */
gboolean felt_state_safe_move (const FeltState *state, FeltMove *out);
/* The same among the legal moves already listed (moves, n: what
 * felt_state_legal_moves gave), for a caller that lists them anyway. */
gboolean felt_state_safe_among (const FeltState *state, const FeltMove *moves, guint n, FeltMove *out);

guint felt_state_score (const FeltState *state);
gboolean felt_state_is_won (const FeltState *state);
gboolean felt_state_is_over (const FeltState *state);
int felt_state_redeals_left (const FeltState *state);
void felt_state_status (const FeltState *state, FeltStatus *status);
guint felt_state_pile_count (const FeltState *state, FeltRole role);

const char *felt_illegal_message (FeltIllegal why);

/* Building test positions: set the cards of every pile at once.
 * piles[p] is a string of card names separated by spaces, bottom first
 * ("AH 2H"), NULL or "" for empty.  Returns FALSE (and sets error) on a
 * bad card name. */
gboolean felt_state_set_piles (FeltState *state, const FeltGame *game,
                               const char *const *piles, GError **error);

G_END_DECLS
