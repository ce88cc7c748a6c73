// Names that look the same are the same name: NFC, Unicode spaces, invisible characters and
// Unicode case folding (utf8proc), in core and through the store's lookups.

#include <catch2/catch.hpp>

#include "crowns/names.hpp"
#include "store/db.hpp"
#include "store/players.hpp"
#include "store/seasons.hpp"
#include "unit/temp_db.hpp"

using namespace crowns;
using crowns::test::TempDir;

namespace {
const std::string kZoeNfc = "Zo\xc3\xab";   // Zoë, one code point for ë
const std::string kZoeNfd = "Zoe\xcc\x88";  // Zoë, e + combining diaeresis
}  // namespace

TEST_CASE("names are stored in NFC", "[names]") {
  CHECK(*normalize_player_name(kZoeNfd) == kZoeNfc);
  CHECK(*normalize_player_name(kZoeNfc) == kZoeNfc);
  // Hangul: a syllable typed as its three jamo composes to one character.
  CHECK(*normalize_player_name("\xe1\x84\x92\xe1\x85\xa1\xe1\x86\xab") == "\xed\x95\x9c");
}

TEST_CASE("Unicode spaces: trimmed, inner ones made plain, space-only names refused", "[names]") {
  CHECK(*normalize_player_name("\xc2\xa0"
                               "Ann\xe3\x80\x80Lee\xe2\x80\x83") == "Ann Lee");
  CHECK(*normalize_player_name("Ann\xc2\xa0\xc2\xa0Lee") == "Ann  Lee");
  for (const char* blank : {"\xc2\xa0", "\xe3\x80\x80", "\xe2\x80\x83 \t", "\xe2\x80\xaf"}) {
    const auto r = normalize_player_name(blank);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error() == "a player name cannot be empty");
  }
}

TEST_CASE("every format character (category Cf) is refused in a name", "[names]") {
  // Word joiner, Arabic letter mark, soft hyphen, zero-width joiner, invisible times,
  // interlinear annotation, a language tag.
  for (const char* cf : {"\xe2\x81\xa0", "\xd8\x9c", "\xc2\xad", "\xe2\x80\x8d", "\xe2\x81\xa2",
                         "\xef\xbf\xb9", "\xf3\xa0\x80\x81"}) {
    const auto r = normalize_player_name(std::string("Bo") + cf + "b");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error() == "a player name cannot hold control or invisible characters");
    CHECK(is_unprintable([&] {
      char32_t cp = 0;
      decode_utf8(cf, 0, cp);
      return cp;
    }()));
  }
  // Letters and marks are not format characters.
  CHECK(normalize_player_name("Ren\xc3\xa9").ok());
  CHECK(normalize_player_name("\xe6\x9d\x8e\xe5\xb0\x8f\xe9\xbe\x99").ok());
}

TEST_CASE("names compare with Unicode case folding, whatever the normal form", "[names]") {
  CHECK(fold_case("\xc3\x89VA") == fold_case("\xc3\xa9va"));  // ÉVA, éva
  CHECK(fold_case(kZoeNfd) == fold_case("ZO\xc3\x8b"));       // NFD Zoë, ZOË
  CHECK(fold_case("STRASSE") == fold_case("stra\xc3\x9f"
                                          "e"));                  // ß folds to ss
  CHECK(fold_case("\xce\xa3\xce\x9f\xce\xa6\xce\x99\xce\x91") ==  // ΣΟΦΙΑ
        fold_case("\xcf\x83\xce\xbf\xcf\x86\xce\xb9\xce\xb1"));   // σοφια
  CHECK(fold_case("Ann") == "ann");
  CHECK(fold_case("Ann") != fold_case("Anne"));
  CHECK(fold_case("a\xff") == "a\xff");  // not UTF-8: ASCII folding, bytes kept
}

TEST_CASE("the store finds and refuses players by the Unicode key", "[names][store]") {
  TempDir dir;
  auto db = store::open_database(dir.file("crowns.db"));
  REQUIRE(store::add_player(db, kZoeNfd).ok());
  REQUIRE(store::add_player(db, "\xc3\x89va").ok());  // Éva
  const auto zoe = store::require_player(db, "ZO\xc3\x8b");
  REQUIRE(zoe.ok());
  CHECK(zoe->name == kZoeNfc);  // stored in NFC
  CHECK_FALSE(store::add_player(db, kZoeNfc).ok());
  CHECK_FALSE(store::add_player(db, "\xc3\xa9VA").ok());
  CHECK(store::list_players(db, store::Include::All).size() == 2);
  REQUIRE(store::add_season(db, "\xc3\x89t\xc3\xa9", "2026-01-01", std::nullopt).ok());  // Été
  CHECK(store::require_season(db, "\xc3\xa9t\xc3\xa9").ok());
  CHECK_FALSE(store::add_season(db, "\xc3\x89T\xc3\x89", "2027-01-01", std::nullopt).ok());
}

TEST_CASE("a name stored before normalisation (NFD, other case) is still found", "[names][store]") {
  TempDir dir;
  auto db = store::open_database(dir.file("crowns.db"));
  db.prepare("INSERT INTO players (name, created_at) VALUES (?, '2026-01-01 00:00:00')")
      .bind_all(kZoeNfd)
      .run();
  const auto found = store::find_player(db, kZoeNfc);
  REQUIRE(found.has_value());
  CHECK(found->name == kZoeNfd);
  CHECK_FALSE(store::add_player(db, "zo\xc3\xab").ok());
}
