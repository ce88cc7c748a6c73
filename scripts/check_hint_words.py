#!/usr/bin/env python3
"""Hints are data (docs/CONTRIBUTING.md, "Adding a refusal"): no string literal below the
doors names a terminal command or flag. Core, the store, the table and the views say what
went wrong and which hint fits (crowns/hint.hpp); the terminal words the hint with its
commands and flags (src/cli/hint_words.cpp), the phone with its controls
(src/serve/hint_words.cpp).

  python3 scripts/check_hint_words.py                every string literal of src/core,
                                                     src/store, src/table, src/views and
                                                     include/crowns
  python3 scripts/check_hint_words.py --self-test    the checker finds planted literals

A finding is `crowns COMMAND` (COMMAND one of the names in src/cli/app.cpp's kCommands) or a
`--flag`. Comments are not read; adjacent literals ("crowns " "edit") are read as one. Exits 1
on a finding, naming the file, the line and the literal.
"""

import argparse
import os
import re
import sys
import tempfile

BELOW_THE_DOORS = ("src/core", "src/store", "src/table", "src/views", "include/crowns")
SUFFIXES = (".cpp", ".hpp", ".h", ".cc", ".inc")
COMMAND_ENTRY = re.compile(r'Command\{"([a-z][a-z-]*)"')
# A flag: two dashes and a letter, at the start or after a space, a bracket or punctuation;
# "--" alone (a separator) and "crowns-export" are not flags.
FLAG = re.compile(r"(?:^|[\s(\[{,;:'\"=/])--[a-z]")


def commands(root):
    """The command names of the terminal's command table."""
    with open(os.path.join(root, "src/cli/app.cpp"), encoding="utf-8") as f:
        names = COMMAND_ENTRY.findall(f.read())
    if not names:
        sys.exit("check_hint_words: no Command{\"...\"} entries in src/cli/app.cpp")
    return names


def literals(text):
    """(line, text) for each run of adjacent string literals, comments and chars skipped."""
    found = []
    i, n, line = 0, len(text), 1
    run, run_line, last_end = None, 0, -1
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
            i += 1
        elif text.startswith("//", i):
            i = text.find("\n", i)
            i = n if i < 0 else i
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            line += text.count("\n", i, end)
            i = end
        elif c == "'" and not (i > 0 and (text[i - 1].isalnum())):
            # A char literal ('"', '\''); a digit separator (1'000) follows an alnum.
            j = i + 1
            while j < n and text[j] != "'":
                j += 2 if text[j] == "\\" else 1
            i = j + 1
        elif c == '"' or (c == "R" and text.startswith('R"', i)):
            start_line = line
            if c == "R":
                open_paren = text.index("(", i)
                delim = text[i + 2 : open_paren]
                close = text.index(")" + delim + '"', open_paren)
                body = text[open_paren + 1 : close]
                end = close + len(delim) + 2
            else:
                j = i + 1
                while j < n and text[j] != '"':
                    j += 2 if text[j] == "\\" else 1
                body = text[i + 1 : j]
                end = j + 1
            line += text.count("\n", i, end)
            between = text[last_end:i] if last_end >= 0 else "x"
            if run is not None and between.strip() == "":
                run += body
            else:
                if run is not None:
                    found.append((run_line, run))
                run, run_line = body, start_line
            last_end = end
            i = end
        else:
            if run is not None and not c.isspace():
                found.append((run_line, run))
                run, last_end = None, -1
            i += 1
    if run is not None:
        found.append((run_line, run))
    return found


def findings_in(path, text, command_pattern):
    out = []
    for line, literal in literals(text):
        what = None
        if command_pattern.search(literal):
            what = "names a command"
        elif FLAG.search(literal):
            what = "names a flag"
        if what:
            out.append(f"{path}:{line}: {what}: \"{literal}\"")
    return out


def scan(root):
    names = commands(root)
    command_pattern = re.compile(r"\bcrowns (?:" + "|".join(map(re.escape, names)) + r")\b")
    findings = []
    for top in BELOW_THE_DOORS:
        for folder, _, files in sorted(os.walk(os.path.join(root, top))):
            for name in sorted(files):
                if not name.endswith(SUFFIXES):
                    continue
                path = os.path.join(folder, name)
                with open(path, encoding="utf-8") as f:
                    text = f.read()
                findings += findings_in(os.path.relpath(path, root), text, command_pattern)
    return findings


PLANTED = r'''
// crowns edit ROUND in a comment is fine, and so is --force
/* and "crowns delete 3" in a block comment */
const char* a = "fix a round with: crowns edit ROUND";                  // found
const char* b = "add --force to record it anyway";                      // found
const char* c = "use: crowns "
                "delete 3";                                             // found, split in two
const char* d = R"(give --round N)";                                    // found
const char* e = "not a crowns database";                                // not a command
const char* f = "the format must be crowns-export";                     // not a flag
const char* g = "--";                                                   // a separator
const char q = '"'; const char* h = "still read after a quote char --x"; // found
int big = 1'000; const char* k = "(--seen 1)";                          // found
'''


def self_test():
    with tempfile.TemporaryDirectory() as root:
        os.makedirs(os.path.join(root, "src/cli"))
        os.makedirs(os.path.join(root, "src/store"))
        for top in BELOW_THE_DOORS:
            os.makedirs(os.path.join(root, top), exist_ok=True)
        with open(os.path.join(root, "src/cli/app.cpp"), "w", encoding="utf-8") as f:
            f.write('Command{"edit", setup_edit},\nCommand{"delete", setup_delete},\n')
        with open(os.path.join(root, "src/store/planted.cpp"), "w", encoding="utf-8") as f:
            f.write(PLANTED)
        # The terminal's own words are its business: not read.
        with open(os.path.join(root, "src/cli/words.cpp"), "w", encoding="utf-8") as f:
            f.write('const char* w = "crowns edit --force";\n')
        found = scan(root)
    expected_lines = [4, 5, 6, 8, 12, 13]
    lines = [int(f.split(":")[1]) for f in found]
    if lines != expected_lines:
        print("self-test: expected findings on lines", expected_lines, "got:")
        print("\n".join(found) or "(none)")
        return 1
    print(f"self-test: {len(found)} planted literals found, nothing else")
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", default=os.path.join(os.path.dirname(__file__), ".."))
    parser.add_argument("--self-test", action="store_true")
    args = parser.parse_args()
    if args.self_test:
        return self_test()
    found = scan(os.path.abspath(args.source))
    for f in found:
        print(f)
    if found:
        print(
            f"{len(found)} literal(s) below the doors name a command or a flag: give the failure "
            "a hint (crowns/hint.hpp) and word it in src/cli/hint_words.cpp and "
            "src/serve/hint_words.cpp (docs/CONTRIBUTING.md, \"Adding a refusal\")"
        )
        return 1
    print("no literal below the doors names a command or a flag")
    return 0


if __name__ == "__main__":
    sys.exit(main())
