# Data readers and the project file's references (issue 31): starting weights outside the
# project's folder, block ids that make messages lie, CSV rows reaching out of their folder,
# FIFOs where images are expected.
set(HOSTILE_DATA_CLI $<TARGET_FILE:convstudio-cli>)
set(HOSTILE_DATA_WORK ${CMAKE_CURRENT_BINARY_DIR}/data)

foreach(attack weights_escape block_id csv_escape fifo)
  add_test(NAME hostile_data_${attack}
    COMMAND ${HOSTILE_DIR}/check_data_${attack}.sh ${HOSTILE_DATA_CLI} ${HOSTILE_PYTHON}
            ${HOSTILE_DATA_WORK}/${attack})
  set_tests_properties(hostile_data_${attack} PROPERTIES TIMEOUT 600)
endforeach()
