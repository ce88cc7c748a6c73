// crowns play: walk a game round by round at the table, one prompt per player.
// Every answer is saved as a draft at once, so quitting (q, Ctrl-D, a closed lid) and
// running `crowns play` again resumes at exactly the same player.

#include <CLI/CLI.hpp>

#include "cli/commands.hpp"
#include "cli/commands/new_game.hpp"
#include "cli/input/score_args.hpp"
#include "cli/session.hpp"
#include "cli/views/hand.hpp"
#include "cli/views/scorecard.hpp"
#include "crowns/ascii.hpp"
#include "crowns/rules.hpp"
#include "store/rounds.hpp"

namespace crowns::cli {
namespace {

struct PlayOptions {
  std::vector<std::string> players;
  std::optional<std::int64_t> game;
  NewGameFlags flags;
};

constexpr std::string_view kHelp =
    "  type the points (12), 0* or out for who went out, or the cards left (Ks Qh jk);\n"
    "  < goes back one player, and from the first player to the round before;\n"
    "  q leaves (crowns play resumes here)\n";

constexpr std::string_view kSaveHelp =
    "  Enter or y saves the round; n or < goes back to the last player; q leaves\n";

// Whether an answer means leave: q, quit or exit, in any case.
bool is_quit(std::string_view reply) {
  const std::string low = ascii_lower(reply);
  return low == "q" || low == "quit" || low == "exit";
}

enum class Step { Saved, Left };

class PlaySession {
 public:
  PlaySession(Context& ctx, store::Database& db, store::Game game)
      : ctx_(ctx), db_(db), game_(std::move(game)) {}

  void run() {
    print_scorecard(ctx_.out, ctx_.style, game_);
    while (game_.status == store::GameStatus::Active) {
      if (enter(round_spec(*game_.next_round(), game_.boxes), *game_.next_round(),
                every_seat(game_)) == Step::Left) {
        return leave();
      }
    }
    const Standings st = game_.standings();
    if (game_.status == store::GameStatus::Finished && st.tied && !st.tie_broken) {
      if (!confirm(ctx_, "Play the 6-card tie-break now?")) return;
      if (enter(tiebreak_spec(game_.boxes), kTiebreakDraft, st.leaders) == Step::Left)
        return leave();
    }
  }

 private:
  // A draft round number past the last round marks tie-break answers.
  static constexpr int kTiebreakDraft = kRounds + 1;

  // Prompts each seat of `seats` in turn, then saves the round (or the tie-break).
  Step enter(const RoundSpec& spec, int round, const std::vector<int>& seats) {
    std::vector<std::optional<store::SeatScore>> scores(seats.size());
    resume_draft(spec, round, seats, scores);
    std::size_t i = 0;
    while (i < seats.size() && scores[i]) ++i;
    for (;;) {
      if (i == seats.size()) {
        const auto answer = confirm_round(spec, round, seats, scores);
        if (!answer) return Step::Left;
        if (*answer) return Step::Saved;
        i = seats.size() - 1;  // "<" or a refused round: back to the last player
        continue;
      }
      const std::string& name = game_.seats[static_cast<std::size_t>(seats[i])].name;
      const auto reply = ask(ctx_, sanitize(name) + ": ");
      if (!reply || is_quit(*reply)) return Step::Left;
      if (*reply == "<") {
        if (i > 0) {
          --i;
        } else if (revisit(round - 1) == Step::Left) {
          return Step::Left;
        }
        continue;
      }
      if (reply->empty() || *reply == "?" || *reply == "help") {
        ctx_.out << kHelp;
        continue;
      }
      auto score = score_one(*reply, spec, round, seats[i]);
      if (!score) continue;
      scores[i] = std::move(score);
      store::Transaction tx(db_);
      store::save_draft_value(db_, game_.id, round, seats[i], *reply);
      tx.commit();
      ++i;
    }
  }

