#pragma once
// Names that print alike: Unicode TR39 confusable skeletons, from ICU's spoof checker.
// ICU is loaded (dlopen) the first time a skeleton is asked for, never linked: only the few
// commands that add a player pay for it, and `crowns show` or `--version` start as fast as
// before (a program linked to libicu maps its 30 MB of data tables at start-up).

#include <optional>
#include <string>
#include <string_view>

namespace crowns::store {

/// Whether two names look alike: their TR39 skeletons are equal as typed, or after case
/// folding (so "Аnn" with a Cyrillic А, "ANN" and "ann" all look like "Ann", "B0b" like "Bob",
/// "AI" like "Al"). None when ICU cannot be loaded (libicu72 missing) or a name is not UTF-8:
/// the caller then skips the check.
std::optional<bool> look_alike(std::string_view a, std::string_view b);

}  // namespace crowns::store
