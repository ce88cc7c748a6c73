#pragma once
// Solitaire games in the database (migration 0005): saved after every play, read back to
// resume, listed by --history, summed up in `crowns stats NAME`.
// Write functions expect to run inside the caller's transaction.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "crowns/solitaire.hpp"
#include "store/sqlite.hpp"

namespace crowns::store {

/// One play as stored: the card turned and what was done with it.
struct SolitairePlay {
  Card turned;
  solitaire::Move move;
};

enum class SolitaireStatus { Active, Won, Lost };

/// "active", "won" or "lost": the status words of a solitaire game, as the database and the
/// output write them (crowns::status_name is a scored game's).
std::string_view status_name(SolitaireStatus status);

struct SolitaireGame {
  std::int64_t id = 0;                     ///< 0 until saved.
  std::optional<std::int64_t> player_id;   ///< --player, if given.
  std::optional<std::string> player_name;  ///< Filled in when read back.
  std::optional<std::int64_t> seed;        ///< None for real cards (--deal).
  solitaire::Piles piles;                  ///< As dealt.
  std::optional<std::vector<Card>> stock;  ///< Known for a seeded deal.
  MeldRules rules;  ///< The meld rules its piles close under (kept in the deal's JSON).
  std::vector<SolitairePlay> plays;
  SolitaireStatus status = SolitaireStatus::Active;
  int piles_closed = 0;
  int hints = 0;
  std::string started_at;
  std::optional<std::string> finished_at;
};

/// Inserts the game (id 0; sets it) or updates its plays, status, counts and finish time.
void save_solitaire(Database& db, SolitaireGame& game);

/// The most recently started game still being played (of one player, if given).
std::optional<SolitaireGame> latest_active_solitaire(const Database& db,
                                                     std::optional<std::int64_t> player_id);

/// Finished games, newest first (of one player, if given), at most `limit`.
std::vector<SolitaireGame> solitaire_history(const Database& db,
                                             std::optional<std::int64_t> player_id, int limit);

struct SolitaireTotals {
  int played = 0;  ///< Finished games.
  int won = 0;
  int best_closed = 0;  ///< Most piles closed in one game.
  int hinted = 0;       ///< Finished games in which a hint was asked for.
};
SolitaireTotals solitaire_totals(const Database& db, std::int64_t player_id);

}  // namespace crowns::store
