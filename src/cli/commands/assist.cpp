// crowns assist: the move assistant follows a real round card by card. The player types the
// dealt hand once, then at each turn the top discard and the card drawn; the assistant answers
// with the advisor's move (the same answer as crowns advise), the melds, the outs and the odds.
// The session (setup + answers) is saved after every answer: q and crowns assist resume it.
// docs/ASSIST.md.

#include "cli/views/assist.hpp"

#include <fmt/format.h>

#include <CLI/CLI.hpp>

#include "cli/commands.hpp"
#include "cli/hint_words.hpp"
#include "cli/input/meld_switches.hpp"
#include "cli/options.hpp"
#include "cli/session.hpp"
#include "cli/views/advice.hpp"
#include "crowns/ascii.hpp"
#include "crowns/assist.hpp"
#include "crowns/names.hpp"
#include "crowns/plural.hpp"
#include "crowns/rules.hpp"
#include "crowns/scoring.hpp"
#include "store/assist.hpp"
#include "store/db.hpp"
#include "store/players.hpp"
#include "store/rounds.hpp"
#include "views/hand.hpp"

namespace crowns::cli {
namespace {

using assist::Ask;

struct AssistOptions {
  std::optional<int> round;
  std::optional<int> players;
  std::optional<int> boxes;
  std::optional<std::string> me;
  std::optional<std::int64_t> game;
  bool fresh = false;
  bool json = false;
  MeldSwitches melds;
};

constexpr std::string_view kKeys =
    "  < undoes the last answer, ? explains, q leaves (crowns assist resumes)\n";

bool is_quit(std::string_view reply) {
  const std::string low = ascii_lower(reply);
  return low == "q" || low == "quit" || low == "exit";
}

// Each round's deal under the game's order, as far as it is dealt: a random order's later
// rounds are not known yet (they read as the standard round until dealt; the session asks
// for a round's cards only once the game has dealt it: AssistLoop::round_dealt).
RoundSequence game_deals(const store::Game& game) {
  RoundSequence deals = round_sequence(RoundOrder::Up);
  for (int r = 1; r <= kRounds; ++r) {
    if (const auto deal = game.deal(r)) deals[static_cast<std::size_t>(r - 1)] = *deal;
  }
  return deals;
}

class AssistLoop {
 public:
  AssistLoop(Context& ctx, store::Database& db, store::AssistRecord record, assist::Session session,
             bool json)
      : ctx_(ctx), db_(db), record_(std::move(record)), session_(std::move(session)), json_(json) {}

  void run() {
    for (;;) {
      const Ask ask = session_.asking();
      if (ask == Ask::Hand && !round_dealt()) {
        save();
        ctx_.out << "Round " << session_.round() << " of game " << *record_.game_id
                 << " is not dealt yet (random order: its cards and wild come when round "
                 << session_.round() - 1 << " is recorded); crowns assist resumes then\n";
        return;
      }
      if (ask == Ask::Finished) {
        record_.done = true;
        save();
        ctx_.out << "Round 11 is played: the session is over\n";
        return;
      }
      show_advice();
      if (ask == Ask::RoundEnd && shown_result_ != session_.answers().size()) {
        show_result();
        shown_result_ = session_.answers().size();
      }
      const auto reply = ask_user(prompt());
      if (!reply || is_quit(*reply)) return leave();
      const std::string text(ascii_trim(*reply));
      if (text == "<") {
        undo();
        continue;
      }
      if (text == "?" || ascii_lower(text) == "help") {
        explain();
        continue;
      }
      std::string answer = text;
      if (ask == Ask::RoundEnd) {
        answer = record(text);
      } else if (text.empty() && default_answer_) {
        answer = *default_answer_;
      }
      if (auto ok = session_.answer(answer); !ok) {
        error_line(worded(ok.failure()));
        continue;
      }
      save();
      if (ascii_lower(answer) == "shuffle")
        ctx_.out << "  the discard pile is the new stock: its cards can come up again\n";
    }
  }

 private:
  std::optional<std::string> ask_user(const std::string& prompt) { return ask(ctx_, prompt); }

  // Whether the game followed has dealt the round about to be asked for (a random order deals
  // each round when the one before is recorded); learns its cards and wild when it has.
  bool round_dealt() {
    if (!record_.game_id) return true;
    const auto game = store::load_game(db_, *record_.game_id);
    if (!game || game->rules.order != RoundOrder::Random) return true;
    record_.setup.deals = game_deals(*game);
    session_.set_deals(record_.setup.deals);
    return game->deal(session_.round()).has_value();
  }

  void error_line(const std::string& message) {
    ctx_.err << "crowns: error: " << sanitize(message) << '\n';
  }

