# ONNX import (issue 31): external data through links and FIFOs, memory bombs, a long chain and
# broken graphs. Each check writes its hostile files with the write_onnx_*.py beside it.
set(ONNX_HOSTILE_CHECKS linked_data memory_bombs broken_graphs long_chain)
foreach(check ${ONNX_HOSTILE_CHECKS})
  add_test(NAME hostile_onnx_${check}
    COMMAND ${HOSTILE_DIR}/check_onnx_${check}.sh $<TARGET_FILE:convstudio-cli> ${HOSTILE_PYTHON}
            ${HOSTILE_DIR} ${CMAKE_CURRENT_BINARY_DIR}/onnx_${check})
  set_tests_properties(hostile_onnx_${check} PROPERTIES TIMEOUT 300 LABELS hostile)
endforeach()
