#pragma once
// Times as a person reads them: in the local time zone ($TZ respected), named. The store keeps
// UTC ("2026-01-15 19:04:00", or ISO 8601 with its Z) and JSON stays UTC; only text for a
// person is local, so that a 19:00 game in Los Angeles reads 19:00, not 03:00 UTC.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace crowns::views {

/// A moment in the local zone: "2026-01-15 19:04:00" and the zone's name then ("PST", "UTC").
struct LocalTime {
  std::string text;
  std::string zone;
};

/// Unix seconds `t` in the local zone.
LocalTime local_time(std::int64_t t);

/// The Unix seconds of a stored UTC time, "2026-01-15 19:04:00" or "2026-01-15T19:04:00Z";
/// nullopt for any other text.
std::optional<std::int64_t> stored_utc_seconds(std::string_view stored);

/// A stored UTC time as JSON writes it: ISO 8601 with its Z, "2026-01-15T19:04:00Z" (the form of
/// store::timeline::iso_time, which writes Unix seconds); other text as it is. Every `--json`
/// time goes through one of the two, so no JSON time is ever zone-less text.
std::string iso_utc(std::string_view stored);

/// A stored UTC time as local text with its zone, "2026-01-15 11:04:00 PST"; other text as
/// it is.
std::string local_text(std::string_view stored);

}  // namespace crowns::views
