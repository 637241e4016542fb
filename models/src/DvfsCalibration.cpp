//===- DvfsCalibration.cpp - Fitting seed 002's model ---------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Guerreiro et al., IEEE TPDS 2019 (seed 002) §3.3, Fig. 4-5.
//
//===----------------------------------------------------------------------===//
#include "gpa/DvfsCalibration.h"

#include "gpa/DvfsPowerBackend.h"
#include "gpa/Nnls.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace gpa {

namespace {
constexpr std::size_t NumCoefficients = 4 + NumDvfsComponents;

std::vector<double> clocksOf(const std::vector<PowerSample> &S, bool Core) {
  std::set<double> Clocks;
  for (const PowerSample &X : S)
    Clocks.insert(Core ? X.CoreMhz : X.MemMhz);
  return {Clocks.begin(), Clocks.end()};
}

std::size_t indexIn(const std::vector<double> &Clocks, double Mhz) {
  return static_cast<std::size_t>(
      std::lower_bound(Clocks.begin(), Clocks.end(), Mhz) - Clocks.begin());
}

/// Problem 2's row: Eq. (5)+(6) is linear in x = [a0, a2, a1, a3, gamma_i]
/// (gpmTOOL's order) once the voltages are fixed.
void featureRow(const PowerSample &S, double VCore, double VMem,
                std::array<double, NumCoefficients> &Row) {
  double CoreV2F = VCore * VCore * S.CoreMhz;
  double MemV2F = VMem * VMem * S.MemMhz;
  Row[0] = VCore;
  Row[1] = VMem;
  Row[2] = CoreV2F;
  Row[3] = MemV2F;
  for (std::size_t C = 0; C < NumCoreDvfsComponents; ++C)
    Row[4 + C] = CoreV2F * S.U[C];
  Row[4 + NumCoreDvfsComponents] = MemV2F * S.U[NumCoreDvfsComponents];
}

/// Minimises c4 v^4 + c3 v^3 + c2 v^2 + c1 v over [Lo, Hi]: the endpoints
/// and every root of the derivative inside (bracketed on a grid, bisected).
double minimiseQuartic(const std::array<double, 5> &C, double Lo, double Hi) {
  auto F = [&](double V) {
    return (((C[4] * V + C[3]) * V + C[2]) * V + C[1]) * V;
  };
  auto D = [&](double V) {
    return ((4 * C[4] * V + 3 * C[3]) * V + 2 * C[2]) * V + C[1];
  };
  double Best = Lo, BestF = F(Lo);
  if (F(Hi) < BestF) {
    Best = Hi;
    BestF = F(Hi);
  }
  const int Steps = 32;
  for (int I = 0; I < Steps; ++I) {
    double A = Lo + (Hi - Lo) * I / Steps, B = Lo + (Hi - Lo) * (I + 1) / Steps;
    if ((D(A) < 0) == (D(B) < 0))
      continue;
    for (int K = 0; K < 60; ++K) {
      double M = 0.5 * (A + B);
      ((D(A) < 0) == (D(M) < 0) ? A : B) = M;
    }
    double V = 0.5 * (A + B);
    if (F(V) < BestF) {
      Best = V;
      BestF = F(V);
    }
  }
  return Best;
}

class Fitter {
public:
  Fitter(const PowerSampleSet &Train, const DvfsFitOptions &Options)
      : Rows(Train.Samples), Opt(Options) {}

  bool init(double RefCore, double RefMem, std::string &Error) {
    CoreClocks = clocksOf(Rows, true);
    MemClocks = clocksOf(Rows, false);
    CoreRef = indexIn(CoreClocks, RefCore);
    MemRef = indexIn(MemClocks, RefMem);
    if (CoreRef == CoreClocks.size() || CoreClocks[CoreRef] != RefCore ||
        MemRef == MemClocks.size() || MemClocks[MemRef] != RefMem) {
      Error = "no measurement at the reference clocks (" +
              std::to_string(std::lround(RefCore)) + "/" +
              std::to_string(std::lround(RefMem)) +
              " MHz), where the normalised voltages are 1";
      return false;
    }
    // Start from voltage proportional to clock (the first-order CMOS
    // relation), within the bounds; v = 1 at the reference clock.
    auto Initial = [&](const std::vector<double> &Clocks, double Ref) {
      std::vector<double> V;
      for (double F : Clocks)
        V.push_back(std::clamp(F / Ref, Opt.MinVoltage, Opt.MaxVoltage));
      return V;
    };
    VCore = Initial(CoreClocks, RefCore);
    VMem = Initial(MemClocks, RefMem);
    for (const PowerSample &S : Rows) {
      CoreIdx.push_back(indexIn(CoreClocks, S.CoreMhz));
      MemIdx.push_back(indexIn(MemClocks, S.MemMhz));
    }
    return true;
  }

