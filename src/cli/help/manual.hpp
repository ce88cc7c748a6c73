#pragma once
// Text that --help, `crowns help`, the man page and the completions share: the environment
// variables, the exit codes, and a walk over the command tree (so that a new command appears
// in all of them by being in the kCommands table).

#include <span>
#include <string>
#include <vector>

namespace CLI {
class App;
class Option;
}  // namespace CLI

namespace crowns::cli {

/// A name and what it means: an environment variable, an exit code.
struct ManualItem {
  const char* name;
  const char* text;
};

std::span<const ManualItem> environment_variables();
std::span<const ManualItem> exit_codes();

/// "Environment:" and "Exit status:" sections, as the footer of `crowns --help`.
std::string help_footer();

/// The visible subcommands of `app` (hidden ones, with an empty group, left out).
std::vector<const CLI::App*> visible_subcommands(const CLI::App& app);

/// The visible named options of `app` (long and short names), without the help flag.
std::vector<const CLI::Option*> visible_options(const CLI::App& app);

/// Every name of an option: "--game", "-g".
std::vector<std::string> option_names(const CLI::Option& option);

}  // namespace crowns::cli
