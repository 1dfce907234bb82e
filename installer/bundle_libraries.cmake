# Install-time script (installer/CMakeLists.txt runs it through install(CODE)): copies the LibTorch
# and CUDA libraries that ROOTS need from the torch wheel into the package, keeping the wheel's
# relative layout so their own $ORIGIN run paths keep working.
#
# Inputs:
#   ROOTS          programs / plugins from the build tree whose libraries are wanted
#   DLOPENED       file name globs of libraries loaded by name at run time (cuDNN's parts,
#                  NVRTC's builtins); looked for beside every library found, and followed too
#   EXCLUDE_ROOTS  programs whose libraries belong to another package (they are skipped)
#   BUNDLE_ROOT    the folder whose layout is kept (the wheel's site-packages)
#   STRIP_UNDER    libraries under this folder (LibTorch's own, BSD-licensed) lose their symbol
#                  tables when installing with --strip; NVIDIA's are copied unmodified, as their
#                  licence requires
#   DESTINATION    where BUNDLE_ROOT's layout goes, relative to the install prefix

function(regex_for_folder out folder)
  string(REGEX REPLACE "([][+.*()^$?|\\])" "\\\\\\1" escaped "${folder}")
  set(${out} "^${escaped}/" PARENT_SCOPE)
endfunction()
regex_for_folder(in_bundle "${BUNDLE_ROOT}")
regex_for_folder(strippable "${STRIP_UNDER}")

function(bundled_dependencies out roots)
  file(GET_RUNTIME_DEPENDENCIES
    LIBRARIES ${roots}
    RESOLVED_DEPENDENCIES_VAR resolved
    UNRESOLVED_DEPENDENCIES_VAR unresolved
    CONFLICTING_DEPENDENCIES_PREFIX conflicting
    POST_INCLUDE_REGEXES "${in_bundle}"
    POST_EXCLUDE_REGEXES ".*")
  if(unresolved)
    message(FATAL_ERROR "cannot find ${unresolved} (needed by ${roots})")
  endif()
  # A name found both in the wheel and elsewhere (e.g. libcudart in /usr/local/cuda, on a build
  # run path): the copy in the wheel is the one loaded beside LibTorch.
  foreach(name IN LISTS conflicting_FILENAMES)
    foreach(candidate IN LISTS conflicting_${name})
      if(candidate MATCHES "${in_bundle}")
        list(APPEND resolved "${candidate}")
      endif()
    endforeach()
  endforeach()
  # One name per file: a library found through a run path with ".." (torch/lib/../../nvidia/...)
  # is the same file as one found directly, and EXCLUDE_ROOTS compares names.
  set(normalized "")
  foreach(library IN LISTS resolved)
    get_filename_component(library "${library}" ABSOLUTE)
    list(APPEND normalized "${library}")
  endforeach()
  list(REMOVE_DUPLICATES normalized)
  set(${out} ${normalized} PARENT_SCOPE)
endfunction()

function(dlopened_beside out libraries)
  set(found "")
  set(dirs "")
  foreach(library IN LISTS libraries)
    get_filename_component(dir "${library}" DIRECTORY)
    list(APPEND dirs "${dir}")
  endforeach()
  list(REMOVE_DUPLICATES dirs)
  foreach(dir IN LISTS dirs)
    foreach(pattern IN LISTS DLOPENED)
      file(GLOB matches "${dir}/${pattern}")
      list(APPEND found ${matches})
    endforeach()
  endforeach()
  # NVRTC ships a second, ".alt" flavour that only its own alternative entry points load.
  list(FILTER found EXCLUDE REGEX "\\.alt\\.")
  set(${out} ${found} PARENT_SCOPE)
endfunction()

bundled_dependencies(libraries "${ROOTS}")
dlopened_beside(extra "${libraries}")
if(extra)
  bundled_dependencies(extra_dependencies "${extra}")
  list(APPEND libraries ${extra} ${extra_dependencies})
  list(REMOVE_DUPLICATES libraries)
endif()
if(EXCLUDE_ROOTS)
  bundled_dependencies(elsewhere "${EXCLUDE_ROOTS}")
  list(REMOVE_ITEM libraries ${elsewhere})
endif()
list(SORT libraries)

foreach(library IN LISTS libraries)
  file(RELATIVE_PATH relative "${BUNDLE_ROOT}" "${library}")
  get_filename_component(relative_dir "${relative}" DIRECTORY)
  set(target_dir "${CMAKE_INSTALL_PREFIX}/${DESTINATION}/${relative_dir}")
  # FOLLOW_SYMLINK_CHAIN: the wheel holds real files, but a LibTorch zip has soname links.
  file(INSTALL "${library}" DESTINATION "${target_dir}" FOLLOW_SYMLINK_CHAIN)
  if(CMAKE_INSTALL_DO_STRIP AND CMAKE_STRIP AND library MATCHES "${strippable}")
    get_filename_component(name "${library}" NAME)
    execute_process(COMMAND "${CMAKE_STRIP}" --strip-unneeded "$ENV{DESTDIR}${target_dir}/${name}"
                    COMMAND_ERROR_IS_FATAL ANY)
  endif()
endforeach()
