#pragma once
// Player names: what a valid name is, and how names are compared and suggested.

#include <span>
#include <string>
#include <string_view>

#include "crowns/expected.hpp"

namespace crowns {

inline constexpr std::size_t kMaxNameLength = 40;  ///< In characters (code points).

/// Trims surrounding spaces and checks the name: 1-40 printable characters, valid UTF-8,
/// no control or bidi characters, no '=' (it separates NAME=VALUE) and no leading '-'
/// (it would read as an option). Fails naming the problem.
Expected<std::string> normalize_player_name(std::string_view raw);

/// ASCII case folding, as SQLite's NOCASE compares names.
std::string fold_case(std::string_view text);

/// The known name closest to `typed` (case-insensitive edit distance at most 2, or a unique
/// prefix of at least 2 letters); empty if none is close.
std::string closest_name(std::string_view typed, std::span<const std::string> known);

}  // namespace crowns
