// A seeded, randomized model test of `crowns sync` (issue 44), the way sync engines are tested:
// three to five databases, each with its own view of a shared folder that a simulated sync
// tool fills late, in part, or with a conflict copy; thousands of random operations (new game,
// round, edit, undo, late arrival, abandon, reopen, delete, copy a database, sync in random
// order, and a kept version taken later with sync --take), each sync run through the real
// command (cli::run) and checked against invariants:
//   - no sync undoes a change its database had seen (each game's seen set only grows; a game
//     gone is gone by a deletion that had seen it);
//   - nothing is lost: after a sync, every version a readable file holds is included in the
//     one here or kept (sync_versions), and exit status 3 is given exactly when a conflict is
//     left undecided;
//   - after every database syncs with no new edits (a conflict decided by --keep here), all
//     hold the same games, deletions and leaderboard.
// CROWNS_MODEL_SEEDS and CROWNS_MODEL_OPS make a long run: docs/RELIABILITY.md.

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cli/context.hpp"
#include "store/db.hpp"
#include "store/join.hpp"
#include "store/rounds.hpp"
#include "store/sync.hpp"
#include "store/transfer_db.hpp"
#include "store/undo.hpp"
#include "store/versions.hpp"
#include "unit/temp_db.hpp"
#include "unit/test_size.hpp"

namespace sync_model {

namespace fs = std::filesystem;
namespace st = crowns::store;
using Json = nlohmann::json;
using crowns::test::read_bytes;
using crowns::test::write_bytes;

struct Host {
  std::string db;
  fs::path view;  ///< Its copy of the shared folder.
};

struct Result {
  int status = 0;
  std::string out;
  std::string err;
};

Result crowns_run(const std::vector<std::string>& args) {
  std::vector<const char*> argv{"crowns"};
  for (const auto& a : args) argv.push_back(a.c_str());
  std::istringstream in;
  std::ostringstream out;
  std::ostringstream err;
  const int status = crowns::cli::run(static_cast<int>(argv.size()), argv.data(), in, out, err);
  return {status, out.str(), err.str()};
}

class Model {
 public:
  Model(unsigned seed, const crowns::test::TempDir& dir) : rng_(seed), dir_(dir) {
    const int hosts = 3 + static_cast<int>(pick(3));
    for (int i = 0; i < hosts; ++i) add_host();
  }

  void step() {
    // The test clock moves on (sometimes not at all: two games may start in one second), so
    // that games start one after another, as at a table; the order played is then date,
    // start, uuid, and every host must print the same numbers from it.
    clock_ += pick(4) * 17;
    const auto hms = [&](long s) { return (s < 10 ? "0" : "") + std::to_string(s); };
    const long seconds = static_cast<long>(clock_ % 86400);
    setenv("CROWNS_TIME",
           (hms(seconds / 3600) + ":" + hms(seconds / 60 % 60) + ":" + hms(seconds % 60)).c_str(),
           1);
    const auto h = pick(hosts_.size());
    const auto roll = pick(100);
    if (roll < 14) return new_game(h);
    if (roll < 40) return round(h);
    if (roll < 48) return edit(h);
    if (roll < 52) return undo(h);
    if (roll < 54) return join(h);
    if (roll < 56) return abandon_or_reopen(h);
    if (roll < 57) return remove(h);
    if (roll < 58 && hosts_.size() < 5) return copy(h);
    if (roll < 75) return deliver(h, Delivery::Whole);
    if (roll < 77) return deliver(h, Delivery::Part);
    if (roll < 78) return deliver(h, Delivery::ConflictCopy);
    if (roll < 80) {
      sync(h, pick(2) == 0 ? "here" : "file");  // a conflict decided
      return;
    }
    if (roll < 82) return take_kept(h);
    sync(h, {});
  }

