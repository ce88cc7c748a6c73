#pragma once
// Every subcommand's setup function: one file per subcommand in src/cli/cmd_*.cpp.

#include <span>

#include "cli/context.hpp"

namespace crowns::cli {

void setup_analyze(CLI::App& app, Context& ctx);

/// The table of subcommands, in the order --help lists them.
std::span<const Command> commands();

}  // namespace crowns::cli
