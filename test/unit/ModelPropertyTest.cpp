//===- ModelPropertyTest.cpp - Properties over generated profiles ---------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Issue 9 and issue 16 §3, checked over thousands of generated kernels on
// every bundled GPU and both applicable mechanisms (sm, grid):
//  - the recommendation is the sweep's optimum under the objective, within
//    max_slowdown, and a change always saves at least min_saving;
//  - predicted warp-GIPS never exceed the SMs' issue capacity (the mix's
//    sum of counts over its sum of issue cycles per SM cycle) and DRAM
//    traffic never exceeds the sustained bandwidth;
//  - predicted time is finite, continuous and non-decreasing in every count.
// The generator is seeded: failures reproduce.
//
//===----------------------------------------------------------------------===//
#include "TestModels.h"

#include "gpa/Analysis.h"
#include "gpa/Timing.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

using namespace gpa;

namespace {
const char *const Gpus[] = {"gtx280", "v100", "a100", "h100"};
/// GPUs whose default power backend is not IPP (seed 002's dvfs, seed 001's
/// component model with power-gated SMs, seed 003's instruction energies):
/// the decision must keep its invariant whatever prices the sweep.
const char *const OtherBackendGpus[] = {"titan-v", "gtx580", "tesla-c2050"};

class Generator {
public:
  explicit Generator(unsigned Seed) : Rng(Seed) {}

  double uniform(double Lo, double Hi) {
    return std::uniform_real_distribution<double>(Lo, Hi)(Rng);
  }
  unsigned pick(unsigned N) {
    return std::uniform_int_distribution<unsigned>(0, N - 1)(Rng);
  }
  /// A count spanning zero, fractional (rarely taken) and large values.
  double count() {
    switch (pick(6)) {
    case 0:
      return 0;
    case 1:
      return std::pow(10, uniform(-12, 0)); // rarely executed
    case 2:
      return std::floor(uniform(1, 10));
    default:
      return std::pow(10, uniform(0, 4));
    }
  }

  KernelProfile profile(const GpuModel &Gpu) {
    KernelProfile P;
    P.Name = "generated";
    unsigned MaxShift = 0;
    while ((64u << MaxShift) <= Gpu.MaxThreadsPerBlock)
      ++MaxShift;
    P.Launch.ThreadsPerBlock = 32u << pick(MaxShift + 1);
    P.Launch.ThreadsPerBlock = std::min<std::uint64_t>(P.Launch.ThreadsPerBlock,
                                                       Gpu.MaxThreadsPerBlock);
    P.Launch.Blocks = static_cast<std::uint64_t>(
        std::pow(10, uniform(0, std::log10(Gpu.NumSms * 40.0))));
    P.Launch.RegistersPerThread = 16 + 8 * pick(4);
    for (Unit U :
         {Unit::Int, Unit::Fp, Unit::Alu, Unit::Sfu, Unit::Fp64,
          Unit::SharedMem, Unit::GlobalMem, Unit::LocalMem, Unit::Sync})
      if (pick(3) != 0 || U == Unit::GlobalMem)
        P.count(U) = count();
    P.UncoalescedMem =
        pick(3) == 0 ? uniform(0, 1) * P.memoryInstructions() : 0;
    P.BytesPerMemAccess = double(4u << pick(3));
    return P;
  }

private:
  std::mt19937 Rng;
};

double issueCapacityGips(const KernelProfile &P, const GpuModel &Gpu,
                         unsigned Sms) {
  double Insts = 0;
  for (const UnitInfo &Info : allUnits())
    Insts += P.count(Info.Id);
  double Cycles = test::issueBoundCycles(P, Gpu);
  return Cycles > 0 ? Sms * Gpu.ClockGhz * Insts / Cycles : 0;
}
} // namespace