  // Everyone syncs with nothing new until the folder is still; a conflict left is decided by
  // the first host with --keep here. Then every host must hold the same games.
  void settle() {
    for (int pass = 0; pass < 12; ++pass) {
      bool undecided = false;
      for (std::size_t h = 0; h < hosts_.size(); ++h) {
        deliver_all(h);
        undecided |= sync(h, {}) == 3;
      }
      if (undecided) {
        deliver_all(0);
        sync(0, "here");
        continue;
      }
      if (pass > 0 && still()) break;
    }
    const auto first = games_of(0);
    const auto first_deleted = deleted_of(0);
    const auto first_board = board_of(0);
    const auto first_numbers = numbers_of(0);
    for (std::size_t h = 1; h < hosts_.size(); ++h) {
      INFO("host " << h);
      const auto these = games_of(h);
      std::vector<std::string> only_here;
      std::vector<std::string> only_first;
      std::set_difference(these.begin(), these.end(), first.begin(), first.end(),
                          std::back_inserter(only_here));
      std::set_difference(first.begin(), first.end(), these.begin(), these.end(),
                          std::back_inserter(only_first));
      for (const auto& line : only_here) INFO("only on this host: " << line);
      for (const auto& line : only_first) INFO("only on host 0: " << line);
      CHECK(only_here.empty());
      CHECK(only_first.empty());
      CHECK(deleted_of(h) == first_deleted);
      CHECK(board_of(h) == first_board);
      CHECK(numbers_of(h) == first_numbers);
    }
    // No game lost: every game ever made is here, or deleted by a deletion that travelled.
    std::set<std::string> known(first.begin(), first.end());
    for (const auto& uuid : made_) {
      const bool here = std::any_of(first.begin(), first.end(), [&](const std::string& line) {
        return line.find(uuid) != std::string::npos;
      });
      INFO("game " << uuid);
      CHECK((here || first_deleted.contains(uuid)));
    }
  }

  [[nodiscard]] std::size_t syncs() const { return syncs_; }
  [[nodiscard]] std::size_t conflicts() const { return conflicts_; }
  [[nodiscard]] std::size_t copies() const { return copies_found_; }
  [[nodiscard]] std::size_t takes() const { return takes_; }
  [[nodiscard]] std::size_t take_undos() const { return take_undos_; }

 private:
  enum class Delivery { Whole, Part, ConflictCopy };

  std::size_t pick(std::size_t n) {
    return std::uniform_int_distribution<std::size_t>(0, n - 1)(rng_);
  }

  void add_host(const std::optional<std::size_t>& copy_of = {}) {
    const auto n = next_name_++;
    Host host{dir_.file("db" + std::to_string(n) + ".db"),
              fs::path(dir_.file("view" + std::to_string(n)))};
    fs::create_directories(host.view);
    if (copy_of && fs::exists(hosts_[*copy_of].db)) {
      const Result backup = crowns_run({"--db", hosts_[*copy_of].db, "backup", host.db});
      INFO(backup.err);
      REQUIRE(backup.status == 0);
    }
    if (copy_of) {
      for (const auto& f : fs::directory_iterator(hosts_[*copy_of].view))
        fs::copy_file(f.path(), host.view / f.path().filename());
    }
    hosts_.push_back(host);
  }

  std::vector<st::Game> games(st::Database& db) {
    std::vector<st::Game> all;
    auto stmt = db.prepare("SELECT id FROM games ORDER BY id");
    while (stmt.step()) all.push_back(*st::load_game(db, stmt.int64(0)));
    return all;
  }

  // A change made by hand on host h: in its own transaction; a refusal changes nothing.
  template <typename F>
  void change(std::size_t h, F&& f) {
    st::Database db = st::open_database(hosts_[h].db);
    auto all = games(db);
    st::Transaction tx(db);
    if (f(db, all)) tx.commit();
  }

  std::vector<crowns::store::SeatScore> scores(const st::Game& g, int round) {
    std::vector<crowns::store::SeatScore> s;
    const auto seats = g.seats_at(round);
    const int out = static_cast<int>(pick(seats.size()));
    for (std::size_t i = 0; i < seats.size(); ++i) {
      const bool gone_out = static_cast<int>(i) == out;
      const int points = gone_out ? 0 : 3 + static_cast<int>(pick(40));
      s.push_back({seats[i], crowns::ScoreEntry{points, gone_out, {}, std::nullopt}});
    }
    return s;
  }

  void new_game(std::size_t h) {
    static const std::vector<std::string> names{"Ann", "Bob", "Cy", "Dee", "Eve"};
    std::vector<std::string> players;
    const auto count = 2 + pick(2);
    const auto start = pick(names.size());
    for (std::size_t i = 0; i < count; ++i) players.push_back(names[(start + i) % names.size()]);
    change(h, [&](st::Database& db, const auto&) {
      auto g = st::create_game(db, {.players = players,
                                    .date = "2026-01-1" + std::to_string(1 + pick(3)),
                                    .add_unknown = true});
      if (g) made_.insert(g->uuid);
      return g.ok();
    });
  }

  void round(std::size_t h) {
    change(h, [&](st::Database& db, const auto& all) {
      std::vector<st::Game> open;
      for (const auto& g : all)
        if (g.status == crowns::GameStatus::Active) open.push_back(g);
      if (open.empty()) return false;
      const auto& g = open[pick(open.size())];
      return st::insert_round(db, g, scores(g, g.rounds_played() + 1)).ok();
    });
  }

