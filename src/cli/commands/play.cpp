// crowns play: walk a game round by round at the table, one prompt per player.
// Every answer is saved as a draft at once, so quitting (q, Ctrl-D, a closed lid) and
// running `crowns play` again resumes at exactly the same player.

#include <CLI/CLI.hpp>

#include "cli/asking.hpp"
#include "cli/commands.hpp"
#include "cli/hint_words.hpp"
#include "cli/input/new_game.hpp"
#include "cli/options.hpp"
#include "cli/session.hpp"
#include "cli/views/scorecard_text.hpp"
#include "crowns/ascii.hpp"
#include "crowns/names.hpp"
#include "crowns/rules.hpp"
#include "store/join.hpp"
#include "store/rounds.hpp"
#include "table/scores.hpp"
#include "views/hand.hpp"

namespace crowns::cli {
namespace {

struct PlayOptions {
  std::vector<std::string> players;
  std::optional<std::int64_t> game;
  NewGameFlags flags;
};

constexpr std::string_view kHelp =
    "  type the points (12), 0* or out for who went out, or the cards left (Ks Qh jk);\n"
    "  < goes back one player, and from the first player to the round before;\n";
// Only while a new round is entered: a late arrival plays from the round being entered.
constexpr std::string_view kJoinHelp =
    "  join NAME (or +NAME) seats a late arrival from this round, at the highest total\n"
    "    (join NAME=N: at N), as crowns join does;\n";
constexpr std::string_view kLeaveHelp = "  q leaves (crowns play resumes here)\n";

// A late arrival typed at a round's prompt: "join Dee", "+Dee", with "=N" for the total.
struct JoinRequest {
  std::string name;
  std::optional<int> total;
};

// None when `reply` is not a join (a score, a hand, "<"); else the request or what is wrong.
std::optional<Expected<JoinRequest>> parse_join(std::string_view reply) {
  std::string_view rest;
  if (reply.starts_with('+')) {
    rest = reply.substr(1);
  } else if (const std::string word = ascii_lower(reply.substr(0, 5));
             word == "join " || word == "join") {
    rest = reply.substr(4);
  } else {
    return std::nullopt;
  }
  rest = ascii_trim(rest, " \t");
  // "+5" is not a name: left to the score's own message.
  if (reply.starts_with('+') && !rest.empty() &&
      rest.find_first_not_of("0123456789*") == std::string_view::npos)
    return std::nullopt;
  JoinRequest request;
  const auto eq = rest.rfind('=');
  request.name = std::string(ascii_trim(rest.substr(0, eq), " \t"));
  if (eq != std::string_view::npos) {
    // As crowns join --total reads it.
    const auto total =
        read_whole_number(ascii_trim(rest.substr(eq + 1), " \t"), 0, store::kMaxStartTotal);
    if (!total) return Expected<JoinRequest>(Failure{"join NAME=N: " + worded(total.failure())});
    request.total = static_cast<int>(*total);
  }
  if (request.name.empty()) {
    return Expected<JoinRequest>(Failure{"join whom? write join NAME (or +NAME)"});
  }
  return Expected<JoinRequest>(std::move(request));
}

constexpr std::string_view kSaveHelp =
    "  Enter or y saves the round; n or < goes back to the last player; q leaves\n";

// Whether an answer means leave: q, quit or exit, in any case.
bool is_quit(std::string_view reply) {
  const std::string low = ascii_lower(reply);
  return low == "q" || low == "quit" || low == "exit";
}

// How a walk ended: the round saved, play left, or a late arrival seated (the round is then
// walked again with them).
enum class Step { Saved, Left, Joined };

class PlaySession {
 public:
  PlaySession(Context& ctx, store::Database& db, store::Game game)
      : ctx_(ctx), db_(db), game_(std::move(game)) {}

  void run() {
    print_scorecard(ctx_.out, ctx_.style, game_);
    while (game_.status == store::GameStatus::Active) {
      if (enter(game_.spec(*game_.next_round()), *game_.next_round(), table::every_seat(game_)) ==
          Step::Left) {
        return leave();
      }
    }
    const Standings st = game_.standings();
    if (game_.status == store::GameStatus::Finished && st.tied && !st.tie_broken) {
      if (!confirm(ctx_, "Play the 6-card tie-break now?")) return;
      if (enter(game_.tiebreak_spec(), kTiebreakDraft, st.leaders) == Step::Left) return leave();
    }
  }

 private:
  // A draft round number past the last round marks tie-break answers.
  static constexpr int kTiebreakDraft = kRounds + 1;

  // One player's answer in a walk: the score used and the text shown in brackets, which
  // Enter keeps. Empty until answered (or when a saved value no longer reads).
  struct Answer {
    std::optional<store::SeatScore> score;
    std::string text;
  };

