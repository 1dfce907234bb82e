# Hostile checkpoints (issue 31): a state.json edited by hand or by an attacker, read by
# `train --resume`, `predict`, `export` and `evaluate`. Each check trains its own small checkpoint
# first (lenet5, two steps on noise images).
set(HOSTILE_CHECKPOINT_CHECKS
  huge_graph   # the graph edited to a 2 GB network: refused at the tensor, at idle memory
  state_fields # wrapping or negative counters, batch size 0, bad dimensions and statistics
)
foreach(check ${HOSTILE_CHECKPOINT_CHECKS})
  add_test(NAME hostile_checkpoint_${check}
    COMMAND ${HOSTILE_DIR}/check_checkpoints_${check}.sh $<TARGET_FILE:convstudio-cli>
            ${HOSTILE_PYTHON} ${HOSTILE_DIR} ${CMAKE_CURRENT_BINARY_DIR}/checkpoint-${check})
  set_tests_properties(hostile_checkpoint_${check} PROPERTIES TIMEOUT 300)
endforeach()
