# The layers (docs/CONTRIBUTING.md, "The layers"): each library sees the headers of its own
# folder and of the layers below it, and no others, so an include from a layer above or beside
# compiles nowhere. Every header is included by its folder ("store/db.hpp"), so a library
# cannot be given `src/` (which holds every folder); it is given a folder of its own in the
# build tree, layers/LAYER/src, holding a link to each folder of src/ it may see and nothing
# else. (The path ends in src/ so that clang-tidy's HeaderFilterRegex still checks them.)
# scripts/check_layers.py (the `layers` test) checks the build's compile commands and every
# #include line against the same drawing.
#
# crowns_layer(TARGET LAYER [BELOW...]): TARGET sees include/ (core's public headers), src/LAYER
# and src/BELOW... (its dependents see them too: what a layer may see, the layers above may).
function(crowns_layer target layer)
  set(root ${CMAKE_BINARY_DIR}/layers/${layer}/src)
  # Made again at every configure, so a folder taken off the list is gone (REMOVE_RECURSE
  # removes a link, never what it points to).
  file(REMOVE_RECURSE ${root})
  file(MAKE_DIRECTORY ${root})
  foreach(folder IN ITEMS ${layer} ${ARGN})
    if(EXISTS ${CMAKE_SOURCE_DIR}/src/${folder})
      file(CREATE_LINK ${CMAKE_SOURCE_DIR}/src/${folder} ${root}/${folder} SYMBOLIC)
    endif()
  endforeach()
  target_include_directories(${target} PUBLIC ${CMAKE_SOURCE_DIR}/include ${root})
endfunction()
