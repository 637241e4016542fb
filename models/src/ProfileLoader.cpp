//===- ProfileLoader.cpp - Kernel profiles from JSON ----------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/ProfileLoader.h"

#include "gpa/JsonReader.h"

namespace gpa {

static const char *const LaunchKeys =
    "threads_per_block,blocks,registers_per_thread,shared_bytes_per_block,"
    "block_dims";

static void readLaunch(JsonReader &R, const nlohmann::json &Launch,
                       const std::string &Path, LaunchConfig &L) {
  R.rejectUnknownKeys(Launch, Path, LaunchKeys);
  auto Read = [&](const char *Key, bool Required, std::uint64_t &Field,
                  double Min) {
    if (const nlohmann::json *V = R.member(Launch, Path, Key, Required))
      if (auto N = R.number(*V, childPath(Path, Key), Min, MaxLaunchValue,
                            /*Integer=*/true))
        Field = static_cast<std::uint64_t>(*N);
  };
  Read("threads_per_block", true, L.ThreadsPerBlock, 1);
  Read("blocks", true, L.Blocks, 1);
  Read("registers_per_thread", false, L.RegistersPerThread, 0);
  Read("shared_bytes_per_block", false, L.SharedBytesPerBlock, 0);
  // Optional [x, y, z]: the block's shape, whose product is the total.
  if (const nlohmann::json *V = R.member(Launch, Path, "block_dims", false)) {
    std::string DPath = childPath(Path, "block_dims");
    const char *Expected =
        "[x, y, z] of positive integers whose product is threads_per_block";
    if (!V->is_array() || V->size() != 3) {
      R.fail(DPath, Expected);
      return;
    }
    std::uint64_t D[3] = {0, 0, 0};
    for (std::size_t I = 0; I < 3; ++I)
      if (auto N = R.number((*V)[I], DPath + "[" + std::to_string(I) + "]", 1,
                            MaxLaunchValue, /*Integer=*/true))
        D[I] = static_cast<std::uint64_t>(*N);
    if (!R.ok())
      return;
    if (double(D[0]) * double(D[1]) * double(D[2]) !=
        double(L.ThreadsPerBlock)) {
      R.fail(DPath, Expected);
      return;
    }
    L.BlockShape = BlockDims{D[0], D[1], D[2]};
  }
}

static std::string perThreadKeys() {
  std::string Keys;
  for (const UnitInfo &Info : allUnits())
    Keys += std::string(Info.Key) + ",";
  return Keys +
         "uncoalesced_mem,bytes_per_mem_access,"
         "uncoalesced_transactions_per_warp,barrier_load_rounds,load_rounds,"
         "shared_bank_replays,shared_bank_conflict_ways";
}

static void readPerThread(JsonReader &R, const nlohmann::json &Counts,
                          const std::string &Path, KernelProfile &P) {
  R.rejectUnknownKeys(Counts, Path, perThreadKeys());
  for (const UnitInfo &Info : allUnits()) {
    std::string Key(Info.Key);
    if (const nlohmann::json *V = R.member(Counts, Path, Key.c_str(), false))
      if (auto N = R.number(*V, childPath(Path, Key), 0, MaxCountPerThread))
        P.count(Info.Id) = *N;
  }
  if (const nlohmann::json *V =
          R.member(Counts, Path, "uncoalesced_mem", false)) {
    std::string VPath = childPath(Path, "uncoalesced_mem");
    if (auto N = R.number(*V, VPath, 0, MaxCountPerThread)) {
      if (*N > P.memoryInstructions() * (1 + 1e-12))
        R.fail(VPath, "at most global_mem + local_mem + async_copy (" +
                          std::to_string(P.memoryInstructions()) + ")");
      P.UncoalescedMem = *N;
    }
  }
  // An optional number in [Min, Max] read into Field when present.
  auto Optional = [&](const char *Key, double Min, double Max, double &Field,
                      bool Integer = false) {
    if (const nlohmann::json *V = R.member(Counts, Path, Key, false))
      if (auto N = R.number(*V, childPath(Path, Key), Min, Max, Integer))
        Field = *N;
  };
  Optional("bytes_per_mem_access", 1, 256, P.BytesPerMemAccess);
  Optional("uncoalesced_transactions_per_warp", 1, 1024,
           P.UncoalescedTransactionsPerWarp);
  Optional("barrier_load_rounds", 0, MaxCountPerThread, P.BarrierLoadRounds);
  Optional("load_rounds", 0, MaxCountPerThread, P.LoadRounds);
  Optional("shared_bank_replays", 0, MaxCountPerThread, P.SharedBankReplays);
  Optional("shared_bank_conflict_ways", 1, 32, P.SharedBankConflictWays,
           /*Integer=*/true);
}

static const char *const AccessKeys =
    "base,group,offset_bytes,shape,lane_stride_bytes,bytes,per_thread,store,"
    "working_set_bytes,working_set_start_bytes,read_only,in_loop,"
    "iteration_stride_bytes,block_sectors,"
    "thread_y_stride_bytes,thread_z_stride_bytes,reread_group,reread_threads,"
    "reread_bytes_between";

static void readAccess(JsonReader &R, const nlohmann::json &J,
                       const std::string &Path, GlobalAccessFact &F) {
  if (!J.is_object()) {
    R.fail(Path, "a global access object");
    return;
  }
  R.rejectUnknownKeys(J, Path, AccessKeys);
  if (const nlohmann::json *V = R.member(J, Path, "base", true))
    if (auto S = R.string(*V, childPath(Path, "base")))
      F.Base = F.Group = *S;
  if (const nlohmann::json *V = R.member(J, Path, "group", false))
    if (auto S = R.string(*V, childPath(Path, "group")))
      F.Group = *S;
  if (const nlohmann::json *V = R.member(J, Path, "shape", true))
    if (auto S = R.string(*V, childPath(Path, "shape"))) {
      bool Known = false;
      for (AccessShape Shape : {AccessShape::Broadcast, AccessShape::Coalesced,
                                AccessShape::Strided, AccessShape::Gather})
        if (*S == accessShapeName(Shape)) {
          F.Shape = Shape;
          Known = true;
        }
      if (!Known)
        R.fail(childPath(Path, "shape"),
               "\"broadcast\", \"coalesced\", \"strided\" or \"gather\"");
    }
  auto Read = [&](const char *Key, double &Field, double Min, double Max) {
    if (const nlohmann::json *V = R.member(J, Path, Key, false))
      if (auto N = R.number(*V, childPath(Path, Key), Min, Max))
        Field = *N;
  };
  Read("offset_bytes", F.OffsetBytes, -1e15, 1e15);
  Read("lane_stride_bytes", F.LaneStrideBytes, 0, 1e15);
  Read("bytes", F.Bytes, 1, 256);
  Read("per_thread", F.PerThread, 0, MaxCountPerThread);
  Read("working_set_bytes", F.WorkingSetBytes, 0, 1e18);
  Read("block_sectors", F.BlockSectors, 0, 1e15);
  if (const nlohmann::json *V = R.member(J, Path, "reread_group", false))
    if (auto S = R.string(*V, childPath(Path, "reread_group")))
      F.RereadGroup = *S;
  Read("reread_threads", F.RereadThreads, 0, 1e18);
  Read("reread_bytes_between", F.RereadBytesBetween, 0, 1e18);
  if (const nlohmann::json *V = R.member(J, Path, "store", false))
    if (auto B = R.boolean(*V, childPath(Path, "store")))
      F.Store = *B;
  if (const nlohmann::json *V = R.member(J, Path, "read_only", false))
    if (auto B = R.boolean(*V, childPath(Path, "read_only")))
      F.ReadOnly = *B;
  if (const nlohmann::json *V = R.member(J, Path, "in_loop", false))
    if (auto B = R.boolean(*V, childPath(Path, "in_loop")))
      F.InLoop = *B;
  // Present: known (rule R9's derived block footprint).
  if (J.contains("thread_y_stride_bytes")) {
    Read("thread_y_stride_bytes", F.ThreadStrideYBytes, -1e15, 1e15);
    F.ThreadStrideYKnown = true;
  }
  if (J.contains("thread_z_stride_bytes")) {
    Read("thread_z_stride_bytes", F.ThreadStrideZBytes, -1e15, 1e15);
    F.ThreadStrideZKnown = true;
  }
  // Present: the footprint's start is known (its union with the base's
  // other footprints, gpa/BaseWorkingSet.h).
  if (J.contains("working_set_start_bytes")) {
    Read("working_set_start_bytes", F.WorkingSetStartBytes, -1e18, 1e18);
    F.WorkingSetStartKnown = true;
  }
  if (J.contains("iteration_stride_bytes")) {
    Read("iteration_stride_bytes", F.IterationStrideBytes, -1e15, 1e15);
    F.IterationStrideKnown = true;
    F.InLoop = true;
  }
}

static void readProfile(JsonReader &R, const nlohmann::json &J,
                        const std::string &Path, KernelProfile &P) {
  if (!J.is_object()) {
    R.fail(Path, "a kernel profile object");
    return;
  }
  if (const nlohmann::json *Name = R.member(J, Path, "name", true))
    if (auto S = R.string(*Name, childPath(Path, "name")))
      P.Name = *S;
  if (const nlohmann::json *Launch = R.member(J, Path, "launch", true))
    readLaunch(R, *Launch, childPath(Path, "launch"), P.Launch);
  if (const nlohmann::json *Counts = R.member(J, Path, "per_thread", true))
    readPerThread(R, *Counts, childPath(Path, "per_thread"), P);
  if (const nlohmann::json *F = R.member(J, Path, "flops_per_thread", false)) {
    std::string FPath = childPath(Path, "flops_per_thread");
    R.rejectUnknownKeys(*F, FPath, "fp32,fp64");
    FlopCounts Flops;
    // An FMA is 2 FLOPs of one fp/fp64 instruction.
    auto Read = [&](const char *Key, double &Field) {
      if (const nlohmann::json *V = R.member(*F, FPath, Key, true))
        if (auto N =
                R.number(*V, childPath(FPath, Key), 0, 2 * MaxCountPerThread))
          Field = *N;
    };
    Read("fp32", Flops.Fp32);
    Read("fp64", Flops.Fp64);
    P.FlopsPerThread = Flops;
  }
  if (const nlohmann::json *A = R.member(J, Path, "global_accesses", false)) {
    std::string APath = childPath(Path, "global_accesses");
    if (!A->is_array())
      R.fail(APath, "an array of global access facts");
    for (std::size_t I = 0; R.ok() && A->is_array() && I < A->size(); ++I) {
      GlobalAccessFact F;
      readAccess(R, (*A)[I], APath + "[" + std::to_string(I) + "]", F);
      P.GlobalAccesses.push_back(std::move(F));
    }
  }
}

bool parseKernelProfiles(const nlohmann::json &Document,
                         const std::string &File,
                         std::vector<KernelProfile> &Out, std::string &Error) {
  JsonReader R(File);
  Out.clear();
  if (Document.is_object() && Document.contains("kernels")) {
    const nlohmann::json &Kernels = Document["kernels"];
    if (!Kernels.is_array()) {
      R.fail("$.kernels", "a non-empty array of kernel profiles");
    } else if (Kernels.empty()) {
      // Every input kind says so the same way (docs/robustness.md).
      Error = File + ": no kernels ($.kernels is an empty array)";
      return false;
    }
    for (std::size_t I = 0; R.ok() && I < Kernels.size(); ++I) {
      KernelProfile P;
      readProfile(R, Kernels[I], "$.kernels[" + std::to_string(I) + "]", P);
      Out.push_back(std::move(P));
    }
  } else {
    KernelProfile P;
    readProfile(R, Document, "$", P);
    Out.push_back(std::move(P));
  }
  if (!R.ok()) {
    Error = R.error();
    Out.clear();
    return false;
  }
  return true;
}

bool loadKernelProfiles(const std::string &Path,
                        std::vector<KernelProfile> &Out, std::string &Error) {
  auto Text = readTextFile(Path, Error);
  if (!Text)
    return false;
  auto Document = parseJsonText(*Text, Path, Error);
  if (!Document)
    return false;
  return parseKernelProfiles(*Document, Path, Out, Error);
}

nlohmann::json kernelProfileToJson(const KernelProfile &P) {
  nlohmann::json Counts = nlohmann::json::object();
  for (const UnitInfo &Info : allUnits())
    Counts[std::string(Info.Key)] = P.count(Info.Id);
  Counts["uncoalesced_mem"] = P.UncoalescedMem;
  Counts["bytes_per_mem_access"] = P.BytesPerMemAccess;
  if (P.UncoalescedTransactionsPerWarp > 0)
    Counts["uncoalesced_transactions_per_warp"] =
        P.UncoalescedTransactionsPerWarp;
  if (P.BarrierLoadRounds > 0)
    Counts["barrier_load_rounds"] = P.BarrierLoadRounds;
  if (P.LoadRounds > 0)
    Counts["load_rounds"] = P.LoadRounds;
  if (P.SharedBankReplays > 0) {
    Counts["shared_bank_replays"] = P.SharedBankReplays;
    Counts["shared_bank_conflict_ways"] = P.SharedBankConflictWays;
  }
  nlohmann::json Out = {
      {"name", P.Name},
      {"launch",
       {{"threads_per_block", P.Launch.ThreadsPerBlock},
        {"blocks", P.Launch.Blocks},
        {"registers_per_thread", P.Launch.RegistersPerThread},
        {"shared_bytes_per_block", P.Launch.SharedBytesPerBlock}}},
      {"per_thread", Counts}};
  if (P.FlopsPerThread)
    Out["flops_per_thread"] = {{"fp32", P.FlopsPerThread->Fp32},
                               {"fp64", P.FlopsPerThread->Fp64}};
  if (P.Launch.BlockShape.known())
    Out["launch"]["block_dims"] = {P.Launch.BlockShape.X, P.Launch.BlockShape.Y,
                                   P.Launch.BlockShape.Z};
  for (const GlobalAccessFact &F : P.GlobalAccesses) {
    Out["global_accesses"].push_back(
        {{"base", F.Base},
         {"group", F.Group},
         {"offset_bytes", F.OffsetBytes},
         {"shape", accessShapeName(F.Shape)},
         {"lane_stride_bytes", F.LaneStrideBytes},
         {"bytes", F.Bytes},
         {"per_thread", F.PerThread},
         {"store", F.Store},
         {"working_set_bytes", F.WorkingSetBytes}});
    if (F.WorkingSetStartKnown)
      Out["global_accesses"].back()["working_set_start_bytes"] =
          F.WorkingSetStartBytes;
    if (F.ReadOnly)
      Out["global_accesses"].back()["read_only"] = true;
    if (F.InLoop)
      Out["global_accesses"].back()["in_loop"] = true;
    if (F.InLoop && F.IterationStrideKnown)
      Out["global_accesses"].back()["iteration_stride_bytes"] =
          F.IterationStrideBytes;
    if (F.BlockSectors > 0)
      Out["global_accesses"].back()["block_sectors"] = F.BlockSectors;
    if (F.ThreadStrideYKnown)
      Out["global_accesses"].back()["thread_y_stride_bytes"] =
          F.ThreadStrideYBytes;
    if (F.ThreadStrideZKnown)
      Out["global_accesses"].back()["thread_z_stride_bytes"] =
          F.ThreadStrideZBytes;
    if (!F.RereadGroup.empty()) {
      Out["global_accesses"].back()["reread_group"] = F.RereadGroup;
      Out["global_accesses"].back()["reread_threads"] = F.RereadThreads;
      if (F.RereadBytesBetween > 0)
        Out["global_accesses"].back()["reread_bytes_between"] =
            F.RereadBytesBetween;
    }
  }
  return Out;
}

nlohmann::json memoryFactsJson(const KernelProfile &P) {
  double ReadOnly = 0, InLoop = 0, KnownStep = 0, KnownRows = 0;
  for (const GlobalAccessFact &F : P.GlobalAccesses) {
    if (F.Store)
      continue;
    if (F.ThreadStrideYKnown && F.ThreadStrideZKnown)
      KnownRows += F.PerThread;
    if (F.ReadOnly)
      ReadOnly += F.PerThread;
    if (F.InLoop)
      InLoop += F.PerThread;
    if (F.InLoop && F.IterationStrideKnown)
      KnownStep += F.PerThread;
  }
  if (P.LoadRounds <= 0 && P.BarrierLoadRounds <= 0 && ReadOnly <= 0 &&
      P.SharedBankReplays <= 0 && InLoop <= 0)
    return nlohmann::json::object();
  nlohmann::json Out = {
      {"load_rounds", P.LoadRounds},
      {"barrier_load_rounds", P.BarrierLoadRounds},
      {"read_only_loads", ReadOnly},
      {"shared_bank_replays", P.SharedBankReplays},
      {"shared_bank_conflict_ways", P.SharedBankConflictWays}};
  // Rule R7's facts (docs/models.md "Memory levels"): loads in loops, and
  // those whose address moves a known constant per iteration.
  if (InLoop > 0) {
    Out["loop_loads"] = InLoop;
    Out["loop_known_stride_loads"] = KnownStep;
  }
  // Rule R9's derived block footprint: loads whose threadIdx.y and .z
  // strides are known.
  if (KnownRows > 0)
    Out["thread_yz_known_stride_loads"] = KnownRows;
  return Out;
}

} // namespace gpa
