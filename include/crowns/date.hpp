#pragma once
// Calendar dates as crowns writes them: YYYY-MM-DD.

#include <string_view>

namespace crowns {

/// Whether `date` is a real date written YYYY-MM-DD (leap years known; 2026-02-30 is not).
bool is_valid_date(std::string_view date);

}  // namespace crowns
