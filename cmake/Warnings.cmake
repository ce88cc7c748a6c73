function(crowns_set_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Wconversion
                                           -Wno-sign-conversion -Wnon-virtual-dtor
                                           -Wno-restrict)  # GCC 12 false positive, PR105651
  if(CROWNS_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()
