#include "cli/views/terminal.hpp"

#include <sys/ioctl.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>

namespace crowns::cli {
namespace {

constexpr std::size_t kDefaultColumns = 80;

}  // namespace

views::Style detect_style(ColorMode mode, bool ascii) {
  views::Style s;
  const bool tty = isatty(STDOUT_FILENO) != 0;
  const char* no_color = std::getenv("NO_COLOR");
  const char* term = std::getenv("TERM");
  const bool dumb = term != nullptr && std::strcmp(term, "dumb") == 0;
  const bool no_color_set = no_color != nullptr && no_color[0] != '\0';
  switch (mode) {
    case ColorMode::Always: s.color = true; break;
    case ColorMode::Never: s.color = false; break;
    case ColorMode::Auto: s.color = tty && !dumb && !no_color_set; break;
  }
  s.symbols = !ascii && (tty || mode == ColorMode::Always);
  return s;
}

std::size_t terminal_columns() {
  if (const char* env = std::getenv("COLUMNS"); env != nullptr) {
    char* end = nullptr;
    const long value = std::strtol(env, &end, 10);
    if (end != env && *end == '\0' && value >= 20 && value <= 1000)
      return static_cast<std::size_t>(value);
  }
  winsize size{};
  if (isatty(STDOUT_FILENO) != 0 && ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0 &&
      size.ws_col >= 20)
    return size.ws_col;
  return kDefaultColumns;
}

}  // namespace crowns::cli
