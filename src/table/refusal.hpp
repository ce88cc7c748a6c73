#pragma once
// What the table refuses, as data: the kind of refusal, what it concerns and the game as it
// is now. Each door words it for its own screen (the terminal with its commands and flags,
// the phone with its buttons); `message` is the rule's own plain sentence, with neither.

#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "store/audit.hpp"
#include "store/games.hpp"

namespace crowns::table {

enum class Refused {
  Invalid,     ///< The values or the request break a rule; `message` says which.
  Stale,       ///< The game changed since the writer saw it: `since` lists the changes.
  NotNext,     ///< The round the writer meant (`round`) is not the one the game records next.
  Repeat,      ///< The round reads as the one just recorded, and nobody confirmed it.
  InProgress,  ///< Another game is in progress, and nobody confirmed a second table.
  Declined,    ///< The person asked said no.
};

struct Refusal {
  Refused kind = Refused::Invalid;
  std::string message;                     ///< The rule's words: no command, no flag.
  std::optional<store::Game> game{};       ///< The game as it is now, when there is one.
  std::vector<store::AuditEntry> since{};  ///< Stale: the changes after the writer's basis.
  std::optional<int> round{};              ///< The round concerned (Repeat: the new one).
  std::string earlier{};                   ///< Repeat: the round it repeats ("Ann 5, Bob 0*").
  std::vector<store::Game> in_progress{};  ///< InProgress: the games being played.
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
