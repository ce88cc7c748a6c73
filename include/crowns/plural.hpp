#pragma once
// Counts in messages: "1 game", "2 games", "1 box", "2 boxes". Every message that prints a
// count with its noun goes through here, so a count of one is never plural.

#include <string>
#include <string_view>

namespace crowns {

/// "1 game", "0 games", "3 games": the count, a space and the noun with "s" unless it is 1.
std::string counted(long long n, std::string_view noun);

/// The same with an irregular plural: counted(2, "box", "boxes") is "2 boxes".
std::string counted(long long n, std::string_view one, std::string_view many);

}  // namespace crowns
