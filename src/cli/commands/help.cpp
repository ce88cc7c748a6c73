// crowns help [COMMAND...] and crowns version: the forms people type besides --help and
// --version.

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "cli/commands.hpp"
#include "cli/fail.hpp"
#include "cli/help/man_page.hpp"
#include "cli/help/manual.hpp"
#include "crowns/names.hpp"
#include "views/report.hpp"

namespace crowns::cli {
namespace {

struct HelpOptions {
  std::vector<std::string> words;
  bool man = false;
};

void run_help(const HelpOptions& opts, CLI::App& root, Context& ctx) {
  if (opts.man) {
    ctx.out << man_page(root);
    return;
  }
  const CLI::App* target = &root;
  std::string path = "crowns";
  for (const auto& word : opts.words) {
    std::vector<std::string> names;
    const CLI::App* next = nullptr;
    for (const auto* sub : visible_subcommands(*target)) {
      names.push_back(sub->get_name());
      if (sub->get_name() == word) next = sub;
    }
    if (next == nullptr) {
      std::string message = quote_token(word) + " is not a '" + path + "' command";
      if (const std::string best = closest_name(word, names); !best.empty())
        message += "; did you mean '" + best + "'?";
      fail(message + " (run 'crowns help' for the list)", ExitCode::Usage);
    }
    target = next;
    path += " " + word;
  }
  // The formatter itself: App::help() of the root would describe `help`, the command run.
  ctx.out << target->get_formatter()->make_help(target, path, CLI::AppFormatMode::Normal);
}

}  // namespace

void setup_help(CLI::App& app, Context& ctx) {
  auto opts = std::make_shared<HelpOptions>();
  auto* sub = app.add_subcommand("help", "Show the help of crowns or of a command");
  sub->add_option("command", opts->words, "The command (and subcommand), e.g. 'player add'");
  // For the build: the man page crowns(1), from the same tree as --help.
  sub->add_flag("--man", opts->man, "Print the man page (roff)")->group("");
  sub->callback([opts, &app, &ctx] { run_help(*opts, app, ctx); });
}

void setup_version(CLI::App& app, Context& ctx) {
  auto json = std::make_shared<bool>(false);
  auto* sub = app.add_subcommand("version", "Show the version of crowns");
  sub->add_flag("--json", *json, "Print JSON");
  sub->callback([json, &ctx] {
    if (*json) {
      ctx.out << dump_json(nlohmann::ordered_json{{"version", CROWNS_VERSION}}) << '\n';
    } else {
      ctx.out << "crowns " << CROWNS_VERSION << '\n';
    }
  });
}

}  // namespace crowns::cli
