#!/usr/bin/env bash
# --help, `crowns help [COMMAND]`, `crowns version`, `crowns rules` and the man page crowns(1):
# the man page and --help come from the same command tree, so every command of --help must
# be in the man page; both list the environment variables and exit codes.
source "$(dirname "$0")/helpers/lib.sh"
cd "$E2E_TMP" || exit 1

"$CROWNS" --help >help.txt 2>&1
for v in CROWNS_DB XDG_DATA_HOME NO_COLOR CROWNS_BUSY_TIMEOUT_MS; do
  check "--help lists $v" grep -q "^  $v" help.txt
done
check "--help lists the exit codes" grep -q "^  2  usage error" help.txt
check "the environment and exit status fit 80 columns" \
  [ "$(sed -n '/^Environment:/,$p' help.txt | awk '{ if (length($0) > m) m = length($0) } END { print m }')" -le 80 ]

"$CROWNS" help >h.txt
check "crowns help is crowns --help" cmp -s help.txt h.txt
"$CROWNS" player add --help >a.txt
"$CROWNS" help player add >b.txt
check "crowns help player add is its --help" cmp -s a.txt b.txt
check "and says which command" grep -q "^Usage: crowns player add" b.txt
"$CROWNS" help plyer 2>err
check "an unknown command in help exits 2" [ $? = 2 ]
check "with did-you-mean" grep -q "'plyer' is not a 'crowns' command; did you mean 'player'?" err

check "crowns version" [ "$("$CROWNS" version)" = "$("$CROWNS" --version)" ]
check "crowns version --json" grep -q '^{"version":"[0-9.]*"}$' <("$CROWNS" version --json)

"$CROWNS" rules >rules.txt
check "rules: the round table" grep -qE '^ +11 +13 +Ks$' rules.txt
check "rules: values" grep -q "joker 50" rules.txt
check "rules: tie-break" grep -q "6-card tie-break" rules.txt
check "rules: solitaire" grep -q "^Solitaire" rules.txt
check "rules: 8 players on one box, as crowns new allows" grep -q "^Players *2 to 8 on one box" rules.txt
check "rules: two boxes for 9 to 14" grep -q "9 to 14 with two boxes" rules.txt
check "rules --json: players" grep -q '"players":{"one_box":"2-8","two_boxes":"2-14","reshuffle_from":8}' <("$CROWNS" rules --json)
check "rules --ascii is ASCII" bash -c '! LC_ALL=C grep -q "[^ -~]" <("$0" --ascii rules)' "$CROWNS"
check "rules --json" grep -q '"rounds":\[{"round":1,"cards":3,"wild":"3"}' <("$CROWNS" rules --json)

"$CROWNS" help --man >crowns.1
check "the man page has a NAME section" grep -q '^\.SH NAME' crowns.1
commands=$(sed -n '/^Subcommands:/,/^$/p' help.txt | awk 'NF && !/Subcommands/ {print $1}')
check "--help lists commands" [ "$(echo "$commands" | wc -l)" -gt 20 ]
for c in $commands; do
  check "the man page has crowns $c" grep -q "^\.SS \"crowns $c\"" crowns.1
done
check "the man page has subcommands" grep -q '^\.SS "crowns player add"' crowns.1
check "the man page has options" grep -q '\\fB\\-\\-game\\fR' crowns.1
for v in CROWNS_DB XDG_DATA_HOME NO_COLOR CROWNS_BUSY_TIMEOUT_MS; do
  check "the man page lists $v" grep -q "^\.B $v" crowns.1
done
check "the man page has EXIT STATUS" grep -q '^\.SH EXIT STATUS' crowns.1
if command -v groff >/dev/null; then
  groff -man -Tutf8 -ww -z crowns.1 2>groff.err
  check "groff renders it without warnings" [ ! -s groff.err ]
fi
# Issue 17 item 11: a flag shows no argument in the man page (its --help shows none either);
# an option shows what its value is (N, YYYY-MM-DD, FILE, ID, NAME, choices), never VALUE.
check "no option shows a bare VALUE" bash -c '! grep -q "fIVALUE" "$0"' crowns.1
bad=""
while read -r sec; do
  # shellcheck disable=SC2086 # the section's words are the command
  help=$("$CROWNS" ${sec#crowns } --help 2>&1)
  body=$(awk -v s=".SS \"$sec\"" '$0 == s { on = 1; next } /^\.S[SH] / { on = 0 } on' crowns.1)
  for flag in $(printf '%s\n' "$help" | grep -oE '^ +(-[a-zA-Z], ?)?--[a-z-]+ {2,}' | grep -oE -- '--[a-z-]+'); do
    if printf '%s\n' "$body" | grep -F "\\fB${flag//-/\\-}\\fR" | grep -qF '\fI'; then
      bad+=" $sec:$flag"
    fi
  done
done < <(sed -n 's/^\.SS "\(.*\)"$/\1/p' crowns.1)
check "no flag has an argument in the man page:$bad" [ -z "$bad" ]
check "--json is a flag" bash -c '! grep -qF "\\fB\\-\\-json\\fR \\fI" "$0"' crowns.1
check "--force is a flag" bash -c '! grep -qF "\\fB\\-\\-force\\fR \\fI" "$0"' crowns.1
check "a date is YYYY-MM-DD" grep -qF '\fB\-\-date\fR \fIYYYY\-MM\-DD\fR' crowns.1
check "a file is FILE" grep -qF '\fB\-\-deal\fR \fIFILE\fR' crowns.1
check "--db is FILE" grep -qF '\fB\-\-db\fR \fIFILE\fR' crowns.1
check "--game is ID" grep -qF '\fB\-\-game\fR, \fB\-g\fR \fIID\fR' crowns.1
check "a number is N" grep -qF '\fB\-\-samples\fR \fIN\fR' crowns.1
check "a choice lists its values" grep -qF '\fB\-\-color\fR \fIauto|always|never\fR' crowns.1

# Issue 17 item 14: crowns rules fits 80 columns.
check "no line of crowns rules is over 80 columns" \
  [ "$(LC_ALL=C.UTF-8 wc -L <rules.txt)" -le 80 ]
finish
