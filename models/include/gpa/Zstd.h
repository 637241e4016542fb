//===- Zstd.h - zstd frames through libzstd loaded at run time -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// CUDA 13's fatbinary compresses PTX (always) and cubins (--compress-all)
// with zstd. libzstd is loaded with dlopen when first needed, so that
// nothing links against it: without it, a compressed payload is reported
// as unreadable and the caller degrades.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_ZSTD_H
#define GPA_ZSTD_H

#include <cstdint>
#include <string>

namespace gpa {

/// Whether Bytes starts with a zstd frame (magic 0xFD2FB528).
bool isZstdFrame(const std::string &Bytes);

/// Whether libzstd.so.1 can be loaded (GPA_ZSTD=off says no, for tests).
bool zstdAvailable();

/// Decompresses the zstd frame at the start of In (padding after it is
/// ignored) into Out, at most Size bytes. False when libzstd is missing or
/// the frame is invalid.
bool zstdDecompress(const std::string &In, std::uint64_t Size,
                    std::string &Out);

} // namespace gpa

#endif // GPA_ZSTD_H
