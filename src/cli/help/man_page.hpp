#pragma once
// The man page crowns(1) in roff, made from the command tree that builds --help (the build
// writes it with `crowns help --man`), so it lists every command and option there is.

#include <string>

namespace CLI {
class App;
}

namespace crowns::cli {

std::string man_page(const CLI::App& root);

}  // namespace crowns::cli
