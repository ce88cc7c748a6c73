# Writes the man page and the completion scripts with the crowns just built, so they list
# exactly the commands and options of its --help.  cmake -DCROWNS=... -DOUT=... -P this
execute_process(COMMAND ${CROWNS} help --man OUTPUT_FILE ${OUT}/man/man1/crowns.1
                RESULT_VARIABLE man_failed)
foreach(shell bash zsh fish)
  execute_process(COMMAND ${CROWNS} completion ${shell} OUTPUT_FILE ${OUT}/completions/${shell}
                  RESULT_VARIABLE failed)
  if(failed)
    message(FATAL_ERROR "crowns completion ${shell} failed")
  endif()
endforeach()
if(man_failed)
  message(FATAL_ERROR "crowns help --man failed")
endif()