  /// Problem 2: non-negative least squares for x at fixed voltages.
  void fitCoefficients() {
    const std::size_t N = NumCoefficients;
    std::vector<double> G(N * N, 0.0), H(N, 0.0);
    std::array<double, N> Row;
    for (std::size_t R = 0; R < Rows.size(); ++R) {
      featureRow(Rows[R], VCore[CoreIdx[R]], VMem[MemIdx[R]], Row);
      for (std::size_t C = 0; C < NumDvfsComponents; ++C)
        if (Opt.HeldAtZero[C])
          Row[4 + C] = 0; // a zero column: NNLS leaves its coefficient 0
      double Y = *Rows[R].PowerW;
      for (std::size_t I = 0; I < N; ++I) {
        H[I] += Row[I] * Y;
        for (std::size_t J = 0; J <= I; ++J)
          G[I * N + J] += Row[I] * Row[J];
      }
    }
    // Column scaling keeps the normal equations well conditioned (volts
    // next to volts^2 x MHz); it does not change the signs.
    std::vector<double> Scale(N);
    for (std::size_t I = 0; I < N; ++I) {
      for (std::size_t J = 0; J < I; ++J)
        G[J * N + I] = G[I * N + J];
      Scale[I] = G[I * N + I] > 0 ? std::sqrt(G[I * N + I]) : 0;
    }
    for (std::size_t I = 0; I < N; ++I) {
      double SI = Scale[I] > 0 ? Scale[I] : 1;
      H[I] /= SI;
      for (std::size_t J = 0; J < N; ++J)
        G[I * N + J] /= SI * (Scale[J] > 0 ? Scale[J] : 1);
    }
    std::vector<double> Z = solveNnls(G, H);
    for (std::size_t I = 0; I < N; ++I)
      X[I] = Scale[I] > 0 ? Z[I] / Scale[I] : 0;
  }

  /// Problem 1 for one domain: each non-reference clock's voltage,
  /// minimising the squared error of its rows between its neighbours'
  /// voltages; clocks below the reference go upwards from the lowest, those
  /// above downwards from the highest, so bounds come from updated values.
  void fitVoltages(bool Core) {
    std::vector<double> &V = Core ? VCore : VMem;
    std::size_t Ref = Core ? CoreRef : MemRef;
    std::vector<std::size_t> Order;
    for (std::size_t J = 0; J < Ref; ++J)
      Order.push_back(J);
    for (std::size_t J = V.size(); J-- > Ref + 1;)
      Order.push_back(J);
    std::vector<std::array<double, 5>> Poly(V.size(), {0, 0, 0, 0, 0});
    for (std::size_t R = 0; R < Rows.size(); ++R) {
      const PowerSample &S = Rows[R];
      double Vc = VCore[CoreIdx[R]], Vm = VMem[MemIdx[R]];
      double CoreDyn = X[2], MemDyn = X[3] + X[4 + NumCoreDvfsComponents] *
                                                 S.U[NumCoreDvfsComponents];
      for (std::size_t C = 0; C < NumCoreDvfsComponents; ++C)
        CoreDyn += X[4 + C] * S.U[C];
      // Residual as A v^2 + B v - Y in this domain's voltage v.
      double A = Core ? S.CoreMhz * CoreDyn : S.MemMhz * MemDyn;
      double B = Core ? X[0] : X[1];
      double Other = Core ? X[1] * Vm + Vm * Vm * S.MemMhz * MemDyn
                          : X[0] * Vc + Vc * Vc * S.CoreMhz * CoreDyn;
      double Y = *S.PowerW - Other;
      std::array<double, 5> &P = Poly[Core ? CoreIdx[R] : MemIdx[R]];
      P[4] += A * A;
      P[3] += 2 * A * B;
      P[2] += B * B - 2 * A * Y;
      P[1] += -2 * B * Y;
    }
    for (std::size_t J : Order) {
      double Lo = J > 0 ? V[J - 1] : Opt.MinVoltage;
      double Hi = J + 1 < V.size() ? V[J + 1] : Opt.MaxVoltage;
      V[J] = minimiseQuartic(Poly[J], std::min(Lo, Hi), std::max(Lo, Hi));
    }
  }

