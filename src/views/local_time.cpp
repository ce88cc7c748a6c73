// Times in the local time zone (views/local_time.hpp).

#include "views/local_time.hpp"

#include <array>
#include <charconv>
#include <ctime>

#include "store/timeline.hpp"

namespace crowns::views {

LocalTime local_time(std::int64_t t) {
  const auto time = static_cast<std::time_t>(t);
  std::tm local{};
  localtime_r(&time, &local);
  std::array<char, 32> text{};
  std::array<char, 16> zone{};
  std::strftime(text.data(), text.size(), "%Y-%m-%d %H:%M:%S", &local);
  std::strftime(zone.data(), zone.size(), "%Z", &local);
  return {text.data(), zone.data()};
}

std::optional<std::int64_t> stored_utc_seconds(std::string_view stored) {
  // 2026-01-15 19:04:00 (the store's) or 2026-01-15T19:04:00Z (a file's).
  if (stored.size() < 19 || stored[4] != '-' || stored[7] != '-' || stored[13] != ':' ||
      stored[16] != ':' || (stored[10] != ' ' && stored[10] != 'T') ||
      (stored.size() != 19 && stored.substr(19) != "Z")) {
    return std::nullopt;
  }
  const auto field = [&](std::size_t at, std::size_t length) -> std::optional<int> {
    int value = 0;
    const char* first = stored.data() + at;
    const auto [end, ec] = std::from_chars(first, first + length, value);
    if (ec != std::errc() || end != first + length) return std::nullopt;
    return value;
  };
  const auto year = field(0, 4), month = field(5, 2), day = field(8, 2), hour = field(11, 2),
             minute = field(14, 2), second = field(17, 2);
  if (!year || !month || !day || !hour || !minute || !second) return std::nullopt;
  std::tm utc{};
  utc.tm_year = *year - 1900;
  utc.tm_mon = *month - 1;
  utc.tm_mday = *day;
  utc.tm_hour = *hour;
  utc.tm_min = *minute;
  utc.tm_sec = *second;
  return static_cast<std::int64_t>(timegm(&utc));
}

std::string iso_utc(std::string_view stored) {
  const auto seconds = stored_utc_seconds(stored);
  return seconds ? store::timeline::iso_time(*seconds) : std::string(stored);
}

std::string local_text(std::string_view stored) {
  const auto seconds = stored_utc_seconds(stored);
  if (!seconds) return std::string(stored);
  const LocalTime local = local_time(*seconds);
  return local.text + " " + local.zone;
}

}  // namespace crowns::views
