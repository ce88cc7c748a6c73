#pragma once
// Every subcommand's setup function: one file per subcommand in src/cli/commands/.

#include "cli/context.hpp"

namespace crowns::cli {

void setup_analyze(CLI::App& app, Context& ctx);
// Move advice (docs/ADVICE.md).
void setup_advise(CLI::App& app, Context& ctx);
void setup_odds(CLI::App& app, Context& ctx);
void setup_assist(CLI::App& app, Context& ctx);  // docs/ASSIST.md
// Scorekeeping (docs/SCOREKEEPING.md).
void setup_new(CLI::App& app, Context& ctx);
void setup_join(CLI::App& app, Context& ctx);
void setup_round(CLI::App& app, Context& ctx);
void setup_show(CLI::App& app, Context& ctx);
void setup_edit(CLI::App& app, Context& ctx);
void setup_undo(CLI::App& app, Context& ctx);
void setup_log(CLI::App& app, Context& ctx);
void setup_tiebreak(CLI::App& app, Context& ctx);
void setup_abandon(CLI::App& app, Context& ctx);
void setup_reopen(CLI::App& app, Context& ctx);
void setup_details(CLI::App& app, Context& ctx);
void setup_delete(CLI::App& app, Context& ctx);
void setup_games(CLI::App& app, Context& ctx);
void setup_player(CLI::App& app, Context& ctx);
void setup_play(CLI::App& app, Context& ctx);
// Solitaire (docs/SOLITAIRE.md).
void setup_solitaire(CLI::App& app, Context& ctx);
// Seasons and statistics (docs/STATS.md).
void setup_season(CLI::App& app, Context& ctx);
void setup_leaderboard(CLI::App& app, Context& ctx);
void setup_stats(CLI::App& app, Context& ctx);
void setup_h2h(CLI::App& app, Context& ctx);
void setup_records(CLI::App& app, Context& ctx);
void setup_tonight(CLI::App& app, Context& ctx);
void setup_sync(CLI::App& app, Context& ctx);
void setup_chart(CLI::App& app, Context& ctx);
// Data in and out (docs/DATA.md).
void setup_export(CLI::App& app, Context& ctx);
void setup_import(CLI::App& app, Context& ctx);
void setup_backup(CLI::App& app, Context& ctx);
void setup_restore(CLI::App& app, Context& ctx);
// Reports, help and the shell (docs/REPORT.md).
void setup_report(CLI::App& app, Context& ctx);
// The live scorecard on the network (docs/SERVE.md).
void setup_serve(CLI::App& app, Context& ctx);
void setup_rules(CLI::App& app, Context& ctx);
void setup_help(CLI::App& app, Context& ctx);
void setup_version(CLI::App& app, Context& ctx);
void setup_completion(CLI::App& app, Context& ctx);

}  // namespace crowns::cli
