#!/usr/bin/env bash
# crowns serve is the program crowns-serve (issue 28): crowns itself maps no web server
# library, finds crowns-serve beside itself or in ../libexec/crowns, hands it its own command
# line (the database resolved), and says where it looked when it is missing. crowns-serve is a
# program of its own (issue 36): its own main, nothing of the CLI.
source "$(dirname "$0")/helpers/lib.sh"
T=$E2E_TMP
dir=$(dirname "$CROWNS")

# crowns links no web server library; crowns-serve does.
check "crowns links no cpp-httplib or OpenSSL" bash -c "! ldd '$CROWNS' | grep -E 'httplib|libssl|libcrypto|brotli|qrencode'"
check "crowns-serve links cpp-httplib" bash -c "ldd '$dir/crowns-serve' | grep -q httplib"
check "crowns-serve holds nothing of the CLI (no crowns::cli symbol)" \
  bash -c "! nm -C '$dir/crowns-serve' | grep -q 'crowns::cli::'"
# The terminal's drawing is src/cli's (issue 46): the scorecard and chart in text, the
# terminal's width and colours, the periods worded with --since; crowns-serve links none.
for symbol in print_scorecard print_outlook print_chart terminal_columns detect_style \
  'Style::detect' resolve_period add_period_options; do
  check "crowns-serve holds no $symbol (the terminal's drawing)" \
    bash -c "! nm -C '$dir/crowns-serve' | grep -qF '$symbol('"
done
check "crowns-serve calls no ioctl (the terminal's width)" bash -c "! nm -C '$dir/crowns-serve' | grep -qw ioctl"
check "crowns-serve holds the views both doors draw" \
  bash -c "nm -C '$dir/crowns-serve' | grep -q 'crowns::views::scorecard_json'"
check "crowns-serve holds the table layer" bash -c "nm -C '$dir/crowns-serve' | grep -q 'crowns::table::record_round'"

# crowns-serve's own command line: refused in one line without --db, and --help answers.
"$dir/crowns-serve" --port 0 >"$T/out" 2>"$T/err"
rc=$?
check "crowns-serve without --db: exit 2 (got $rc)" test "$rc" = 2
check "crowns-serve without --db: one line naming --db" bash -c "[ \$(wc -l <'$T/err') = 1 ] && grep -q -- '--db' '$T/err'"

# The options are read by crowns (help, bad values) before crowns-serve starts.
"$CROWNS" serve --port 70000 >"$T/out" 2>"$T/err"
rc=$?
check "a bad port: exit 2 (got $rc)" test "$rc" = 2
check "a bad port: named" grep -q "70000" "$T/err"
"$CROWNS" serve --help >"$T/out" 2>&1
check "serve --help lists --keep-token" grep -q -- "--keep-token" "$T/out"
check "serve --help lists --fresh-token" grep -q -- "--fresh-token" "$T/out"

# Found beside crowns: the options reach it (--db before the command word too).
"$CROWNS" new --another --add Ann Bob >/dev/null
timeout 3 "$CROWNS" --db "$CROWNS_DB" serve --port 0 >"$T/serve.out" 2>&1
check "serve through crowns-serve prints the viewers' URL" grep -q "^Viewers: *http://127.0.0.1:" "$T/serve.out"

# Installed layout: PREFIX/bin/crowns and PREFIX/libexec/crowns/crowns-serve.
mkdir -p "$T/prefix/bin" "$T/prefix/libexec/crowns" "$T/alone"
cp "$CROWNS" "$T/prefix/bin/crowns"
cp "$dir/crowns-serve" "$T/prefix/libexec/crowns/crowns-serve"
timeout 3 "$T/prefix/bin/crowns" serve --port 0 >"$T/serve2.out" 2>&1
check "found in PREFIX/libexec/crowns" grep -q "^Viewers: " "$T/serve2.out"

# Missing: one line that says where crowns looked, exit 1, nothing written.
cp "$CROWNS" "$T/alone/crowns"
before=$(sha256sum <"$CROWNS_DB")
"$T/alone/crowns" serve --port 0 >"$T/out" 2>"$T/err"
rc=$?
check "missing crowns-serve: exit 1 (got $rc)" test "$rc" = 1
check "missing crowns-serve: one line" test "$(wc -l <"$T/err")" = 1
check "missing crowns-serve: says where it looked" grep -q "$T/alone/crowns-serve" "$T/err"
check "missing crowns-serve: the database is unchanged" test "$(sha256sum <"$CROWNS_DB")" = "$before"
finish
