#include "cli/hint_words.hpp"

#include "crowns/names.hpp"
#include "views/style.hpp"

namespace crowns::cli {
namespace {

std::string number(std::optional<std::int64_t> value) {
  return value ? std::to_string(*value) : std::string("N");
}

}  // namespace

std::string hint_words(const Hint& hint) {
  const std::string game = number(hint.game);
  const std::string round = number(hint.round);
  const std::string count = number(hint.count);
  switch (hint.kind) {
    case HintKind::None: return {};
    case HintKind::AcceptUnusual: return "; add --force to record it anyway";
    // On a command line a hand is one argument: its cards in quotes.
    case HintKind::ScoreForms:
      return ": write points (12), 0* or out for the player who went out, or the cards left in "
             "quotes (\"Ks Qh jk\")";
    case HintKind::CombinedGame: return " (use --boxes 2 for a combined game)";
    case HintKind::TwoBoxesSeat: return " (use --boxes 2 for up to " + count + ")";
    case HintKind::NewGameTwoBoxes:
      return "; start a new game with --boxes 2 for up to " + count + " players";
    case HintKind::NameRound: return "; give --round N";
    case HintKind::GiveTop:
      return ": give the top discard with --top CARD (or add the drawn card to decide the "
             "discard)";
    case HintKind::HoldsDrawn: return " (add --drawn if it holds the drawn card)";
    case HintKind::OneMoreDrawn: return ": one more with --drawn";
    case HintKind::OtherSize: return ": one more with --drawn; give --wild RANK for another size";
    case HintKind::ListGames: return " (crowns games lists them)";
    case HintKind::StartGame: return "; start one with: crowns new NAME NAME...";
    case HintKind::StartAnotherGame: return " (start a new game with: crowns new NAME NAME...)";
    case HintKind::NewGameNeedsPlayers: return " (crowns new NAME NAME...)";
    case HintKind::AddPlayer:
      return " (add them with: crowns player add " + shell_word(hint.name) + ")";
    case HintKind::AddUnknownPlayers: return " (--add adds new players)";
    case HintKind::AddDifferentPlayer:
      return ", or add a different player with: crowns player add --force " + shell_word(hint.name);
    case HintKind::UnretirePlayer:
      return " (crowns player add " + shell_word(hint.name) + " brings them back)";
    case HintKind::MergePlayers:
      return "; to fold one into the other use: crowns player merge " + shell_word(hint.name) +
             " " + shell_word(hint.other);
    case HintKind::ShowLog: return " (crowns log shows every change)";
    case HintKind::LogKeepsCopy:
      return " (the log keeps a copy: crowns log --game " + game + " --json)";
    case HintKind::UndoOneGame: return " (crowns undo --game ID undoes the last change of a game)";
    case HintKind::ChangeDirectly:
      return " (crowns edit and crowns details change the game directly)";
    case HintKind::FixRound:
      return hint.round
                 ? " (correct round " + round + " with: crowns edit " + round + " NAME=VALUE)"
                 : " (fix a round with: crowns edit ROUND NAME=VALUE)";
    case HintKind::RoundIsNext: return " (--round " + round + ")";
    case HintKind::MoveWentOut: return ": crowns edit " + round + " " + hint.args;
    case HintKind::DeleteGame: return "; to drop it use: crowns delete " + game;
    case HintKind::ReopenOrDelete:
      return " (crowns reopen --game " + game + " takes it up again, crowns delete " + game +
             " removes it)";
    case HintKind::ShowGame: return " (crowns show --game " + game + ")";
    case HintKind::TotalUnderWay: return " (--total is for a game under way)";
    case HintKind::SeatsFromRoundOne:
      return " (--seats is for a game everyone played from round 1)";
    case HintKind::EndSeason:
      return " (end it first: crowns season edit " + shell_word(hint.name) + " --to DATE)";
    case HintKind::AddSeason:
      return " (each calendar year is one: --season 2026, or add one with: crowns season add NAME "
             "--from DATE)";
    case HintKind::ListSeasons: return " (crowns season list shows them)";
    case HintKind::ChooseDatabase: return "; give the crowns database with --db or $CROWNS_DB";
    case HintKind::DatabaseMissing:
      return ": check --db or $CROWNS_DB, or start one by recording something";
    case HintKind::DatabaseElsewhere: return "; give another place with --db or $CROWNS_DB";
    case HintKind::RestoreBackup: return "; restore a backup with 'crowns restore FILE'";
    case HintKind::RecoverDatabase:
      return "; restore a backup with 'crowns restore FILE', or recover what is left into a new "
             "file with 'sqlite3 " +
             hint.name + " .recover'";
    case HintKind::OverwriteFile: return "; choose another name, or add --force to replace it";
    case HintKind::ListConflicts: return " (crowns sync --conflicts lists them)";
    case HintKind::RulesDiffer:
      return ": a game's rules never change by a merge; if the other version's rules are the "
             "right ones, take it with crowns sync --take ID (crowns sync --conflicts lists it; "
             "crowns undo puts the game back), else keep syncing: the game stays as it is here";
    case HintKind::ResolveMerge:
      return "; take one side with git checkout --theirs or --ours, then git add it";
  }
  return {};
}

std::string worded(const std::string& message, const Hint& hint) {
  return message + hint_words(hint);
}

nlohmann::ordered_json hint_json(const Hint& hint) {
  if (!hint) return nullptr;
  nlohmann::ordered_json json{{"kind", std::string(hint_kind_name(hint.kind))}};
  if (hint.game) json["game"] = *hint.game;
  if (hint.round) json["round"] = *hint.round;
  if (hint.count) json["count"] = *hint.count;
  if (!hint.name.empty()) json["name"] = hint.name;
  if (!hint.other.empty()) json["other"] = hint.other;
  if (!hint.args.empty()) json["args"] = hint.args;
  return json;
}

void add_failure_json(nlohmann::ordered_json& answer, const Failure& failure) {
  answer["error"] = views::sanitize(worded(failure));
  if (failure.hint) answer["hint"] = hint_json(failure.hint);
}

}  // namespace crowns::cli
