#include "serve/hint_words.hpp"

namespace crowns::serve {

std::string phone_hint(const Hint& hint) {
  const std::string count = hint.count ? std::to_string(*hint.count) : std::string("14");
  switch (hint.kind) {
    case HintKind::AcceptUnusual:
      return "; tick \u201caccept an unusual value\u201d to record it anyway";
    // A field holds the whole hand: no quotes.
    case HintKind::ScoreForms:
      return ": write points (12), 0* or out for the player who went out, or the cards left "
             "(Ks Qh jk)";
    case HintKind::CombinedGame: return " (two boxes make a combined game)";
    case HintKind::TwoBoxesSeat: return " (two boxes seat up to " + count + ")";
    case HintKind::NewGameTwoBoxes: return "; a new game of two boxes seats up to " + count;
    case HintKind::NameRound: return "; choose the round";
    case HintKind::HoldsDrawn: return " (tick \u201cit holds the card just drawn\u201d if it does)";
    case HintKind::OneMoreDrawn:
    case HintKind::OtherSize: return ": one more when it holds the card just drawn";
    case HintKind::StartGame: return "; start one with the form below";
    case HintKind::StartAnotherGame: return " (start a new game)";
    case HintKind::AddUnknownPlayers: return " (add them as new players)";
    case HintKind::FixRound:
      return hint.round ? " (correct round " + std::to_string(*hint.round) + " on the scorecard)"
                        : " (correct a round on the scorecard)";
    case HintKind::RoundIsNext: return ": check the scorecard";
    case HintKind::TotalUnderWay: return " (a starting total is for a game under way)";
    // What only the terminal has a command or a file for: the words stand alone.
    case HintKind::None:
    case HintKind::GiveTop:
    case HintKind::ListGames:
    case HintKind::NewGameNeedsPlayers:
    case HintKind::AddPlayer:
    case HintKind::AddDifferentPlayer:
    case HintKind::UnretirePlayer:
    case HintKind::MergePlayers:
    case HintKind::ShowLog:
    case HintKind::LogKeepsCopy:
    case HintKind::UndoOneGame:
    case HintKind::ChangeDirectly:
    case HintKind::MoveWentOut:
    case HintKind::DeleteGame:
    case HintKind::ReopenOrDelete:
    case HintKind::ShowGame:
    case HintKind::SeatsFromRoundOne:
    case HintKind::EndSeason:
    case HintKind::AddSeason:
    case HintKind::ListSeasons:
    case HintKind::ChooseDatabase:
    case HintKind::DatabaseMissing:
    case HintKind::DatabaseElsewhere:
    case HintKind::RestoreBackup:
    case HintKind::RecoverDatabase:
    case HintKind::OverwriteFile:
    case HintKind::ListConflicts:
    case HintKind::RulesDiffer:
    case HintKind::ResolveMerge: break;
  }
  return {};
}

std::string console_hint(const Hint& hint) {
  switch (hint.kind) {
    case HintKind::ChooseDatabase: return "; give the crowns database with --db or $CROWNS_DB";
    case HintKind::DatabaseMissing:
      return ": check --db or $CROWNS_DB, or start one by recording something";
    case HintKind::DatabaseElsewhere: return "; give another place with --db or $CROWNS_DB";
    case HintKind::RestoreBackup: return "; restore a backup with 'crowns restore FILE'";
    case HintKind::RecoverDatabase:
      return "; restore a backup with 'crowns restore FILE', or recover what is left into a new "
             "file with 'sqlite3 " +
             hint.name + " .recover'";
    default: return {};
  }
}

std::string phone_said(const std::string& message, const Hint& hint) {
  return message + phone_hint(hint);
}

}  // namespace crowns::serve
