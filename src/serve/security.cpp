#include "serve/security.hpp"

#include <arpa/inet.h>
#include <fcntl.h>
#include <ifaddrs.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <random>

#include "crowns/ascii.hpp"
#include "crowns/error.hpp"

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

std::vector<std::string> served_names(bool lan) {
  std::vector<std::string> names{"127.0.0.1", "localhost", "[::1]"};
  if (!lan) return names;
  ifaddrs* list = nullptr;
  if (getifaddrs(&list) == 0) {
    for (const ifaddrs* a = list; a != nullptr; a = a->ifa_next) {
      if (a->ifa_addr == nullptr) continue;
      std::array<char, INET6_ADDRSTRLEN> text{};
      if (a->ifa_addr->sa_family == AF_INET) {
        const auto* in = reinterpret_cast<const sockaddr_in*>(a->ifa_addr);  // NOLINT
        if (inet_ntop(AF_INET, &in->sin_addr, text.data(), text.size()) != nullptr)
          names.emplace_back(text.data());
      } else if (a->ifa_addr->sa_family == AF_INET6) {
        const auto* in = reinterpret_cast<const sockaddr_in6*>(a->ifa_addr);  // NOLINT
        if (inet_ntop(AF_INET6, &in->sin6_addr, text.data(), text.size()) != nullptr)
          names.push_back("[" + std::string(text.data()) + "]");
      }
    }
    freeifaddrs(list);
  }
  std::array<char, 256> host{};
  if (gethostname(host.data(), host.size() - 1) == 0 && host[0] != '\0') {
    const std::string name = ascii_lower(host.data());
    names.push_back(name);
    if (name.find('.') == std::string::npos) names.push_back(name + ".local");
  }
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  return names;
}

bool host_allowed(std::string_view host, const std::vector<std::string>& names) {
  // The port is what follows the last ':' after the name ("[::1]:80": after the bracket).
  const std::size_t bracket = host.rfind(']');
  const std::size_t colon = host.rfind(':');
  if (colon != std::string_view::npos && (bracket == std::string_view::npos || colon > bracket))
    host = host.substr(0, colon);
  if (host.ends_with('.')) host.remove_suffix(1);
  if (host.empty()) return false;
  const std::string name = ascii_lower(host);
  return std::find(names.begin(), names.end(), name) != names.end();
}

std::string kept_token(const std::string& path) {
  const auto is_token = [](const std::string& text) {
    return text.size() == 64 && text.find_first_not_of("0123456789abcdef") == std::string::npos;
  };
  // O_EXCL: made here, owner-only from its first byte (never a moment readable by others).
  const int made = open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (made >= 0) {
    std::string token = make_token();
    const std::string line = token + "\n";
    const bool written =
        ::write(made, line.data(), line.size()) == static_cast<ssize_t>(line.size());
    ::close(made);
    if (!written) throw Error("cannot write the scorekeeper's token to " + path);
    return token;
  }
  if (errno != EEXIST)
    throw Error("cannot keep the scorekeeper's token in " + path + ": " + std::strerror(errno));
  const int file = open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
  struct stat info {};
  if (file < 0 || fstat(file, &info) != 0) {
    if (file >= 0) ::close(file);
    throw Error("cannot read the scorekeeper's token from " + path + ": " + std::strerror(errno));
  }
  if ((info.st_mode & 077U) != 0U || info.st_uid != geteuid()) {
    ::close(file);
    throw Error(path + " (the scorekeeper's kept token) can be read by others: it must be " +
                "yours alone (chmod 600 " + path + "), or delete it for a new token");
  }
  std::array<char, 128> buffer{};
  const ssize_t got = read(file, buffer.data(), buffer.size());
  ::close(file);
  std::string token(buffer.data(), got > 0 ? static_cast<std::size_t>(got) : 0);
  while (!token.empty() && (token.back() == '\n' || token.back() == '\r')) token.pop_back();
  if (!is_token(token))
    throw Error(path + " holds no scorekeeper's token (64 hex digits): delete it for a new one");
  return token;
}

std::string fresh_kept_token(const std::string& path) {
  if (unlink(path.c_str()) != 0 && errno != ENOENT)
    throw Error("cannot replace the scorekeeper's token in " + path + ": " + std::strerror(errno));
  return kept_token(path);
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
