// Fuzz target: `crowns import` (store::parse_export on JSON and CSV exports, then plan_import
// and apply_import against a real SQLite database).
//
// Invariants, beyond "does not crash": parse_export never throws and a failure is a non-empty
// short message; what it accepts passes validate_export, holds only text fit to store
// (every name a normalized player name, every note printable, every hand real cards), and
// round-trips: written as JSON or CSV and read back it writes the very same bytes, in both
// formats. Accepted data is then planned and applied inside a transaction that is rolled back;
// planning the same data again must find everything already there. Only crowns::Error (the
// documented error type of the store) may leave plan/apply.

#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>

#include "crowns/card.hpp"
#include "crowns/error.hpp"
#include "crowns/names.hpp"
#include "store/db.hpp"
#include "store/transfer.hpp"
#include "store/transfer_db.hpp"

namespace {

constexpr std::size_t kMaxInput = 64 * 1024;
constexpr std::size_t kMaxMessage = 1000;

[[noreturn]] void fail(const std::string& what, std::string_view input) {
  std::fprintf(stderr, "fuzz_import: %s\ninput: %.*s\n", what.c_str(),
               static_cast<int>(input.size()), input.data());
  std::abort();
}

// One database for the whole run, in a fresh temporary folder, holding a little history so
// that imports meet existing players, a season and a game. Every input runs in a transaction
// that is rolled back.
crowns::store::Database& database() {
  static std::unique_ptr<crowns::store::Database> db = [] {
    char dir[] = "/tmp/crowns-fuzz-import-XXXXXX";
    if (mkdtemp(dir) == nullptr) std::abort();
    auto opened = std::make_unique<crowns::store::Database>(
        crowns::store::open_database(std::string(dir) + "/fuzz.db"));
    const auto seed = crowns::store::parse_export(
        R"({"format":"crowns-export","version":1,"players":[{"name":"Al"},{"name":"Bob"},)"
        R"({"name":"Zoë","retired":true}],"seasons":[{"name":"2026","starts_on":"2026-01-01"}],)"
        R"("games":[{"date":"2026-01-10","status":"active","boxes":1,"first_dealer":1,"note":"x",)"
        R"("seats":[{"player":"Al"},{"player":"Bob"}],"rounds":[[{"points":0,"went_out":true},)"
        R"({"points":12,"hand":"4s 8h"}]]}]})");
    if (!seed) {
      std::fprintf(stderr, "fuzz_import: bad seed: %s\n", seed.error().c_str());
      std::abort();
    }
    const auto plan = crowns::store::plan_import(*opened, *seed);
    crowns::store::Transaction tx(*opened);
    if (!crowns::store::apply_import(*opened, *seed, *plan, "seed")) std::abort();
    tx.commit();
    return opened;
  }();
  return *db;
}

bool printable_text(std::string_view text) {
  for (unsigned char c : text) {
    if (c < 0x20 || c == 0x7f) return false;
  }
  // Bidi overrides, zero-width and C1 controls: the bytes of U+0080-009F, U+200B-200F,
  // U+2028-202E, U+2066-2069, U+FEFF.
  for (std::size_t i = 0; i + 1 < text.size(); ++i) {
    const auto a = static_cast<unsigned char>(text[i]), b = static_cast<unsigned char>(text[i + 1]);
    if (a == 0xc2 && b >= 0x80 && b < 0xa0) return false;
    if (i + 2 < text.size()) {
      const auto c = static_cast<unsigned char>(text[i + 2]);
      if (a == 0xe2 && b == 0x80 && ((c >= 0x8b && c <= 0x8f) || (c >= 0xa8 && c <= 0xae)))
        return false;
      if (a == 0xe2 && b == 0x81 && c >= 0xa6 && c <= 0xa9) return false;
      if (a == 0xef && b == 0xbb && c == 0xbf) return false;
    }
  }
  return true;
}

void check_stored_text(const crowns::store::ExportData& d, std::string_view input) {
  auto name_ok = [](const std::string& n) {
    const auto normal = crowns::normalize_player_name(n);
    return normal && *normal == n;
  };
  for (const auto& p : d.players) {
    if (!name_ok(p.name))
      fail("an accepted player name that is not a valid name: " + p.name, input);
  }
  for (const auto& s : d.seasons) {
    if (!name_ok(s.name))
      fail("an accepted season name that is not a valid name: " + s.name, input);
  }
  for (const auto& g : d.games) {
    if (g.note && (!printable_text(*g.note) || !crowns::check_note(*g.note))) {
      fail("an accepted note that is not printable text", input);
    }
    for (const auto& seat : g.seats) {
      if (!name_ok(seat.player)) fail("an accepted seat name that is not a valid name", input);
    }
    for (const auto& round : g.rounds) {
      for (const auto& cell : round) {
        if (cell.hand && !crowns::parse_cards(*cell.hand))
          fail("an accepted hand that does not parse", input);
      }
    }
  }
}

void check_round_trip(const crowns::store::ExportData& d, std::string_view input) {
  using crowns::store::ExportFormat;
  const std::string json = crowns::store::format_export(d, ExportFormat::Json);
  const std::string csv = crowns::store::format_export(d, ExportFormat::Csv);
  for (const std::string* text : {&json, &csv}) {
    const auto back = crowns::store::parse_export(*text);
    if (!back)
      fail("the export of accepted data is refused: " + back.error() + "\nexport: " + *text, input);
    if (crowns::store::format_export(*back, ExportFormat::Json) != json ||
        crowns::store::format_export(*back, ExportFormat::Csv) != csv) {
      fail("the export of accepted data reads back differently\nexport: " + *text, input);
    }
  }
}

void check_import(const crowns::store::ExportData& d, std::string_view input) {
  auto& db = database();
  crowns::store::Transaction tx(db);  // never committed: rolled back at the end
  try {
    const auto plan = crowns::store::plan_import(db, d);
    if (!plan) {
      if (plan.error().empty() || plan.error().find('\n') != std::string::npos)
        fail("a bad plan message", input);
      return;
    }
    if (const auto applied = crowns::store::apply_import(db, d, *plan, "fuzz"); !applied) {
      if (applied.error().empty() || applied.error().find('\n') != std::string::npos)
        fail("a bad apply message", input);
      return;
    }
    const auto again = crowns::store::plan_import(db, d);
    if (!again) fail("planning the same data twice fails: " + again.error(), input);
    if (again->changes()) fail("an import that is imported again changes something", input);
    if (again->existing_games != d.games.size()) fail("imported games are not found again", input);
  } catch (const crowns::Error& e) {
    // The store's documented error type; a constraint failure here means the checks let
    // through something the schema refuses, which the checks promise never happens.
    fail(std::string("the store refused checked data: ") + e.what(), input);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > kMaxInput) return 0;
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const auto parsed = crowns::store::parse_export(input);
  if (!parsed) {
    if (parsed.error().empty()) fail("an empty error message", input);
    // A message quotes at most a short piece of the file (quote_token); it may hold a newline
    // from a quoted CSV field, which the CLI escapes like every other byte it prints.
    if (parsed.error().size() > kMaxMessage) fail("an overlong message: " + parsed.error(), input);
    return 0;
  }
  if (auto valid = crowns::store::validate_export(*parsed); !valid) {
    fail("parse_export accepted what validate_export refuses: " + valid.error(), input);
  }
  check_stored_text(*parsed, input);
  check_round_trip(*parsed, input);
  check_import(*parsed, input);
  return 0;
}