TEST(ModelProperties, RecommendationIsTheSweepOptimumWithinTheLimits) {
  Generator Gen(9);
  const Objective Goals[] = {Objective::Energy, Objective::Edp,
                             Objective::GipsPerW, Objective::Time};
  int Changes = 0, Kept = 0;
  std::vector<const char *> Names(std::begin(Gpus), std::end(Gpus));
  Names.insert(Names.end(), std::begin(OtherBackendGpus),
               std::end(OtherBackendGpus));
  for (const char *Name : Names) {
    GpuModel Gpu = test::bundled(Name);
    for (Mechanism Mech : {Mechanism::Sm, Mechanism::Grid}) {
      for (int I = 0; I < 400; ++I) {
        KernelProfile P = Gen.profile(Gpu);
        if (!(P.totalInstructions() > 0))
          continue; // an empty kernel takes no time: nothing to decide
        AnalysisOptions O;
        O.Mech = Mech;
        O.Policy.Goal = Goals[I % 4];
        if (O.Policy.Goal == Objective::Time && I % 8 == 3)
          O.Policy.MaxPowerW = Gen.uniform(50, 400);
        KernelAnalysis A;
        std::string Error;
        if (!computeOccupancy(P.Launch, Gpu).Fits)
          continue; // a block that does not fit
        ASSERT_TRUE(analyzeKernel(P, Gpu, O, A, Error)) << Error;
        EXPECT_EQ(A.PowerBackend, Gpu.PowerBackendName);
        SCOPED_TRACE(std::string(Name) + " " + mechanismName(Mech) + " " +
                     objectiveName(O.Policy.Goal) + " #" + std::to_string(I));
        const Recommendation &R = A.Adv.Rec;
        ASSERT_LT(R.Baseline, A.Sweep.size());
        ASSERT_LT(R.Index, A.Sweep.size());
        const SweepPoint &Base = A.Sweep[R.Baseline];
        auto Cost = [&](const SweepPoint &S) {
          return objectiveCost(O.Policy.Goal,
                               {S.ActiveSms, S.Blocks, S.ExecTimeS,
                                S.TotalPowerW, S.EnergyJ, S.GipsPerW});
        };
        bool Capped = O.Policy.MaxPowerW > 0;
        bool BaseUnderCap = !Capped || Base.TotalPowerW <= O.Policy.MaxPowerW;
        // Brute force over the sweep.
        double Best = Cost(Base);
        for (const SweepPoint &S : A.Sweep) {
          EXPECT_TRUE(std::isfinite(S.ExecTimeS) && S.ExecTimeS > 0);
          EXPECT_TRUE(std::isfinite(S.EnergyJ) && S.EnergyJ > 0);
          double Slow = 100 * (S.ExecTimeS - Base.ExecTimeS) / Base.ExecTimeS;
          if (Capped && S.TotalPowerW > O.Policy.MaxPowerW)
            continue;
          if (BaseUnderCap && Slow > O.Policy.MaxSlowdownPct)
            continue;
          if (!BaseUnderCap && Best == Cost(Base))
            Best = Cost(S); // the base itself is not allowed
          Best = std::min(Best, Cost(S));
        }
        double BestSaving = 100 * (Cost(Base) - Best) / Cost(Base);
        if (R.Change) {
          ++Changes;
          const SweepPoint &Rec = A.Sweep[R.Index];
          // The optimum, or a tie within TiePct of it (fewer SMs).
          EXPECT_GE(Cost(Rec), Best * (1 - 1e-12));
          EXPECT_LE(Cost(Rec), Best * (1 + O.Policy.TiePct / 100) + 1e-12);
          if (BaseUnderCap) {
            EXPECT_GE(R.ObjectiveSavingPct, O.Policy.MinSavingPct);
            EXPECT_LE(R.SlowdownPct, O.Policy.MaxSlowdownPct);
          }
          EXPECT_EQ(A.Adv.RecommendedActiveSms, Rec.ActiveSms);
          EXPECT_EQ(A.Adv.RecommendedBlocks, Rec.Blocks);
          // Every printed saving is the one at the recommendation.
          EXPECT_NEAR(A.Adv.Savings.RuntimeIdlePct, R.EnergySavedPct,
                      1e-9 * (1 + std::fabs(R.EnergySavedPct)));
        } else {
          ++Kept;
          if (BaseUnderCap)
            EXPECT_LT(BestSaving, O.Policy.MinSavingPct);
          EXPECT_EQ(A.Adv.RecommendedActiveSms, A.MaxUsefulSms);
          EXPECT_EQ(A.Adv.Savings.RuntimeIdlePct, 0);
        }
      }
    }
  }
  // The generator exercises both outcomes.
  EXPECT_GT(Changes, 100);
  EXPECT_GT(Kept, 100);
}

