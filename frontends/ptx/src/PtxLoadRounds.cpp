//===- PtxLoadRounds.cpp - Load-round facts of PTX blocks -----------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Register names are function-wide: a register defined in several blocks
// (llc's form of a phi) carries a load's value to every use of the name,
// as the IR front-end follows phis.
//
//===----------------------------------------------------------------------===//
#include "PtxLoadRounds.h"

#include <map>
#include <set>
#include <string>

namespace gpa::ptx {

namespace {
void registersOf(const PtxOperand &Op, std::vector<std::string> &Out) {
  if (Op.K == PtxOperand::Kind::Register)
    Out.push_back(Op.Name);
  if (Op.K == PtxOperand::Kind::Address && !Op.Name.empty() &&
      Op.Name[0] == '%')
    Out.push_back(Op.Name);
  for (const PtxOperand &E : Op.Elems)
    registersOf(E, Out);
}

/// Registers an instruction defines: its first operand when that is a
/// register or a vector of registers (st and bar define none).
std::vector<std::string> definedBy(const PtxInstruction &I) {
  std::vector<std::string> Out;
  if (I.Operands.empty())
    return Out;
  const PtxOperand &D = I.Operands[0];
  if (D.K == PtxOperand::Kind::Register || D.K == PtxOperand::Kind::Vector ||
      D.K == PtxOperand::Kind::Pair)
    registersOf(D, Out);
  return Out;
}

std::vector<std::string> usedBy(const PtxInstruction &I) {
  std::vector<std::string> Out;
  std::size_t First = definedBy(I).empty() ? 0 : 1;
  for (std::size_t K = First; K < I.Operands.size(); ++K)
    registersOf(I.Operands[K], Out);
  return Out;
}

bool isGlobalLoad(const PtxInstruction &I, const OpClassification &C) {
  bool Timing = false;
  for (const UnitCount &U : C.Units)
    Timing |= U.U == gpa::Unit::GlobalMem;
  return Timing && (I.Opcode == "ld" || I.Opcode == "ldu") &&
         (C.Space == MemSpace::Global || C.Space == MemSpace::Generic);
}

bool isBarrier(const OpClassification &C) {
  for (const UnitCount &U : C.Units)
    if (U.U == gpa::Unit::Sync)
      return true;
  return false;
}

/// Copies that keep a loaded value a loaded value (the IR's casts, phis,
/// selects).
bool isCopy(const PtxInstruction &I) {
  return I.Opcode == "mov" || I.Opcode == "cvt" || I.Opcode == "selp";
}

/// Does a value in \p Start reach the stored value of a st.shared?
bool reachesSharedStore(
    const PtxFunction &F, const std::vector<OpClassification> &Classes,
    const std::map<std::string, std::vector<std::size_t>> &Users,
    std::vector<std::string> Start) {
  std::set<std::string> Seen(Start.begin(), Start.end());
  while (!Start.empty()) {
    std::string R = Start.back();
    Start.pop_back();
    auto U = Users.find(R);
    if (U == Users.end())
      continue;
    for (std::size_t K : U->second) {
      const PtxInstruction &I = F.Body[K];
      if (I.Opcode == "st" && Classes[K].Space == MemSpace::Shared &&
          I.Operands.size() > 1) {
        std::vector<std::string> Values;
        for (std::size_t O = 1; O < I.Operands.size(); ++O)
          registersOf(I.Operands[O], Values);
        for (const std::string &V : Values)
          if (V == R)
            return true;
      }
      if (isCopy(I))
        for (const std::string &D : definedBy(I))
          if (Seen.insert(D).second)
            Start.push_back(D);
    }
  }
  return false;
}
} // namespace

std::vector<std::vector<gpa::BlockLoad>>
blockLoads(const PtxFunction &F, const PtxCfg &Cfg,
           const std::vector<OpClassification> &Classes) {
  std::map<std::string, std::vector<std::size_t>> Users;
  for (std::size_t K = 0; K < F.Body.size(); ++K)
    for (const std::string &R : usedBy(F.Body[K]))
      Users[R].push_back(K);
  std::vector<std::vector<gpa::BlockLoad>> Out(Cfg.Blocks.size());
  for (std::size_t B = 0; B < Cfg.Blocks.size(); ++B) {
    const PtxBlock &Block = Cfg.Blocks[B];
    // Register -> the block's loads its value is computed from.
    std::map<std::string, std::set<std::size_t>> From;
    unsigned Region = 0;
    for (std::size_t K = Block.Begin; K < Block.End; ++K) {
      const PtxInstruction &I = F.Body[K];
      if (isBarrier(Classes[K])) {
        ++Region;
        continue;
      }
      std::set<std::size_t> Needs;
      for (const std::string &R : usedBy(I)) {
        auto It = From.find(R);
        if (It != From.end())
          Needs.insert(It->second.begin(), It->second.end());
      }
      std::vector<std::string> Defs = definedBy(I);
      if (isGlobalLoad(I, Classes[K])) {
        gpa::BlockLoad L;
        L.AddressFrom.assign(Needs.begin(), Needs.end());
        L.Region = Region;
        L.Staging = reachesSharedStore(F, Classes, Users, Defs);
        Needs = {Out[B].size()};
        Out[B].push_back(std::move(L));
      }
      for (const std::string &D : Defs)
        From[D] = Needs;
    }
  }
  return Out;
}

} // namespace gpa::ptx
