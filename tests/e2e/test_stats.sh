#!/usr/bin/env bash
# Seasons, leaderboard, ratings, stats, h2h, records on a small data set (stats_data.sh):
# every leaderboard column computed by hand (below), ratings from npm openskill 5.0.1
# replaying the same games (docs/STATS.md has the script), then re-checked after an edit.
source "$(dirname "$0")/helpers/lib.sh"
source "$(dirname "$0")/helpers/stats_data.sh"

# same NAME EXPECTED ACTUAL: exact comparison, with a diff on failure.
same() {
  if [ "$2" = "$3" ]; then
    E2E_PASSED=$((E2E_PASSED + 1))
  else
    E2E_FAILED=$((E2E_FAILED + 1))
    echo "FAIL: $1"
    diff <(printf '%s\n' "$2") <(printf '%s\n' "$3") | head -20
  fi
}

# 2026 (the default: no seasons, today 2026-01-15) holds games 2-7. Game 1 is 2025; game 8
# is abandoned and game 9 unfinished: neither counts. Edd (game 5) was merged into Eve.
#   Ann: 50 L, 40 L, 40 W (shared), 55 L -> 4 games, 1 win, avg 185/4 = 46.25, best 40,
#        185/44 = 4.20 per round, outs 1 + 0 + 1 + 0 = 2, form LLWL
#   Bob: 20 W, 40 W (shared), 40 W (tie-break 0 v 5) -> 3, 3, avg 33.3, best 20, 100/33,
#        outs 10 + 10 + 1 = 21
#   Cat: 33, 30, 40 -> 3, 0, avg 34.3, best 30, 103/33 = 3.12, outs 0 + 1 + 1 = 2
#   Dan: 10 W, 45, 40 -> 3, 1, avg 31.7, best 10, 95/33 = 2.88, outs 10 + 0 + 10 = 20
#   Eve: 5 W (as Edd), 0 W -> 2, 2, avg 2.5, best 0, 5/22 = 0.23, outs 10 + 11 = 21
# Ratings (mu - 3 sigma) replay all games up to the period's end, game 1 included.
same "leaderboard, default period" "Leaderboard: 2026
#  Player  Games  Wins    Win%   Avg  Best  Pts/rd  Outs  Rating  Form
1  Bob         3     3  100.0%  33.3    20    3.03    21    4.74  WWW
2  Eve         2     2  100.0%   2.5     0    0.23    21    6.25  WW
3  Dan         3     1   33.3%  31.7    10    2.88    20   -1.26  WLL
4  Ann         4     1   25.0%  46.3    40    4.20     2   -1.96  LLWL
5  Cat         3     0    0.0%  34.3    30    3.12     2    4.44  LLL
Ranked by wins, then win%, then average.
Rating: mu - 3 sigma (OpenSkill Plackett-Luce; a new player is 0.00). Form: last 5 games, oldest first." \
  "$("$CROWNS" leaderboard)"

# openskill: Ann -1.9603 19.6248 7.1951, Bob 4.7353 27.1680 7.4776, Cat 4.4421 27.1261 7.5613,
# Dan -1.2601 21.7225 7.6609, Eve 6.2457 30.0364 7.9302.
same "leaderboard --all --csv" "rank,player,games,wins,win_rate,average,best,points_per_round,outs,rating,mu,sigma,form
1,Bob,4,3,0.7500,40.00,20,3.64,21,4.7353,27.1680,7.4776,LWWW
2,Eve,2,2,1.0000,2.50,0,0.23,21,6.2457,30.0364,7.9302,WW
3,Ann,5,2,0.4000,37.00,0,3.36,13,-1.9603,19.6248,7.1951,WLLWL
4,Dan,3,1,0.3333,31.67,10,2.88,20,-1.2601,21.7225,7.6609,WLL
5,Cat,3,0,0.0000,34.33,30,3.12,2,4.4421,27.1261,7.5613,LLL" "$("$CROWNS" leaderboard --all --csv)"

same "leaderboard --by wins --min-games 3" "1,Bob,3,3
2,Dan,3,1
3,Ann,4,1
4,Cat,3,0" "$("$CROWNS" leaderboard --by wins --min-games 3 --csv | tail -n +2 | cut -d, -f1-4)"
same "leaderboard --by avg" "Eve Dan Bob Cat Ann" \
  "$("$CROWNS" leaderboard --by avg --csv | tail -n +2 | cut -d, -f2 | tr '\n' ' ' | sed 's/ $//')"
# One game of two new players: openskill's two-player vector (27.6354 / 22.3646, 8.0659).
same "leaderboard --year 2025" "1,Ann,1,1,1.0000,0.00,0,0.00,11,3.4377,27.6354,8.0659,W
2,Bob,1,0,0.0000,60.00,60,5.45,0,-1.8331,22.3646,8.0659,L" "$("$CROWNS" leaderboard --year 2025 --csv | tail -n +2)"
same "leaderboard --json (first player)" '{"rank":1,"player":"Bob","games":3,"wins":3,"win_rate":1.0,"average":33.33,"best":20,"points_per_round":3.03,"outs":21,"rating":4.7353,"mu":27.168,"sigma":7.4776,"form":"WWW"}' \
  "$("$CROWNS" leaderboard --json | grep -o '"players":\[{[^}]*}' | sed 's/"players":\[//')"

