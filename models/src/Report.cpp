//===- Report.cpp - The gpa-report/1 document -----------------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/Report.h"

#include "gpa/KernelFields.h"

#include "gpa/PowerBackend.h"
#include "gpa/PowerModelsReport.h"
#include "gpa/ProfileLoader.h"

namespace gpa {

using nlohmann::json;

int timingCaseNumber(TimingCase Case) { return static_cast<int>(Case); }

json sweepPointJson(const SweepPoint &E) {
  return {{"active_sms", E.ActiveSms},
          {"blocks", E.Blocks},
          {"exec_time_s", E.ExecTimeS},
          {"total_power_w", E.TotalPowerW},
          {"gips", E.Gips},
          {"gips_per_w", E.GipsPerW},
          {"energy_j", E.EnergyJ}};
}

static json timingJson(const Timing &T) {
  json J = {{"mwp", T.Mwp},
            {"mwp_without_bw", T.MwpWithoutBw},
            {"mwp_peak_bw", T.MwpPeakBw},
            {"cwp", T.Cwp},
            {"case", timingCaseNumber(T.Case)},
            {"n_warps_per_sm", T.N},
            {"rep", T.Rep},
            {"mem_l_cycles", T.MemLCycles},
            {"departure_delay_cycles", T.DepartureDelayCycles},
            {"bw_per_warp_gbps", T.BwPerWarpGbps},
            {"mem_cycles", T.MemCycles},
            {"comp_cycles", T.CompCycles},
            {"sync_cost_cycles", T.SyncCostCycles},
            {"exec_cycles", T.ExecCycles},
            {"exec_time_s", T.ExecTimeS}};
  // A partial last wave, priced on its own (docs/models.md "Partial last
  // waves"); absent when every wave is full.
  if (T.LastWaveBlocksPerSm > 0)
    J["last_wave"] = {{"full_waves", T.FullWaves},
                      {"blocks_per_sm", T.LastWaveBlocksPerSm},
                      {"bandwidth_sms", T.LastWaveBandwidthSms},
                      {"cycles", T.LastWaveCycles},
                      {"dram_bound_cycles", T.LastWaveBandwidthBoundCycles}};
  return J;
}

/// timingJson plus the memory levels when the levelled model ran
/// (docs/models.md "Memory levels"); a memory-bound kernel's also say which
/// level bounds it, as the plugin's remark does.
static json levelledTimingJson(const Timing &T, const GpuModel &Gpu) {
  json J = timingJson(T);
  if (T.Levelled) {
    J["memory_levels"] = {{"l1_share", T.Levels.L1},
                          {"l2_share", T.Levels.L2},
                          {"dram_share", T.Levels.Dram},
                          {"bounding_level", T.BoundingLevel},
                          {"l1_bound_cycles", T.L1BoundCycles},
                          {"l2_bound_cycles", T.L2BoundCycles},
                          {"dram_bound_cycles", T.BandwidthBoundCycles}};
    std::string Summary = memoryLevelSummary(T, Gpu);
    if (!Summary.empty() && T.Case == TimingCase::MemoryBound)
      J["memory_levels"]["summary"] = Summary;
  }
  return J;
}

/// A clock point; mem_mhz is absent where the advice keeps the model's
/// memory clock (null is only ever a location or a non-finite number).
static json clockPointJson(const ClockPoint &C) {
  json J = {{"core_mhz", C.CoreMhz},
            {"active_sms", C.ActiveSms},
            {"exec_time_s", C.ExecTimeS},
            {"total_power_w", C.TotalPowerW},
            {"energy_j", C.EnergyJ}};
  if (C.MemMhz > 0)
    J["mem_mhz"] = C.MemMhz;
  return J;
}

json clockDecisionJson(const ClockDecision &D) {
  json J = {{"available", D.Available}, {"max_slowdown_pct", D.MaxSlowdownPct}};
  if (!D.Available) {
    J["reason"] = D.Reason;
    return J;
  }
  const ClockChoice &C = D.Choice;
  J["basis"] = D.Estimated ? "estimated" : "calibrated";
  J["power_basis"] = D.Basis;
  J["basis_detail"] = D.BasisDetail;
  J["clock_pairs"] = D.ClockPairs;
  J["reference"] = clockPointJson(D.Reference);
  J["fastest"] = clockPointJson(D.Fastest);
  J["chosen"] = clockPointJson(C.Chosen);
  J["change"] = C.Change;
  J["reason"] = C.Reason;
  J["energy_saving_pct"] = C.EnergySavingPct;
  J["slowdown_pct"] = C.SlowdownPct;
  return J;
}

json kernelReportJson(const KernelAnalysis &A, const GpuModel &Gpu,
                      bool MemoryInCounts) {
  const Evaluation &E = A.Requested;
  json Sweep = json::array();
  for (const SweepPoint &S : A.Sweep)
    Sweep.push_back(sweepPointJson(S));
  json Counts = json::object();
  for (const UnitInfo &U : allUnits())
    Counts[std::string(U.Key)] = A.Profile.count(U.Id);
  if (MemoryInCounts) // as kernel-profile/1 has them (ProfileLoader.cpp)
    Counts = kernelProfileToJson(A.Profile)["per_thread"];
  json Timing = levelledTimingJson(E.Time, Gpu);
  // The bytes each level serves for the whole launch, so that a profiler's
  // dram__bytes can be set beside them (bench/flopbench_validation.py).
  if (E.Time.Levelled) {
    MemoryLevelBytes Bytes = memoryLevelBytes(A.Profile, Gpu, E.Time);
    Timing["memory_levels"]["dram_bytes"] = Bytes.DramBytes;
    if (Bytes.L2Bytes)
      Timing["memory_levels"]["l2_bytes"] = *Bytes.L2Bytes;
  }
  json Kernel = {
      {"name", A.Profile.Name},
      {"launch",
       {{"registers_per_thread", A.Profile.Launch.RegistersPerThread},
        {"shared_bytes_per_block", A.Profile.Launch.SharedBytesPerBlock},
        {"active_blocks_per_sm", E.Time.ActiveBlocksPerSm},
        {"max_active_blocks_per_sm", A.Occ.MaxActiveBlocksPerSm},
        {"occupancy_limited_by", A.Occ.LimitedBy},
        {"warps_per_sm", E.Time.N}}},
      {"counts_per_thread", Counts},
      {"timing", Timing},
      {"power", evaluationPowerJson(E)},
      {"sm_footprints", smFootprintsJson(A, Gpu)},
      {"efficiency", {{"thread_gips", E.Eff.ThreadGips}}},
      {"thermal",
       {{"mem_access_intensity", A.Thermal.MemAccessIntensity},
        {"max_temp_c", A.Thermal.MaxTempC},
        {"steady_total_power_w", A.Thermal.SteadyTotalPowerW}}},
      {"advice",
       {{"eq34_active_sms", A.Adv.Eq34ActiveSms},
        {"mechanism", mechanismName(A.Adv.Mech)},
        {"objective", objectiveName(A.Adv.Policy.Goal)},
        {"max_slowdown_pct", A.Adv.Policy.MaxSlowdownPct},
        {"min_saving_pct", A.Adv.Policy.MinSavingPct},
        {"max_power_w", A.Adv.Policy.MaxPowerW},
        {"change", A.Adv.Rec.Change},
        {"reason", A.Adv.Rec.Reason},
        {"recommended_blocks", A.Adv.RecommendedBlocks},
        {"objective_saving_pct", A.Adv.Rec.ObjectiveSavingPct},
        {"slowdown_pct", A.Adv.Rec.SlowdownPct},
        {"energy_savings_pct",
         {{"runtime_idle", A.Adv.Savings.RuntimeIdlePct},
          {"runtime", A.Adv.Savings.RuntimePct},
          {"power_gating", A.Adv.Savings.PowerGatingPct},
          {"ipp_eq16", A.Adv.Savings.IppEq16Pct},
          {"assumption", A.Adv.Savings.Assumption},
          {"assumption_source", A.Adv.Savings.AssumptionSource}}}}},
      {"sweep", Sweep}};
  // The fields every renderer shares (KernelFields.def), from their one
  // definition: the launch, the timing's terms, efficiency, the advice.
  setKernelFieldsJson(Kernel, A);
  if (A.Clock)
    Kernel["clock_advice"] = clockDecisionJson(*A.Clock);
  if (const std::optional<FlopCounts> &F = A.Profile.FlopsPerThread)
    Kernel["flops_per_thread"] = {{"fp32", F->Fp32}, {"fp64", F->Fp64}};
  return Kernel;
}

json reportJson(const GpuModel &Gpu,
                const std::vector<KernelAnalysis> &Kernels) {
  json Array = json::array();
  for (const KernelAnalysis &A : Kernels)
    Array.push_back(kernelReportJson(A, Gpu));
  return {{"schema", ReportSchema},
          {"gpu", Gpu.Name},
          {"calibrated", Gpu.Calibrated},
          {"kernels", Array}};
}

} // namespace gpa