  void save() {
    record_.answers = session_.answers();
    store::Transaction tx(db_);
    store::save_assist(db_, record_);
    tx.commit();
  }

  void leave() {
    save();
    ctx_.out << "Saved; crowns assist resumes at this question\n";
  }

  void undo() {
    if (!session_.undo()) {
      ctx_.out << "  (nothing to undo)\n";
      return;
    }
    save();
    shown_advice_.reset();
    shown_result_.reset();
    ctx_.out << "  undone\n";
  }

  // The player the Others question is about: the name in a game; standalone "Next player",
  // then "Player 3" (counting you as player 1).
  std::string others_name() const {
    const std::string name = session_.name_after_me(session_.others_turn());
    if (!name.empty()) return sanitize(name);
    return session_.others_turn() == 1 ? "Next player"
                                       : "Player " + std::to_string(session_.others_turn() + 1);
  }

  std::string prompt() {
    default_answer_.reset();
    const int round = session_.round();
    switch (session_.asking()) {
      case Ask::Hand:
        return fmt::format("Round {} · {} · {}s wild: your cards: ", round,
                           counted(session_.dealt(), "card"), rank_name(session_.wild_rank()));
      case Ask::Top:
        if (session_.top()) {
          default_answer_ = to_string(*session_.top());
          return std::string(session_.last_turn() ? "Last turn. " : "") + "Top discard [" +
                 *default_answer_ + "]: ";
        }
        return std::string(session_.last_turn() ? "Last turn. " : "") + "Top discard: ";
      case Ask::Drawn:
        if (advice_take_) default_answer_ = "t";
        return "Card drawn (t: you took " + to_string(*session_.top()) + ")" +
               (advice_take_ ? " [t]" : "") + ": ";
      case Ask::Thrown:
        if (advised_throw_) default_answer_ = to_string(*advised_throw_);
        return "You threw" + (advised_throw_ ? " [" + to_string(*advised_throw_) + "]" : "") + ": ";
      case Ask::Others:
        return others_name() + " threw (t CARD: took the top first; out NAME; Enter: your turn): ";
      case Ask::RoundEnd:
        if (record_.game_id && !session_.setup().names.empty())
          return "Put it on the score sheet for crowns play? [y/N] ";
        return "Enter for the next round: ";
      case Ask::Finished: return "";
    }
    return "";
  }

  // The advice for the question about to be asked, once per state.
  void show_advice() {
    const Ask ask = session_.asking();
    if (ask != Ask::Drawn && ask != Ask::Thrown) return;
    if (shown_advice_ == session_.answers().size()) return;
    shown_advice_ = session_.answers().size();
    const Situation s = session_.draw_situation();
    const Unseen unseen = need(check_situation(s));
    const DrawAdvice draw = advise_draw(s, unseen);
    if (ask == Ask::Drawn || session_.taken()) {
      // Before drawing, and after a take: the draw decision's answer (its take plan's discard).
      advice_take_ = draw.take;
      advised_throw_ = draw.discard;
      if (json_) return trace(s, unseen);
      if (ask == Ask::Drawn) return print_assist_draw(ctx_.out, ctx_.style, s, unseen, draw);
      return print_assist_take_throw(ctx_.out, ctx_.style, s, unseen, draw);
    }
    const Situation d = session_.discard_situation();
    const Unseen after = need(check_situation(d));
    const DiscardAdvice discard = advise_discard(d, after);
    advised_throw_ = discard.options.front().discard;
    if (json_) return trace(d, after);
    print_assist_throw(ctx_.out, ctx_.style, d, after, discard);
  }

  // --json: the situation as an advise --batch request and the answer advise gives it.
  void trace(const Situation& s, const Unseen& unseen) {
    nlohmann::ordered_json line;
    line["request"] = request_json(s);
    line["answer"] = advice_json(s, unseen);
    ctx_.out << dump_json(line) << '\n' << std::flush;
  }

  void show_result() {
    const auto& r = *session_.result();
    if (r.went_out) {
      ctx_.out << ctx_.style.bold(fmt::format("Round {}: you went out", r.round)) << " · 0*\n";
    } else {
      ctx_.out << ctx_.style.bold(fmt::format("Round {} is over", r.round))
               << (r.out_by && !r.out_by->empty() ? " (" + sanitize(*r.out_by) + " went out)"
                                                  : std::string())
               << ": your best lay-down\n";
    }
    // Under the session's rules: the game's, or the standalone flags.
    const assist::Setup& setup = session_.setup();
    const RoundDeal deal = setup.deals[static_cast<std::size_t>(r.round - 1)];
    HandReport report{.cards = r.hand,
                      .wild_rank = deal.wild_rank,
                      .round = r.round,
                      .mode = HandMode::Dealt,
                      .solution = solve(r.hand, deal.wild_rank, HandMode::Dealt, setup.rules),
                      .left_of_deal = deal.cards,
                      .rules = setup.rules};
    if (!r.went_out) print_hand(ctx_.out, ctx_.style, report, "  ");
    ctx_.out << "  your score: " << ctx_.style.bold(r.went_out ? "0*" : std::to_string(r.score))
             << '\n';
  }