# Seasons: a game on the first day (game 2, 2026-01-01) and on the last (game 6, 01-12)
# belong; the days before (game 1) and after (game 7) do not. Overlaps are refused.
same "season add" "Added season Winter: 2026-01-01 to 2026-01-12" \
  "$("$CROWNS" season add Winter --from 2026-01-01 --to 2026-01-12)"
same "season overlap refused" "crowns: error: season 'Spring' (2026-01-12 to open end) would overlap season 'Winter' (2026-01-01 to 2026-01-12); seasons may not overlap" \
  "$("$CROWNS" season add Spring --from 2026-01-12 2>&1)"
same "season after" "Added season Spring: 2026-01-13 to (open)" "$("$CROWNS" season add Spring --from 2026-01-13)"
same "season list" "Season  From        To          Games
Winter  2026-01-01  2026-01-12      5
Spring  2026-01-13  (open)          1  current" "$("$CROWNS" season list)"
# season list --json names the dates as crowns export does (starts_on, ends_on).
same "season list --json" '[{"name":"Winter","starts_on":"2026-01-01","ends_on":"2026-01-12","games":5,"current":false},{"name":"Spring","starts_on":"2026-01-13","ends_on":null,"games":1,"current":true}]' \
  "$("$CROWNS" season list --json)"
same "export seasons" '{"name":"Spring","starts_on":"2026-01-13"},{"name":"Winter","starts_on":"2026-01-01","ends_on":"2026-01-12"}' \
  "$("$CROWNS" export | grep -o '{"name":"Spring"[^}]*}\|{"name":"Winter"[^}]*}' | sort | paste -sd,)"
# Winter: games 2-6. Ann 2, 3, 4, 6; Bob 2, 4; Cat 2, 3, 5; Dan 3, 5; Eve 5, 6.
same "season boundaries" "2 Ann Bob Cat Dan Eve 4 2 3 2 2" \
  "$("$CROWNS" leaderboard --season winter --by wins --csv | tail -n +2 | cut -d, -f2,3 | sort |
     awk -F, '{n[NR]=$1; g[NR]=$2} END {printf "%d", 2; for (i=1;i<=NR;i++) printf " %s", n[i]; for (i=1;i<=NR;i++) printf " %s", g[i]}')"
same "default is the current season" "Leaderboard: season Spring (2026-01-13 to now)" "$("$CROWNS" leaderboard | head -1)"
same "unknown season" "crowns: error: unknown season 'Wintr'; did you mean 'Winter'?" "$("$CROWNS" leaderboard --season Wintr 2>&1)"
same "season edit" "Season Spring: 2026-01-13 to 2026-03-31" "$("$CROWNS" season edit spring --to 2026-03-31)"
same "season remove" "Removed season Spring (2026-01-13 to 2026-03-31); its games stay" "$("$CROWNS" season remove Spring)"
same "--since/--until" "Eve Bob Dan Ann" \
  "$("$CROWNS" leaderboard --since 2026-01-12 --until 2026-01-13 --csv | tail -n +2 | cut -d, -f2 | tr '\n' ' ' | sed 's/ $//')"
"$CROWNS" season remove Winter >/dev/null

# An edit of an old game changes the ratings: game 3 round 2 Dan 0* -> 30 makes Cat the
# winner (Ann and Dan tie on 40). openskill replay of the edited games:
# Ann -0.3610 21.1920 7.1843, Bob 4.5812 27.0079 7.4755, Cat 5.6417 28.6686 7.6756,
# Dan -4.1329 18.5445 7.5591, Eve 6.4072 30.1600 7.9176.
"$CROWNS" edit 2 Dan=30 --game 3 --force >/dev/null
same "ratings after an edit" "Eve,6.4072,30.1600,7.9176
Cat,5.6417,28.6686,7.6756
Bob,4.5812,27.0079,7.4755
Ann,-0.3610,21.1920,7.1843
Dan,-4.1329,18.5445,7.5591" "$("$CROWNS" leaderboard --all --by rating --csv | tail -n +2 | cut -d, -f2,10-12)"
"$CROWNS" edit 2 Dan=0* --game 3 >/dev/null

same "unknown player" "crowns: error: unknown player 'Edd' (add them with: crowns player add Edd)" "$("$CROWNS" stats Edd 2>&1)"
same "did you mean" "crowns: error: unknown player 'Anm'; did you mean 'Ann'?" "$("$CROWNS" h2h Anm Bob 2>&1)"
same "bad date" "crowns: error: --since '2026-13-01' is not a date; write YYYY-MM-DD, e.g. 2026-01-15" \
  "$("$CROWNS" records --since 2026-13-01 2>&1)"
same "exclusive period options" "2" "$("$CROWNS" leaderboard --all --year 2025 >/dev/null 2>&1; echo $?)"
finish
