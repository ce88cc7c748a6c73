#include "store/transfer_db.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <unordered_map>

#include "crowns/card.hpp"
#include "crowns/json_line.hpp"
#include "crowns/names.hpp"
#include "store/audit.hpp"
#include "store/db.hpp"
#include "store/details.hpp"
#include "store/games.hpp"
#include "store/house_rules.hpp"
#include "store/rounds.hpp"
#include "store/timeline.hpp"
#include "store/versions.hpp"

namespace crowns::store {
namespace {

// The cached columns (seats.total, seats.winner) as `crowns round` would leave them.
Standings standings_of(const ExportGame& g) {
  Game game;
  game.status = parse_game_status(g.status).value_or(GameStatus::Active);
  for (std::size_t s = 0; s < g.seats.size(); ++s) {
    game.seats.push_back({.seat = static_cast<int>(s),
                          .name = g.seats[s].player,
                          .tiebreak = g.seats[s].tiebreak,
                          .joined_round = g.seats[s].joined_round,
                          .start_total = g.seats[s].start_total});
  }
  for (std::size_t r = 0; r < g.rounds.size(); ++r) {
    auto& round = game.rounds.emplace_back();
    round.round = static_cast<int>(r) + 1;
    for (const auto& cell : g.rounds[r])
      round.scores.push_back({cell.points, cell.went_out, cell.hand});
  }
  return game.standings();
}

// Everything exportable (or only game `only`, with no players or seasons); `ids` (if given)
// gets the database id of each game, in order.
ExportData load(const Database& db, std::vector<std::int64_t>* ids,
                std::optional<std::int64_t> only = std::nullopt) {
  ExportData data;
  if (!only) {
    auto players = db.prepare("SELECT name, retired FROM players ORDER BY name COLLATE NOCASE, id");
    while (players.step()) data.players.push_back({players.text(0), players.integer(1) != 0});

    auto seasons = db.prepare(
        "SELECT name, starts_on, ends_on FROM seasons ORDER BY starts_on, name COLLATE NOCASE, "
        "id");
    while (seasons.step()) {
      data.seasons.push_back({seasons.text(0), seasons.text(1), seasons.optional_text(2)});
    }
  }

  std::unordered_map<std::int64_t, std::size_t> index;
  auto games = db.prepare(
      "SELECT id, played_on, status, boxes, first_dealer, note, uuid, round_order, wild_melds, "
      "book_suits, leads, ties, dealt, deal_seed FROM games "
      "WHERE ?1 IS NULL OR id = ?1 ORDER BY played_on, id");
  games.bind_all(only);
  while (games.step()) {
    index.emplace(games.int64(0), data.games.size());
    if (ids) ids->push_back(games.int64(0));
    ExportGame g;
    g.uuid = games.text(6);
    g.date = games.text(1);
    g.status = games.text(2);
    g.boxes = games.integer(3);
    g.first_dealer = games.integer(4);
    g.note = games.optional_text(5);
    g.rules = rules_from_row(games, 7);
    if (auto dealt = parse_dealt(games.text(12))) g.dealt = *dealt;
    // The same 64 bits (write_game_rules stores them signed); a random order's only.
    if (!games.is_null(13) && g.rules.order == RoundOrder::Random)
      g.deal_seed = static_cast<std::uint64_t>(games.int64(13));
    data.games.push_back(std::move(g));
  }
  auto seats = db.prepare(
      "SELECT s.game_id, p.name, s.tiebreak, coalesce(s.joined_round, 1), s.start_total "
      "FROM seats s JOIN players p ON p.id = s.player_id WHERE ?1 IS NULL OR s.game_id = ?1 "
      "ORDER BY s.game_id, s.seat");
  seats.bind_all(only);
  while (seats.step()) {
    if (const auto it = index.find(seats.int64(0)); it != index.end()) {
      data.games[it->second].seats.push_back({.player = seats.text(1),
                                              .tiebreak = seats.optional_integer(2),
                                              .joined_round = seats.integer(3),
                                              .start_total = seats.integer(4)});
    }
  }
  auto scores = db.prepare(
      "SELECT game_id, round, seat, points, went_out, hand FROM scores "
      "WHERE ?1 IS NULL OR game_id = ?1 ORDER BY game_id, round, seat");
  scores.bind_all(only);
  while (scores.step()) {
    const auto it = index.find(scores.int64(0));
    if (it == index.end()) continue;
    ExportGame& g = data.games[it->second];
    const auto round = static_cast<std::size_t>(std::max(scores.integer(1), 1));
    if (g.rounds.size() < round) g.rounds.resize(round);
    g.rounds[round - 1].push_back(
        {scores.integer(3), scores.integer(4) != 0, scores.optional_text(5)});
  }
  std::unordered_map<std::int64_t, timeline::GameTimes> times;
  if (only)
    times.emplace(*only, timeline::game_times(db, *only));
  else
    times = timeline::all_game_times(db);
  // A game whose start is not known (imported without times) keeps the times of the rounds
  // recorded here since, or carried by a file (issue 44): the rounds it came with have the
  // import's time, which is no round's (the timeline forgets them all for such a game).
  auto own_rounds = db.prepare(
      "SELECT r.round, CAST(strftime('%s', r.entered_at) AS INTEGER) FROM rounds r "
      "WHERE r.game_id = ?1 AND r.entered_at != '' AND (r.entered_at GLOB '*T*' OR "
      "EXISTS (SELECT 1 FROM audit a WHERE a.game_id = r.game_id AND a.action = 'round' "
      "AND a.undone_by IS NULL AND json_extract(a.new_value, '$.round') = r.round "
      "AND a.summary NOT LIKE '% (imported from %'))");
  for (const auto& [id, i] : index) {
    const auto it = times.find(id);
    if (it == times.end()) continue;
    const timeline::GameTimes& t = it->second;
    ExportGame& g = data.games[i];
    if (!t.started) {
      own_rounds.reset();
      own_rounds.bind_all(id);
      std::vector<std::optional<std::string>> recorded(g.rounds.size());
      bool any = false;
      while (own_rounds.step()) {
        const auto r = static_cast<std::size_t>(own_rounds.integer(0) - 1);
        if (r >= recorded.size() || own_rounds.is_null(1)) continue;
        recorded[r] = timeline::iso_time(own_rounds.int64(1));
        any = true;
      }
      if (any) g.recorded_at = std::move(recorded);
      continue;
    }
    g.started_at = timeline::iso_time(*t.started);
    if (t.ended) g.ended_at = timeline::iso_time(*t.ended);
    for (std::size_t r = 0; r < g.rounds.size(); ++r) {
      const bool known = r < t.recorded.size() && t.recorded[r];
      g.recorded_at.push_back(known ? std::optional(timeline::iso_time(*t.recorded[r]))
                                    : std::nullopt);
    }
  }
  return data;
}

// A round an import appends takes the time the file gives it (stored with the T that marks a
// file's time); without one it keeps the import's, which its log entry marks as not known.
void stamp_round(Database& db, std::int64_t game_id, const ExportGame& file, std::size_t r) {
  if (r >= file.recorded_at.size() || !file.recorded_at[r]) return;
  db.prepare("UPDATE rounds SET entered_at = ? WHERE game_id = ? AND round = ?")
      .bind_all(*file.recorded_at[r], game_id, static_cast<int>(r) + 1)
      .run();
}

// A tie-break an import adds ends the game when the file says (a file's end has the T).
void stamp_end(Database& db, std::int64_t game_id, const ExportGame& file) {
  if (!file.ended_at) return;
  db.prepare("UPDATE games SET finished_at = ? WHERE id = ? AND status = 'finished'")
      .bind_all(*file.ended_at, game_id)
      .run();
}

std::string game_label(const ExportGame& g) {
  std::string players;
  for (const auto& seat : g.seats) players += (players.empty() ? "" : ", ") + seat.player;
  return g.date + ", " + players;
}

// The rules stay the game's own here; a random order's rounds dealt since (the version taken
// has more) are taken with it, never a round dealt here replaced, and its seed when the game
// here has none (a file from before seeds were exported). Before the file's rounds are
// recorded here: recording a round deals the next one unless it is dealt already, and a host
// that drew its own would show a different round from the host that dealt it.
void take_deals(Database& db, std::int64_t game_id, const ExportGame& file) {
  const auto here = load_game(db, game_id);
  if (!here || here->rules.order != RoundOrder::Random || file.rules != here->rules ||
      file.dealt.size() < here->dealt.size() ||
      !std::equal(here->dealt.begin(), here->dealt.end(), file.dealt.begin())) {
    return;
  }
  if (file.dealt.size() > here->dealt.size()) {
    db.prepare("UPDATE games SET dealt = ? WHERE id = ?")
        .bind_all(dealt_text(file.dealt), game_id)
        .run();
  }
  if (file.deal_seed) {
    db.prepare("UPDATE games SET deal_seed = coalesce(deal_seed, ?) WHERE id = ?")
        .bind_all(static_cast<std::int64_t>(*file.deal_seed), game_id)
        .run();
  }
}

// Takes game u.game_id forward to the file's state: its next rounds, then its abandon or
// tie-break, each logged as the command that does it by hand logs it.
Expected<void> continue_game(Database& db, const ExportGame& file, const GameUpdate& u,
                             const std::string& source) {
  take_deals(db, u.game_id, file);
  Game game = *load_game(db, u.game_id);
  const std::string how = "imported from " + source;
  const std::size_t first = u.merge.first_new_round > 0
                                ? static_cast<std::size_t>(u.merge.first_new_round - 1)
                                : file.rounds.size();
  for (std::size_t r = first; r < file.rounds.size(); ++r) {
    std::vector<ScoreCell> cells;
    for (const auto& cell : file.rounds[r])
      cells.push_back({cell.points, cell.went_out, cell.hand});
    auto change = record_round_cells(db, game, cells, how);
    if (!change) return change.failure();
    game = *change->game;
    stamp_round(db, game.id, file, r);
  }
  if (u.merge.abandon) {
    auto change = abandon_game(db, game);
    if (!change) return change.failure();
    game = *change->game;
  }
  if (u.merge.tiebreak) {
    std::vector<SeatScore> scores;
    for (std::size_t s = 0; s < file.seats.size(); ++s) {
      if (const auto& points = file.seats[s].tiebreak)
        scores.push_back({static_cast<int>(s), ScoreEntry{*points, false, {}, std::nullopt}});
    }
    auto change = insert_tiebreak(db, game, scores);
    if (!change) {
      return Failure{"game " + std::to_string(game.id) + " here (" + game_label(file) +
                     "): the file's tie-break cannot be recorded: " + change.error()};
    }
    stamp_end(db, game.id, file);
  }
  return {};
}

// Why the file's version of a game cannot replace the game here by logged steps (edits,
// appended rounds, details, reopen, abandon, tie-break), or empty when it can.
std::string why_file_cannot_win(const ExportGame& file, const ExportGame& here) {
  if (file.rules != here.rules)
    return "its rules differ, and a game's rules never change by a merge";
  if (file.boxes != here.boxes) return "the boxes differ";
  if (file.seats.size() != here.seats.size()) return "the players differ";
  for (std::size_t s = 0; s < file.seats.size(); ++s) {
    if (fold_case(file.seats[s].player) != fold_case(here.seats[s].player))
      return "the players or their seats differ";
  }
  if (file.rounds.size() < here.rounds.size()) {
    return "the game here has " + std::to_string(here.rounds.size()) + " rounds, the file " +
           std::to_string(file.rounds.size());
  }
  const auto has_tiebreak = [](const ExportGame& g) {
    return std::any_of(g.seats.begin(), g.seats.end(), [](const auto& s) { return s.tiebreak; });
  };
  if (has_tiebreak(here) && !has_tiebreak(file))
    return "the game here has a tie-break the file has not";
  return "";
}

ScoreEntry entry_of(const ExportScore& cell) {
  ScoreEntry e{cell.points, cell.went_out, {}, std::nullopt};
  if (cell.hand) {
    if (auto cards = parse_cards(*cell.hand)) e.hand = *cards;
  }
  return e;
}

// Brings game c.game_id to the file's version (c.cannot_keep_file is empty): details, each
// differing round as an edit, a reopen, further rounds, abandon and tie-break, each logged as
// the command that does it by hand logs it, so undo takes it back step by step.
Expected<void> keep_file_version(Database& db, const ExportGame& file, const GameConflict& c,
                                 const std::string& source) {
  take_deals(db, c.game_id, file);
  Game game = *load_game(db, c.game_id);
  const auto step = [&](const Expected<Change>& change) -> Expected<void> {
    if (!change) {
      return Failure{c.label + ": the file's version cannot be taken: " + change.error()};
    }
    game = *change->game;
    return {};
  };
  DetailsChange details;
  if (file.date != game.date) details.date = file.date;
  if (file.note != game.note) details.note = file.note.value_or("");
  if (file.first_dealer != game.first_dealer) {
    details.dealer = file.seats[static_cast<std::size_t>(file.first_dealer)].player;
  }
  if (details.date || details.note || details.dealer) {
    if (auto done = step(update_details(db, game, details)); !done) return done;
  }
  // Rounds are edited and added in an open game: an abandoned one is reopened (and abandoned
  // again below when the file's is).
  if (game.status == GameStatus::Abandoned) {
    if (auto done = step(reopen_game(db, game)); !done) return done;
  }
  for (std::size_t r = 0; r < game.rounds.size() && r < file.rounds.size(); ++r) {
    std::vector<SeatScore> scores;
    bool differs = false;
    for (std::size_t s = 0; s < file.rounds[r].size(); ++s) {
      const ExportScore& f = file.rounds[r][s];
      const ScoreCell& h = game.rounds[r].scores[s];
      if (f.points != h.points || f.went_out != h.went_out || f.hand != h.hand) differs = true;
      scores.push_back({static_cast<int>(s), entry_of(f)});
    }
    if (!differs) continue;
    if (auto done = step(edit_round(db, game, static_cast<int>(r) + 1, scores)); !done) return done;
  }
  for (std::size_t r = game.rounds.size(); r < file.rounds.size(); ++r) {
    std::vector<ScoreCell> cells;
    for (const auto& cell : file.rounds[r])
      cells.push_back({cell.points, cell.went_out, cell.hand});
    if (auto done = step(record_round_cells(db, game, cells, "imported from " + source)); !done)
      return done;
    stamp_round(db, game.id, file, r);
  }
  if (file.status == "abandoned" && game.status != GameStatus::Abandoned) {
    if (auto done = step(abandon_game(db, game)); !done) return done;
  }
  std::vector<SeatScore> tiebreak;
  bool tiebreak_differs = false;
  for (std::size_t s = 0; s < file.seats.size(); ++s) {
    if (file.seats[s].tiebreak != game.seats[s].tiebreak) tiebreak_differs = true;
    if (const auto& points = file.seats[s].tiebreak)
      tiebreak.push_back({static_cast<int>(s), ScoreEntry{*points, false, {}, std::nullopt}});
  }
  if (tiebreak_differs && !tiebreak.empty()) {
    if (auto done = step(insert_tiebreak(db, game, tiebreak)); !done) return done;
    stamp_end(db, game.id, file);
  }
  return {};
}

// The players of a game's seats, each once (case ignored): what a one-game export lists.
std::vector<ExportPlayer> seat_players(const ExportGame& g) {
  std::vector<ExportPlayer> players;
  for (const auto& seat : g.seats) {
    const bool listed = std::any_of(players.begin(), players.end(), [&](const ExportPlayer& p) {
      return fold_case(p.name) == fold_case(seat.player);
    });
    if (!listed) players.push_back({seat.player, false});
  }
  return players;
}

constexpr const char* kInsertSeat =
    "INSERT INTO seats (game_id, seat, player_id, total, tiebreak, winner, joined_round, "
    "start_total) VALUES (?, ?, ?, ?, ?, ?, ?, ?)";

// The seats of a game written here from a file's version (with kInsertSeat): each seat's
// player (player_ids, in seat order), total, tie-break, win and late arrival.
void insert_seats(Statement& add_seat, std::int64_t game_id, const ExportGame& g,
                  const std::vector<std::int64_t>& player_ids) {
  const Standings st = standings_of(g);
  for (std::size_t s = 0; s < g.seats.size(); ++s) {
    const int seat = static_cast<int>(s);
    const bool won = std::find(st.winners.begin(), st.winners.end(), seat) != st.winners.end();
    add_seat.reset();
    add_seat
        .bind_all(
            game_id, seat, player_ids[s], st.totals[s], g.seats[s].tiebreak, won,
            g.seats[s].joined_round > 1 ? std::optional(g.seats[s].joined_round) : std::nullopt,
            g.seats[s].start_total)
        .run();
  }
}

}  // namespace

std::string game_export_text(const ExportGame& game) {
  ExportData data;
  data.players = seat_players(game);
  data.games.push_back(game);
  return format_export(data, ExportFormat::Json);
}

void write_game_content(Database& db, std::int64_t game_id, const ExportGame& g) {
  auto player = db.prepare("SELECT id FROM players WHERE name = ? COLLATE NOCASE");
  auto add_player = db.prepare("INSERT INTO players (name, retired, created_at) VALUES (?, 0, ?)");
  std::vector<std::int64_t> player_ids;
  for (const auto& seat : g.seats) {
    player.reset();
    player.bind_all(seat.player);
    if (player.step()) {
      player_ids.push_back(player.int64(0));
      continue;
    }
    add_player.reset();
    add_player.bind_all(seat.player, now_timestamp()).run();
    player_ids.push_back(db.last_insert_id());
  }
  // The times of the rounds here, kept for a round the file gives none.
  std::vector<std::string> entered;
  auto rounds_here =
      db.prepare("SELECT round, entered_at FROM rounds WHERE game_id = ? ORDER BY round");
  rounds_here.bind_all(game_id);
  while (rounds_here.step()) {
    const auto r = static_cast<std::size_t>(std::max(rounds_here.integer(0), 1));
    if (entered.size() < r) entered.resize(r);
    entered[r - 1] = rounds_here.text(1);
  }
  db.prepare("DELETE FROM drafts WHERE game_id = ?").bind_all(game_id).run();
  db.prepare("DELETE FROM scores WHERE game_id = ?").bind_all(game_id).run();
  db.prepare("DELETE FROM rounds WHERE game_id = ?").bind_all(game_id).run();
  db.prepare("DELETE FROM seats WHERE game_id = ?").bind_all(game_id).run();
  const bool over = g.status != "active";
  db.prepare(
        "UPDATE games SET played_on = ?, status = ?, boxes = ?, first_dealer = ?, note = ?, "
        "  created_at = coalesce(?, created_at), "
        "  finished_at = CASE WHEN ? THEN coalesce(?, finished_at, ?) END, "
        "  touched = (SELECT max(touched) + 1 FROM games) WHERE id = ?")
      .bind_all(g.date, g.status, g.boxes, g.first_dealer, g.note, g.started_at, over, g.ended_at,
                now_timestamp(), game_id)
      .run();
  take_deals(db, game_id, g);
  auto add_seat = db.prepare(kInsertSeat);
  insert_seats(add_seat, game_id, g, player_ids);
  auto add_round = db.prepare("INSERT INTO rounds (game_id, round, entered_at) VALUES (?, ?, ?)");
  auto add_score = db.prepare(
      "INSERT INTO scores (game_id, round, seat, points, went_out, hand) VALUES (?, ?, ?, ?, ?, "
      "?)");
  for (std::size_t r = 0; r < g.rounds.size(); ++r) {
    const int round = static_cast<int>(r) + 1;
    std::optional<std::string> at = r < g.recorded_at.size() ? g.recorded_at[r] : std::nullopt;
    if (!at && r < entered.size()) at = entered[r];
    add_round.reset();
    add_round.bind_all(game_id, round, at.value_or("")).run();
    for (std::size_t s = 0; s < g.rounds[r].size(); ++s) {
      const ExportScore& cell = g.rounds[r][s];
      add_score.reset();
      add_score.bind_all(game_id, round, static_cast<int>(s), cell.points, cell.went_out, cell.hand)
          .run();
    }
  }
}

std::int64_t insert_game_content(Database& db, std::optional<std::int64_t> id,
                                 const ExportGame& game) {
  db.prepare(
        "INSERT INTO games (id, uuid, played_on, first_dealer, created_at, touched) "
        "VALUES (?, ?, ?, 0, ?, (SELECT coalesce(max(touched), 0) + 1 FROM games))")
      .bind_all(id, game.uuid, game.date, game.started_at.value_or(now_timestamp()))
      .run();
  const std::int64_t game_id = db.last_insert_id();
  write_game_rules(db, game_id, game.rules, game.dealt, game.deal_seed);
  write_game_content(db, game_id, game);
  return game_id;
}

AuditEntry replace_game(Database& db, std::int64_t game_id, const ExportGame& file,
                        const std::string& action, const std::string& summary) {
  const auto before = load_export_game(db, game_id);
  write_game_content(db, game_id, file);
  return append_audit(
      db, {.game_id = game_id,
           .action = action,
           .summary = summary,
           .old_value = before ? std::optional(game_export_text(*before)) : std::nullopt,
           .new_value = game_export_text(file)});
}

std::size_t keep_rules_conflicts(Database& db, const ExportData& data, const ImportPlan& plan,
                                 const std::string& source) {
  std::size_t kept = 0;
  for (const GameConflict& c : plan.conflicts) {
    const ExportGame& g = data.games[c.index];
    if (c.hint.kind != HintKind::RulesDiffer || !g.uuid) continue;
    versions::store_version(db, {.uuid = *g.uuid,
                                 .version = {.seen = versions::Seen::parse(versions::legacy_id(g))},
                                 .file = source,
                                 .game = game_export_text(g),
                                 .found_at = {}});
    ++kept;
  }
  return kept;
}

bool import_changes(const ImportPlan& plan, KeepSide keep) {
  if (plan.changes()) return true;
  return keep == KeepSide::File &&
         std::any_of(plan.conflicts.begin(), plan.conflicts.end(),
                     [](const GameConflict& c) { return c.cannot_keep_file.empty(); });
}

ExportData load_export(const Database& db, std::vector<std::int64_t>* ids) {
  return load(db, ids);
}

std::optional<ExportGame> load_export_game(const Database& db, std::int64_t game_id) {
  ExportData data = load(db, nullptr, game_id);
  if (data.games.empty()) return std::nullopt;
  return std::move(data.games.front());
}

Expected<ImportPlan> plan_import(const Database& db, const ExportData& data, ContentMatch content) {
  ImportPlan plan;
  std::unordered_map<std::string, bool> known;
  auto players = db.prepare("SELECT name FROM players");
  while (players.step()) known.emplace(fold_case(players.text(0)), true);
  for (std::size_t i = 0; i < data.players.size(); ++i) {
    if (known.contains(fold_case(data.players[i].name)))
      ++plan.existing_players;
    else
      plan.new_players.push_back(i);
  }

  auto season =
      db.prepare("SELECT name, starts_on, ends_on FROM seasons WHERE name = ? COLLATE NOCASE");
  for (std::size_t i = 0; i < data.seasons.size(); ++i) {
    const ExportSeason& s = data.seasons[i];
    season.reset();
    season.bind_all(s.name);
    if (!season.step()) {
      plan.new_seasons.push_back(i);
      continue;
    }
    if (season.text(1) != s.starts_on || season.optional_text(2) != s.ends_on) {
      return Failure{"the season '" + s.name + "' is already in the database as '" +
                     season.text(0) + "' from " + season.text(1) + " to " +
                     season.optional_text(2).value_or("(open)") + ", but the file has " +
                     s.starts_on + " to " + s.ends_on.value_or("(open)") +
                     "; rename one of them first"};
    }
    ++plan.existing_seasons;
  }

  std::vector<std::int64_t> ids;
  const ExportData here = load(db, &ids);
  std::unordered_map<std::string, std::size_t> by_uuid;
  for (std::size_t j = 0; j < here.games.size(); ++j) by_uuid.emplace(*here.games[j].uuid, j);
  std::vector<bool> merged(here.games.size(), false);
  std::vector<std::size_t> unmatched;
  for (std::size_t i = 0; i < data.games.size(); ++i) {
    const ExportGame& g = data.games[i];
    const auto it = g.uuid ? by_uuid.find(*g.uuid) : by_uuid.end();
    if (it == by_uuid.end()) {
      unmatched.push_back(i);
      continue;
    }
    merged[it->second] = true;
    GameMerge merge = compare_game(g, here.games[it->second]);
    switch (merge.kind) {
      case GameMerge::Kind::Same: ++plan.existing_games; break;
      case GameMerge::Kind::Behind: ++plan.behind_games; break;
      case GameMerge::Kind::Ahead:
        plan.updated_games.push_back({i, ids[it->second], std::move(merge)});
        break;
      case GameMerge::Kind::Conflict:
        plan.conflicts.push_back(
            {.index = i,
             .game_id = ids[it->second],
             .label = "game " + std::to_string(i + 1) + " of the file is game " +
                      std::to_string(ids[it->second]) + " here (" +
                      game_label(here.games[it->second]) + ")",
             .difference = merge.conflict,
             .cannot_keep_file = why_file_cannot_win(g, here.games[it->second]),
             .hint = g.rules == here.games[it->second].rules
                         ? Hint{}
                         : Hint{.kind = HintKind::RulesDiffer,
                                .name = short_game_key(g.uuid.value_or(""))}});
        break;
    }
  }

  // The rest by content, among the games here the file has not named by uuid.
  std::unordered_map<std::string, std::vector<std::size_t>> by_content;
  for (std::size_t j = here.games.size(); j-- > 0;) {
    if (!merged[j]) by_content[game_key(here.games[j])].push_back(j);
  }
  for (std::size_t i : unmatched) {
    if (content == ContentMatch::No && data.games[i].uuid) {
      plan.new_games.push_back(i);
      continue;
    }
    const auto it = by_content.find(game_key(data.games[i]));
    if (it == by_content.end() || it->second.empty()) {
      plan.new_games.push_back(i);
      continue;
    }
    ++plan.existing_games;
    if (data.games[i].uuid) plan.adopted_ids.push_back({i, ids[it->second.back()]});
    it->second.pop_back();  // the oldest first
  }
  return plan;
}

Expected<void> apply_import(Database& db, const ExportData& data, const ImportPlan& plan,
                            const std::string& source, KeepSide keep) {
  const std::string now = now_timestamp();
  const nlohmann::ordered_json added = {{"file", source},
                                        {"players", plan.new_players.size()},
                                        {"seasons", plan.new_seasons.size()},
                                        {"games", plan.new_games.size()},
                                        {"updated", plan.updated_games.size()},
                                        {"ids_taken", plan.adopted_ids.size()}};
  // First, so that the rounds it adds to games here are the newest changes: undo reverses
  // them one by one, as it reverses rounds typed in.
  append_audit(
      db, {.action = "import",
           .summary = "Imported " + std::to_string(plan.new_games.size()) + " games, " +
                      std::to_string(plan.new_players.size()) + " players and " +
                      std::to_string(plan.new_seasons.size()) + " seasons from " + source +
                      (plan.updated_games.empty()
                           ? ""
                           : "; updated " + std::to_string(plan.updated_games.size()) + " games"),
           .new_value = json_line(added)});
  auto add_player = db.prepare("INSERT INTO players (name, retired, created_at) VALUES (?, ?, ?)");
  for (std::size_t i : plan.new_players) {
    add_player.reset();
    add_player.bind_all(data.players[i].name, data.players[i].retired, now).run();
  }
  auto add_season =
      db.prepare("INSERT INTO seasons (name, starts_on, ends_on, created_at) VALUES (?, ?, ?, ?)");
  for (std::size_t i : plan.new_seasons) {
    const ExportSeason& s = data.seasons[i];
    add_season.reset();
    add_season.bind_all(s.name, s.starts_on, s.ends_on, now).run();
  }

  std::unordered_map<std::string, std::int64_t> player_ids;
  auto ids = db.prepare("SELECT id, name FROM players");
  while (ids.step()) player_ids.emplace(fold_case(ids.text(1)), ids.int64(0));
  auto touched = db.prepare("SELECT coalesce(max(touched), 0) FROM games");
  std::int64_t next_touch = touched.step() ? touched.int64(0) : 0;

  // A game without an id in the file gets a new one from the column's default.
  // Each game gets its version now (the digest of its content, as a sync gives a game from
  // before versions): two databases importing one file agree on what their games have seen.
  auto add_game = db.prepare(
      "INSERT INTO games (played_on, status, boxes, first_dealer, note, created_at, finished_at, "
      "touched, seen) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)");
  auto add_game_with_id = db.prepare(
      "INSERT INTO games (played_on, status, boxes, first_dealer, note, created_at, finished_at, "
      "touched, seen, uuid) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
  auto add_seat = db.prepare(kInsertSeat);
  auto add_round = db.prepare("INSERT INTO rounds (game_id, round, entered_at) VALUES (?, ?, ?)");
  auto add_score = db.prepare(
      "INSERT INTO scores (game_id, round, seat, points, went_out, hand) VALUES (?, ?, ?, ?, ?, "
      "?)");
  for (std::size_t i : plan.new_games) {
    const ExportGame& g = data.games[i];
    // A file's times are kept (with the T that marks them as a file's); without them the game
    // gets the import's time, which timeline reads as not known (no "new" entry).
    const std::string created = g.started_at.value_or(now);
    const std::optional<std::string> finished =
        g.status == "finished" ? std::optional(g.ended_at.value_or(now)) : std::nullopt;
    if (g.uuid) {
      add_game_with_id.reset();
      add_game_with_id
          .bind_all(g.date, g.status, g.boxes, g.first_dealer, g.note, created, finished,
                    ++next_touch, versions::legacy_id(g), *g.uuid)
          .run();
    } else {
      add_game.reset();
      add_game
          .bind_all(g.date, g.status, g.boxes, g.first_dealer, g.note, created, finished,
                    ++next_touch, "")
          .run();
    }
    const std::int64_t id = db.last_insert_id();
    write_game_rules(db, id, g.rules, g.dealt, g.deal_seed);
    std::vector<std::int64_t> seat_players;
    for (const auto& seat : g.seats) seat_players.push_back(player_ids.at(fold_case(seat.player)));
    insert_seats(add_seat, id, g, seat_players);
    for (std::size_t r = 0; r < g.rounds.size(); ++r) {
      const int round = static_cast<int>(r) + 1;
      add_round.reset();
      // A round of a timed file without its time: '' (no time; timeline reads none).
      const std::optional<std::string> at =
          r < g.recorded_at.size() ? g.recorded_at[r] : std::nullopt;
      add_round.bind_all(id, round, at ? *at : g.started_at ? "" : now).run();
      for (std::size_t s = 0; s < g.rounds[r].size(); ++s) {
        const ExportScore& cell = g.rounds[r][s];
        add_score.reset();
        add_score.bind_all(id, round, static_cast<int>(s), cell.points, cell.went_out, cell.hand)
            .run();
      }
    }
  }

  auto adopt = db.prepare("UPDATE games SET uuid = ? WHERE id = ?");
  for (const IdAdoption& a : plan.adopted_ids) {
    adopt.reset();
    adopt.bind_all(*data.games[a.index].uuid, a.game_id).run();
  }
  for (const GameUpdate& u : plan.updated_games) {
    if (auto done = continue_game(db, data.games[u.index], u, source); !done) return done;
  }
  if (keep == KeepSide::File) {
    for (const GameConflict& c : plan.conflicts) {
      if (!c.cannot_keep_file.empty()) continue;
      if (auto done = keep_file_version(db, data.games[c.index], c, source); !done) return done;
    }
  }
  return {};
}

}  // namespace crowns::store
