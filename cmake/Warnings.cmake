function(crowns_set_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Wconversion
                                           -Wno-sign-conversion -Wnon-virtual-dtor
                                           # GCC 12 false positive, PR105651 (clang has no such option)
                                           $<$<CXX_COMPILER_ID:GNU>:-Wno-restrict>)
  if(CROWNS_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()

# Most files are small, and each spent most of its compiler time on the same headers (CLI11,
# fmt, nlohmann-json, Catch2, the standard library) and on generating the same inline code
# from them: 15-25 s for a 50-line command. A unity build compiles each library and the tests
# in a few batches (docs/PERFORMANCE.md). It still catches an ODR clash (two types of one name
# in one namespace): within a batch it is a compile error, across batches the Debug build sees
# it as before (tests/e2e/test_odr_check.sh). CROWNS_UNITY=OFF compiles each file alone.
option(CROWNS_UNITY "Compile each library and the tests in unity batches (faster full builds)" ON)
set(CROWNS_UNITY_BATCH 16 CACHE STRING "Files per unity batch (0: one batch per target)")
function(crowns_fast_build target)
  if(CROWNS_UNITY)
    set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE
                                                              ${CROWNS_UNITY_BATCH})
  endif()
endfunction()

# Precompiled headers where many files include one heavy header (the tests: Catch2). Off for
# clang-tidy, which cannot read GCC's precompiled headers. (Measured for the store too: no
# gain, 151 s of CPU either way, so only the tests have one.)
option(CROWNS_PCH "Precompile the heaviest shared headers" ON)
# When each file compiles alone (CROWNS_UNITY=OFF: the dev preset, where a one-file change
# rebuilds one file), the heavy third-party headers a library's files share are precompiled:
# round.cpp at -O0 took 11.7 s alone, most of it reading CLI11, fmt and nlohmann-json. In
# unity batches a batch reads them once anyway, so there the batches go without.
function(crowns_precompile target)
  if(CROWNS_PCH AND NOT CROWNS_UNITY)
    target_precompile_headers(${target} PRIVATE ${ARGN})
  endif()
endfunction()

# The edit-compile loop (the dev preset, with CROWNS_UNITY=OFF): after a one-file change the
# build archived and linked 400 MB of objects with full debug info. Measured on a CLI file
# (docs/PERFORMANCE.md): the archive 2.4 s -> 1.4 s as a thin archive (it lists the objects
# instead of copying them), the link of crowns 6.2 s (ld.bfd) -> 2.7 s (gold) -> 1.2 s (lld),
# with the debug info in .dwo files beside the objects (-gsplit-dwarf), which the linker skips.
option(CROWNS_QUICK_RELINK "Thin archives, split debug info and lld (or gold) for quick relinks" OFF)
if(CROWNS_QUICK_RELINK)
  set(CMAKE_CXX_ARCHIVE_CREATE "<CMAKE_AR> qcT <TARGET> <LINK_FLAGS> <OBJECTS>")
  set(CMAKE_CXX_ARCHIVE_APPEND "<CMAKE_AR> qT <TARGET> <LINK_FLAGS> <OBJECTS>")
  add_compile_options($<$<CONFIG:Debug,RelWithDebInfo>:-gsplit-dwarf>)
  find_program(CROWNS_LLD ld.lld)
  find_program(CROWNS_GOLD ld.gold)
  if(CROWNS_LLD)
    add_link_options(-fuse-ld=lld)
  elseif(CROWNS_GOLD)
    add_link_options(-fuse-ld=gold)
  endif()
endif()

# -O2 rather than Release's -O3 for the layers that wait on SQLite and the terminal (store,
# CLI, server): 14% less compiler time (store/details.cpp: 9.0 s against 7.7 s) for code
# whose speed is the database's. The core (solver, advice) keeps -O3.
# Under the sanitizers (CROWNS_SANITIZE) the same layers and the tests compile at -O0: the
# instrumented code at -O1 cost the compiler about twice the time (the CLI's first batch: 70 s
# against 40 s; the core tests' batch: 104 s against 36 s), and what they run waits on SQLite,
# the terminal or the core, which keeps -O2 (CMakeLists.txt).
# The doors (the CLI, the server) and what only they call (the table, the views) ask, word and
# print: -O1 there (crowns_plain_optimization(TARGET 1)) cut their compiler time by a fifth
# (the CLI's second batch 18.5 s -> 14.9 s of CPU, the server's 24.3 s -> 19.1 s) with no
# change a user can time: docs/PERFORMANCE.md has the start-up and report figures before and
# after. The store keeps -O2: it reads every game for the leaderboard.
function(crowns_plain_optimization target)
  set(level 2)
  if(ARGC GREATER 1)
    set(level ${ARGV1})
  endif()
  if(CROWNS_SANITIZE)
    target_compile_options(${target} PRIVATE -O0)
  elseif(CMAKE_BUILD_TYPE STREQUAL "Release")
    target_compile_options(${target} PRIVATE -O${level})
  endif()
endfunction()
