# Finds LibTorch. Order: a Torch_DIR / CMAKE_PREFIX_PATH the user gave (e.g. the official
# LibTorch zip), else the torch wheel in the venv that scripts/setup.sh manages.
set(CONVSTUDIO_VENV "$ENV{HOME}/.cache/convstudio/venv" CACHE PATH "venv holding the torch wheel")

if(NOT Torch_DIR)
  file(GLOB _torch_cmake_dirs "${CONVSTUDIO_VENV}/lib/python3*/site-packages/torch/share/cmake/Torch")
  if(_torch_cmake_dirs)
    list(GET _torch_cmake_dirs 0 _torch_dir)
    set(Torch_DIR "${_torch_dir}" CACHE PATH "LibTorch CMake config")
  endif()
endif()

# A CUDA-enabled LibTorch needs the CUDA toolkit to configure (no GPU needed).
if(NOT CUDAToolkit_ROOT AND EXISTS /usr/local/cuda/bin/nvcc)
  set(CUDAToolkit_ROOT /usr/local/cuda)
  set(CMAKE_CUDA_COMPILER /usr/local/cuda/bin/nvcc CACHE FILEPATH "")
endif()

# We compile no CUDA kernels ourselves; naming the architectures skips LibTorch's GPU probe,
# which needs a GPU and a C++ dialect CMake 3.25 cannot pass to nvcc.
if(NOT DEFINED TORCH_CUDA_ARCH_LIST AND NOT DEFINED ENV{TORCH_CUDA_ARCH_LIST})
  set(TORCH_CUDA_ARCH_LIST "8.0;8.6;8.9;9.0;10.0;12.0")
endif()

find_package(Torch REQUIRED)
message(STATUS "LibTorch ${Torch_VERSION} from ${Torch_DIR}")

set(CONVSTUDIO_WITH_CUDA OFF)
if(TARGET c10_cuda)
  set(CONVSTUDIO_WITH_CUDA ON)
endif()
message(STATUS "ConvStudio CUDA support: ${CONVSTUDIO_WITH_CUDA}")

# Programs link LibTorch's CPU half only, libtorch_cpu and libc10: libtorch.so would also pull in
# libtorch_cuda and with it 3 GB of CUDA libraries that CPU users cannot use. CUDA comes through
# the plugin (engine/src/cuda), which links the full list, kept as CONVSTUDIO_TORCH_CUDA_LIBRARIES.
# TORCH_LIBRARIES is narrowed rather than renamed so every target that says ${TORCH_LIBRARIES}
# gets the CPU half. It compiles with the whole LibTorch's flags (its include folders and
# defines, CUDA's headers included): one set of headers describes both halves, only the link
# differs, and identical flags keep ccache's earlier results valid.
set(CONVSTUDIO_TORCH_CUDA_LIBRARIES ${TORCH_LIBRARIES})
add_library(convstudio_torch_cpu INTERFACE)
target_include_directories(convstudio_torch_cpu SYSTEM INTERFACE ${TORCH_INCLUDE_DIRS})
target_link_libraries(convstudio_torch_cpu INTERFACE torch_cpu_library c10)
if(CONVSTUDIO_WITH_CUDA)
  target_include_directories(convstudio_torch_cpu SYSTEM INTERFACE
    $<TARGET_PROPERTY:CUDA::cudart,INTERFACE_INCLUDE_DIRECTORIES>)
  target_compile_definitions(convstudio_torch_cpu INTERFACE
    $<TARGET_PROPERTY:torch_cuda,INTERFACE_COMPILE_DEFINITIONS>)
endif()
set(TORCH_LIBRARIES convstudio_torch_cpu)

# The torch wheel carries its own CUDA, cuDNN and NCCL libraries (nvidia-* wheels). Link and run
# against those, not against same-named but different-version copies in /usr/local/cuda: the
# linker needs -rpath-link to resolve libtorch_cuda's dependencies, and our executables get the
# wheel's folders first in their run path so one libcudart is loaded.
get_filename_component(_torch_root "${Torch_DIR}/../../.." ABSOLUTE)
get_filename_component(_site_packages "${_torch_root}/.." ABSOLUTE)
# installer/ bundles LibTorch from here, keeping this folder's layout.
set(CONVSTUDIO_TORCH_ROOT "${_torch_root}")
file(GLOB _wheel_cuda_lib_dirs LIST_DIRECTORIES true "${_site_packages}/nvidia/*/lib")
if(_wheel_cuda_lib_dirs)
  foreach(_dir IN LISTS _wheel_cuda_lib_dirs)
    add_link_options("LINKER:-rpath-link,${_dir}")
  endforeach()
  set(CMAKE_BUILD_RPATH "${_torch_root}/lib;${_wheel_cuda_lib_dirs}")
  message(STATUS "Using the torch wheel's CUDA libraries from ${_site_packages}/nvidia")
endif()
# NCCL's header (for c10d's ProcessGroupNCCL.hpp in the CUDA plugin) comes with the nvidia-nccl
# wheel, beside its library.
set(CONVSTUDIO_NCCL_INCLUDE_DIR "${_site_packages}/nvidia/nccl/include")
