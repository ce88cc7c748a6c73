# Turns one text file into a C++ function returning it, so that it is part of the binary and
# nothing is read from disk at run time. Run by add_custom_command with -DIN=file -DOUT=out.cpp
# -DHEADER=views/x.hpp -DNAMESPACE=crowns::views -DFUNCTION=name.
file(READ ${IN} text)
string(FIND "${text}" ")crowns_text\"" clash)
if(NOT clash EQUAL -1)
  message(FATAL_ERROR "${IN} contains )crowns_text\", the end of its C++ raw string")
endif()
file(WRITE ${OUT}.tmp "// Generated from ${IN} by cmake/EmbedText.cmake.\n#include \"${HEADER}\"\n\nnamespace ${NAMESPACE} {\nstd::string_view ${FUNCTION}() {\n  return R\"crowns_text(${text})crowns_text\";\n}\n}  // namespace ${NAMESPACE}\n")
file(COPY_FILE ${OUT}.tmp ${OUT} ONLY_IF_DIFFERENT)
