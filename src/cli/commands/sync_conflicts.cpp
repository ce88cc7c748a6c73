// crowns sync --conflicts / --take ID (cli/commands/sync_conflicts.hpp).

#include "cli/commands/sync_conflicts.hpp"

#include <nlohmann/json.hpp>

#include "cli/session.hpp"
#include "cli/views/written.hpp"
#include "crowns/names.hpp"
#include "crowns/plural.hpp"
#include "store/sync.hpp"
#include "views/local_time.hpp"

namespace crowns::cli {
namespace {

using Json = nlohmann::ordered_json;

Json kept_json(const store::sync::KeptVersion& k) {
  const auto& v = k.stored;
  return Json{{"id", v.id},
              {"uuid", v.uuid},
              {"key", store::short_game_key(v.uuid)},
              {"game", k.game_id ? Json(k.game_id) : Json(nullptr)},
              {"label", k.label},
              {"difference", k.difference},
              {"file", v.file},
              {"by", v.version.by ? Json(*v.version.by) : Json(nullptr)},
              {"at", v.version.at ? Json(iso_utc(*v.version.at)) : Json(nullptr)},
              {"deletes", v.game.empty()},
              {"found_at", Json(iso_utc(v.found_at))}};
}

std::string made_text(const store::versions::StoredVersion& v) {
  std::string text = "from " + v.file;
  if (v.version.by) text += ", made by database " + *v.version.by;
  if (v.version.at) text += " at " + local_text(*v.version.at);
  return text;
}

}  // namespace

void run_sync_conflicts(bool json, Context& ctx) {
  auto db = open_store(ctx, store::Access::Read);
  const auto kept = store::sync::kept_versions(db);
  if (!kept.empty()) ctx.exit_code = ExitCode::Conflict;
  if (json) {
    Json list = Json::array();
    for (const auto& k : kept) list.push_back(kept_json(k));
    ctx.out << dump_json(Json{{"conflicts", list}}) << '\n';
    return;
  }
  if (kept.empty()) {
    ctx.out << "No conflict is waiting: every version a sync met is decided\n";
    return;
  }
  ctx.out << counted(static_cast<long long>(kept.size()), "version")
          << " kept from conflicts not decided yet (each game is as it is here until one is "
             "taken):\n";
  for (const auto& k : kept) {
    ctx.out << "  " << k.stored.id << ": " << sanitize(k.label) << ", "
            << sanitize(made_text(k.stored)) << ": " << sanitize(k.difference) << '\n';
  }
  ctx.out << "Take one with: crowns sync --take ID (undo puts the game back); or keep the games "
             "as they are here with: crowns sync FOLDER --keep here\n";
}

void run_sync_take(std::int64_t id, bool json, Context& ctx) {
  auto db = open_store(ctx, store::Access::Write);
  store::Transaction tx(db, store::Transaction::Kind::Immediate);
  const LogWatch watch(db);
  const auto taken = need(store::sync::take_kept_version(db, id));
  const auto logged = watch.written();
  tx.commit();
  if (json) {
    Json state = kept_json(taken.taken);
    state["summary"] = taken.summary;
    print_written(ctx, logged, "taken", state);
    return;
  }
  ctx.out << sanitize(taken.summary) << "\nThe next sync carries the choice to every host\n";
}

}  // namespace crowns::cli
