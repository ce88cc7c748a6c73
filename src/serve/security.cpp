#include "serve/security.hpp"

#include <algorithm>
#include <cstdint>
#include <random>

namespace crowns::serve {

std::string make_token() {
  // std::random_device is the kernel's getrandom() on Linux (libstdc++): not a seeded PRNG.
  std::random_device device;
  constexpr std::string_view kHex = "0123456789abcdef";
  std::string token;
  constexpr int kWords = 8;  // 8 x 32 bits = 32 bytes
  for (int i = 0; i < kWords; ++i) {
    auto word = static_cast<std::uint32_t>(device());
    for (int nibble = 0; nibble < 8; ++nibble) {
      token += kHex[word & 0xfU];
      word >>= 4U;
    }
  }
  return token;
}

bool same_token(std::string_view given, std::string_view secret) {
  if (secret.empty()) return false;
  // Every byte of the secret is compared whatever `given` holds; a length difference is
  // folded into the result, not returned early.
  unsigned difference = given.size() == secret.size() ? 0U : 1U;
  for (std::size_t i = 0; i < secret.size(); ++i) {
    const auto g = i < given.size() ? static_cast<unsigned char>(given[i]) : 0U;
    difference |= g ^ static_cast<unsigned char>(secret[i]);
  }
  return difference == 0;
}

std::string cross_site_refusal(const Provenance& p) {
  if (!p.fetch_site.empty() && p.fetch_site != "same-origin" && p.fetch_site != "none")
    return "refused: a " + p.fetch_site + " request cannot change the scores";
  if (!p.origin.empty() && p.origin != "http://" + p.host)
    return "refused: a page from another site cannot change the scores";
  return {};
}

bool RateLimiter::allow(const std::string& client, Clock::time_point now) {
  const std::scoped_lock lock(mutex_);
  if (buckets_.size() >= kMaxClients && !buckets_.contains(client)) buckets_.clear();
  auto [it, fresh] = buckets_.try_emplace(client, Bucket{burst_, now});
  Bucket& b = it->second;
  if (!fresh) {
    const double seconds = std::chrono::duration<double>(now - b.last).count();
    b.tokens = std::min(burst_, b.tokens + seconds * rate_);
    b.last = now;
  }
  if (b.tokens < 1) return false;
  b.tokens -= 1;
  return true;
}

}  // namespace crowns::serve