  // A new round (or the tie-break) saves each answer as a draft and records the round; a
  // saved round revisited offers its values and saves a change as an edit.
  enum class Walk { New, Saved };

  // Prompts each seat of `seats` in turn, then saves the round (or the tie-break).
  Step enter(const RoundSpec& spec, int round, const std::vector<int>& seats) {
    std::vector<Answer> answers(seats.size());
    resume_draft(spec, round, seats, answers);
    std::size_t first = 0;
    while (first < seats.size() && answers[first].score) ++first;
    return walk(spec, round, seats, std::move(answers), first, Walk::New);
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
    const RoundSpec spec = game_.spec(round);
    const std::vector<int> seats = table::seats_in_round(game_, round);
    std::vector<Answer> answers(seats.size());
    for (std::size_t k = 0; k < seats.size(); ++k) {
      const auto seat = static_cast<std::size_t>(seats[k]);
      const store::ScoreCell& cell = game_.rounds[static_cast<std::size_t>(round - 1)].scores[seat];
      answers[k].text =
          cell.hand ? *cell.hand : std::to_string(cell.points) + (cell.went_out ? "*" : "");
      // Saved once already, so read back without the checks.
      if (const auto input = parse_score(answers[k].text, game_.seats[seat].name)) {
        if (auto entry = score_input(*input, spec, "", Checks::Force)) {
          answers[k].score = store::SeatScore{seats[k], std::move(entry).value()};
        }
      }
    }
    return walk(spec, round, seats, std::move(answers), 0, Walk::Saved);
  }

  // The one prompt loop of play: asks each seat from `i` on, the answer in brackets kept on
  // Enter and replaced by whatever is typed (the last answer typed is the one used), then
  // offers to save. "<" goes back a player, and from the first player a round.
  Step walk(const RoundSpec& spec, int round, const std::vector<int>& seats,
            std::vector<Answer> answers, std::size_t i, Walk kind) {
    const std::vector<Answer> before = answers;
    const auto header = [&] {
      if (kind == Walk::New) return;
      std::string line;
      for (std::size_t k = 0; k < seats.size(); ++k) {
        const store::ScoreCell& cell = game_.rounds[static_cast<std::size_t>(round - 1)]
                                           .scores[static_cast<std::size_t>(seats[k])];
        line += (line.empty() ? "" : ", ") + name_of(seats[k]) + " " + std::to_string(cell.points) +
                (cell.went_out ? "*" : "");
      }
      ctx_.out << "Back to " << spec.label << " (saved: " << sanitize(line)
               << "); Enter keeps a value\n";
    };
    const auto unchanged = [&] {
      return kind == Walk::Saved &&
             std::equal(answers.begin(), answers.end(), before.begin(),
                        [](const Answer& a, const Answer& b) { return same_score(a, b); });
    };
    header();
    for (;;) {
      if (i == seats.size()) {
        if (unchanged()) {
          ctx_.out << "  " << spec.label << " unchanged\n";
          return Step::Saved;
        }
        const auto answer = confirm_round(spec, round, answers);
        if (!answer) {
          if (kind == Walk::Saved) ctx_.out << "  " << spec.label << " unchanged\n";
          return Step::Left;
        }
        if (*answer) return Step::Saved;
        i = seats.size() - 1;  // "<" or a refused round: back to the last player
        continue;
      }
      Answer& now = answers[i];
      const std::string shown = now.text.empty() ? "" : " [" + sanitize(now.text) + "]";
      const auto reply = ask(ctx_, sanitize(name_of(seats[i])) + shown + ": ");
      if (!reply || is_quit(*reply)) {
        if (kind == Walk::Saved) ctx_.out << "  " << spec.label << " unchanged\n";
        return Step::Left;
      }
      if (kind == Walk::New && round <= kRounds) {
        if (const auto request = parse_join(*reply)) {
          if (!*request) {
            ctx_.out << "  " << sanitize(request->error()) << '\n';
          } else if (seat_arrival(**request)) {
            return Step::Joined;
          }
          continue;
        }
      }
      if (*reply == "<") {
        if (i > 0) {
          --i;
        } else if (kind == Walk::Saved && round == 1) {
          ctx_.out << "  (already at the first player)\n";
        } else if (revisit(round - 1) == Step::Left) {
          return Step::Left;
        } else {
          header();
        }
        continue;
      }
      if (reply->empty() && now.score) {
        ++i;
        continue;
      }
      if (reply->empty() || *reply == "?" || *reply == "help") {
        if (now.score)
          ctx_.out << "  Enter keeps " << sanitize(now.text) << "; otherwise as in any round:\n";
        ctx_.out << kHelp << (kind == Walk::New && round <= kRounds ? kJoinHelp : "") << kLeaveHelp;
        continue;
      }
      auto score = score_one(*reply, spec, round, seats[i]);
      if (!score) continue;
      now = Answer{std::move(score), *reply};
      if (kind == Walk::New) {
        store::Transaction tx(db_);
        store::save_draft_value(db_, game_.id, round, seats[i], *reply);
        tx.commit();
      }
      ++i;
    }
  }

