#include "crowns/hint.hpp"

namespace crowns {

std::string_view hint_kind_name(HintKind kind) {
  switch (kind) {
    case HintKind::None: return "none";
    case HintKind::AcceptUnusual: return "accept_unusual";
    case HintKind::ScoreForms: return "score_forms";
    case HintKind::CombinedGame: return "combined_game";
    case HintKind::TwoBoxesSeat: return "two_boxes_seat";
    case HintKind::NewGameTwoBoxes: return "new_game_two_boxes";
    case HintKind::NameRound: return "name_round";
    case HintKind::GiveTop: return "give_top";
    case HintKind::HoldsDrawn: return "holds_drawn";
    case HintKind::OneMoreDrawn: return "one_more_drawn";
    case HintKind::OtherSize: return "other_size";
    case HintKind::ListGames: return "list_games";
    case HintKind::StartGame: return "start_game";
    case HintKind::StartAnotherGame: return "start_another_game";
    case HintKind::NewGameNeedsPlayers: return "new_game_needs_players";
    case HintKind::AddPlayer: return "add_player";
    case HintKind::AddUnknownPlayers: return "add_unknown_players";
    case HintKind::AddDifferentPlayer: return "add_different_player";
    case HintKind::UnretirePlayer: return "unretire_player";
    case HintKind::MergePlayers: return "merge_players";
    case HintKind::ShowLog: return "show_log";
    case HintKind::LogKeepsCopy: return "log_keeps_copy";
    case HintKind::UndoOneGame: return "undo_one_game";
    case HintKind::ChangeDirectly: return "change_directly";
    case HintKind::FixRound: return "fix_round";
    case HintKind::RoundIsNext: return "round_is_next";
    case HintKind::MoveWentOut: return "move_went_out";
    case HintKind::DeleteGame: return "delete_game";
    case HintKind::ReopenOrDelete: return "reopen_or_delete";
    case HintKind::ShowGame: return "show_game";
    case HintKind::TotalUnderWay: return "total_under_way";
    case HintKind::SeatsFromRoundOne: return "seats_from_round_one";
    case HintKind::EndSeason: return "end_season";
    case HintKind::AddSeason: return "add_season";
    case HintKind::ListSeasons: return "list_seasons";
    case HintKind::ChooseDatabase: return "choose_database";
    case HintKind::DatabaseMissing: return "database_missing";
    case HintKind::DatabaseElsewhere: return "database_elsewhere";
    case HintKind::RestoreBackup: return "restore_backup";
    case HintKind::RecoverDatabase: return "recover_database";
    case HintKind::OverwriteFile: return "overwrite_file";
    case HintKind::ListConflicts: return "list_conflicts";
    case HintKind::RulesDiffer: return "rules_differ";
    case HintKind::ResolveMerge: return "resolve_merge";
  }
  return "none";
}

}  // namespace crowns
