#include "crowns/date.hpp"

#include <cstddef>

namespace crowns {

bool is_valid_date(std::string_view date) {
  if (date.size() != 10 || date[4] != '-' || date[7] != '-') return false;
  for (std::size_t i : {0u, 1u, 2u, 3u, 5u, 6u, 8u, 9u}) {
    if (date[i] < '0' || date[i] > '9') return false;
  }
  const auto num = [&](std::size_t from, std::size_t len) {
    int n = 0;
    for (std::size_t i = from; i < from + len; ++i) n = n * 10 + (date[i] - '0');
    return n;
  };
  const int year = num(0, 4), month = num(5, 2), day = num(8, 2);
  if (month < 1 || month > 12 || day < 1) return false;
  static constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
  return day <= kDays[month - 1] + (month == 2 && leap ? 1 : 0);
}

}  // namespace crowns
