#include <CLI/CLI.hpp>
#include <algorithm>
#include <array>
#include <iostream>

#include "cli/commands.hpp"
#include "cli/context.hpp"
#include "crowns/names.hpp"

namespace crowns::cli {
namespace {

constexpr std::array kCommands = {
    Command{"analyze", setup_analyze},
    Command{"new", setup_new},
    Command{"round", setup_round},
    Command{"show", setup_show},
    Command{"edit", setup_edit},
    Command{"undo", setup_undo},
    Command{"log", setup_log},
    Command{"tiebreak", setup_tiebreak},
    Command{"abandon", setup_abandon},
    Command{"delete", setup_delete},
    Command{"games", setup_games},
    Command{"player", setup_player},
    Command{"play", setup_play},
    Command{"season", setup_season},
    Command{"leaderboard", setup_leaderboard},
    Command{"stats", setup_stats},
    Command{"h2h", setup_h2h},
    Command{"records", setup_records},
    Command{"chart", setup_chart},
    Command{"export", setup_export},
    Command{"import", setup_import},
    Command{"backup", setup_backup},
    Command{"restore", setup_restore},
};

std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diag = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diag = up;
    }
  }
  return row[b.size()];
}

// The first argument that is not an option (or an option's value): the subcommand.
const char* find_subcommand(int argc, const char* const* argv) {
  for (int i = 1; i < argc; ++i) {
    const std::string_view a = argv[i];
    if (a == "--db" || a == "--color") {
      ++i;
      continue;
    }
    if (a.starts_with("-")) continue;
    return argv[i];
  }
  return nullptr;
}

}  // namespace

std::span<const Command> commands() { return kCommands; }

int run(int argc, const char* const* argv, std::istream& in, std::ostream& out, std::ostream& err) {
  // No command needs more (14 players, 13 cards, a few options); a bound keeps the "did you
  // mean" and name matching work small whatever a script passes.
  constexpr int kMaxArguments = 1000;
  if (argc - 1 > kMaxArguments) {
    err << "crowns: error: " << argc - 1 << " arguments; a crowns command takes at most " << kMaxArguments << '\n';
    return static_cast<int>(ExitCode::Usage);
  }
  Context ctx{in, out, err, {}, {}, ExitCode::Ok};
  CLI::App app{"crowns: scorekeeper and hand analyzer for the card game Five Crowns", "crowns"};
  app.set_version_flag("--version", std::string("crowns ") + CROWNS_VERSION);
  app.require_subcommand(1);
  app.fallthrough();
  app.add_option("--db", ctx.options.db,
                 "Database file (default: $CROWNS_DB, else $XDG_DATA_HOME/crowns/crowns.db)");
  app.add_option("--color", ctx.options.color, "Colour output: auto, always or never")
      ->transform(CLI::CheckedTransformer(
          std::map<std::string, ColorMode>{{"auto", ColorMode::Auto},
                                           {"always", ColorMode::Always},
                                           {"never", ColorMode::Never}},
          CLI::ignore_case));
  app.add_flag("--ascii", ctx.options.ascii, "Suit letters (s h c d *) instead of symbols");
  app.parse_complete_callback([&] { ctx.style = Style::detect(ctx.options.color, ctx.options.ascii); });

  for (const auto& command : kCommands) command.setup(app, ctx);

  // An unknown subcommand gets "did you mean ...?" rather than CLI11's generic message.
  if (const char* sub = find_subcommand(argc, argv)) {
    const bool known = std::any_of(kCommands.begin(), kCommands.end(),
                                   [&](const Command& c) { return std::string_view(c.name) == sub; });
    if (!known) {
      std::string best;
      std::size_t best_distance = 3;
      for (const auto& c : kCommands) {
        const std::size_t d = edit_distance(sub, c.name);
        if (d < best_distance) {
          best_distance = d;
          best = c.name;
        }
      }
      err << "crowns: error: " << sanitize(quote_token(sub)) << " is not a crowns command";
      if (!best.empty()) err << "; did you mean '" << best << "'?";
      err << "\n(run 'crowns --help' for the list)\n";
      return static_cast<int>(ExitCode::Usage);
    }
  }

  try {
    try {
      app.parse(argc, argv);
    } catch (const CLI::CallForHelp&) {
      out << app.help();
      return 0;
    } catch (const CLI::CallForAllHelp&) {
      out << app.help("", CLI::AppFormatMode::All);
      return 0;
    } catch (const CLI::CallForVersion&) {
      out << "crowns " << CROWNS_VERSION << '\n';
      return 0;
    } catch (const CLI::ParseError& e) {
      err << "crowns: error: " << sanitize(e.what()) << "\n(run 'crowns --help' for usage)\n";
      return static_cast<int>(ExitCode::Usage);
    }
  } catch (const Error& e) {
    out.flush();
    err << "crowns: error: " << e.what() << '\n';
    return static_cast<int>(e.code());
  } catch (const std::exception& e) {
    out.flush();
    err << "crowns: error: " << sanitize(e.what()) << '\n';
    return static_cast<int>(ExitCode::Error);
  }
  out.flush();
  return static_cast<int>(ctx.exit_code);
}

}  // namespace crowns::cli