  // The answer to "put it on the score sheet?": saves the value as the play draft of my seat
  // (crowns play then shows it typed) when the game still waits for this round.
  std::string record(const std::string& text) {
    if (!record_.game_id || session_.setup().names.empty()) return "";
    if (!is_yes(text)) return "n";
    const auto& r = *session_.result();
    const int seat = session_.setup().me;
    const std::string& name = session_.setup().names[static_cast<std::size_t>(seat)];
    std::string value = "0*";
    if (!r.went_out) {
      value.clear();
      for (Card c : r.hand) value += (value.empty() ? "" : " ") + to_string(c);
    }
    store::Transaction tx(db_);
    const auto game = store::require_game(db_, *record_.game_id, store::Pick::Latest);
    if (!game) {
      error_line(worded(game.failure()) + "; not recorded");
      return "n";
    }
    const auto next = store::require_next_round(*game);
    if (!next || *next != r.round) {
      error_line("game " + std::to_string(game->id) + " is not waiting for round " +
                 std::to_string(r.round) + " (" +
                 (next ? "it is at round " + std::to_string(*next) : worded(next.failure())) +
                 "); not recorded");
      return "n";
    }
    const RoundSpec spec = game->spec(r.round);  // the game's cards, wild and meld rules
    auto input = parse_score(value, name);
    auto entry = input ? score_input(*input, spec, name, Checks::Strict)
                       : Expected<ScoreEntry>(input.failure());
    if (!entry) {
      error_line(worded(entry.failure()) + "; not recorded");
      return "n";
    }
    store::save_draft_value(db_, game->id, r.round, seat, entry_text(*entry));
    tx.commit();
    ctx_.out << "  " << sanitize(name) << " " << entry_text(*entry) << " is in round " << r.round
             << " of game " << game->id << "; crowns play asks for the others' scores\n";
    return "y";
  }

  void explain() {
    switch (session_.asking()) {
      case Ask::Hand:
        ctx_.out << "  type the cards you were dealt, e.g. 7h 8h Kd (jk for a joker, 10s or Ts)\n";
        break;
      case Ask::Top:
        ctx_.out
            << "  type the top card of the discard pile (Enter keeps the one shown);\n"
               "  out NAME if someone went out before your turn (your turn is then the last)\n";
        break;
      case Ask::Drawn:
        ctx_.out << "  type the card you drew from the deck, or t if you took the top discard\n"
                    "  (Enter follows the advice when it is to take)\n";
        break;
      case Ask::Thrown: ctx_.out << "  type the card you threw (Enter: the advised one)\n"; break;
      case Ask::Others:
        ctx_.out << "  what " << others_name()
                 << " did (players counted from you as 1): the card they threw (they\n"
                    "  drew from the deck), t CARD if they took the top discard and threw CARD,\n"
                    "  out NAME [CARD] when someone went out; Enter when it is your turn (the\n"
                    "  rest is skipped)\n";
        break;
      case Ask::RoundEnd:
        ctx_.out << "  y puts your score in the game's next round (crowns play shows it);\n"
                    "  anything else goes on without recording\n";
        break;
      case Ask::Finished: break;
    }
    if (session_.asking() == Ask::Top || session_.asking() == Ask::Drawn ||
        session_.asking() == Ask::Others)
      ctx_.out << "  shuffle: the stock ran out and the discard pile became the new stock\n";
    ctx_.out << "  the advice ranks by value (lower is better): the points expected at the end\n"
                "  of the round, less what the others still hold when you go out first\n"
             << kKeys;
  }

