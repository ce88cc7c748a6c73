// How long a long randomized test runs: its full count in an optimized build without
// sanitizers (the Release suite, the one that checks the most), a part of it at -O0 (the Debug
// unit step) or under AddressSanitizer (the ASan suite), where the same count took 4-10 times
// as long (the solver cross-check: 70 s a switch combination at -O0, 7 s at -O2). The smaller
// runs keep every shape, size, mode and kind of operation; only the number of random cases
// of each falls. $CROWNS_TEST_SIZE=full (or =small) chooses for any build.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <string_view>

namespace crowns::test {

/// Whether this build runs the long tests small: at -O0 or under a sanitizer, unless
/// $CROWNS_TEST_SIZE says "full" (or "small" for any build).
inline bool small_build() {
  if (const char* size = std::getenv("CROWNS_TEST_SIZE")) {
    if (std::string_view(size) == "full") return false;
    if (std::string_view(size) == "small") return true;
  }
#if defined(__SANITIZE_ADDRESS__) || !defined(__OPTIMIZE__)
  return true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
  return true;
#else
  return false;
#endif
#else
  return false;
#endif
}

/// `full` in a full build; `full / part` (at least 1) in a small one.
inline std::size_t sized(std::size_t full, std::size_t part) {
  if (!small_build()) return full;
  return full / part > 0 ? full / part : 1;
}

}  // namespace crowns::test
