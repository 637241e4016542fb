//===- PtxSharedAddresses.cpp - 64-bit math only on shared addresses ------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// A register only addresses shared memory when each of its uses is the
// address of ld/st/atom/red.shared, a truncation to 32 bits or fewer (only
// its low word is read), or a source of a 64-bit integer
// add/sub/shl/mul/mad/mov whose destination only addresses shared memory:
// the greatest fixed point over the function's registers (a loop-carried
// pointer reads itself).
//
//===----------------------------------------------------------------------===//
#include "PtxSharedAddresses.h"

#include "gpa/InstructionCosts.h"

#include <cstdlib>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>

namespace gpa::ptx {

namespace {

bool has64BitIntType(const PtxInstruction &I) {
  for (std::string_view T : I.typeModifiers())
    if (T.size() == 4 && (T[1] == 's' || T[1] == 'u' || T[1] == 'b') &&
        T.substr(2) == "64")
      return true;
  return false;
}

/// 64-bit integer arithmetic ptxas narrows with its value.
bool isNarrowableArithmetic(const PtxInstruction &I) {
  if (!I.Guard.empty() || I.Operands.empty() || !I.Operands[0].isRegister())
    return false;
  if (I.Opcode == "mul" || I.Opcode == "mad")
    return I.hasModifier(".wide") ||
           (I.hasModifier(".lo") && has64BitIntType(I));
  return (I.Opcode == "add" || I.Opcode == "sub" || I.Opcode == "shl" ||
          I.Opcode == "mov") &&
         has64BitIntType(I);
}

/// cvt to an integer of 32 bits or fewer: only the low word is read.
bool isTruncation(const PtxInstruction &I) {
  if (I.Opcode != "cvt")
    return false;
  std::vector<std::string_view> T = I.typeModifiers();
  return T.size() == 2 && T[0].size() >= 3 &&
         (T[0][1] == 's' || T[0][1] == 'u' || T[0][1] == 'b') &&
         std::atoi(std::string(T[0].substr(2)).c_str()) <= 32;
}

bool isSharedAccess(const PtxInstruction &I) {
  return (I.Opcode == "ld" || I.Opcode == "st" || I.Opcode == "atom" ||
          I.Opcode == "red") &&
         memSpaceOf(I) == MemSpace::Shared;
}

/// Each register read (not written) by one instruction, with whether that
/// read is the address of a shared access.
void forEachRead(const PtxInstruction &I, bool WritesFirst,
                 const std::function<void(const std::string &, bool)> &Read) {
  bool Shared = isSharedAccess(I);
  for (std::size_t O = 0; O < I.Operands.size(); ++O) {
    const PtxOperand &Op = I.Operands[O];
    if (O == 0 && WritesFirst)
      continue; // the destination(s)
    if (Op.K == PtxOperand::Kind::Address) {
      if (!Op.Name.empty() && Op.Name[0] == '%')
        Read(Op.Name, Shared);
      continue;
    }
    if (Op.isRegister())
      Read(Op.Name, false);
    for (const PtxOperand &E : Op.Elems)
      if (E.isRegister())
        Read(E.Name, false);
  }
  if (!I.Guard.empty())
    Read(I.Guard, false);
}

bool writesFirst(const PtxInstruction &I) {
  return !I.Operands.empty() && I.Opcode != "st" && I.Opcode != "red" &&
         I.Opcode != "bra" && I.Opcode != "call" && I.Opcode != "bar" &&
         I.Opcode != "barrier" && I.Opcode != "ret" && I.Opcode != "exit";
}

/// The registers whose every use addresses shared memory.
std::set<std::string> sharedOnlyRegisters(const PtxFunction &F) {
  // Per register: the narrowable instructions that read it, or a use that
  // disqualifies it outright.
  std::map<std::string, std::set<std::size_t>> Through;
  std::set<std::string> Bad, Used, Accesses;
  for (std::size_t K = 0; K < F.Body.size(); ++K) {
    const PtxInstruction &I = F.Body[K];
    bool Narrowable = isNarrowableArithmetic(I);
    bool Truncation = isTruncation(I);
    forEachRead(I, writesFirst(I), [&](const std::string &R, bool Address) {
      Used.insert(R);
      if (Address)
        Accesses.insert(R);
      if (Address || Truncation)
        return;
      if (Narrowable)
        Through[R].insert(K);
      else
        Bad.insert(R);
    });
  }
  std::set<std::string> Good;
  for (const std::string &R : Used)
    if (!Bad.count(R))
      Good.insert(R);
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (auto It = Good.begin(); It != Good.end();) {
      bool Keep = true;
      for (std::size_t K : Through[*It])
        Keep &= Good.count(F.Body[K].Operands[0].Name) != 0;
      if (Keep) {
        ++It;
      } else {
        It = Good.erase(It);
        Changed = true;
      }
    }
  }
  // A register only truncated is no shared address: keep those whose value
  // reaches a shared access.
  std::set<std::string> Reaches = Accesses;
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const auto &[R, Ks] : Through)
      for (std::size_t K : Ks)
        if (!Reaches.count(R) && Reaches.count(F.Body[K].Operands[0].Name))
          Changed |= Reaches.insert(R).second;
  }
  std::set<std::string> Out;
  for (const std::string &R : Good)
    if (Reaches.count(R))
      Out.insert(R);
  return Out;
}

/// Whether \p Op is a shared variable's address: the symbol itself, or a
/// register a mov of a symbol defines (and nothing else). Only asked of
/// operands of adds whose value only addresses shared memory, so the
/// symbol is a .shared variable.
bool isVariableAddress(const PtxFunction &F, const PtxOperand &Op) {
  if (Op.K == PtxOperand::Kind::Symbol)
    return true;
  if (!Op.isRegister())
    return false;
  const PtxInstruction *Def = nullptr;
  for (const PtxInstruction &I : F.Body)
    if (writesFirst(I) && I.Operands[0].isRegister() &&
        I.Operands[0].Name == Op.Name) {
      if (Def)
        return false;
      Def = &I;
    }
  return Def && Def->Opcode == "mov" && Def->Operands.size() == 2 &&
         Def->Operands[1].K == PtxOperand::Kind::Symbol;
}

} // namespace

void narrowSharedAddressAdds(const PtxFunction &F,
                             std::vector<OpClassification> &Classes) {
  std::set<std::string> Good;
  bool Computed = false;
  for (std::size_t K = 0; K < F.Body.size(); ++K) {
    const PtxInstruction &I = F.Body[K];
    std::optional<OpFacts> &Facts = Classes[K].Facts;
    if ((I.Opcode != "add" && I.Opcode != "sub") || I.Operands.size() != 3 ||
        !I.Operands[0].isRegister() || !Facts ||
        Facts->Family != OpFamily::IntAdd || !has64BitIntType(I))
      continue;
    if (!Computed) {
      Good = sharedOnlyRegisters(F);
      Computed = true;
    }
    Facts->OnlyAddressesShared = Good.count(I.Operands[0].Name) != 0;
    for (unsigned Side = 1; Side <= 2 && I.Opcode == "add"; ++Side)
      Facts->AddsSharedVariable |=
          isVariableAddress(F, I.Operands[Side]) &&
          I.Operands[3 - Side].K != PtxOperand::Kind::Immediate;
    Classes[K].Units = expandOp(*Facts);
  }
}

} // namespace gpa::ptx
