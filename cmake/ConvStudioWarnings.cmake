# Warnings for our own targets only; third-party headers come in as SYSTEM includes (imported
# targets), so -Werror holds us to a warning-free build without failing on LibTorch's or Qt's.
option(CONVSTUDIO_WERROR "Treat warnings in ConvStudio's own targets as errors" ON)

function(convstudio_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow=local
                                           -Wnon-virtual-dtor -Wno-unused-parameter)
  if(CONVSTUDIO_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()
