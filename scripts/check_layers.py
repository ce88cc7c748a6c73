#!/usr/bin/env python3
"""The layers of docs/CONTRIBUTING.md, checked: each folder of src/ includes only its own
headers and those of the layers below it.

  python3 scripts/check_layers.py                  every #include line of src/ and include/
  python3 scripts/check_layers.py --build DIR      and the build DIR (its compile commands):
                                                   what each library's files can see, and a
                                                   header from above or beside that must not
                                                   compile there
  python3 scripts/check_layers.py --self-test      the checker finds a planted wrong include

Exits 1 on a finding, naming the file, the line and the layers the folder may include.
"""

import argparse
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile

# What each folder of src/ may include besides include/crowns (core's public headers): itself
# and the layers below it. The drawing in docs/CONTRIBUTING.md, and cmake/Layers.cmake's lists
# in CMakeLists.txt, say the same.
ALLOWED = {
    "core": {"core"},
    "store": {"store", "core"},
    "views": {"views", "store", "core"},
    "table": {"table", "views", "store", "core"},
    "cli": {"cli", "table", "views", "store", "core"},
    "serve": {"serve", "table", "views", "store", "core"},
}
# The public headers (include/crowns) are core's: they include only each other.
PUBLIC = "crowns"
# The build's targets and the layer each compiles as (the two programs' main files too).
TARGETS = {
    "crowns_core": "core",
    "crowns_store": "store",
    "crowns_views": "views",
    "crowns_table": "table",
    "crowns_cli": "cli",
    "crowns": "cli",
    "crowns_serve": "serve",
    "crowns-serve": "serve",
}
SOURCE_SUFFIXES = (".cpp", ".hpp", ".h", ".cc", ".hh", ".inc")
INCLUDE_LINE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')


def allowed_text(layer):
    return ", ".join(sorted(ALLOWED[layer])) + " and " + PUBLIC + "/"


def scan_includes(root):
    """Findings for every #include of a layer's folder that the including folder may not see."""
    findings = []
    src = os.path.join(root, "src")
    for layer in sorted(os.listdir(src)):
        if not os.path.isdir(os.path.join(src, layer)):
            continue
        if layer not in ALLOWED:
            findings.append(
                f"src/{layer}/: a folder of no layer (add it to the drawing in "
                "docs/CONTRIBUTING.md, to cmake/Layers.cmake's lists and to ALLOWED here)")
            continue
        findings += scan_folder(root, os.path.join("src", layer), ALLOWED[layer] | {PUBLIC},
                                allowed_text(layer))
    findings += scan_folder(root, "include", {PUBLIC}, PUBLIC + "/ only (include/ is core's)")
    return findings


def scan_folder(root, folder, allowed, allowed_words):
    findings = []
    known = set(ALLOWED) | {PUBLIC}
    for dirpath, _, files in os.walk(os.path.join(root, folder)):
        for name in sorted(files):
            if not name.endswith(SOURCE_SUFFIXES):
                continue
            path = os.path.join(dirpath, name)
            rel = os.path.relpath(path, root)
            with open(path, encoding="utf-8", errors="replace") as f:
                for number, line in enumerate(f, 1):
                    m = INCLUDE_LINE.match(line)
                    if not m:
                        continue
                    quote, target = m.groups()
                    first = target.split("/")[0]
                    if quote == '"' and ("/" not in target or first in (".", "..")):
                        findings.append(
                            f"{rel}:{number}: #include \"{target}\": name the header by its "
                            f"folder (\"{folder.split('/')[-1]}/...\"), so its layer shows")
                    elif first in known and first not in allowed:
                        findings.append(f"{rel}:{number}: #include {quote}{target}: {first}/ is "
                                        f"above or beside this layer; it may include "
                                        f"{allowed_words}")
    return findings


def compile_entries(build):
    """(layer, arguments) of each compile command of a layer's library or program."""
    with open(os.path.join(build, "compile_commands.json"), encoding="utf-8") as f:
        entries = json.load(f)
    found = []
    for e in entries:
        args = e["arguments"] if "arguments" in e else shlex.split(e["command"])
        output = e.get("output", " ".join(args))
        m = re.search(r"CMakeFiles/([^/]+)\.dir/", output)
        if m and m.group(1) in TARGETS:
            found.append((TARGETS[m.group(1)], e["directory"], args))
    return found


def include_dirs(directory, args):
    dirs = []
    for i, a in enumerate(args):
        for flag in ("-I", "-isystem", "-iquote", "-idirafter"):
            if a == flag and i + 1 < len(args):
                dirs.append(args[i + 1])
            elif a.startswith(flag) and len(a) > len(flag) and flag == "-I":
                dirs.append(a[len(flag):])
    return [d if os.path.isabs(d) else os.path.join(directory, d) for d in dirs]


def probe_arguments(args, probe):
    """The compile command of a layer's file, made to preprocess `probe` instead."""
    out = []
    skip = False
    takes_value = {"-o", "-c", "-MF", "-MT", "-MQ", "-include", "-Xclang"}
    for i, a in enumerate(args):
        if skip:
            skip = False
            continue
        if i == 0 and os.path.basename(a) in ("ccache", "sccache"):
            continue
        if a in takes_value:
            skip = True
            continue
        if a in ("-MD", "-MMD", "-Winvalid-pch") or a.endswith((".cxx", ".cpp", ".cc")):
            continue
        out.append(a)
    return out + ["-E", "-o", os.devnull, "-x", "c++", probe]


