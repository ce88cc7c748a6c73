#pragma once
// Names that print alike: Unicode TR39 confusable skeletons, from ICU's spoof checker.
// ICU is loaded (dlopen) the first time a skeleton is asked for, never linked: only the few
// commands that add a player pay for it, and `crowns show` or `--version` start as fast as
// before (a program linked to libicu maps its 30 MB of data tables at start-up).

#include <optional>
#include <string>
#include <string_view>

namespace crowns::store {

/// The TR39 skeleton of `name` after case folding (so "ann", "ANN" and "Аnn" with a Cyrillic
/// А share one): two names with the same skeleton look alike. None when ICU cannot be loaded
/// (libicu72 missing) or the name is not UTF-8; the caller then skips the check.
std::optional<std::string> look_alike_key(std::string_view name);

}  // namespace crowns::store