  Context& ctx_;
  store::Database& db_;
  store::AssistRecord record_;
  assist::Session session_;
  bool json_;
  std::optional<std::size_t> shown_advice_;
  std::optional<std::size_t> shown_result_;
  bool advice_take_ = false;
  std::optional<Card> advised_throw_;
  std::optional<std::string> default_answer_;
};

int seat_of(const store::Game& game, const std::string& me) {
  for (const auto& seat : game.seats) {
    if (ascii_lower(seat.name) == ascii_lower(me)) return seat.seat;
  }
  std::string names;
  for (const auto& seat : game.seats) names += (names.empty() ? "" : ", ") + seat.name;
  fail(quote_token(me) + " does not play in game " + std::to_string(game.id) + " (" + names +
       "); say which seat is yours with --me NAME");
}

store::AssistRecord new_session(const AssistOptions& opts, Context& ctx, store::Database& db) {
  store::AssistRecord record;
  record.me = opts.me ? opts.me : store::remembered_me(db);
  const bool standalone = opts.round || opts.players || opts.boxes;
  if (standalone) {
    if (opts.game)
      fail("give --game (follow a game) or --round/--players (standalone), not both",
           ExitCode::Usage);
    record.setup.round = opts.round.value_or(1);
    record.setup.players = opts.players.value_or(2);
    record.setup.boxes = opts.boxes.value_or(1);
    record.setup.rules = opts.melds.rules();
  } else {
    const std::int64_t id = opts.game ? *opts.game : [&] {
      if (store::games_in_progress(db, store::InProgress::Rounds).empty()) {
        fail(
            "no game in progress to follow: give --round R --players N to assist on "
            "your own, or start a game with crowns new",
            ExitCode::Usage);
      }
      return game_being_played(ctx, db, store::InProgress::Rounds);
    }();
    const store::Game game = need(store::require_game(db, id, store::Pick::Latest));
    const int round = need(store::require_next_round(game));
    if (!record.me) {
      std::string names;
      for (const auto& seat : game.seats) names += (names.empty() ? "" : ", ") + seat.name;
      fail("which seat is yours? give --me NAME (game " + std::to_string(game.id) + ": " + names +
               ")",
           ExitCode::Usage);
    }
    need(check_against_game(opts.melds, game.rules.melds(), game.id));
    record.game_id = game.id;
    record.setup.round = round;
    record.setup.rules = game.rules.melds();
    record.setup.deals = game_deals(game);
    record.setup.players = game.players();
    record.setup.boxes = game.boxes;
    for (const auto& seat : game.seats) record.setup.names.push_back(seat.name);
    record.setup.me = seat_of(game, *record.me);
    record.me = record.setup.names[static_cast<std::size_t>(record.setup.me)];
  }
  need(assist::Session::check(record.setup));
  return record;
}

void run_assist(const AssistOptions& opts, Context& ctx) {
  auto db = open_store(ctx, store::Access::Write);
  const bool starts_new = opts.fresh || opts.round || opts.players || opts.boxes || opts.game ||
                          opts.me || opts.melds.any();
  std::optional<store::AssistRecord> record;
  if (!starts_new) record = store::active_assist(db);
  if (record) {
    auto session = need(assist::Session::replay(record->setup, record->answers));
    ctx.out << "Resuming the assist session of " << record->started_at.substr(0, 10) << " (round "
            << session.round() << ")\n";
    print_assist_resume(ctx.out, ctx.style, session);
    AssistLoop(ctx, db, std::move(*record), std::move(session), opts.json).run();
    return;
  }
  store::AssistRecord fresh = new_session(opts, ctx, db);
  {
    store::Transaction tx(db);
    store::close_assists(db);
    store::save_assist(db, fresh);
    tx.commit();
  }
  const auto& s = fresh.setup;
  ctx.out << "Assisting "
          << (fresh.game_id ? sanitize(*fresh.me) + " in game " + std::to_string(*fresh.game_id)
                            : std::string("you"))
          << ": " << counted(s.players, "player") << (s.boxes == 2 ? ", two boxes" : "")
          << ", from round " << s.round << views::meld_rules_note(s.rules) << '\n'
          << kKeys;
  assist::Session session(fresh.setup);
  AssistLoop(ctx, db, std::move(fresh), std::move(session), opts.json).run();
}

}  // namespace

void setup_assist(CLI::App& app, Context& ctx) {
  auto opts = std::make_shared<AssistOptions>();
  auto* sub = app.add_subcommand(
      "assist", "The move assistant: follows your round card by card and advises each turn");
  sub->add_option("-r,--round", opts->round, "Standalone: the round to start at (default 1)")
      ->check(whole_number(1, kRounds));
  sub->add_option("-p,--players", opts->players, "Standalone: players at the table (default 2)")
      ->check(whole_number(kMinPlayers, kMaxPlayers));
  sub->add_option("--boxes", opts->boxes, "Standalone: boxes combined (1, or 2 for up to 14)")
      ->check(whole_number(1, kMaxBoxes));
  sub->add_option("--me", opts->me, "Your name in the game followed (remembered)");
  add_meld_switches(*sub, opts->melds, MeldDefault::GameOrStandard);
  add_game_option(*sub, ctx, opts->game);
  sub->add_flag("--new", opts->fresh, "Start a new session (the one going on ends)");
  sub->add_flag("--json", opts->json,
                "Print each answer as a JSON line: the advise --batch request and its answer");
  sub->callback([opts, &ctx] { run_assist(*opts, ctx); });
}

}  // namespace crowns::cli
