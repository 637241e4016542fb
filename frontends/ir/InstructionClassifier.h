//===- InstructionClassifier.h - IR instruction -> GPU units -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Maps one IR instruction to the dynamic PTX instructions it becomes, per
// unit of gpa/Units.def (IPP Table 1 plus the modern units). The single
// table-driven place for the mapping: opcodes here, names in IntrinsicTable.
//
//===----------------------------------------------------------------------===//

#ifndef GPA_FRONTENDS_IR_INSTRUCTIONCLASSIFIER_H
#define GPA_FRONTENDS_IR_INSTRUCTIONCLASSIFIER_H

#include "IntrinsicTable.h"

#include <cstdint>
#include <string>
#include <vector>

namespace llvm {
class CallBase;
class DataLayout;
class Function;
class Instruction;
class Value;
} // namespace llvm

namespace gpa {

/// NVPTX address spaces.
enum : unsigned {
  AS_Generic = 0,
  AS_Global = 1,
  AS_Shared = 3,
  AS_Const = 4,
  AS_Local = 5,
  AS_Param = 101,
};

enum class InstKind {
  Plain,      // Units says it all
  Memory,     // a load or store; Units holds its memory unit
  DirectCall, // a call to a function with a body: folded by KernelCounter
  Unknown,    // counted as "other"; Assumption/Note say why
};

struct Classification {
  InstKind Kind = InstKind::Plain;
  UnitCounts Units;
  /// FP32/FP64 operations as Nsight counts them (gpa/FlopCounts.h): what
  /// Units' fp and fp64 instructions compute.
  FlopCounts Flops;
  // Memory: resolved address space, bytes moved per thread, the address.
  unsigned AddrSpace = AS_Generic;
  uint64_t Bytes = 0;
  const llvm::Value *Pointer = nullptr;
  /// A generic pointer whose address space could not be resolved: counted as
  /// global memory (assumption "generic_as_global").
  bool GenericAsGlobal = false;
  // DirectCall.
  const llvm::Function *Callee = nullptr;
  // Unknown: the assumption's name and a sentence for the remark.
  const char *Assumption = nullptr;
  std::string Note;
};

/// Resolves the address space \p Ptr points into: its own when not generic,
/// else the one all of its underlying objects agree on (addrspace casts,
/// globals, allocas -> local, kernel parameters -> global). Returns
/// AS_Generic when unresolved.
unsigned resolveAddressSpace(const llvm::Value *Ptr);

/// Whether \p V is used, and only as the address of loads and stores (where
/// a constant offset folds into the [reg+imm] addressing mode).
bool onlyAddressOfMemory(const llvm::Value &V);

/// One load or store of a memory intrinsic the NVPTX back-end expands
/// inline: its offset from the pointers and its bytes.
struct CopyPiece {
  std::uint64_t OffsetBytes;
  std::uint64_t Bytes;
};

/// The pieces of a constant-length memcpy/memmove/memset of at most 128
/// bytes (what the back-end expands inline, widest first, as the pointers'
/// alignment allows, at most 8 bytes); empty for any other call.
std::vector<CopyPiece> expandedCopyPieces(const llvm::CallBase &CB);

Classification classifyInstruction(const llvm::Instruction &I,
                                   const llvm::DataLayout &DL);

} // namespace gpa

#endif // GPA_FRONTENDS_IR_INSTRUCTIONCLASSIFIER_H