  void edit(std::size_t h) {
    change(h, [&](st::Database& db, const auto& all) {
      std::vector<st::Game> played;
      for (const auto& g : all)
        if (g.rounds_played() > 0 && g.status != crowns::GameStatus::Abandoned) played.push_back(g);
      if (played.empty()) return false;
      const auto& g = played[pick(played.size())];
      const int r = 1 + static_cast<int>(pick(static_cast<std::size_t>(g.rounds_played())));
      return st::edit_round(db, g, r, scores(g, r)).ok();
    });
  }

  void undo(std::size_t h) {
    change(h, [&](st::Database& db, const auto& all) {
      if (all.empty()) return false;
      return st::undo_last_change(db, all[pick(all.size())].id).ok();
    });
  }

  void join(std::size_t h) {
    change(h, [&](st::Database& db, const auto& all) {
      std::vector<st::Game> open;
      for (const auto& g : all)
        if (g.status == crowns::GameStatus::Active && g.rounds_played() > 0) open.push_back(g);
      if (open.empty()) return false;
      return st::join_game(db, open[pick(open.size())],
                           {.name = "Fay", .total = std::nullopt, .add_unknown = true})
          .ok();
    });
  }

  void abandon_or_reopen(std::size_t h) {
    change(h, [&](st::Database& db, const auto& all) {
      if (all.empty()) return false;
      const auto& g = all[pick(all.size())];
      return g.status == crowns::GameStatus::Abandoned ? st::reopen_game(db, g).ok()
                                                       : st::abandon_game(db, g).ok();
    });
  }

  void remove(std::size_t h) {
    change(h, [&](st::Database& db, const auto& all) {
      if (all.empty()) return false;
      st::erase_game(db, all[pick(all.size())]);
      return true;
    });
  }

  void copy(std::size_t h) {
    ++copies_made_;
    add_host(h);
  }

  // The sync tool brings host h one file of the folder: whole, half of it (still copying),
  // or whole with the copy h had kept beside it as a conflict copy.
  void deliver(std::size_t h, Delivery how) {
    if (folder_.empty()) return;
    auto it = folder_.begin();
    std::advance(it, static_cast<long>(pick(folder_.size())));
    const fs::path target = hosts_[h].view / it->first;
    if (how == Delivery::Part) {
      write_bytes(target.string(), it->second.substr(0, it->second.size() / 2));
      return;
    }
    if (how == Delivery::ConflictCopy && fs::exists(target)) {
      const auto name = it->first.substr(0, it->first.size() - 5) + ".sync-conflict-2026" +
                        std::to_string(++conflict_copies_) + ".json";
      fs::rename(target, hosts_[h].view / name);
    }
    write_bytes(target.string(), it->second);
  }

  void deliver_all(std::size_t h) {
    for (const auto& [name, bytes] : folder_) write_bytes((hosts_[h].view / name).string(), bytes);
  }

  struct Seen {
    std::map<std::string, st::versions::Seen> games;
    std::map<std::string, st::versions::Seen> deleted;

    // Whether game `uuid` is here having seen `seen`, or its deletion is.
    [[nodiscard]] bool includes(const std::string& uuid, const st::versions::Seen& seen) const {
      const auto game = games.find(uuid);
      const auto gone = deleted.find(uuid);
      return (game != games.end() && game->second.includes(seen)) ||
             (gone != deleted.end() && gone->second.includes(seen));
    }
  };

  // No change that `was` had seen is undone in `now`: each game is there having seen it all,
  // or deleted having seen it all.
  static void check_still_seen(const std::map<std::string, st::versions::Seen>& was,
                               const Seen& now) {
    for (const auto& [uuid, seen] : was) {
      INFO("game " << uuid);
      CHECK(now.includes(uuid, seen));
    }
  }

  Seen seen_by(std::size_t h) {
    Seen s;
    st::Database db = st::open_database(hosts_[h].db);
    auto stmt = db.prepare("SELECT uuid, seen FROM games");
    while (stmt.step()) s.games.emplace(stmt.text(0), st::versions::Seen::parse(stmt.text(1)));
    auto dead = db.prepare("SELECT uuid, seen FROM game_tombstones");
    while (dead.step()) s.deleted.emplace(dead.text(0), st::versions::Seen::parse(dead.text(1)));
    return s;
  }