def first_header(root, folder):
    base = os.path.join(root, "src", folder) if folder != PUBLIC else os.path.join(
        root, "include", PUBLIC)
    for dirpath, _, files in sorted(os.walk(base)):
        for name in sorted(files):
            if name.endswith((".hpp", ".h")):
                return os.path.relpath(os.path.join(dirpath, name), os.path.dirname(base))
    return None


def check_build(root, build):
    findings = []
    entries = compile_entries(build)
    if not entries:
        return [f"{build}/compile_commands.json: no compile command of a layer's library"], 0
    seen = set()
    probe_command = {}
    probes = 0
    for layer, directory, args in entries:
        visible = set()
        for d in include_dirs(directory, args):
            visible |= {f for f in ALLOWED if os.path.isdir(os.path.join(d, f))}
        extra = visible - ALLOWED[layer]
        key = (layer, tuple(sorted(extra)))
        if extra and key not in seen:
            seen.add(key)
            findings.append(f"the build's {layer} files see {', '.join(sorted(extra))}/ "
                            f"(cmake/Layers.cmake: {layer} may see {allowed_text(layer)})")
        probe_command.setdefault(layer, (directory, args))
    # The build itself: a header from above or beside does not compile in a layer's files, and
    # (so the probe proves something) one of its own does.
    with tempfile.TemporaryDirectory() as tmp:
        for layer, (directory, args) in sorted(probe_command.items()):
            own = first_header(root, layer) or first_header(root, PUBLIC)
            for folder in sorted(set(ALLOWED) | {PUBLIC}):
                header = first_header(root, folder)
                if header is None or (folder in ALLOWED[layer] | {PUBLIC} and header != own):
                    continue
                probe = os.path.join(tmp, f"probe_{layer}_{folder}.cpp")
                with open(probe, "w", encoding="utf-8") as f:
                    f.write(f'#include "{header}"\n')
                run = subprocess.run(probe_arguments(args, probe), cwd=directory,
                                     capture_output=True, text=True, check=False)
                probes += 1
                should_compile = folder in ALLOWED[layer] | {PUBLIC}
                if should_compile and run.returncode != 0:
                    findings.append(f"probe: #include \"{header}\" does not compile in {layer}'s "
                                    f"files, so the probe proves nothing:\n{run.stderr[:2000]}")
                elif not should_compile and run.returncode == 0:
                    findings.append(f"the build lets {layer}'s files include \"{header}\" "
                                    f"({folder}/ is above or beside {layer})")
    return findings, probes


def self_test():
    """The scan finds what it is for, and passes what is allowed."""
    with tempfile.TemporaryDirectory() as root:
        files = {
            "include/crowns/card.hpp": '#include "crowns/rules.hpp"\n',
            "src/core/card.cpp": '#include "crowns/card.hpp"\n',
            "src/store/db.hpp": '#include "crowns/card.hpp"\n#include "views/style.hpp"\n',
            "src/serve/pages.cpp": '#include "table/keeper.hpp"\n  #  include <cli/fail.hpp>\n',
            "src/cli/app.cpp": '#include "serve/server.hpp"\n#include "store/db.hpp"\n',
            "src/table/keeper.cpp": '#include "keeper.hpp"\n#include <vector>\n',
            "src/views/style.cpp": '#include "table/keeper.hpp"\n',
        }
        for path, text in files.items():
            os.makedirs(os.path.dirname(os.path.join(root, path)), exist_ok=True)
            with open(os.path.join(root, path), "w", encoding="utf-8") as f:
                f.write(text)
        found = scan_includes(root)
        expected = ["src/cli/app.cpp:1:", "src/serve/pages.cpp:2:", "src/store/db.hpp:2:",
                    "src/table/keeper.cpp:1:", "src/views/style.cpp:1:"]
        got = sorted(f.split(" ")[0] for f in found)
        if got != expected:
            print("check_layers self-test: expected findings at", expected, "got:", *found,
                  sep="\n  ")
            return 1
    print(f"check_layers self-test: the {len(expected)} planted includes were found")
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", default=os.path.join(os.path.dirname(__file__), ".."))
    parser.add_argument("--build", help="a configured build tree (compile_commands.json)")
    parser.add_argument("--self-test", action="store_true")
    opts = parser.parse_args()
    if opts.self_test:
        return self_test()
    root = os.path.abspath(opts.source)
    findings = scan_includes(root)
    probes = 0
    if opts.build:
        found, probes = check_build(root, os.path.abspath(opts.build))
        findings += found
    for f in findings:
        print(f"check_layers: {f}", file=sys.stderr)
    if findings:
        print("check_layers: the layers are drawn in docs/CONTRIBUTING.md; each folder "
              "includes only itself and the layers below it", file=sys.stderr)
        return 1
    print("check_layers: every include goes down" +
          (f"; the build of {opts.build} lets no layer see above or beside it ({probes} "
           "includes tried)" if opts.build else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
