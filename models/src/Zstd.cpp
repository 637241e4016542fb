//===- Zstd.cpp - zstd frames through libzstd loaded at run time ----------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/Zstd.h"

#include <cstdlib>
#include <cstring>
#include <dlfcn.h>

namespace gpa {

namespace {
constexpr std::uint32_t ZstdMagic = 0xFD2FB528u;

using Decompress = std::size_t (*)(void *, std::size_t, const void *,
                                   std::size_t);
using IsError = unsigned (*)(std::size_t);
using FrameSize = std::size_t (*)(const void *, std::size_t);

struct Library {
  Decompress Run = nullptr;
  IsError Failed = nullptr;
  FrameSize Frame = nullptr;
};

const Library &library() {
  static const Library L = [] {
    Library Out;
    if (const char *Env = std::getenv("GPA_ZSTD");
        Env && !std::strcmp(Env, "off"))
      return Out;
    void *Lib = ::dlopen("libzstd.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!Lib)
      return Out;
    Out.Run = reinterpret_cast<Decompress>(::dlsym(Lib, "ZSTD_decompress"));
    Out.Failed = reinterpret_cast<IsError>(::dlsym(Lib, "ZSTD_isError"));
    Out.Frame = reinterpret_cast<FrameSize>(
        ::dlsym(Lib, "ZSTD_findFrameCompressedSize"));
    if (!Out.Run || !Out.Failed || !Out.Frame)
      Out = Library();
    return Out;
  }();
  return L;
}
} // namespace

bool isZstdFrame(const std::string &Bytes) {
  if (Bytes.size() < 4)
    return false;
  std::uint32_t V = 0;
  for (unsigned I = 0; I < 4; ++I)
    V |= std::uint32_t(static_cast<unsigned char>(Bytes[I])) << (8 * I);
  return V == ZstdMagic;
}

bool zstdAvailable() { return library().Run != nullptr; }

bool zstdDecompress(const std::string &In, std::uint64_t Size,
                    std::string &Out) {
  const Library &L = library();
  if (!L.Run || Size > (1ull << 31))
    return false;
  // The payload is padded after the frame.
  std::size_t InSize = L.Frame(In.data(), In.size());
  if (L.Failed(InSize))
    return false;
  Out.assign(Size, '\0');
  std::size_t N = L.Run(Out.data(), Out.size(), In.data(), InSize);
  if (L.Failed(N))
    return false;
  Out.resize(N);
  return true;
}

} // namespace gpa
