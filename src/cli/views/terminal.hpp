#pragma once
// What the terminal is: its width, and whether it shows colour and suit symbols.

#include <cstddef>

#include "views/style.hpp"

namespace crowns::cli {

enum class ColorMode { Auto, Always, Never };

/// Decides from the terminal and the environment: colour and symbols on a terminal, plain
/// letters otherwise; NO_COLOR turns colour off; `ascii` forces letters.
views::Style detect_style(ColorMode mode, bool ascii);

/// The terminal's width: $COLUMNS, else the width of the terminal on stdout, else 80.
std::size_t terminal_columns();

}  // namespace crowns::cli