  // A kept version taken later (sync --take): the game here becomes it, and nothing the
  // database had seen is undone; the version taken is no longer kept.
  void take_kept(std::size_t h) {
    std::vector<st::versions::StoredVersion> kept;
    {
      const st::Database db = st::open_database(hosts_[h].db);
      kept = st::versions::stored_versions(db);
    }
    if (kept.empty()) return;
    const auto& v = kept[pick(kept.size())];
    const Seen before = seen_by(h);
    const Result r = crowns_run({"--db", hosts_[h].db, "sync", "--take", std::to_string(v.id)});
    INFO("take of version " << v.id << " on host " << h << ": " << r.out << r.err);
    REQUIRE(r.status == 0);
    ++takes_;
    const Seen after = seen_by(h);
    check_still_seen(before.games, after);
    CHECK(after.includes(v.uuid, v.version.seen));
    {
      const st::Database db = st::open_database(hosts_[h].db);
      for (const auto& left : st::versions::stored_versions(db)) CHECK(left.id != v.id);
    }
    // Half the takes are undone (whichever kind: a game replaced, deleted or brought back):
    // the undo is a change of its own, and nothing the database had seen is lost.
    if (r.out.rfind("Nothing to take", 0) == 0 || pick(2) != 0) return;
    const Result u = crowns_run({"--db", hosts_[h].db, "undo"});
    INFO("undo of the take: " << u.out << u.err);
    REQUIRE(u.status == 0);
    ++take_undos_;
    const Seen undone = seen_by(h);
    check_still_seen(after.games, undone);
    check_still_seen(after.deleted, undone);
  }

  int sync(std::size_t h, const std::string& keep) {
    const Seen before = seen_by(h);
    std::vector<std::string> args{"--db", hosts_[h].db, "sync", hosts_[h].view.string(), "--json"};
    if (!keep.empty()) {
      args.emplace_back("--keep");
      args.push_back(keep);
    }
    const Result r = crowns_run(args);
    ++syncs_;
    INFO("sync of host " << h << ": " << r.out << r.err);
    REQUIRE((r.status == 0 || r.status == 1 || r.status == 3));
    const Json j = Json::parse(r.out);
    CHECK((r.status == 3) == !j["undecided"].empty());
    if (r.status == 3) ++conflicts_;
    if (!j["copy"].is_null()) ++copies_found_;

    // No sync undoes a change its database had seen.
    const Seen after = seen_by(h);
    check_still_seen(before.games, after);
    // Nothing lost: each version a readable file holds is included here, or kept.
    st::Database db = st::open_database(hosts_[h].db);
    std::set<std::pair<std::string, std::string>> kept;
    for (const auto& v : st::versions::stored_versions(db))
      kept.emplace(v.uuid, v.version.seen.text());
    const std::string mine = j["file"];
    for (const auto& f : fs::directory_iterator(hosts_[h].view)) {
      const auto name = f.path().filename().string();
      if (name == mine || !st::sync::is_sync_file_name(name)) continue;
      const auto file = st::sync::parse_sync_file(read_bytes(f.path().string()));
      if (!file) continue;
      const auto check = [&](const std::string& uuid, const st::versions::Seen& v) {
        const auto g = after.games.find(uuid);
        const auto d = after.deleted.find(uuid);
        const bool included = (g != after.games.end() && g->second.includes(v)) ||
                              (d != after.deleted.end() && d->second.includes(v));
        INFO(name << ": game " << uuid << " version " << v.text());
        CHECK((included || kept.contains({uuid, v.text()})));
      };
      for (const auto& [uuid, v] : file->versions) check(uuid, v.seen);
      for (const auto& [uuid, v] : file->deleted)
        if (v) check(uuid, v->seen);
    }
    // What it wrote, the sync tool takes into the folder (the newest write of a name wins,
    // as Syncthing's does; the one it replaced is the conflict copy Syncthing would keep).
    const fs::path own = hosts_[h].view / mine;
    if (fs::exists(own)) {
      const auto bytes = read_bytes(own.string());
      auto& slot = folder_[mine];
      if (!slot.empty() && slot != bytes && written_by_[mine] != h) {
        folder_[mine.substr(0, mine.size() - 5) + ".sync-conflict-2026" +
                std::to_string(++conflict_copies_) + ".json"] = slot;
      }
      slot = bytes;
      written_by_[mine] = h;
    }
    return r.status;
  }

  bool still() {
    for (std::size_t h = 0; h < hosts_.size(); ++h) {
      for (const auto& [name, bytes] : folder_) {
        const auto path = hosts_[h].view / name;
        if (!fs::exists(path) || read_bytes(path.string()) != bytes) return false;
      }
    }
    const auto first = games_of(0);
    for (std::size_t h = 1; h < hosts_.size(); ++h)
      if (games_of(h) != first) return false;
    return true;
  }