  double sse() const {
    double Sum = 0;
    std::array<double, NumCoefficients> Row;
    for (std::size_t R = 0; R < Rows.size(); ++R) {
      featureRow(Rows[R], VCore[CoreIdx[R]], VMem[MemIdx[R]], Row);
      double Pred = 0;
      for (std::size_t I = 0; I < NumCoefficients; ++I)
        Pred += Row[I] * X[I];
      Sum += (Pred - *Rows[R].PowerW) * (Pred - *Rows[R].PowerW);
    }
    return Sum;
  }

  DvfsPowerParams params(double RefCore, double RefMem) const {
    DvfsPowerParams P;
    P.Core = {RefCore, CoreClocks, VCore};
    P.Mem = {RefMem, MemClocks, VMem};
    P.CoreStaticW = X[0];
    P.MemStaticW = X[1];
    P.CoreConstantWPerMhz = X[2];
    P.MemConstantWPerMhz = X[3];
    for (std::size_t C = 0; C < NumDvfsComponents; ++C)
      P.DynamicWPerMhz[C] = X[4 + C];
    P.Calibrated = true;
    return P;
  }

private:
  const std::vector<PowerSample> &Rows;
  const DvfsFitOptions &Opt;
  std::vector<double> CoreClocks, MemClocks, VCore, VMem;
  std::vector<std::size_t> CoreIdx, MemIdx;
  std::size_t CoreRef = 0, MemRef = 0;
  std::array<double, NumCoefficients> X{};
};
} // namespace

bool fitDvfsModel(const PowerSampleSet &Train, const DvfsFitOptions &Options,
                  DvfsFitResult &Out, std::string &Error) {
  for (const PowerSample &S : Train.Samples)
    if (!S.PowerW) {
      Error = Train.File + ":" + std::to_string(S.Line) +
              ":1: expected a measured power (training data)";
      return false;
    }
  Fitter F(Train, Options);
  if (!F.init(Train.RefCoreMhz, Train.RefMemMhz, Error))
    return false;
  DvfsFitResult R;
  F.fitCoefficients(); // Problem 2 at the initial voltages
  double Sse = F.sse();
  for (R.Iterations = 1; R.Iterations < Options.MaxIterations; ++R.Iterations) {
    F.fitVoltages(true);  // Problem 1, core domain
    F.fitVoltages(false); // Problem 1, memory domain
    F.fitCoefficients();  // Problem 2
    double Next = F.sse();
    bool Done = (Sse - Next) / Train.Samples.size() <= Options.MseToleranceW2;
    Sse = std::min(Sse, Next);
    if (Done) {
      R.Converged = true;
      break;
    }
  }
  R.Params = F.params(Train.RefCoreMhz, Train.RefMemMhz);
  // An aggregate column (HPCA 2018's SP) fitted one coefficient for the sum
  // of its members' utilisations: each member gets it.
  Train.Layout.spreadCoefficients(R.Params.DynamicWPerMhz);
  R.RmsErrorW = std::sqrt(Sse / Train.Samples.size());
  if (!samplesMape(R.Params, Train.Samples, R.MapePct, Error))
    return false;
  Out = std::move(R);
  return true;
}

bool predictSamplePower(const DvfsPowerParams &P, const PowerSample &S,
                        double &PowerW, std::string &Error) {
  auto VC = P.Core.at(S.CoreMhz);
  auto VM = P.Mem.at(S.MemMhz);
  if (!VC || !VM) {
    Error = "line " + std::to_string(S.Line) + ": clock pair " +
            std::to_string(std::lround(S.CoreMhz)) + "/" +
            std::to_string(std::lround(S.MemMhz)) +
            " MHz is not in the model's voltage tables";
    return false;
  }
  PowerW = dvfsPower(P, S.CoreMhz, *VC, S.MemMhz, *VM, S.U).totalW();
  return true;
}

bool samplesMape(const DvfsPowerParams &P, const std::vector<PowerSample> &S,
                 double &MapePct, std::string &Error) {
  double Sum = 0;
  std::size_t N = 0;
  for (const PowerSample &X : S) {
    double W = 0;
    if (!predictSamplePower(P, X, W, Error))
      return false;
    if (X.PowerW && *X.PowerW > 0) {
      Sum += std::fabs(W - *X.PowerW) / *X.PowerW;
      ++N;
    }
  }
  MapePct = N ? 100 * Sum / N : 0;
  return true;
}

