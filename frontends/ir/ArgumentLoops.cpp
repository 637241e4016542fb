//===- ArgumentLoops.cpp - Loops bounded by a kernel argument -------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "ArgumentLoops.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <stdexcept>

namespace gpa {

using nlohmann::json;

json argumentLoopsToJson(const std::vector<ArgumentLoop> &Loops,
                         unsigned Params) {
  if (Loops.empty())
    return json();
  json List = json::array();
  for (const ArgumentLoop &L : Loops) {
    json Counts = json::array();
    for (double N : L.Counts)
      Counts.push_back(N);
    List.push_back({{"arg", L.ArgNo},
                    {"line", L.Line},
                    {"trip_count", L.TripCount},
                    {"parent", L.Parent},
                    {"counts", Counts},
                    {"flops", {L.Flops.Fp32, L.Flops.Fp64}},
                    {"mem",
                     {L.Mem.Accesses, L.Mem.Bytes, L.Mem.Uncoalesced,
                      L.Mem.UncoalescedTransactions}}});
  }
  return {{"params", Params}, {"loops", List}};
}

bool argumentLoopsFromJson(const json &Doc, std::vector<ArgumentLoop> &Loops,
                           unsigned &Params) {
  Loops.clear();
  if (Doc.is_null())
    return true;
  try {
    Params = Doc.at("params").get<unsigned>();
    for (const json &J : Doc.at("loops")) {
      ArgumentLoop L;
      L.ArgNo = J.at("arg").get<unsigned>();
      L.Line = J.at("line").get<unsigned>();
      L.TripCount = J.at("trip_count").get<double>();
      L.Parent = J.at("parent").get<int>();
      const json &Counts = J.at("counts");
      if (Counts.size() != NumUnits || L.Parent >= int(Loops.size()) ||
          !(L.TripCount > 0))
        throw std::runtime_error("bad argument loop");
      for (std::size_t U = 0; U < NumUnits; ++U)
        L.Counts[U] = Counts[U].get<double>();
      const json &Flops = J.at("flops");
      L.Flops = {Flops.at(0).get<double>(), Flops.at(1).get<double>()};
      const json &Mem = J.at("mem");
      L.Mem.Accesses = Mem.at(0).get<double>();
      L.Mem.Bytes = Mem.at(1).get<double>();
      L.Mem.Uncoalesced = Mem.at(2).get<double>();
      L.Mem.UncoalescedTransactions = Mem.at(3).get<double>();
      Loops.push_back(L);
    }
  } catch (const std::exception &) {
    Loops.clear();
    return false;
  }
  return true;
}

std::vector<LaunchedLoop>
rescaleArgumentLoops(KernelProfile &P, const std::vector<ArgumentLoop> &Loops,
                     const std::vector<std::optional<std::uint64_t>> &Args) {
  std::vector<LaunchedLoop> Out;
  std::vector<double> Own(Loops.size(), 1.0), Path(Loops.size(), 1.0);
  bool Any = false;
  for (std::size_t I = 0; I < Loops.size(); ++I) {
    const ArgumentLoop &L = Loops[I];
    if (L.ArgNo < Args.size() && Args[L.ArgNo] && *Args[L.ArgNo] > 0) {
      Own[I] = double(*Args[L.ArgNo]) / L.TripCount;
      Out.push_back({L.Line, L.ArgNo, *Args[L.ArgNo]});
      Any = true;
    }
    // Parents come first (preorder).
    Path[I] = Own[I] * (L.Parent >= 0 ? Path[L.Parent] : 1.0);
  }
  if (!Any)
    return Out;
  // Each loop's own blocks: its body less its argument-loop children's.
  std::vector<ArgumentLoop> Exclusive = Loops;
  for (const ArgumentLoop &L : Loops)
    if (L.Parent >= 0) {
      ArgumentLoop &E = Exclusive[L.Parent];
      for (std::size_t U = 0; U < NumUnits; ++U)
        E.Counts[U] -= L.Counts[U];
      E.Flops.addScaled(L.Flops, -1);
      E.Mem.addScaled(L.Mem, -1);
    }
  double MemBefore = P.memoryInstructions();
  double BytesBefore = P.BytesPerMemAccess * MemBefore;
  double TransactionsBefore =
      P.UncoalescedTransactionsPerWarp * P.UncoalescedMem;
  MemoryCounts Delta;
  for (std::size_t I = 0; I < Loops.size(); ++I) {
    double Factor = Path[I] - 1;
    if (Factor == 0)
      continue;
    for (std::size_t U = 0; U < NumUnits; ++U)
      P.PerThread[U] =
          std::max(0.0, P.PerThread[U] + Exclusive[I].Counts[U] * Factor);
    if (P.FlopsPerThread) {
      FlopCounts &F = *P.FlopsPerThread;
      F.addScaled(Exclusive[I].Flops, Factor);
      F = {std::max(0.0, F.Fp32), std::max(0.0, F.Fp64)};
    }
    Delta.addScaled(Exclusive[I].Mem, Factor);
  }
  double MemAfter = P.memoryInstructions();
  if (MemAfter > 0)
    P.BytesPerMemAccess = std::max(0.0, BytesBefore + Delta.Bytes) / MemAfter;
  P.UncoalescedMem = std::max(0.0, P.UncoalescedMem + Delta.Uncoalesced);
  // 0 transactions per warp stands for the GPU model's default: kept.
  if (P.UncoalescedMem > 0 && P.UncoalescedTransactionsPerWarp > 0)
    P.UncoalescedTransactionsPerWarp =
        (TransactionsBefore + Delta.UncoalescedTransactions) / P.UncoalescedMem;
  return Out;
}

} // namespace gpa