  // Seats a late arrival as `crowns join` does (a name not seen before only once the table
  // says so), playing from the round being entered; says why not when the store refuses.
  bool seat_arrival(const JoinRequest& request) {
    bool add = false;
    if (!store::find_player(db_, request.name)) {
      if (!confirm(ctx_, "  " + sanitize(request.name) +
                             " has not played before: add them as a new player?")) {
        ctx_.out << "  nobody seated\n";
        return false;
      }
      add = true;
    }
    auto change = table::seat_arrival(
        db_, {.game = game_.id,
              .arrival = {.name = request.name, .total = request.total, .add_unknown = add},
              .basis = {.change = game_.last_change, .round = game_.next_round()}});
    if (!change) {
      if (change.refusal().kind == table::Refused::Stale)
        fail("game " + std::to_string(game_.id) +
             " changed in another terminal; run crowns play again");
      ctx_.out << "  " << sanitize(worded(change.refusal().message, change.refusal().hint)) << '\n';
      return false;
    }
    game_ = *change->game;
    ctx_.out << sanitize(change->entry.summary) << " (crowns undo takes it back)\n";
    print_scorecard(ctx_.out, ctx_.style, game_);
    return true;
  }

  // Whether two answers score the same (a value retyped as it was saved is no change).
  static bool same_score(const Answer& a, const Answer& b) {
    if (!a.score || !b.score) return !a.score && !b.score;
    const ScoreEntry& x = a.score->entry;
    const ScoreEntry& y = b.score->entry;
    return x.points == y.points && x.went_out == y.went_out && x.hand == y.hand;
  }

  const std::string& name_of(int seat) const {
    return game_.seats[static_cast<std::size_t>(seat)].name;
  }

  // Reads back what was typed before quitting, if it belongs to this round.
  void resume_draft(const RoundSpec& spec, int round, const std::vector<int>& seats,
                    std::vector<Answer>& answers) {
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
      auto input = parse_score(value, name_of(seat));
      if (!input) continue;
      // Accepted once already (perhaps after "keep it anyway?"), so not checked again.
      auto entry = score_input(*input, spec, "", Checks::Force);
      if (!entry) continue;
      line += (line.empty() ? "" : ", ") + name_of(seat) + " " + entry_text(*entry);
      answers[k] = Answer{store::SeatScore{seat, std::move(entry).value()}, value};
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
      ctx_.out << "  " << sanitize(worded(input.failure())) << '\n';
      return std::nullopt;
    }
    auto entry = score_input(*input, spec, name, Checks::Strict);
    if (!entry) {
      auto forced = score_input(*input, spec, name, Checks::Force);
      ctx_.out << "  " << sanitize(worded(entry.failure())) << '\n';
      if (!forced || !confirm(ctx_, "  Keep it anyway?")) return std::nullopt;
      entry = std::move(forced);
    }
    if (entry->solution) {
      // The standard rules: a game does not carry house rules yet (issue 47).
      HandReport report{.cards = entry->hand,
                        .wild_rank = spec.wild_rank,
                        .round = round <= kRounds ? std::optional<int>(round) : std::nullopt,
                        .mode = HandMode::Dealt,
                        .solution = *entry->solution,
                        .left_of_deal = spec.cards,
                        .rules = MeldRules{}};
      print_hand(ctx_.out, ctx_.style, report, "  ");
    }
    return store::SeatScore{seat, std::move(entry).value()};
  }