void splitByBenchmark(const PowerSampleSet &All, unsigned Every,
                      PowerSampleSet &Train, PowerSampleSet &Test) {
  Train = All;
  Test = All;
  Train.Samples.clear();
  Test.Samples.clear();
  std::map<std::string, std::size_t> Index;
  for (const PowerSample &S : All.Samples) {
    std::string Key = S.Benchmark;
    if (Key.empty())
      for (double U : S.U)
        Key += std::to_string(U) + ",";
    std::size_t I = Index.emplace(Key, Index.size()).first->second;
    (Every > 1 && I % Every == Every - 1 ? Test : Train).Samples.push_back(S);
  }
}

DvfsUtilisation defaultLanesPerSm(unsigned SmVersion) {
  DvfsUtilisation L{};
  // Maxwell/Pascal (5.x, 6.1): 128 FP32/INT lanes, 4 FP64, 32 SFU per SM;
  // GP100 (6.0), GV100 (7.0) and GA100 (8.0): 64 FP32, 32 FP64, 16 SFU;
  // GH100 (9.0): 128 FP32, 64 FP64, 64 INT, 16 SFU; Turing and later
  // consumer parts (7.5, 8.6, 8.9): 64 or 128 FP32, 2 FP64, 16 SFU.
  double Fp32 = 128, Fp64 = 4, Int = 128, Sfu = 32;
  if (SmVersion == 60 || SmVersion == 70 || SmVersion == 80) {
    Fp32 = 64;
    Int = 64;
    Fp64 = 32;
    Sfu = 16;
  } else if (SmVersion == 90) {
    Fp32 = 128;
    Int = 64;
    Fp64 = 64;
    Sfu = 16;
  } else if (SmVersion >= 75) {
    Fp32 = SmVersion == 75 ? 64 : 128;
    Int = 64;
    Fp64 = 2;
    Sfu = 16;
  }
  for (DvfsComponent C :
       {DvfsComponent::Fp32Add, DvfsComponent::Fp32Mul, DvfsComponent::Fp32Fma})
    L[static_cast<std::size_t>(C)] = Fp32;
  for (DvfsComponent C :
       {DvfsComponent::Fp64Add, DvfsComponent::Fp64Mul, DvfsComponent::Fp64Fma})
    L[static_cast<std::size_t>(C)] = Fp64;
  L[static_cast<std::size_t>(DvfsComponent::Int)] = Int;
  L[static_cast<std::size_t>(DvfsComponent::Sfu)] = Sfu;
  L[static_cast<std::size_t>(DvfsComponent::Cf)] = 128;
  return L;
}

} // namespace gpa

namespace gpa {

DvfsPowerParams dvfsHardwareFigures(const GpuModel &Gpu) {
  DvfsPowerParams P;
  std::string Ignored;
  if (const DvfsPowerParams *Old = dvfsParams(Gpu, Ignored)) {
    P.LanesPerSm = Old->LanesPerSm;
    P.LanesSource = Old->LanesSource;
    P.L2PeakGbps = Old->L2PeakGbps;
    P.L2PeakSource = Old->L2PeakSource;
    P.SharedBytesPerSmPerCycle = Old->SharedBytesPerSmPerCycle;
    P.SharedSource = Old->SharedSource;
    P.Core.RefMhz = Old->Core.RefMhz;
    P.Mem.RefMhz = Old->Mem.RefMhz;
    return P;
  }
  P.Core.RefMhz = Gpu.ClockGhz * 1000;
  P.LanesPerSm = defaultLanesPerSm(Gpu.SmVersion);
  P.LanesSource = "CUDA C++ Programming Guide, arithmetic instruction "
                  "throughput per SM for compute capability " +
                  Gpu.ComputeCapability + "; CF 128 assumed";
  P.L2PeakGbps = 2 * Gpu.peakBandwidthGbps();
  P.L2PeakSource = "assumed: twice the DRAM bandwidth (no L2 figure in the "
                   "base model)";
  P.SharedBytesPerSmPerCycle = 128;
  P.SharedSource = "CUDA C++ Programming Guide: 32 banks x 4 bytes per "
                   "clock per SM";
  return P;
}

} // namespace gpa
