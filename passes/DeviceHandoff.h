//===- DeviceHandoff.h - Device analysis for the host --------- -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// `clang++ -x cuda` compiles a file twice: once per --cuda-gpu-arch for the
// device, then for the host. The launch rewrite needs the device verdicts
// (grid independence) and profiles while compiling the host, so the device
// pass publishes them and the host pass looks them up by main source file:
//  - in process, when clang runs its cc1 jobs inside the driver;
//  - as files, when the cc1 jobs are separate processes (Debian's clang
//    spawns them): by default in $TMPDIR/gpa-handoff-<uid>/, named after the
//    clang driver that runs both jobs (its pid and start time, read from
//    /proc), so concurrent builds, ccache and distcc never see each other's
//    files; the host deletes what it consumed, and each device job removes
//    files whose driver has exited (device-only compiles leave one).
//  - with -gpa-handoff-dir=DIR, as DIR/<source-key>.<arch>.json, for builds
//    that compile device and host in separate clang invocations
//    (--cuda-device-only then --cuda-host-only, -fgpu-rdc pipelines); DIR is
//    the build's to manage.
// When the host finds nothing, launches are left alone and a remark says why.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_PLUGIN_DEVICEHANDOFF_H
#define GPA_PLUGIN_DEVICEHANDOFF_H

#include <nlohmann/json.hpp>

#include <map>
#include <string>
#include <vector>

namespace gpa {

struct HandoffKernel {
  std::string Name; // mangled device name, as __cudaRegisterFunction has it
  bool GridIndependent = false;
  std::string Reason;
  /// One kernel-profile/1 object (models/schema/kernel-profile.schema.json),
  /// stored as an object in the file (gpa-handoff/1), never as JSON text.
  nlohmann::json Profile;
  /// Loops bounded by a kernel argument (ArgumentLoops.h), an object;
  /// null for none.
  nlohmann::json ArgumentLoops;
  /// GridVerdict::UnitDims: launch dimensions the proof needs to be 1.
  unsigned GridUnitDims = 0;
  /// GridVerdict::SmRefusal: why SM restriction could deadlock; "" if none.
  std::string SmRefusal;
  /// The device remark's decision and the launch it priced (an object,
  /// kernelDecisionJson in Remarks.h), so that the host's launch-site
  /// answers can say how they relate to it; null when not handed off.
  nlohmann::json KernelDecision;
  /// In a full compile, the kernel's draft while its registers are pending
  /// (DeferredKernels.h); null once the host has finished it, or when the
  /// device compilation ran ptxas.
  nlohmann::json Pending;
};

/// Arch ("sm_80") -> kernels of one device compilation.
using HandoffByArch = std::map<std::string, std::vector<HandoffKernel>>;

/// A device compilation's handoff, built one kernel at a time (a module of
/// 20,000 kernels never holds every kernel's JSON tree: issue 16 s.4): the
/// canonical text of the gpa-handoff/1 document grows with each add(), and
/// finish() records it in this process and writes it as a file (in Dir, or
/// the per-driver default). The text is what this process keeps.
class HandoffWriter {
public:
  HandoffWriter(std::string SourceFile, std::string Arch, std::string Dir);
  /// Appends one kernel; throws what toCanonicalJson throws.
  void add(const HandoffKernel &K);
  /// Returns false with Error only for a file that cannot be written.
  bool finish(std::string &Error);

private:
  std::string SourceFile, Arch, Dir;
  std::string Text, Tail;
  std::size_t Count = 0;
};

/// Records a device compilation's kernels in this process and as a file
/// (in Dir, or the per-driver default), through a HandoffWriter. Returns
/// false with Error only for a file that cannot be written.
bool publishDeviceKernels(const std::string &SourceFile,
                          const std::string &Arch,
                          const std::vector<HandoffKernel> &Kernels,
                          const std::string &Dir, std::string &Error);

/// Everything published for SourceFile by this process or this clang
/// invocation's device jobs (or in Dir). Files that are not valid handoffs
/// are skipped; Problems (when given) gets "FILE: what is wrong" for each.
HandoffByArch findDeviceKernels(const std::string &SourceFile,
                                const std::string &Dir,
                                std::vector<std::string> *Problems = nullptr);

/// Checks one kernel's handoff entry before its launch is routed: Arch is
/// "sm_<N>" and Profile is exactly one valid kernel-profile object (what
/// libgpa_runtime will parse). Why says what is wrong.
bool validHandoffKernel(const std::string &Arch, const HandoffKernel &K,
                        std::string &Why);

/// File-name-safe key of a source path (its name plus a hash of the path).
std::string handoffKey(const std::string &SourceFile);

/// "<pid>-<start time>" of the clang driver that runs this cc1 job (our
/// parent), "" where /proc cannot tell.
std::string driverKey();

} // namespace gpa

#endif // GPA_PLUGIN_DEVICEHANDOFF_H
