#pragma once
// What a person can do about a failure, as data apart from the failure's own words, as git's
// advice.h keeps hints on their own channel. Core, the store and the table say which hint
// fits and its values; each door words it with its own controls: the terminal with its
// commands and flags (src/cli/hint_words.cpp), the phone with its buttons and fields
// (src/serve/hint_words.cpp), `--json` as {"kind": ..., values...} (hint_kind_name).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace crowns {

/// The hints the code gives. A door words each with what it has: a kind the phone has no
/// control for is worded there as nothing (the rule's own words still stand).
enum class HintKind {
  None,
  AcceptUnusual,        ///< The value is unusual: record it anyway (--force).
  ScoreForms,           ///< Not a score: the forms a score takes (cards as the door types them).
  CombinedGame,         ///< One box holds too few cards: a combined game of two boxes.
  TwoBoxesSeat,         ///< Too many players for one box: two boxes seat `count`.
  NewGameTwoBoxes,      ///< Game full: a new game of two boxes seats `count`.
  NameRound,            ///< The hand fits no round: name its round.
  GiveTop,              ///< A draw decision: give the top discard (or the drawn card).
  HoldsDrawn,           ///< One card more than round `round` deals: say it holds the drawn card.
  OneMoreDrawn,         ///< Sizes: one card more when it holds the drawn card.
  OtherSize,            ///< A hand of no round's size: one more drawn, or name the wild rank.
  ListGames,            ///< No game `game`: list the games.
  StartGame,            ///< No game (in progress) yet: start one.
  StartAnotherGame,     ///< Game finished: start a new game to play on.
  NewGameNeedsPlayers,  ///< A game needs at least two players: name them.
  AddPlayer,            ///< Unknown player `name`: add them.
  AddUnknownPlayers,    ///< Unknown player: new players can be added as the game starts.
  AddDifferentPlayer,   ///< `name` looks like `other`: write `other`, or add `name` anyway.
  UnretirePlayer,       ///< `name` is retired: add them again to bring them back.
  MergePlayers,         ///< Renaming `name` onto `other`: merge one into the other.
  ShowLog,              ///< Nothing to undo: the log shows every change.
  LogKeepsCopy,         ///< Game `game` was deleted: the log keeps a copy.
  UndoOneGame,          ///< This change cannot be undone: undo names a game.
  ChangeDirectly,       ///< Undo stops here: a correction or the details change the game.
  FixRound,             ///< Correct a round (`round`, or any when none).
  RoundIsNext,          ///< Round `round` is the one recorded next.
  MoveWentOut,          ///< Move the went-out mark in round `round` to `name`: see hint_args.
  DeleteGame,           ///< Game `game` is finished: delete it to drop it.
  ReopenOrDelete,       ///< Game `game` was abandoned: reopen or delete it.
  ShowGame,             ///< Nothing to change: the game `game` as it is.
  TotalUnderWay,        ///< A starting total is only for a game under way.
  SeatsFromRoundOne,    ///< A reseating is only for a game everyone played from round 1.
  EndSeason,            ///< Season `name` has no end: give it one first.
  AddSeason,            ///< No seasons: a year is one, or add one.
  ListSeasons,          ///< Unknown season: list them.
  ChooseDatabase,       ///< Name the database file to use.
  DatabaseMissing,      ///< No database there: name it, or record something to start one.
  DatabaseElsewhere,    ///< The database cannot be made there: name another place.
  RestoreBackup,        ///< The database is damaged: restore a backup.
  RecoverDatabase,      ///< The database is damaged: restore a backup, or recover `name`.
  OverwriteFile,        ///< The file exists: another name, or replace it (--force).
  ListConflicts,        ///< No such kept version of a sync conflict: list the conflicts.
  RulesDiffer,          ///< Two versions of game `name` (its key) under different rules: take one.
  ResolveMerge,         ///< A git merge left conflict markers: take one side.
};

/// How many kinds there are (ResolveMerge is the last): what a test of every kind's words runs
/// through.
inline constexpr int kHintKinds = static_cast<int>(HintKind::ResolveMerge) + 1;

/// A hint and its values; which values a kind uses is said at the kind.
struct Hint {
  HintKind kind = HintKind::None;
  std::optional<std::int64_t> game{};
  std::optional<int> round{};
  std::optional<int> count{};
  std::string name{};
  std::string other{};
  /// MoveWentOut: the values to give, NAME=VALUE each, space-separated.
  std::string args{};

  explicit operator bool() const { return kind != HintKind::None; }
};

/// The kind's name in JSON ("accept_unusual").
std::string_view hint_kind_name(HintKind kind);

}  // namespace crowns