TEST(ModelProperties, IssueRateAndSustainedBandwidthAreNeverExceeded) {
  Generator Gen(16);
  for (const char *Name : Gpus) {
    GpuModel Gpu = test::bundled(Name);
    for (Mechanism Mech : {Mechanism::Sm, Mechanism::Grid}) {
      for (int I = 0; I < 150; ++I) {
        KernelProfile P = Gen.profile(Gpu);
        Occupancy Occ = computeOccupancy(P.Launch, Gpu);
        if (!Occ.Fits)
          continue;
        for (const LaunchShape &S :
             mechanismShapes(Mech, Gpu, Occ, P.Launch.Blocks)) {
          Evaluation E;
          std::string Error;
          ASSERT_TRUE(evaluateShape(P, Gpu, S, "", E, Error)) << Error;
          SCOPED_TRACE(std::string(Name) + " " + mechanismName(Mech) + " #" +
                       std::to_string(I) + " on " +
                       std::to_string(S.ActiveSms) + " SMs");
          ASSERT_TRUE(std::isfinite(E.Time.ExecTimeS));
          if (!(E.Time.ExecTimeS > 0))
            continue;
          // The mix's issue capacity (scaling every count by WorkScale does
          // not change it).
          EXPECT_LE(E.Eff.Gips,
                    issueCapacityGips(P, Gpu, S.ActiveSms) * (1 + 1e-9));
          double WarpsPerBlock =
              std::ceil(double(P.Launch.ThreadsPerBlock) / Gpu.WarpSize);
          double Bytes = double(S.Blocks) * WarpsPerBlock *
                         P.memoryInstructions() * S.WorkScale *
                         E.Time.LoadBytesPerWarp;
          EXPECT_LE(Bytes / E.Time.ExecTimeS * 1e-9,
                    Gpu.MemBandwidthGbps * (1 + 1e-9));
        }
      }
    }
  }
}

TEST(ModelProperties, TimeIsContinuousAndMonotoneInEveryCount) {
  Generator Gen(25);
  const Unit Units[] = {Unit::Int,      Unit::Fp,        Unit::Sfu,
                        Unit::Fp64,     Unit::SharedMem, Unit::GlobalMem,
                        Unit::LocalMem, Unit::Sync,      Unit::AsyncCopy};
  for (const char *Name : Gpus) {
    GpuModel Gpu = test::bundled(Name);
    for (int I = 0; I < 1000; ++I) {
      KernelProfile P = Gen.profile(Gpu);
      Occupancy Occ = computeOccupancy(P.Launch, Gpu);
      if (!Occ.Fits)
        continue;
      LaunchShape S = launchAsWritten(Mechanism::Sm, Gpu, Occ, P.Launch.Blocks);
      auto Time = [&](const KernelProfile &Q) {
        return computeTiming(Q, Gpu, S.ActiveSms, S.ActiveBlocksPerSm, S.Rep)
            .ExecCycles;
      };
      double T0 = Time(P);
      ASSERT_TRUE(std::isfinite(T0)) << Name << " #" << I;
      Unit U = Units[Gen.pick(sizeof(Units) / sizeof(*Units))];
      // More work never predicts less time.
      for (double Delta : {1e-9, 1e-3, 0.5, 7.0, 1e3}) {
        KernelProfile More = P;
        More.count(U) += Delta;
        EXPECT_GE(Time(More), T0 * (1 - 1e-12))
            << Name << " #" << I << " +" << Delta << " "
            << allUnits()[index(U)].Key << " from " << P.count(U);
      }
      // Continuity: a tiny change in a count is a tiny change in time, also
      // across 0 (a store that is almost never taken).
      KernelProfile Near = P;
      double Eps = 1e-9 * (1 + P.count(U));
      Near.count(U) += Eps;
      double Limit = 1e-5 * T0 + 1e-3;
      EXPECT_LE(std::fabs(Time(Near) - T0), Limit)
          << Name << " #" << I << " " << allUnits()[index(U)].Key << " from "
          << P.count(U);
      KernelProfile Zero = P;
      Zero.count(U) = 0;
      KernelProfile Tiny = Zero;
      Tiny.count(U) = 1e-9;
      EXPECT_LE(std::fabs(Time(Tiny) - Time(Zero)), 1e-5 * Time(Zero) + 1e-3)
          << Name << " #" << I << " " << allUnits()[index(U)].Key;
    }
  }
}
