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
#include <vector>

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

/// The names a request may address this server by (its Host header, port aside), lower
/// case: 127.0.0.1, localhost and [::1]; with `lan` also this computer's own addresses (IPv6
/// in brackets), its host name and HOST.local. Anything else is a DNS rebinding: a web page
/// elsewhere whose name now resolves to this computer.
std::vector<std::string> served_names(bool lan);

/// Whether a Host header ("localhost:8765", "[::1]:8765", "127.0.0.1") names one of `names`
/// (case and a trailing dot aside). An empty Host never does.
bool host_allowed(std::string_view host, const std::vector<std::string>& names);

/// The scorekeeper's token kept across restarts in `path` (created with a fresh token, mode
/// 0600, when missing). Throws crowns::Error when the file cannot be written or read, holds no
/// token, or can be read by others than its owner (it must stay a secret).
std::string kept_token(const std::string& path);

/// A fresh token kept in `path` in place of the one there (if any): kept_token after removing
/// the file. Throws crowns::Error as kept_token does, or when the file cannot be removed.
std::string fresh_kept_token(const std::string& path);

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
