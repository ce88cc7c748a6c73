#pragma once
// A question the table puts to a person before it writes: a round that repeats the one just
// recorded, values typed for a round recorded meanwhile, a second game while one is in
// progress, which of two players at 0 went out. The
// terminal answers by asking at its prompt; the phone by the confirmation its form sent.

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace crowns::table {

enum class Question {
  Repeat,      ///< Record a round that reads exactly as the one just recorded?
  InProgress,  ///< Start a game while another is in progress?
  WhoWentOut,  ///< Several scored 0 and nobody is marked out: which went out?
  /// Values typed for a round that was recorded meanwhile (by another door): record them as
  /// the round now next? Asked whatever the values, with both rounds side by side.
  TypedEarlier,
  /// A new player whose name is close to a player's on the roster (a letter off, letters that
  /// look alike): did you mean them? `choices`: {the roster's name, the new name}; yes adds
  /// the new player.
  NewPlayer,
};

struct Ask {
  Question kind = Question::Repeat;
  std::string text;                    ///< The question in the rule's words.
  std::vector<std::string> choices{};  ///< WhoWentOut: the names to choose from.
};

/// Yes, no, or nobody could answer (a script without a terminal, a form sent without the
/// confirmation): the table then refuses with what it would have asked.
enum class Reply { Yes, No, Unanswered };

class Asker {
 public:
  Asker() = default;
  Asker(const Asker&) = delete;
  Asker& operator=(const Asker&) = delete;
  Asker(Asker&&) = delete;
  Asker& operator=(Asker&&) = delete;
  virtual ~Asker() = default;
  /// Whether to go ahead.
  virtual Reply confirm(const Ask& ask) = 0;
  /// The index of the answer in `ask.choices`; none when nobody answered.
  virtual std::optional<std::size_t> choose(const Ask& ask) = 0;
};

/// Nobody to ask: every question goes unanswered (a script, a batch, an import).
class NobodyAsked final : public Asker {
 public:
  Reply confirm(const Ask& /*ask*/) override { return Reply::Unanswered; }
  std::optional<std::size_t> choose(const Ask& /*ask*/) override { return std::nullopt; }
};

/// The answers a form or a command line gave ahead: a confirmation of some questions.
class AnsweredAhead final : public Asker {
 public:
  explicit AnsweredAhead(std::vector<Question> confirmed) : confirmed_(std::move(confirmed)) {}
  Reply confirm(const Ask& ask) override {
    for (const Question q : confirmed_) {
      if (q == ask.kind) return Reply::Yes;
    }
    return Reply::Unanswered;
  }
  std::optional<std::size_t> choose(const Ask& /*ask*/) override { return std::nullopt; }

 private:
  std::vector<Question> confirmed_;
};

}  // namespace crowns::table
