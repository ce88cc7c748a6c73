#include "crowns/game_status.hpp"

#include "crowns/rules.hpp"

namespace crowns {

std::string_view status_name(GameStatus status) {
  switch (status) {
    case GameStatus::Active: return "active";
    case GameStatus::Finished: return "finished";
    case GameStatus::Abandoned: return "abandoned";
  }
  return "active";
}

std::optional<GameStatus> parse_game_status(std::string_view word) {
  for (const auto status : {GameStatus::Active, GameStatus::Finished, GameStatus::Abandoned}) {
    if (word == status_name(status)) return status;
  }
  return std::nullopt;
}

std::string rounds_progress(int played) {
  return std::to_string(played) + " of " + std::to_string(kRounds) + " rounds";
}

}  // namespace crowns
