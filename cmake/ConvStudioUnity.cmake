# Build time (issue 13): a LibTorch source pays several seconds of CPU however small it is —
# loading the precompiled torch header (~0.9 GB) and emitting the torch inline code it uses —
# so sources that include LibTorch compile in groups of a few files (CMake unity builds, GROUP
# mode), and sources that do not touch tensors skip the precompiled header altogether.

# convstudio_unity_groups(TARGET <target> NAME <prefix> SIZE <n> SOURCES <files...>)
# Puts SOURCES, in the order given, into unity groups of at most SIZE files named <prefix>_<i>,
# each compiled as one translation unit of TARGET (which must be in UNITY_BUILD_MODE GROUP).
# Files in one group share a translation unit: file-local helpers need distinct names.
function(convstudio_unity_groups)
  cmake_parse_arguments(arg "" "TARGET;NAME;SIZE" "SOURCES" ${ARGN})
  set(index 0)
  set(count 0)
  foreach(source IN LISTS arg_SOURCES)
    set_source_files_properties(${source} TARGET_DIRECTORY ${arg_TARGET}
      PROPERTIES UNITY_GROUP ${arg_NAME}_${index})
    math(EXPR count "${count} + 1")
    if(count EQUAL arg_SIZE)
      math(EXPR index "${index} + 1")
      set(count 0)
    endif()
  endforeach()
endfunction()

# convstudio_torch_test_sources(TARGET <test program> [SIZE <n>] TORCH <files...>)
# For a test program that links the engine: the sources listed under TORCH include LibTorch
# and get the shared precompiled header, in unity groups of SIZE (default 4); every other
# source of the program skips the precompiled header. The engine's tests use no Qt, so no moc
# pass either (an empty moc unit still paid for the precompiled header).
function(convstudio_torch_test_sources)
  cmake_parse_arguments(arg "" "TARGET;SIZE" "TORCH" ${ARGN})
  if(NOT arg_SIZE)
    set(arg_SIZE 4)
  endif()
  set_target_properties(${arg_TARGET} PROPERTIES AUTOMOC OFF AUTOUIC OFF AUTORCC OFF)
  if(NOT arg_TORCH)
    return()
  endif()
  target_precompile_headers(${arg_TARGET} REUSE_FROM convstudio_torch_pch)
  get_target_property(sources ${arg_TARGET} SOURCES)
  foreach(source IN LISTS sources)
    if(NOT source IN_LIST arg_TORCH)
      set_source_files_properties(${source} PROPERTIES SKIP_PRECOMPILE_HEADERS ON)
    endif()
  endforeach()
  set_target_properties(${arg_TARGET} PROPERTIES UNITY_BUILD ON UNITY_BUILD_MODE GROUP)
  convstudio_unity_groups(TARGET ${arg_TARGET} NAME ${arg_TARGET} SIZE ${arg_SIZE}
    SOURCES ${arg_TORCH})
endfunction()