  // Shows the round and saves it on "y" (or Enter): a new round, a saved round changed (an
  // edit) or the tie-break. Returns true when saved, false to go back, none to leave.
  std::optional<bool> confirm_round(const RoundSpec& spec, int round,
                                    const std::vector<Answer>& answers) {
    std::vector<store::SeatScore> all;
    all.reserve(answers.size());
    for (const Answer& a : answers) all.push_back(*a.score);
    TerminalAsker asker(ctx_);
    if (auto settled =
            table::settle_went_out(asker, game_, all, std::nullopt, spec, Checks::Strict);
        !settled) {
      ctx_.out << "  " << sanitize(worded(settled.failure())) << '\n';
      return false;
    }
    std::string line;
    for (const store::SeatScore& s : all) {
      line += (line.empty() ? "" : ", ") + name_of(s.seat) + " " + std::to_string(s.entry.points) +
              (s.entry.went_out ? "*" : "");
    }
    const bool edit = round <= kRounds && round < game_.next_round().value_or(kTiebreakDraft);
    Checks checks = Checks::Strict;
    if (auto strict = table::check_scores(game_, all, std::nullopt, spec, Checks::Strict);
        !strict) {
      ctx_.out << "  " << sanitize(worded(strict.failure())) << '\n';
      if (!table::check_scores(game_, all, std::nullopt, spec, Checks::Force)) return false;
      if (!confirm(ctx_, "  Save it anyway?")) return false;
      checks = Checks::Force;
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
    // Through the table, as every door writes: the round is refused if the game changed since
    // this walk last saw it (another terminal, a phone), and a repeat is asked about.
    const table::Basis seen{.change = game_.last_change};
    const auto outcome =
        edit ? table::correct_round(db_,
                                    {.game = game_.id,
                                     .round = round,
                                     .scores = all,
                                     .checks = checks,
                                     .basis = seen},
                                    asker)
        : round <= kRounds
            ? table::record_round(db_,
                                  {.game = game_.id,
                                   .scores = all,
                                   .checks = checks,
                                   .basis = {.change = game_.last_change, .round = round},
                                   .typed_for = round},
                                  asker)
            : table::record_tiebreak(
                  db_, {.game = game_.id, .scores = all, .checks = checks, .basis = seen});
    if (!outcome) {
      const table::Refusal& refused = outcome.refusal();
      if ((refused.kind == table::Refused::Stale || refused.kind == table::Refused::NotNext) &&
          refused.game) {
        // Another door changed the game meanwhile. The round typed here is lost only when
        // the change was to that very round (recorded, corrected or undone there); otherwise
        // the walk says what changed and offers to save again over the game as it is now.
        const store::Game& now = *refused.game;
        const auto index = static_cast<std::size_t>(round - 1);
        const bool same_round = edit ? round <= now.rounds_played() &&
                                           round <= game_.rounds_played() &&
                                           now.rounds[index] == game_.rounds[index]
                                     : round > kRounds || now.next_round() == round;
        if (!same_round || now.status == store::GameStatus::Abandoned) {
          show_lost_answers(now, round, answers);
          fail("game " + std::to_string(game_.id) +
               " changed in another terminal; run crowns play again");
        }
        for (const auto& entry : refused.since)
          ctx_.out << "  meanwhile: " << sanitize(entry.summary) << '\n';
        game_ = now;
        return false;  // back to the last player: Enter keeps each answer, then save again
      }
      if (refused.kind == table::Refused::Declined) {
        ctx_.out << "  " << sanitize(worded(refused.message, refused.hint)) << '\n';
        return false;
      }
      fail_refusal(refused);
    }
    const store::Change& change = outcome->change;
    game_ = *change.game;
    if (edit) ctx_.out << sanitize(change.entry.summary) << '\n';
    if (round <= kRounds) {
      print_scorecard(ctx_.out, ctx_.style, game_);
    } else {
      print_outlook(ctx_.out, ctx_.style, game_);
    }
    return true;
  }

  // A save refused because another terminal changed the game: what was typed here, beside
  // what the other terminal saved for that round, and the edit that would keep these values.
  void show_lost_answers(const store::Game& now, int round,
                         const std::vector<Answer>& answers) const {
    std::string typed;
    std::string edit_args;
    for (const Answer& a : answers) {
      typed += (typed.empty() ? "" : ", ") + name_of(a.score->seat) + " " + a.text;
      edit_args += " " + shell_word(name_of(a.score->seat) + "=" + a.text);
    }
    const std::string label = "Round " + std::to_string(round);
    if (round >= 1 && round <= now.rounds_played()) {
      ctx_.out << label << " was saved in another terminal meanwhile:\n"
               << "  there  "
               << sanitize(store::round_line(now, now.rounds[static_cast<std::size_t>(round - 1)]))
               << "\n  here   " << sanitize(typed) << "  (not saved)\n";
      if (now.status != store::GameStatus::Abandoned) {
        ctx_.out << "To keep the values typed here: crowns edit --game " << now.id << ' ' << round
                 << sanitize(edit_args) << '\n';
      }
    } else {
      ctx_.out << "Not saved (" << label << "): " << sanitize(typed) << '\n';
    }
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
    const StartedGame started =
        start_at_terminal(ctx, db, new_game_spec(opts.players, opts.flags), opts.flags);
    note_others_in_progress(ctx, started);
    game = started.game;
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
  add_game_option(*sub, ctx, opts->game);
  add_new_game_options(*sub, opts->flags);
  sub->callback([opts, &ctx] { run_play(*opts, ctx); });
}

}  // namespace crowns::cli
