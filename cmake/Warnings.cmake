function(crowns_set_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Wconversion
                                           -Wno-sign-conversion -Wnon-virtual-dtor
                                           # GCC 12 false positive, PR105651 (clang has no such option)
                                           $<$<CXX_COMPILER_ID:GNU>:-Wno-restrict>)
  if(CROWNS_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()
