// crowns new: seat the players of a new game and show who deals round 1.

#include <CLI/CLI.hpp>
#include <algorithm>
#include <nlohmann/json.hpp>

#include "cli/asking.hpp"
#include "cli/commands.hpp"
#include "cli/input/new_game.hpp"
#include "cli/options.hpp"
#include "cli/session.hpp"
#include "cli/views/scorecard_text.hpp"
#include "cli/views/written.hpp"
#include "crowns/names.hpp"
#include "store/audit.hpp"
#include "store/db.hpp"
#include "views/game_times.hpp"

namespace crowns::cli {
namespace {

struct NewOptions {
  std::vector<std::string> players;
  NewGameFlags flags;
  bool json = false;
};

// Whether `entry` added one of the players seated at `game`.
bool seated_player_added(const store::Game& game, const store::AuditEntry& entry) {
  if (entry.action != "player.add" || !entry.new_value) return false;
  const auto added = nlohmann::json::parse(*entry.new_value, nullptr, false);
  if (!added.is_object() || !added.contains("id") || !added["id"].is_number_integer()) return false;
  const auto id = added["id"].get<std::int64_t>();
  return std::any_of(game.seats.begin(), game.seats.end(),
                     [&](const store::SeatInfo& seat) { return seat.player_id == id; });
}

void run_new(const NewOptions& opts, Context& ctx) {
  auto db = open_store(ctx, store::Access::Write);
  const std::int64_t before = store::last_entry_id(db);
  const StartedGame started =
      start_at_terminal(ctx, db, new_game_spec(opts.players, opts.flags), opts.flags, !opts.json);
  if (opts.json) {
    // What it logged: the players --add added, then the game; another writer's entries meanwhile
    // (a phone, another terminal) are left out.
    std::vector<store::AuditEntry> logged;
    for (auto& entry : store::entries_after(db, before)) {
      if (entry.game_id == started.game.id ? entry.action == "new"
                                           : seated_player_added(started.game, entry))
        logged.push_back(std::move(entry));
    }
    print_written(ctx, logged, "game", views::game_json(db, started.game));
    return;
  }
  print_scorecard(ctx.out, ctx.style, started.game);
  note_others_in_progress(ctx, started);
}

}  // namespace

void setup_new(CLI::App& app, Context& ctx) {
  auto opts = std::make_shared<NewOptions>();
  auto* sub = app.add_subcommand("new", "Start a game: players in seating order (clockwise)");
  sub->add_option("players", opts->players, "2-8 names (up to 14 with --boxes 2)")->required();
  add_new_game_options(*sub, opts->flags);
  sub->add_flag("--json", opts->json, kGameWrittenJson);
  sub->callback([opts, &ctx] { run_new(*opts, ctx); });
}

}  // namespace crowns::cli
