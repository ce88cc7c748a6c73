// crowns import: read an export back, checking all of it before writing any of it.

#include <CLI/CLI.hpp>
#include <algorithm>
#include <nlohmann/json.hpp>

#include "cli/commands.hpp"
#include "cli/files.hpp"
#include "cli/session.hpp"
#include "crowns/plural.hpp"
#include "store/transfer_db.hpp"

namespace crowns::cli {
namespace {

struct ImportOptions {
  std::string file;
  bool dry_run = false;
  bool json = false;
  bool force = false;
};

// The unusual values among the games the plan adds (games already there are not read again).
std::vector<store::UnusualGame> unusual_new_games(const store::ExportData& data,
                                                  const store::ImportPlan& plan) {
  std::vector<store::UnusualGame> found = store::find_unusual(data);
  std::erase_if(found, [&](const store::UnusualGame& game) {
    return std::find(plan.new_games.begin(), plan.new_games.end(), game.index) ==
           plan.new_games.end();
  });
  return found;
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

void print_summary(const ImportOptions& opts, const store::ExportData& data,
                   const store::ImportPlan& plan, const std::vector<store::UnusualGame>& unusual,
                   Context& ctx) {
  std::vector<std::string> new_players;
  for (std::size_t i : plan.new_players) new_players.push_back(data.players[i].name);
  if (opts.json) {
    using Json = nlohmann::ordered_json;
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
           {"new_players", new_players},
           {"unusual", Json::array()}};
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
  if (opts.dry_run) {
    ctx.out << "Dry run: importing " << sanitize(opts.file) << " would add " << added << "; "
            << there << " already there. Nothing was changed.\n";
  } else {
    ctx.out << "Imported " << sanitize(opts.file) << ": added " << added << "; " << there
            << " already there.\n";
  }
  if (!new_players.empty()) {
    std::string names;
    for (const auto& n : new_players) names += (names.empty() ? "" : ", ") + sanitize(n);
    ctx.out << (opts.dry_run ? "New players would be: " : "New players: ") << names << '\n';
  }
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
  if (!data) fail(shown + ": " + data.error() + "; nothing was imported");
  auto db = open_store(ctx, store::Access::Write);
  // The write lock from the start: the plan cannot go stale before it is written.
  store::Transaction tx(
      db, opts.dry_run ? store::Transaction::Kind::Deferred : store::Transaction::Kind::Immediate);
  auto plan = store::plan_import(db, *data);
  if (!plan) fail(shown + ": " + plan.error() + "; nothing was imported");
  const auto unusual = unusual_new_games(*data, *plan);
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
  const bool adds =
      !plan->new_players.empty() || !plan->new_seasons.empty() || !plan->new_games.empty();
  if (!opts.dry_run && adds) {
    store::apply_import(db, *data, *plan, shown);
    tx.commit();
  }
  ImportOptions named = opts;
  named.file = shown;
  print_summary(named, *data, *plan, unusual, ctx);
}

}  // namespace

void setup_import(CLI::App& app, Context& ctx) {
  auto opts = std::make_shared<ImportOptions>();
  auto* sub = app.add_subcommand("import", "Read an export (JSON or CSV) back; adds nothing twice");
  sub->add_option("file", opts->file, "The file written by crowns export (- for standard input)")
      ->required();
  sub->add_flag("-n,--dry-run", opts->dry_run,
                "Check the file and say what would be added; change nothing");
  sub->add_flag("--json", opts->json, "Print the summary as JSON");
  sub->add_flag("-f,--force", opts->force,
                "Import values round refuses without --force (listed per game)");
  sub->callback([opts, &ctx] { run_import(*opts, ctx); });
}

}  // namespace crowns::cli
