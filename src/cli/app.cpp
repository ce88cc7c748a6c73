#include <CLI/CLI.hpp>
#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <iostream>
#include <span>

#include "cli/commands.hpp"
#include "cli/context.hpp"
#include "cli/help/manual.hpp"
#include "cli/hint_words.hpp"
#include "cli/options.hpp"
#include "crowns/names.hpp"
#include "store/db.hpp"
#include "views/ascii_out.hpp"

namespace crowns::cli {
namespace {

// One command a line, so that adding one is a one-line change (clang-format would pack the
// list into columns once it holds an even number of entries).
// clang-format off
constexpr std::array kCommands = {
    Command{"analyze", setup_analyze},
    Command{"advise", setup_advise},
    Command{"odds", setup_odds},
    Command{"assist", setup_assist},
    Command{"new", setup_new},
    Command{"round", setup_round},
    Command{"show", setup_show},
    Command{"edit", setup_edit},
    Command{"undo", setup_undo},
    Command{"log", setup_log},
    Command{"tiebreak", setup_tiebreak},
    Command{"join", setup_join},
    Command{"abandon", setup_abandon},
    Command{"reopen", setup_reopen},
    Command{"details", setup_details},
    Command{"delete", setup_delete},
    Command{"games", setup_games},
    Command{"player", setup_player},
    Command{"play", setup_play},
    Command{"solitaire", setup_solitaire},
    Command{"season", setup_season},
    Command{"leaderboard", setup_leaderboard},
    Command{"stats", setup_stats},
    Command{"h2h", setup_h2h},
    Command{"records", setup_records},
    Command{"tonight", setup_tonight},
    Command{"chart", setup_chart},
    Command{"export", setup_export},
    Command{"import", setup_import},
    Command{"sync", setup_sync},
    Command{"backup", setup_backup},
    Command{"restore", setup_restore},
    Command{"report", setup_report},
    Command{"serve", setup_serve},
    Command{"rules", setup_rules},
    Command{"help", setup_help, Tree::Whole},
    Command{"version", setup_version},
    Command{"completion", setup_completion, Tree::Whole},
};
// clang-format on

// The index of the first argument from `from` on that is not an option (or a global option's
// value), or argc.
int next_word(int argc, const char* const* argv, int from) {
  for (int i = from; i < argc; ++i) {
    const std::string_view a = argv[i];
    if (a == "--db" || a == "--color") {
      ++i;
      continue;
    }
    if (!a.starts_with("-")) return i;
  }
  return argc;
}

// The options crowns takes before the command word.
bool is_global_option(std::string_view a) {
  return a == "--db" || a == "--color" || a == "--ascii" || a == "-h" || a == "--help" ||
         a == "--help-all" || a == "--version" || a.starts_with("--db=") ||
         a.starts_with("--color=");
}

bool asks_for_help(int argc, const char* const* argv) {
  for (int i = 1; i < argc; ++i) {
    const std::string_view a = argv[i];
    if (a == "-h" || a == "--help" || a == "--help-all" || a == "--version") return true;
  }
  return false;
}

// The commands to build for this command line: the one it names, when that one reads only
// itself and no help of crowns itself is asked for (`crowns --help show` lists every command);
// none when no command is named and no help asked (`crowns --version`, or the "no command"
// error); else all of them, so that "did you mean" and the help see every name.
std::span<const Command> commands_to_build(int argc, const char* const* argv) {
  const int first = next_word(argc, argv, 1);
  for (int i = 1; i < first; ++i) {
    const std::string_view a = argv[i];
    if (a == "-h" || a == "--help" || a == "--help-all") return kCommands;
  }
  if (first == argc) return {};
  const std::string_view word = argv[first];
  for (const auto& command : kCommands) {
    if (command.name == word)
      return command.tree == Tree::Own ? std::span<const Command>(&command, 1) : kCommands;
  }
  return kCommands;
}

// A usage error for a command word that names no command of `parent` ("crowns" or
// "crowns player"), with the closest name as a suggestion (the same matching as player names).
std::string unknown_word(std::string_view word, const std::string& parent,
                         const std::vector<std::string>& names) {
  std::string message = quote_token(word) + " is not a " +
                        (parent == "crowns" ? parent : "'" + parent + "'") + " command";
  if (const std::string best = closest_name(word, names); !best.empty())
    message += "; did you mean '" + best + "'?";
  return message;
}

std::vector<std::string> subcommand_names(const CLI::App& app) {
  std::vector<std::string> names;
  for (const auto* sub : app.get_subcommands([](const CLI::App*) { return true; }))
    names.push_back(sub->get_name());
  return names;
}

// Checks the command words before CLI11 parses: an unknown command (or an unknown or missing
// one under a command that has its own, like `player`) gets "did you mean ...?" and the list,
// rather than CLI11's generic message. Returns the message, or "" when the words are fine.
std::string check_command_words(CLI::App& app, int argc, const char* const* argv) {
  const int first = next_word(argc, argv, 1);
  std::string taken;  // "--db took 'show' as its value": why the command word seems missing
  for (int i = 1; i < first; ++i) {
    const std::string_view a = argv[i];
    if (a == "--db" || a == "--color") {
      if (i + 1 >= argc) {
        return std::string(a) + " needs a value: crowns " + std::string(a) +
               (a == "--db" ? " FILE" : " auto|always|never") +
               " COMMAND\n(run 'crowns --help' for usage)";
      }
      // (Only the command named is built when there is one, so look in the whole table.)
      if (std::any_of(kCommands.begin(), kCommands.end(),
                      [&](const Command& c) { return std::string_view(c.name) == argv[i + 1]; }))
        taken = std::string(a) + " took " + quote_token(argv[i + 1]) + " as its value";
      ++i;
    } else if (!is_global_option(a)) {
      std::vector<std::string> globals;
      for (const CLI::Option* opt : app.get_options())
        for (const auto& l : opt->get_lnames()) globals.push_back("--" + l);
      std::string message = "unknown option " + quote_token(a.substr(0, a.find('='))) +
                            " (before the command, crowns takes --db, --color, --ascii" +
                            (taken.empty() ? "" : "; " + taken) + ")";
      if (const std::string best = closest_name(a, globals); !best.empty())
        message += "; did you mean '" + best + "'?";
      return message + "\n(run 'crowns --help' for usage)";
    }
  }
  if (first == argc)
    return asks_for_help(argc, argv) ? ""
           : taken.empty()           ? "no command given\n(run 'crowns --help' for the list)"
                           : "no command given (" + taken + ")\n(run 'crowns --help' for the list)";
  const std::string_view word = argv[first];
  CLI::App* sub = nullptr;
  for (auto* candidate : app.get_subcommands([](const CLI::App*) { return true; })) {
    if (candidate->get_name() == word) sub = candidate;
  }
  if (sub == nullptr)
    return unknown_word(word, "crowns", subcommand_names(app)) +
           "\n(run 'crowns --help' for the list)";
  const auto names = subcommand_names(*sub);
  // A command whose own commands are optional (solitaire) reads its other words itself.
  if (names.empty() || sub->get_require_subcommand_min() == 0 || asks_for_help(argc, argv))
    return "";
  const std::string parent = "crowns " + sub->get_name();
  std::string list;
  for (const auto& n : names) list += (list.empty() ? "" : ", ") + n;
  const int second = next_word(argc, argv, first + 1);
  if (second == argc)
    return "'" + parent + "' needs one of: " + list + "\n(run '" + parent + " --help' for usage)";
  if (std::find(names.begin(), names.end(), argv[second]) != names.end()) return "";
  return unknown_word(argv[second], parent, names) + "\n(run '" + parent + " --help' for the list)";
}

// The one place an error reaches the terminal: `message` may quote anything a user typed or a
// file held (with quote_token), so it is escaped here, once, and stays one line. `hint` is
// crowns' own text ("(run 'crowns log --help' for usage)").
void print_error(std::ostream& err, std::string_view message, std::string_view hint = {}) {
  err << "crowns: error: " << sanitize(message) << '\n';
  if (!hint.empty()) err << hint << '\n';
}

}  // namespace

int run(int argc, const char* const* argv, std::istream& in, std::ostream& raw_out,
        std::ostream& raw_err) {
  // Every byte goes through a filter that --ascii turns on, so that nothing can slip past it.
  AsciiFilterBuf out_filter(raw_out.rdbuf());
  AsciiFilterBuf err_filter(raw_err.rdbuf());
  std::ostream out(&out_filter);
  std::ostream err(&err_filter);
  // Like std::cerr: every error line reaches the terminal at once. An interactive command
  // (solitaire, play) goes on after a refused answer, and its error must show before the
  // question is asked again, not when the program ends.
  err.setf(std::ios::unitbuf);
  // No command needs more (14 players, 13 cards, a few options); a bound keeps the "did you
  // mean" and name matching work small whatever a script passes.
  constexpr int kMaxArguments = 1000;
  if (argc - 1 > kMaxArguments) {
    print_error(err, std::to_string(argc - 1) + " arguments; a crowns command takes at most " +
                         std::to_string(kMaxArguments));
    return static_cast<int>(ExitCode::Usage);
  }
  Context ctx{in, out, err, {}, {}, ExitCode::Ok, {}, {argv, static_cast<std::size_t>(argc)}, {}};
  // Seen before parsing too, so that a usage error under --ascii is ASCII as well.
  const bool ascii_asked = std::any_of(
      argv + 1, argv + argc, [](const char* arg) { return std::string_view(arg) == "--ascii"; });
  const bool json_asked = std::any_of(
      argv + 1, argv + argc, [](const char* arg) { return std::string_view(arg) == "--json"; });
  out_filter.set_ascii(ascii_asked);
  err_filter.set_ascii(ascii_asked);
  set_ascii_output(ascii_asked);
  CLI::App app{"crowns: scorekeeper and hand analyzer for the card game Five Crowns", "crowns"};
  app.set_version_flag("--version", std::string("crowns ") + CROWNS_VERSION);
  app.require_subcommand(1);
  app.fallthrough();
  app.add_option("--db", ctx.options.db,
                 "Database file (default: $CROWNS_DB, else $XDG_DATA_HOME/crowns/crowns.db)")
      ->type_name("FILE");
  app.add_option("--color", ctx.options.color, "Colour output: auto, always or never")
      ->transform(one_of<ColorMode>(
          {{"auto", ColorMode::Auto}, {"always", ColorMode::Always}, {"never", ColorMode::Never}}));
  app.add_flag("--ascii", ctx.options.ascii, "Suit letters (s h c d *) instead of symbols");
  app.parse_complete_callback([&] {
    ctx.style = detect_style(ctx.options.color, ctx.options.ascii);
    out_filter.set_ascii(ascii_asked || ctx.options.ascii);
    err_filter.set_ascii(ascii_asked || ctx.options.ascii);
    set_ascii_output(ascii_asked || ctx.options.ascii);
  });

  for (const auto& command : commands_to_build(argc, argv)) command.setup(app, ctx);
  app.footer(help_footer());  // after the commands, which would copy it into their help

  if (const std::string problem = check_command_words(app, argc, argv); !problem.empty()) {
    const auto hint = problem.find('\n');
    print_error(err, problem.substr(0, hint), problem.substr(hint + 1));
    return static_cast<int>(ExitCode::Usage);
  }

  const auto dispatch = [&]() -> int {
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
        print_error(err, describe_parse_error(app, e),
                    "(run '" + command_path(parsed_command(app)) + " --help' for usage)");
        return static_cast<int>(ExitCode::Usage);
      }
    } catch (const Error& e) {
      // The failure's words and its hint in the terminal's (cli/hint_words.cpp); under --json
      // the hint as data too, on standard output, for a script to act on.
      if (json_asked && e.hint()) {
        nlohmann::ordered_json answer;
        add_failure_json(answer, {.message = e.what(), .hint = e.hint()});
        out << answer.dump() << '\n';
      }
      out.flush();
      print_error(err, worded(e.what(), e.hint()));
      if (!ctx.created_db.empty()) store::remove_if_unused(ctx.created_db);
      return static_cast<int>(e.code());
    } catch (const std::exception& e) {
      out.flush();
      print_error(err, e.what());
      if (!ctx.created_db.empty()) store::remove_if_unused(ctx.created_db);
      return static_cast<int>(ExitCode::Error);
    }
    return static_cast<int>(ctx.exit_code);
  };
  const int code = dispatch();
  // Output that did not arrive is a failure (a full disk, a closed file), never "done". A
  // reader that went away (crowns games | head) ends crowns by SIGPIPE, quietly, as it does
  // any Unix filter; if SIGPIPE is ignored, the EPIPE lands here as an error like the rest.
  errno = 0;
  out.flush();
  if (!out && code == 0) {
    const int why = errno;
    print_error(err, std::string("cannot write to standard output") +
                         (why != 0 ? std::string(": ") + std::strerror(why) : std::string()) +
                         "; the output is incomplete");
    return static_cast<int>(ExitCode::Error);
  }
  return code;
}

}  // namespace crowns::cli
