//===- KernelResources.h - Registers, shared and local memory of kernels -===//
//
// SPDX-License-Identifier: Apache-2.0
//
// What ptxas really produced for each kernel, read from a CUDA fatbinary's
// cubin (ELF) images or from `ptxas -v` output. No LLVM dependency: the
// plugin reads the fatbinary embedded in a host module, the CLI runs ptxas.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_KERNELRESOURCES_H
#define GPA_KERNELRESOURCES_H

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace gpa {

/// Per-kernel resource usage after register allocation.
struct KernelResources {
  unsigned Registers = 0;
  std::uint64_t SharedBytes = 0; // static __shared__ per block
  std::uint64_t LocalBytes = 0;  // stack frame per thread (local memory)
  /// Spill traffic per thread; only `ptxas -v` reports it (0 from a cubin).
  std::uint64_t SpillStoreBytes = 0;
  std::uint64_t SpillLoadBytes = 0;
  std::uint64_t MaxThreadsPerBlock = 0; // __launch_bounds__, 0 = none
};

/// Mangled kernel name -> resources.
using ResourceTable = std::map<std::string, KernelResources>;

/// One image of a fatbinary.
struct FatbinImage {
  unsigned Sm = 0;      // 80 for sm_80
  bool IsCubin = false; // ELF (else PTX or another kind)
  /// Payload still compressed (LZ4, or zstd without libzstd): not readable
  /// here. zstd payloads arrive decompressed.
  bool Compressed = false;
  std::string Bytes;
};

/// Splits a fatbinary (the `.nv_fatbin` section clang and nvcc embed in the
/// host object) into its images. Returns false with Error when Bytes is no
/// fatbinary.
bool readFatbinary(const std::string &Bytes, std::vector<FatbinImage> &Out,
                   std::string &Error);

/// Reads the resources of every kernel of a cubin: registers from
/// EIATTR_REGCOUNT in `.nv.info` (else the `.text.<kernel>` section's
/// sh_info bits 24..31), the stack frame from EIATTR_FRAME_SIZE, static
/// shared memory from the size of `.nv.shared.<kernel>`, __launch_bounds__
/// from EIATTR_MAX_THREADS in `.nv.info.<kernel>`.
bool readCubinResources(const std::string &Elf, ResourceTable &Out,
                        std::string &Error);

/// The contents of the ELF64 section named Name ("" when absent or not
/// ELF64): a host object's `.nv_fatbin`.
std::string readElfSection(const std::string &Elf, const std::string &Name);

/// Resources of every cubin in a file's bytes: a cubin, a fatbinary, or a
/// host object or executable embedding one (`.nv_fatbin`). Keys are
/// "sm_XX". Returns false with Error when nothing readable is found.
bool readResourcesOfBinary(const std::string &Bytes,
                           std::map<std::string, ResourceTable> &Out,
                           std::string &Error);

/// Parses `ptxas -v` output ("Compiling entry function '...'",
/// "N bytes stack frame, S bytes spill stores, L bytes spill loads",
/// "Used R registers, ... N bytes smem"). Returns the number of kernels read.
std::size_t parsePtxasVerbose(const std::string &Text, ResourceTable &Out);

} // namespace gpa

#endif