  // Each game as an export line (its number aside, which each database gives its own).
  std::vector<std::string> games_of(std::size_t h) {
    st::Database db = st::open_database(hosts_[h].db);
    std::vector<std::string> lines;
    for (const auto& g : st::load_export(db).games) {
      st::ExportData one;
      one.games.push_back(g);
      lines.push_back(st::format_export(one, st::ExportFormat::Json));
    }
    std::sort(lines.begin(), lines.end());
    return lines;
  }

  std::set<std::string> deleted_of(std::size_t h) {
    st::Database db = st::open_database(hosts_[h].db);
    const auto uuids = st::sync::deleted_games(db);
    return {uuids.begin(), uuids.end()};
  }

  std::string board_of(std::size_t h) {
    return crowns_run({"--db", hosts_[h].db, "leaderboard", "--json"}).out;
  }

  // What else is rated or ordered over games, local game numbers aside: ratings, records,
  // and each evening's `tonight` (games are dated 2026-01-12 to 14).
  std::string numbers_of(std::size_t h) {
    const auto& db = hosts_[h].db;
    std::string all = crowns_run({"--db", db, "ratings", "--json"}).out;
    Json records = Json::parse(crowns_run({"--db", db, "records", "--json"}).out);
    all += without_game_numbers(records).dump();
    for (const char* date : {"2026-01-12", "2026-01-13", "2026-01-14"}) {
      Json tonight = Json::parse(crowns_run({"--db", db, "tonight", "--date", date, "--json"}).out);
      all += without_game_numbers(tonight).dump();
    }
    return all;
  }

  // A report with each "game" number (the local one) taken out; everything else kept.
  static Json without_game_numbers(Json j) {
    if (j.is_object()) {
      for (auto it = j.begin(); it != j.end(); ++it) {
        if (it.key() == "game" && it.value().is_number()) {
          it.value() = nullptr;
        } else {
          it.value() = without_game_numbers(it.value());
        }
      }
    } else if (j.is_array()) {
      for (auto& e : j) e = without_game_numbers(e);
    }
    return j;
  }

  std::mt19937 rng_;
  std::size_t clock_ = std::size_t{19} * 3600;
  const crowns::test::TempDir& dir_;
  std::vector<Host> hosts_;
  std::map<std::string, std::string> folder_;  ///< The newest bytes of each file name.
  std::map<std::string, std::size_t> written_by_;
  std::set<std::string> made_;
  std::size_t copies_made_ = 0;
  std::size_t next_name_ = 0;
  std::size_t conflict_copies_ = 0;
  std::size_t syncs_ = 0;
  std::size_t conflicts_ = 0;
  std::size_t copies_found_ = 0;
  std::size_t takes_ = 0;
  std::size_t take_undos_ = 0;
};

std::size_t env_number(const char* name, std::size_t otherwise) {
  const char* text = std::getenv(name);
  return text ? static_cast<std::size_t>(std::strtoull(text, nullptr, 10)) : otherwise;
}

}  // namespace sync_model

TEST_CASE("sync model: random operations on 3-5 databases keep one history", "[sync][model]") {
  setenv("CROWNS_TODAY", "2026-01-15", 1);
  const std::size_t seeds = sync_model::env_number("CROWNS_MODEL_SEEDS", 2);
  // Half as many operations at -O0 and under the sanitizers (tests/unit/test_size.hpp): 600
  // took 54 s under ASan.
  const std::size_t ops = sync_model::env_number("CROWNS_MODEL_OPS", crowns::test::sized(600, 2));
  const std::size_t first = sync_model::env_number("CROWNS_MODEL_FIRST_SEED", 1);
  for (std::size_t seed = first; seed < first + seeds; ++seed) {
    crowns::test::TempDir dir;
    sync_model::Model model(static_cast<unsigned>(seed), dir);
    INFO("seed " << seed);
    for (std::size_t i = 0; i < ops; ++i) model.step();
    model.settle();
    WARN("seed " << seed << ": " << ops << " operations, " << model.syncs() << " syncs, "
                 << model.conflicts() << " left a conflict (exit 3), " << model.copies()
                 << " found a copy, " << model.takes() << " took a kept version later, "
                 << model.take_undos() << " of them undone");
  }
  unsetenv("CROWNS_TIME");  // the test clock stops with the model: the next tests run at noon
}
