// A player's rivalries from their head-to-head record (crowns/rivalry.hpp).

#include "crowns/rivalry.hpp"

namespace crowns::rivalry {
namespace {

// Whether `a` beats `b` for a rivalry counted in `times`: more times, then a higher share,
// then more games together. Shares compare as cross products, exactly.
bool stronger(const Rival& a, const Rival& b) {
  if (a.times != b.times) return a.times > b.times;
  const long long left = static_cast<long long>(a.times) * b.games;
  const long long right = static_cast<long long>(b.times) * a.games;
  if (left != right) return left > right;
  return a.games > b.games;
}

template <class Count>
std::optional<Rival> strongest(const std::vector<Versus>& opponents, Count count) {
  std::optional<Rival> best;
  for (const Versus& v : opponents) {
    const Rival r{v.opponent, v.games, count(v)};
    if (v.games < kMinGamesTogether || r.times == 0) continue;
    if (!best || stronger(r, *best)) best = r;
  }
  return best;
}

}  // namespace

Rivals rivals_of(const std::vector<Versus>& opponents) {
  Rivals rivals;
  // One opponent is never both: a nemesis finished ahead more often than behind, the one
  // beaten most behind more often than ahead (an even record is neither).
  rivals.nemesis =
      strongest(opponents, [](const Versus& v) { return v.higher > v.lower ? v.higher : 0; });
  rivals.most_beaten =
      strongest(opponents, [](const Versus& v) { return v.lower > v.higher ? v.lower : 0; });
  for (const Versus& v : opponents) {
    if (!rivals.most_played_with || v.games > rivals.most_played_with->games)
      rivals.most_played_with = Rival{v.opponent, v.games, v.games};
  }
  return rivals;
}

}  // namespace crowns::rivalry
