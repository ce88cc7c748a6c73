#pragma once
// Every subcommand's setup function: one file per subcommand in src/cli/cmd_*.cpp.

#include <span>

#include "cli/context.hpp"

namespace crowns::cli {

void setup_analyze(CLI::App& app, Context& ctx);
// Scorekeeping (docs/SCOREKEEPING.md).
void setup_new(CLI::App& app, Context& ctx);
void setup_round(CLI::App& app, Context& ctx);
void setup_show(CLI::App& app, Context& ctx);
void setup_edit(CLI::App& app, Context& ctx);
void setup_undo(CLI::App& app, Context& ctx);
void setup_log(CLI::App& app, Context& ctx);
void setup_tiebreak(CLI::App& app, Context& ctx);
void setup_abandon(CLI::App& app, Context& ctx);
void setup_delete(CLI::App& app, Context& ctx);
void setup_games(CLI::App& app, Context& ctx);
void setup_player(CLI::App& app, Context& ctx);
void setup_play(CLI::App& app, Context& ctx);
// Seasons and statistics (docs/STATS.md).
void setup_season(CLI::App& app, Context& ctx);
void setup_leaderboard(CLI::App& app, Context& ctx);
void setup_stats(CLI::App& app, Context& ctx);
void setup_h2h(CLI::App& app, Context& ctx);
void setup_records(CLI::App& app, Context& ctx);
void setup_chart(CLI::App& app, Context& ctx);
// Data in and out (docs/DATA.md).
void setup_export(CLI::App& app, Context& ctx);
void setup_import(CLI::App& app, Context& ctx);
void setup_backup(CLI::App& app, Context& ctx);
void setup_restore(CLI::App& app, Context& ctx);

/// The table of subcommands, in the order --help lists them.
std::span<const Command> commands();

}  // namespace crowns::cli
