function(crowns_set_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Wconversion
                                           -Wno-sign-conversion -Wnon-virtual-dtor
                                           # GCC 12 false positive, PR105651 (clang has no such option)
                                           $<$<CXX_COMPILER_ID:GNU>:-Wno-restrict>)
  if(CROWNS_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()

# The CLI's files are small, and each spent most of its 15-25 s of compiler time on the same
# headers (CLI11, fmt, nlohmann-json, the standard library) and on generating the same inline
# code from them. A unity build compiles them in a few batches; CROWNS_UNITY=OFF (the Debug
# preset, clang-tidy) compiles each file alone, as before.
option(CROWNS_UNITY "Compile the CLI in unity batches (faster full builds)" ON)
function(crowns_fast_build target)
  if(CROWNS_UNITY)
    set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE 16)
  endif()
endfunction()
