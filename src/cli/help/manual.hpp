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

/// Whether an option takes a value: a flag (--json, --force) takes none.
bool takes_value(const CLI::Option& option);

/// The choices an option accepts, from its type name: "ENUM:auto|always|never" (one_of), a
/// CheckedTransformer's "{auto->0,always->1,...}" or IsMember's "{advisor,greedy}"; none for
/// a free value.
std::vector<std::string> option_choices(const CLI::Option& option);

/// What an option's value is called in the man page: its choices ("auto|always|never"), the
/// type name its declaration set (FILE, YYYY-MM-DD, ID, NAME), N for a number, else TEXT.
std::string value_name(const CLI::Option& option);

/// Every name of an option: "--game", "-g".
std::vector<std::string> option_names(const CLI::Option& option);

}  // namespace crowns::cli
