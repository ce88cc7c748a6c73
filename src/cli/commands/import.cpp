// crowns import: read an export back, checking all of it before writing any of it.

#include <CLI/CLI.hpp>
#include <algorithm>
#include <nlohmann/json.hpp>

#include "cli/commands.hpp"
#include "cli/files.hpp"
#include "cli/hint_words.hpp"
#include "cli/options.hpp"
#include "cli/session.hpp"
#include "crowns/names.hpp"
#include "crowns/plural.hpp"
#include "store/players.hpp"
#include "store/transfer_db.hpp"

namespace crowns::cli {

namespace {
// At namespace scope, like every file's: a unity build meets several in one batch, and a
// local one would shadow them.
using Json = nlohmann::ordered_json;

struct ImportOptions {
  std::string file;
  bool dry_run = false;
  bool json = false;
  bool force = false;
  store::KeepSide keep = store::KeepSide::Skip;
};

// Whether the conflicting game `c` of the plan is replaced by the file's version.
bool takes_file(const ImportOptions& opts, const store::GameConflict& c) {
  return opts.keep == store::KeepSide::File && c.cannot_keep_file.empty();
}

// The unusual values among the games the plan adds or continues (games already there are not
// read again).
std::vector<store::UnusualGame> unusual_new_games(const ImportOptions& opts,
                                                  const store::ExportData& data,
                                                  const store::ImportPlan& plan) {
  std::vector<store::UnusualGame> found = store::find_unusual(data);
  std::erase_if(found, [&](const store::UnusualGame& game) {
    const bool added =
        std::find(plan.new_games.begin(), plan.new_games.end(), game.index) != plan.new_games.end();
    const bool continued =
        std::any_of(plan.updated_games.begin(), plan.updated_games.end(),
                    [&](const store::GameUpdate& u) { return u.index == game.index; });
    const bool replaced = std::any_of(
        plan.conflicts.begin(), plan.conflicts.end(),
        [&](const store::GameConflict& c) { return c.index == game.index && takes_file(opts, c); });
    return !added && !continued && !replaced;
  });
  return found;
}

// "rounds 4-6 added, abandoned": what an import adds to a game here.
std::string update_text(const store::ExportGame& file, const store::GameMerge& merge) {
  std::vector<std::string> parts;
  const auto last = static_cast<int>(file.rounds.size());
  if (merge.first_new_round > 0) {
    parts.push_back(merge.first_new_round == last
                        ? "round " + std::to_string(last) + " added"
                        : "rounds " + std::to_string(merge.first_new_round) + "-" +
                              std::to_string(last) + " added");
  }
  if (merge.abandon) parts.emplace_back("abandoned");
  if (merge.tiebreak) parts.emplace_back("tie-break added");
  std::string text;
  for (const auto& p : parts) text += (text.empty() ? "" : ", ") + p;
  return text;
}

std::string seat_list(const store::ExportGame& game) {
  std::string names;
  for (const auto& seat : game.seats) names += (names.empty() ? "" : ", ") + seat.player;
  return names;
}

std::size_t value_count(const std::vector<store::UnusualGame>& games) {
  std::size_t n = 0;
  for (const auto& g : games) n += g.values.size();
  return n;
}

std::string counts(std::size_t players, std::size_t seasons, std::size_t games) {
  return counted(static_cast<long long>(players), "player") + ", " +
         counted(static_cast<long long>(seasons), "season") + " and " +
         counted(static_cast<long long>(games), "game");
}

// A new player of the file whose name looks like one already here ("Аnn" with a Cyrillic А
// beside "Ann"): imported as a player of their own (import matches names by case only), and
// said, so a mix-up can be merged.
struct LookAlike {
  std::string imported;
  std::string here;
};

std::vector<LookAlike> look_alikes(const store::Database& db, const store::ExportData& data,
                                   const store::ImportPlan& plan) {
  std::vector<LookAlike> found;
  for (std::size_t i : plan.new_players) {
    if (const auto alike = store::find_look_alike(db, data.players[i].name)) {
      found.push_back({data.players[i].name, alike->name});
    }
  }
  return found;
}

// What became of a game both sides changed: "skipped", "here" or "file".
std::string conflict_outcome(const ImportOptions& opts, const store::GameConflict& c) {
  if (takes_file(opts, c)) return "file";
  return opts.keep == store::KeepSide::Here ? "here" : "skipped";
}

void print_conflicts(const ImportOptions& opts, const store::ImportPlan& plan, Context& ctx) {
  bool undecided = false;
  for (const auto& c : plan.conflicts) {
    const std::string what = sanitize(c.label + ", but " + c.difference);
    if (takes_file(opts, c)) {
      ctx.out << (opts.dry_run ? "Would take the file's version: " : "Took the file's version: ")
              << what << '\n';
    } else if (opts.keep == store::KeepSide::Here) {
      ctx.out << "Kept as it is here: " << what << '\n';
    } else {
      ctx.out << (opts.dry_run ? "Would skip: " : "Skipped: ") << what;
      if (c.hint) {
        ctx.out << sanitize(hint_words(c.hint));
      } else if (opts.keep == store::KeepSide::File) {
        ctx.out << " (the file's version cannot be taken: " << sanitize(c.cannot_keep_file) << ")";
      } else {
        undecided = true;
      }
      ctx.out << '\n';
    }
  }
  if (undecided) {
    ctx.out << "To settle " << (plan.conflicts.size() == 1 ? "it" : "them")
            << ", import again with --keep here (the games here stay as they are) or --keep "
               "file (the file's version, each change logged: crowns undo takes it back)\n";
  }
}

void print_summary(const ImportOptions& opts, const store::ExportData& data,
                   const store::ImportPlan& plan, const std::vector<store::UnusualGame>& unusual,
                   const std::vector<LookAlike>& alikes, Context& ctx) {
  std::vector<std::string> new_players;
  for (std::size_t i : plan.new_players) new_players.push_back(data.players[i].name);
  if (opts.json) {
    Json j{{"file", opts.file},
           {"dry_run", opts.dry_run},
           {"added",
            {{"players", plan.new_players.size()},
             {"seasons", plan.new_seasons.size()},
             {"games", plan.new_games.size()}}},
           {"already_there",
            {{"players", plan.existing_players},
             {"seasons", plan.existing_seasons},
             {"games", plan.existing_games}}},
           {"updated", Json::array()},
           {"further_here", plan.behind_games},
           {"ids_taken", plan.adopted_ids.size()},
           {"new_players", new_players},
           {"look_alikes", Json::array()},
           {"conflicts", Json::array()},
           {"unusual", Json::array()}};
    for (const auto& a : alikes)
      j["look_alikes"].push_back({{"new", a.imported}, {"here", a.here}});
    for (const auto& c : plan.conflicts) {
      j["conflicts"].push_back(
          {{"game", c.index + 1},
           {"here", c.game_id},
           {"difference", c.difference},
           {"kept", conflict_outcome(opts, c)},
           {"cannot_keep_file",
            c.cannot_keep_file.empty() ? Json(nullptr) : Json(c.cannot_keep_file)},
           {"hint", hint_json(c.hint)}});
    }
    for (const auto& u : plan.updated_games) {
      const store::GameMerge& m = u.merge;
      j["updated"].push_back(
          {{"game", u.game_id},
           {"uuid", *data.games[u.index].uuid},
           {"rounds_added",
            m.first_new_round > 0
                ? static_cast<int>(data.games[u.index].rounds.size()) - m.first_new_round + 1
                : 0},
           {"abandoned", m.abandon},
           {"tiebreak", m.tiebreak}});
    }
    for (const auto& game : unusual) {
      j["unusual"].push_back({{"game", game.index + 1}, {"values", game.values}});
    }
    ctx.out << dump_json(j) << '\n';
    return;
  }
  const std::string added =
      counts(plan.new_players.size(), plan.new_seasons.size(), plan.new_games.size());
  const std::string there =
      counts(plan.existing_players, plan.existing_seasons, plan.existing_games);
  const std::string updated =
      plan.updated_games.empty()
          ? ""
          : "; " + std::string(opts.dry_run ? "would update " : "updated ") +
                counted(static_cast<long long>(plan.updated_games.size()), "game");
  if (!store::import_changes(plan, opts.keep)) {
    ctx.out << "Nothing new in " << sanitize(opts.file) << ": " << there
            << " already there, so it was skipped. Nothing was changed.\n";
  } else if (opts.dry_run) {
    ctx.out << "Dry run: importing " << sanitize(opts.file) << " would add " << added << updated
            << "; " << there << " already there. Nothing was changed.\n";
  } else {
    ctx.out << "Imported " << sanitize(opts.file) << ": added " << added << updated << "; " << there
            << " already there.\n";
  }
  for (const auto& u : plan.updated_games) {
    const store::ExportGame& g = data.games[u.index];
    ctx.out << (opts.dry_run ? "Would update game " : "Updated game ") << u.game_id << " ("
            << g.date << ", " << sanitize(seat_list(g)) << "): " << update_text(g, u.merge) << '\n';
  }
  if (plan.behind_games > 0) {
    ctx.out << counted(static_cast<long long>(plan.behind_games), "game")
            << (plan.behind_games == 1 ? " is" : " are")
            << " further along here than in the file; kept as "
            << (plan.behind_games == 1 ? "it is" : "they are") << ".\n";
  }
  if (!new_players.empty()) {
    std::string names;
    for (const auto& n : new_players) names += (names.empty() ? "" : ", ") + sanitize(n);
    ctx.out << (opts.dry_run ? "New players would be: " : "New players: ") << names << '\n';
  }
  for (const auto& a : alikes) {
    ctx.out << "Note: the new player " << sanitize(quote_token(a.imported))
            << " looks like the player " << sanitize(quote_token(a.here))
            << " here but is spelled with other letters; if they are the same person: crowns "
               "player merge "
            << sanitize(shell_word(a.imported)) << ' ' << sanitize(shell_word(a.here)) << '\n';
  }
  print_conflicts(opts, plan, ctx);
  if (!unusual.empty()) {
    ctx.out << (opts.dry_run ? "Would accept with --force:\n" : "Accepted with --force:\n");
    for (const auto& game : unusual) {
      ctx.out << "  " << sanitize(game.label) << ":\n";
      for (const auto& value : game.values) ctx.out << "    " << sanitize(value) << '\n';
    }
  }
}

void run_import(const ImportOptions& opts, Context& ctx) {
  const std::string text = read_input_file(opts.file, store::kMaxImportBytes, ctx.in);
  const std::string shown = opts.file == "-" ? "standard input" : opts.file;
  auto data = store::parse_export(text);
  if (!data) fail(shown + ": " + worded(data.failure()) + "; nothing was imported");
  auto db = open_store(ctx, store::Access::Write);
  // The write lock from the start: the plan cannot go stale before it is written.
  store::Transaction tx(
      db, opts.dry_run ? store::Transaction::Kind::Deferred : store::Transaction::Kind::Immediate);
  auto plan = store::plan_import(db, *data);
  if (!plan) fail(shown + ": " + worded(plan.failure()) + "; nothing was imported");
  const auto unusual = unusual_new_games(opts, *data, *plan);
  const auto alikes = look_alikes(db, *data, *plan);
  if (!unusual.empty() && !opts.force) {
    const std::size_t n = value_count(unusual);
    fail(shown + ": " + unusual.front().label + ": " + unusual.front().values.front() +
         (n == 1
              ? ""
              : " (" + std::to_string(n) + " unusual values in " + std::to_string(unusual.size()) +
                    (unusual.size() == 1 ? " game)" : " games)")) +
         "; nothing was imported (add --force to import unusual values, as round --force "
         "records them)");
  }
  // A game under other rules here is not merged, whatever --keep says: its version is kept
  // for sync --take, and the exit status is a conflict's.
  const bool by_rules = std::any_of(
      plan->conflicts.begin(), plan->conflicts.end(),
      [](const store::GameConflict& c) { return c.hint.kind == HintKind::RulesDiffer; });
  if (!opts.dry_run && (by_rules || store::import_changes(*plan, opts.keep))) {
    if (store::import_changes(*plan, opts.keep)) {
      if (auto applied = store::apply_import(db, *data, *plan, shown, opts.keep); !applied)
        fail(shown + ": " + worded(applied.failure()) + "; nothing was imported");
    }
    store::keep_rules_conflicts(db, *data, *plan, shown);
    tx.commit();
  }
  if (by_rules) ctx.exit_code = ExitCode::Conflict;
  ImportOptions named = opts;
  named.file = shown;
  print_summary(named, *data, *plan, unusual, alikes, ctx);
}

}  // namespace

void setup_import(CLI::App& app, Context& ctx) {
  auto opts = std::make_shared<ImportOptions>();
  auto* sub = app.add_subcommand("import",
                                 "Read an export (JSON or CSV) back; merges games it already has");
  sub->add_option("file", opts->file, "The file written by crowns export (- for standard input)")
      ->required();
  sub->add_flag("-n,--dry-run", opts->dry_run,
                "Check the file and say what would be added; change nothing");
  sub->add_flag("--json", opts->json, "Print the summary as JSON");
  sub->add_flag("-f,--force", opts->force,
                "Import values round refuses without --force (listed per game)");
  sub->add_option("--keep", opts->keep,
                  "A game changed differently on both sides: keep the game here or the file's "
                  "(default: skip it and say so)")
      ->transform(one_of<store::KeepSide>(
          {{"here", store::KeepSide::Here}, {"file", store::KeepSide::File}}))
      ->type_name("here|file");
  sub->callback([opts, &ctx] { run_import(*opts, ctx); });
}

}  // namespace crowns::cli