  // "<" at the first player: walks the saved round `round` again, each player's saved value
  // offered (Enter keeps it), and saves a change as an edit (logged, undone by crowns undo).
  // From its first player "<" goes one round further back. Nothing is saved on q.
  Step revisit(int round) {
    if (round < 1) {
      ctx_.out << "  (already at the first player)\n";
      return Step::Saved;
    }
    if (!game_.next_round()) {  // the tie-break: round 11 decided who is tied
      ctx_.out << "  (round 11 is saved: crowns edit 11 corrects it)\n";
      return Step::Saved;
    }
    const RoundSpec spec = round_spec(round, game_.boxes);
    const std::vector<int> seats = every_seat(game_);
    std::vector<std::optional<store::SeatScore>> scores(seats.size());
    std::vector<std::string> saved(seats.size());
    std::string line;
    for (std::size_t k = 0; k < seats.size(); ++k) {
      const auto seat = static_cast<std::size_t>(seats[k]);
      const store::ScoreCell& cell = game_.rounds[static_cast<std::size_t>(round - 1)].scores[seat];
      saved[k] = cell.hand ? *cell.hand : std::to_string(cell.points) + (cell.went_out ? "*" : "");
      // Saved once already, so read back without the checks.
      const auto input = parse_score(saved[k], game_.seats[seat].name);
      if (input) {
        if (auto entry = score_input(*input, spec, "", Checks::Force)) {
          scores[k] = store::SeatScore{seats[k], std::move(entry).value()};
        }
      }
      line += (line.empty() ? "" : ", ") + game_.seats[seat].name + " " +
              std::to_string(cell.points) + (cell.went_out ? "*" : "");
    }
    const auto header = [&] {
      ctx_.out << "Back to " << spec.label << " (saved: " << sanitize(line)
               << "); Enter keeps a value\n";
    };
    header();
    bool changed = false;
    std::size_t i = 0;
    for (;;) {
      if (i == seats.size()) {
        if (!changed) {
          ctx_.out << "  " << spec.label << " unchanged\n";
          return Step::Saved;
        }
        const auto answer = confirm_round(spec, round, seats, scores);
        if (!answer) {
          ctx_.out << "  " << spec.label << " unchanged\n";
          return Step::Left;
        }
        if (*answer) return Step::Saved;
        i = seats.size() - 1;
        continue;
      }
      const std::string& name = game_.seats[static_cast<std::size_t>(seats[i])].name;
      const auto reply = ask(ctx_, sanitize(name) + " [" + sanitize(saved[i]) + "]: ");
      if (!reply || is_quit(*reply)) {
        ctx_.out << "  " << spec.label << " unchanged\n";
        return Step::Left;
      }
      if (*reply == "<") {
        if (i > 0) {
          --i;
        } else if (round == 1) {
          ctx_.out << "  (already at the first player)\n";
        } else if (revisit(round - 1) == Step::Left) {
          return Step::Left;
        } else {
          header();
        }
        continue;
      }
      if (*reply == "?" || *reply == "help") {
        ctx_.out << "  Enter keeps " << sanitize(saved[i]) << "; otherwise as in any round:\n"
                 << kHelp;
        continue;
      }
      if (!reply->empty() && *reply != saved[i]) {
        auto score = score_one(*reply, spec, round, seats[i]);
        if (!score) continue;
        scores[i] = std::move(score);
        changed = true;
      } else if (!scores[i]) {
        continue;  // unreadable saved value: a new one is needed
      }
      ++i;
    }
  }

  // Reads back what was typed before quitting, if it belongs to this round.
  void resume_draft(const RoundSpec& spec, int round, const std::vector<int>& seats,
                    std::vector<std::optional<store::SeatScore>>& scores) {
    const store::Draft draft = store::load_draft(db_, game_.id);
    if (draft.values.empty()) return;
    if (draft.round != round) {
      store::Transaction tx(db_);
      store::clear_draft(db_, game_.id);
      tx.commit();
      return;
    }
    std::string line;
    for (const auto& [seat, value] : draft.values) {
      const auto it = std::find(seats.begin(), seats.end(), seat);
      if (it == seats.end()) continue;
      const auto k = static_cast<std::size_t>(it - seats.begin());
      auto input = parse_score(value, game_.seats[static_cast<std::size_t>(seat)].name);
      if (!input) continue;
      // Accepted once already (perhaps after "keep it anyway?"), so not checked again.
      auto entry = score_input(*input, spec, "", Checks::Force);
      if (!entry) continue;
      scores[k] = store::SeatScore{seat, std::move(entry).value()};
      line += (line.empty() ? "" : ", ") + game_.seats[static_cast<std::size_t>(seat)].name + " " +
              entry_text(scores[k]->entry);
    }
    if (!line.empty()) ctx_.out << "Resuming " << spec.label << ": " << sanitize(line) << '\n';
  }

  // Scores one answer; says what is wrong (or asks to keep an unusual value). A hand typed in
  // quotes, as on the command line ("Ks jk"), reads as the hand.
  std::optional<store::SeatScore> score_one(const std::string& reply, const RoundSpec& spec,
                                            int round, int seat) {
    const std::string& name = game_.seats[static_cast<std::size_t>(seat)].name;
    const bool quoted = reply.size() >= 2 && (reply.front() == '"' || reply.front() == '\'') &&
                        reply.back() == reply.front();
    auto input = parse_score(quoted ? reply.substr(1, reply.size() - 2) : reply, name);
    if (!input) {
      ctx_.out << "  " << sanitize(input.error()) << '\n';
      return std::nullopt;
    }
    auto entry = score_input(*input, spec, name, Checks::Strict);
    if (!entry) {
      auto forced = score_input(*input, spec, name, Checks::Force);
      ctx_.out << "  " << sanitize(entry.error()) << '\n';
      if (!forced || !confirm(ctx_, "  Keep it anyway?")) return std::nullopt;
      entry = std::move(forced);
    }
    if (entry->solution) {
      HandReport report{entry->hand,
                        spec.wild_rank,
                        round <= kRounds ? std::optional<int>(round) : std::nullopt,
                        HandMode::Dealt,
                        *entry->solution,
                        spec.cards};
      print_hand(ctx_.out, ctx_.style, report, "  ");
    }
    return store::SeatScore{seat, std::move(entry).value()};
  }

