// The Gloo backend, built against the wheel's c10d headers (issue 17, README "Version pinning").
//
// PyPI's torch wheel ships torch/csrc/distributed/c10d/ProcessGroupGloo.hpp and the Gloo code
// inside libtorch_cpu.so, but not the gloo/*.h headers that ProcessGroupGloo.hpp includes. They
// come from Debian's libgloo-dev (an older snapshot of the same project). What this file relies
// on, and why the older headers are enough:
//  - ProcessGroupGloo holds every gloo object through std::shared_ptr/std::unique_ptr (contexts,
//    devices, the rendezvous store), so its size and member offsets do not depend on any gloo
//    type's definition; the constructor, destructor and every collective are out-of-line in
//    libtorch_cpu.so and compiled against the wheel's own gloo.
//  - The one inline function that reaches into a gloo object, setTimeout(), is virtual and its
//    vtable is emitted in libtorch_cpu.so (key function: the out-of-line destructor), so calls go
//    to the wheel's copy; we never call it non-virtually.
//  - GlooStore (an inline class deriving from gloo::rendezvous::Store) is never constructed
//    here: libtorch builds its own in the constructor.
// Checked for torch 2.14.1 (README "Version pinning"): libtorch_cpu.so allocates the class with
// operator new(0x220) in ProcessGroupGloo::split and its Options with operator new(0xb8) in
// Options::create_default (objdump); compiled here against Debian's headers both are the same.
// The static_asserts below stop the build if a new wheel or libgloo-dev moves either.
// Only this file includes the header, and nothing else sees the concrete class: the rest of the
// engine uses c10d::Backend (tests/engine/distributed run collectives through it, also under
// ASan, see tests/sanitizers).
#define USE_C10D_GLOO 1
#include <torch/csrc/distributed/c10d/ProcessGroupGloo.hpp>

#include "collective_backend.h"

#ifndef CONVSTUDIO_GLOO_LAYOUT_UNCHECKED
static_assert(sizeof(c10d::ProcessGroupGloo) == 0x220,
              "ProcessGroupGloo's size moved: check it against libtorch_cpu.so's own allocation "
              "(README, Version pinning) before trusting these headers");
static_assert(sizeof(c10d::ProcessGroupGloo::Options) == 0xb8,
              "ProcessGroupGloo::Options' size moved: check it as above");
#endif

namespace convstudio {
namespace {

bool is_loopback(const std::string& address) {
  return address == "localhost" || address.starts_with("127.");
}

}  // namespace

c10::intrusive_ptr<c10d::Backend> make_gloo_backend(const CollectiveBackendRequest& request) {
#ifdef CONVSTUDIO_GLOO_LAYOUT_UNCHECKED
  throw std::runtime_error(
      "this build leaves the Gloo backend out: it was built against a LibTorch whose "
      "ProcessGroupGloo layout is unchecked (CONVSTUDIO_GLOO_LAYOUT_UNCHECKED)");
#endif
  auto options = c10d::ProcessGroupGloo::Options::create(request.timeout);
  // GLOO_SOCKET_IFNAME picks the interface as in PyTorch; a run on one machine talks over the
  // loopback (no firewall or hostname lookup in the way); otherwise the host's own address.
  const char* interface = std::getenv("GLOO_SOCKET_IFNAME");
  if (interface != nullptr && *interface != '\0') {
    options->devices.push_back(c10d::ProcessGroupGloo::createDeviceForInterface(interface));
  } else if (is_loopback(request.master_addr)) {
    options->devices.push_back(c10d::ProcessGroupGloo::createDeviceForHostname("127.0.0.1"));
  } else {
    options->devices.push_back(c10d::ProcessGroupGloo::createDefaultDevice());
  }
  // One Gloo thread: the all-reduce of a bucket runs on it while backward goes on.
  options->threads = 1;
  return c10::make_intrusive<c10d::ProcessGroupGloo>(request.store, request.rank, request.size,
                                                     options);
}

}  // namespace convstudio
