#pragma once
// What the table refuses, as data: the kind of refusal, what it concerns and the game as it
// is now. Each door words it for its own screen (the terminal with its commands and flags,
// the phone with its buttons); `message` is the rule's own plain sentence, with neither.

#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "crowns/hint.hpp"
#include "store/audit.hpp"
#include "store/games.hpp"

namespace crowns::table {

enum class Refused {
  Invalid,  ///< The values or the request break a rule; `message` says which.
  Stale,    ///< The game changed since the writer saw it: `since` lists the changes.
  NotNext,  ///< The round the writer meant (`round`) is not the one the game records next.
  Repeat,   ///< The round reads as the one just recorded, and nobody confirmed it.
  /// The values were typed for round `typed_for`, recorded meanwhile (`earlier`, beside what
  /// was typed: `typed`), and nobody confirmed them as round `round`.
  TypedEarlier,
  InProgress,  ///< Another game is in progress, and nobody confirmed a second table.
  /// A new name (`name`) is close to a roster name (`close`), and nobody confirmed a new
  /// player: "did you mean Bob?". Nobody was created.
  NewPlayer,
  /// The write was stored already (sent again after its answer was lost): `stored` is the
  /// change it made, `round` its round; nothing new is written. A door words it as done.
  Stored,
  /// The table moved on: the game its page showed (a start's NewGame::after, a rematch's game)
  /// is no longer the game the table plays, whose next game was started meanwhile (by
  /// another phone at it): `game` is the game it plays now (table/tables.hpp).
  MovedOn,
  Declined,  ///< The person asked said no.
};

struct Refusal {
  Refused kind = Refused::Invalid;
  std::string message;  ///< The rule's words: no command, no flag.
  Hint hint{};          ///< What to do about it, as data (crowns/hint.hpp); each door words it.
  std::optional<store::Game> game{};       ///< The game as it is now, when there is one.
  std::vector<store::AuditEntry> since{};  ///< Stale: the changes after the writer's basis.
  std::optional<int> round{};              ///< The round concerned (Repeat: the new one).
  std::string earlier{};  ///< Repeat, TypedEarlier: the round as recorded ("Ann 5, Bob 0*").
  std::optional<int> typed_for{};          ///< TypedEarlier: the round the values were typed for.
  std::string typed{};                     ///< TypedEarlier: what was typed ("Ann 5, Bob 0*").
  std::vector<store::Game> in_progress{};  ///< InProgress: the games being played.
  std::optional<store::AuditEntry> stored{};  ///< Stored: the change the write made.
  std::string name{};                         ///< NewPlayer: the new name typed.
  std::string close{};                        ///< NewPlayer: the roster's name it is close to.
};

/// What a table write returns: what happened, or why nothing was written.
template <class T>
class Outcome {
 public:
  Outcome(T value) : v_(std::move(value)) {}            // NOLINT(google-explicit-constructor)
  Outcome(Refusal refusal) : v_(std::move(refusal)) {}  // NOLINT(google-explicit-constructor)
  [[nodiscard]] bool ok() const { return std::holds_alternative<T>(v_); }
  explicit operator bool() const { return ok(); }
  T& operator*() { return std::get<T>(v_); }
  const T& operator*() const { return std::get<T>(v_); }
  T* operator->() { return &std::get<T>(v_); }
  const T* operator->() const { return &std::get<T>(v_); }
  [[nodiscard]] const Refusal& refusal() const { return std::get<Refusal>(v_); }

 private:
  std::variant<T, Refusal> v_;
};

}  // namespace crowns::table