  // Shows the round and saves it on "y" (or Enter): a new round, a saved round changed (an
  // edit) or the tie-break. Returns true when saved, false to go back, none to leave.
  std::optional<bool> confirm_round(const RoundSpec& spec, int round, const std::vector<int>& seats,
                                    const std::vector<std::optional<store::SeatScore>>& scores) {
    std::vector<store::SeatScore> all;
    std::string line;
    for (std::size_t k = 0; k < seats.size(); ++k) {
      all.push_back(*scores[k]);
      line += (line.empty() ? "" : ", ") + game_.seats[static_cast<std::size_t>(seats[k])].name +
              " " + std::to_string(scores[k]->entry.points) +
              (scores[k]->entry.went_out ? "*" : "");
    }
    const bool edit = round <= kRounds && round < game_.next_round().value_or(kTiebreakDraft);
    if (auto strict = check_scores(game_, all, std::nullopt, spec, Checks::Strict); !strict) {
      ctx_.out << "  " << sanitize(strict.error()) << '\n';
      if (!check_scores(game_, all, std::nullopt, spec, Checks::Force)) return false;
      if (!confirm(ctx_, "  Save it anyway?")) return false;
    }
    // Anything but yes, no, back or leave (a stray score, "?") shows what the answers are.
    auto reply = ask(ctx_, "Save " + spec.label + ": " + sanitize(line) + "? [Y/n, < back] ");
    while (reply && !reply->empty() && !is_yes(*reply) && !is_no(*reply) && *reply != "<" &&
           !is_quit(*reply)) {
      ctx_.out << kSaveHelp;
      reply = ask(ctx_, "Save " + spec.label + ": " + sanitize(line) + "? [Y/n, < back] ");
    }
    if (!reply || is_quit(*reply)) return std::nullopt;
    if (!reply->empty() && !is_yes(*reply)) return false;
    store::Transaction tx(db_);
    // Another terminal may have changed the game while we were asking.
    const store::Game now = need(store::require_game(db_, game_.id, store::Pick::Latest));
    if (round <= kRounds && now.next_round() != game_.next_round()) {
      fail("game " + std::to_string(game_.id) +
           " changed in another terminal; run crowns play again");
    }
    store::Change change = edit               ? need(store::edit_round(db_, now, round, all))
                           : round <= kRounds ? need(store::record_round(db_, now, all))
                                              : need(store::record_tiebreak(db_, now, all));
    tx.commit();
    game_ = *change.game;
    if (edit) ctx_.out << sanitize(change.entry.summary) << '\n';
    if (round <= kRounds) {
      print_scorecard(ctx_.out, ctx_.style, game_);
    } else {
      print_outlook(ctx_.out, ctx_.style, game_);
    }
    return true;
  }

  void leave() {
    ctx_.out << "Left game " << game_.id << "; crowns play resumes where you stopped\n";
  }

  Context& ctx_;
  store::Database& db_;
  store::Game game_;
};

void run_play(const PlayOptions& opts, Context& ctx) {
  auto db = open_store(ctx, store::Access::Write);
  store::Game game;
  if (!opts.players.empty()) {
    if (opts.game)
      fail("give either player names (a new game) or --game ID (resume), not both",
           ExitCode::Usage);
    store::Transaction tx(db);
    game = need(store::create_game(db, new_game_spec(opts.players, opts.flags)));
    tx.commit();
  } else {
    // Resumes the game being played, or the tie-break of the game just finished.
    const std::int64_t id =
        opts.game ? *opts.game : game_being_played(ctx, db, store::InProgress::RoundsOrTiebreak);
    game = need(store::require_game(db, id, store::Pick::Latest));
  }
  PlaySession(ctx, db, std::move(game)).run();
}

}  // namespace

void setup_play(CLI::App& app, Context& ctx) {
  auto opts = std::make_shared<PlayOptions>();
  auto* sub =
      app.add_subcommand("play", "Keep score interactively: names start a game, none resumes");
  sub->add_option("players", opts->players, "Players in seating order (omit to resume)");
  add_game_option(*sub, opts->game);
  add_new_game_options(*sub, opts->flags);
  sub->callback([opts, &ctx] { run_play(*opts, ctx); });
}

}  // namespace crowns::cli
