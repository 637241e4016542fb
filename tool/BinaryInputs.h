//===- BinaryInputs.h - PTX embedded in CUDA binaries -----------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#ifndef GPA_TOOL_BINARYINPUTS_H
#define GPA_TOOL_BINARYINPUTS_H

#include <string>
#include <vector>

namespace gpa::tool {

/// True when Path starts like an ELF file (object, executable, shared
/// library), a fatbinary container or a `cuobjdump -ptx` listing.
bool isPtxContainer(const std::string &Path);

/// One translation unit's PTX.
struct EmbeddedPtx {
  std::string Text; ///< PTX (listing headers blanked so line numbers agree)
  std::string Name; ///< for messages: the path, plus the entry chosen
};

/// The PTX of Path: a .ptx file as is; a `cuobjdump -ptx` listing's PTX
/// section; or the PTX entry embedded in an ELF file's .nv_fatbin section
/// or a .fatbin file (zstd-compressed entries through libzstd, else
/// through cuobjdump when $CUDA_PATH/bin or PATH has one). One module per
/// translation unit (an executable has several); within one, among several
/// architectures, the newest not above WantedSm (0: the newest present),
/// else the oldest above it. Note says what was chosen among several.
bool readPtxInput(const std::string &Path, unsigned WantedSm,
                  std::vector<EmbeddedPtx> &Out, std::string &Note,
                  std::string &Error);

} // namespace gpa::tool

#endif
