#pragma once
// The completion scripts `crowns completion SHELL` prints. Each asks crowns for the
// candidates on Tab (`crowns completion --complete -- WORDS...`), so the scripts need no
// change when a command or option is added.

#include <string_view>

namespace crowns::cli {

std::string_view bash_completion_script();
std::string_view zsh_completion_script();
std::string_view fish_completion_script();

}  // namespace crowns::cli
