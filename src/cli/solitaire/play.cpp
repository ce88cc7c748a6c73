#include "cli/solitaire/play.hpp"

#include <algorithm>
#include <charconv>

#include "cli/hint_words.hpp"
#include "cli/session.hpp"
#include "cli/views/progress.hpp"
#include "cli/views/solitaire.hpp"
#include "crowns/names.hpp"
#include "crowns/plural.hpp"
#include "store/db.hpp"
#include "views/hand.hpp"

namespace crowns::cli {
namespace {

using namespace crowns::solitaire;

// Chance-to-win samples behind the `hint` line: a rough figure (an interval some 30 points
// wide) that keeps most hints to a second or two; the time limit bounds the rest.
constexpr int kHintSamples = 30;
constexpr std::uint64_t kOddsSeed = 1;

void save(store::Database& db, store::SolitaireGame& game) {
  store::Transaction tx(db);
  store::save_solitaire(db, game);
  tx.commit();
}

void print_position(Context& ctx, const store::SolitaireGame& game, const State& state) {
  const int open = state.open_piles();
  ctx.out << '\n'
          << ctx.style.bold("Solitaire") << " game " << game.id << ", "
          << (game.seed ? "seed " + std::to_string(*game.seed) : std::string("real cards"))
          << views::meld_rules_note(game.rules);  // a house rule the piles close under
  if (state.outcome() == Outcome::Playing) {
    ctx.out << ": play " << state.plays + 1 << " of " << kStockSize << ", " << counted(open, "pile")
            << " open\n";
  } else {
    ctx.out << ": after " << state.plays << " plays\n";
  }
  print_piles(ctx.out, ctx.style, state);
}

// "3 Kd" -> a move; fails naming the bad token.
Expected<Move> parse_play(const std::string& answer) {
  const auto words_begin = answer.find_first_not_of(' ');
  const auto space = answer.find(' ', words_begin);
  const std::string form =
      " (answer PILE CARD, e.g. '3 Kd': put the turned card into pile 3 and discard Kd)";
  if (words_begin == std::string::npos || space == std::string::npos)
    return Failure{quote_token(answer) + " is not a play" + form};
  const std::string pile_word = answer.substr(words_begin, space - words_begin);
  std::string card_word = answer.substr(space + 1);
  card_word.erase(0, card_word.find_first_not_of(' '));
  card_word.erase(card_word.find_last_not_of(' ') + 1);
  int pile = 0;
  const auto [end, ec] =
      std::from_chars(pile_word.data(), pile_word.data() + pile_word.size(), pile);
  if (ec != std::errc() || end != pile_word.data() + pile_word.size() || pile < 1 ||
      pile > kPiles) {
    return Failure{"pile " + quote_token(pile_word) + " does not exist (piles are 1-" +
                   std::to_string(kPiles) + ")"};
  }
  auto card = parse_card(card_word);
  if (!card) return Failure{worded(card.failure()) + form};
  return Move{pile, *card};
}

void finish(Context& ctx, store::Database& db, store::SolitaireGame& game, const State& state) {
  game.status =
      state.outcome() == Outcome::Won ? store::SolitaireStatus::Won : store::SolitaireStatus::Lost;
  game.finished_at = store::now_timestamp();
  save(db, game);
  print_position(ctx, game, state);
  if (game.status == store::SolitaireStatus::Won) {
    ctx.out << ctx.style.green("Won") << ": all " << kPiles << " piles closed in " << state.plays
            << " plays\n";
  } else {
    ctx.out << ctx.style.red("Lost") << ": " << kPiles - state.open_piles() << " of " << kPiles
            << " piles closed (" << state.open_piles() << " open, " << state.plays_left()
            << " plays left)\n";
  }
}

void error_line(Context& ctx, const std::string& message) {
  ctx.err << "crowns: error: " << sanitize(message) << '\n';
}

void leave(Context& ctx, const store::SolitaireGame& game, const State& state) {
  ctx.out << "Saved game " << game.id << " at play " << state.plays + 1
          << "; run 'crowns solitaire' to resume it\n";
}

// Applies and saves one play.
void record(store::Database& db, store::SolitaireGame& game, State& state, Card turned,
            const Move& move) {
  apply_move(state, turned, move);
  game.plays.push_back({turned, move});
  game.piles_closed = kPiles - state.open_piles();
  save(db, game);
}

// Asks for the card turned from a real stock; none when the player leaves.
std::optional<Card> ask_turned(Context& ctx, const State& state) {
  for (;;) {
    const auto answer = ask(ctx, "Card turned from the stock (or q): ");
    if (!answer || *answer == "q") return std::nullopt;
    auto card = parse_card(*answer);
    if (!card) {
      error_line(ctx, worded(card.failure()));
      continue;
    }
    OneBox box;
    for (const auto& pile : state.piles) (void)box.add(pile);
    (void)box.add(state.dead);
    const char* gone = card->is_joker() ? " (all 6 of the box are on the table or dead)"
                                        : " (both of the box are on the table or dead)";
    if (auto fits = box.add(std::span(&*card, 1), gone); !fits) {
      error_line(ctx, worded(fits.failure()));
      continue;
    }
    return *card;
  }
}

}  // namespace

State replay(const store::SolitaireGame& game) {
  State state(game.piles, game.rules);
  for (const auto& play : game.plays) apply_move(state, play.turned, play.move);
  return state;
}

std::optional<Card> next_stock_card(const store::SolitaireGame& game) {
  if (!game.stock || game.plays.size() >= game.stock->size()) return std::nullopt;
  return (*game.stock)[game.plays.size()];
}

WinEstimate chance_to_win(Context& ctx, const State& state, std::optional<Card> turned,
                          const SamplingLimits& limits) {
  ProgressLine progress(ctx.err, limits.progress,
                        {.what = "Sampling the chance to win",
                         .total = limits.samples,
                         .unit = "sample",
                         .limit = limits.time});
  Sampling sampling{.samples = limits.samples, .seed = kOddsSeed, .jobs = limits.jobs};
  sampling.keep_going = [&progress, &limits](int finished) {
    progress.set_done(finished);
    return !limits.time || progress.elapsed() < *limits.time;
  };
  return estimate_win(state, turned, sampling);
}

void play_solitaire(Context& ctx, store::Database& db, store::SolitaireGame& game, int hint_time) {
  State state = replay(game);
  if (game.id == 0) save(db, game);
  while (state.outcome() == Outcome::Playing) {
    print_position(ctx, game, state);
    if (!game.stock) {  // real cards: the advisor plays each card turned
      const auto turned = ask_turned(ctx, state);
      if (!turned) return leave(ctx, game, state);
      const Advice advice = advise(state, *turned, unseen_cards(state, *turned));
      ctx.out << "Play: " << advice_text(ctx.style, advice, *turned) << '\n';
      record(db, game, state, *turned, advice.move);
      continue;
    }
    const Card turned = *next_stock_card(game);
    ctx.out << "Turned: " << ctx.style.card(turned) << "   (" << kStockSize - state.plays - 1
            << " left in the stock)\n";
    for (;;) {
      const auto answer = ask(ctx, "Your play (PILE CARD to discard, hint, q): ");
      if (!answer || *answer == "q") return leave(ctx, game, state);
      if (answer->find_first_not_of(' ') == std::string::npos) continue;
      if (*answer == "hint") {
        const auto unseen = unseen_cards(state, turned);
        const Advice advice = advise(state, turned, unseen);
        // The play first, at once: a position the plan search cannot decide is sampled, and
        // that can take seconds (docs/SOLITAIRE.md).
        ctx.out << "Hint: " << advice_text(ctx.style, advice, turned) << '\n' << std::flush;
        const auto odds = chance_to_win(
            ctx, state, turned,
            {.samples = kHintSamples, .time = hint_time, .progress = progress_wanted()});
        ctx.out << "Chance to win: " << odds_text(odds, hint_time) << '\n';
        ++game.hints;
        save(db, game);
        continue;
      }
      auto move = parse_play(*answer);
      if (move) {
        if (auto ok = check_move(state, turned, *move); !ok) move = ok.failure();
      }
      if (!move) {
        error_line(ctx, worded(move.failure()));
        continue;
      }
      record(db, game, state, turned, *move);
      break;
    }
  }
  finish(ctx, db, game, state);
}

}  // namespace crowns::cli
