#pragma once
// What keeps `crowns serve` safe on a table's network, as plain functions (no HTTP library),
// so that unit tests can check each rule: the scorekeeper's token, the cross-site checks and
// the rate limit.

#include <chrono>
#include <cstddef>
#include <map>
#include <mutex>
#include <string>
#include <string_view>

namespace crowns::serve {

/// A fresh secret: 32 random bytes from the system's generator, as 64 hex digits.
std::string make_token();

/// Whether `given` equals `secret`, in time that depends only on the secret's length (never on
/// where the first difference is), so that timing tells nothing about the secret.
bool same_token(std::string_view given, std::string_view secret);

/// The request headers that say where a write comes from.
struct Provenance {
  std::string origin;      ///< Origin, "" when absent.
  std::string fetch_site;  ///< Sec-Fetch-Site, "" when absent.
  std::string host;        ///< Host.
};

/// Why a write is refused as cross-site, or "" when it is not: a browser's Sec-Fetch-Site
/// other than same-origin (or none: typed by the user), or an Origin that is not this
/// server's own (http://HOST). A request with neither header (curl, scripts) passes: those
/// cannot be forged by a web page, and the token is still needed.
std::string cross_site_refusal(const Provenance& p);

/// A token bucket per client address: `burst` requests at once, then `per_second`.
class RateLimiter {
 public:
  using Clock = std::chrono::steady_clock;
  RateLimiter(double burst, double per_second) : burst_(burst), rate_(per_second) {}
  /// Whether `client` may make one more request at `now` (takes it if so).
  bool allow(const std::string& client, Clock::time_point now = Clock::now());

 private:
  struct Bucket {
    double tokens = 0;
    Clock::time_point last;
  };
  static constexpr std::size_t kMaxClients = 4096;  ///< Forgets all beyond this (a flood).
  double burst_;
  double rate_;
  std::mutex mutex_;
  std::map<std::string, Bucket> buckets_;
};

}  // namespace crowns::serve
