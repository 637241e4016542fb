//===- InstructionEnergyCalibration.cpp - Fitting seed 003 ----------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/InstructionEnergyCalibration.h"

#include "gpa/InstructionEnergy.h"
#include "gpa/Nnls.h"

#include <cmath>
#include <map>

namespace gpa {

namespace {
/// Units counted by the product that seed 003 has no price for.
bool unpriced(Unit U) {
  return U == Unit::Tensor || U == Unit::Shuffle || U == Unit::AsyncCopy ||
         U == Unit::Atomic;
}

struct ClassTable {
  std::vector<EnergyPriceClass> Classes;
  /// Class of each unit's instruction price; -1 when it has none.
  std::array<int, NumUnits> OfUnit{};
  std::size_t FirstByteClass = 0;
};

const ClassTable &classTable() {
  static const ClassTable Table = [] {
    ClassTable T;
    T.Classes.push_back({"idle", {"idle_power_w"}});
    std::map<std::string, int> ByMix;
    for (const UnitInfo &U : allUnits()) {
      T.OfUnit[index(U.Id)] = -1;
      const std::vector<NativeShare> &Mix = nativeMix(U.Id);
      if (Mix.empty())
        continue;
      std::string Key;
      for (const NativeShare &S : Mix)
        Key += std::string(S.Param) + ",";
      auto It = ByMix.find(Key);
      if (It == ByMix.end()) {
        EnergyPriceClass C{std::string(U.Key), {}};
        for (const NativeShare &S : Mix)
          C.Params.push_back(S.Param);
        It = ByMix.emplace(Key, static_cast<int>(T.Classes.size())).first;
        T.Classes.push_back(std::move(C));
      } else {
        T.Classes[It->second].Label += "+" + std::string(U.Key);
      }
      T.OfUnit[index(U.Id)] = It->second;
    }
    T.FirstByteClass = T.Classes.size();
    for (std::size_t L = 0; L < NumMemoryLevels; ++L) {
      MemoryLevel Level = static_cast<MemoryLevel>(L);
      T.Classes.push_back({std::string(memoryLevelKey(Level)) + " bytes",
                           {bytesParameter(Level)}});
    }
    return T;
  }();
  return Table;
}

double dot(const std::vector<double> &A, const std::vector<double> &B) {
  double S = 0;
  for (std::size_t I = 0; I < A.size(); ++I)
    S += A[I] * B[I];
  return S;
}

/// Smallest Cholesky pivot of the correlation matrix of Columns (each of
/// unit norm), as a share of 1: near 0 when a column is nearly a linear
/// combination of the earlier ones. Index of that column in Worst.
double smallestPivot(const std::vector<std::vector<double>> &Columns,
                     std::size_t &Worst) {
  std::size_t K = Columns.size();
  std::vector<double> L(K * K, 0.0);
  double Min = 1;
  Worst = 0;
  for (std::size_t I = 0; I < K; ++I)
    for (std::size_t J = 0; J <= I; ++J) {
      double S = dot(Columns[I], Columns[J]);
      for (std::size_t M = 0; M < J; ++M)
        S -= L[I * K + M] * L[J * K + M];
      if (I == J) {
        if (S < Min) {
          Min = S;
          Worst = I;
        }
        L[I * K + I] = std::sqrt(std::max(S, 1e-300));
      } else {
        L[I * K + J] = S / L[J * K + J];
      }
    }
  return Min;
}
} // namespace

const std::vector<EnergyPriceClass> &instructionEnergyPriceClasses() {
  return classTable().Classes;
}

bool instructionEnergyRow(const PowerSample &S, std::vector<double> &Row,
                          std::string &Unpriced) {
  const ClassTable &T = classTable();
  Unpriced.clear();
  if (!S.LaunchTimeS || !(*S.LaunchTimeS > 0))
    return false;
  double PerS = 1e-9 / *S.LaunchTimeS; // nJ per launch -> W
  Row.assign(T.Classes.size(), 0.0);
  Row[0] = 1; // Eq. (6): P_idle x T / T
  for (const UnitInfo &U : allUnits()) {
    double N = S.WarpInstructions[index(U.Id)];
    if (N <= 0)
      continue;
    if (unpriced(U.Id))
      Unpriced += (Unpriced.empty() ? "" : ", ") + std::string(U.Key);
    else if (T.OfUnit[index(U.Id)] >= 0)
      Row[T.OfUnit[index(U.Id)]] += N * PerS; // Eq. (7)
  }
  for (std::size_t L = 0; L < NumMemoryLevels; ++L)
    Row[T.FirstByteClass + L] += S.Bytes[L] * PerS;
  return true;
}

bool fitInstructionEnergy(const PowerSampleSet &Train,
                          const PowerParameters *Base,
                          const std::string &Provenance,
                          InstructionEnergyFit &Out, std::string &Error) {
  const std::vector<EnergyPriceClass> &Classes =
      instructionEnergyPriceClasses();
  const std::size_t K = Classes.size();
  if (!Train.HasLaunchCounts) {
    Error = Train.File + ":" + std::to_string(std::max(Train.HeaderLine, 1u)) +
            ":" + std::to_string(Train.HeaderLine ? 5 + NumDvfsComponents : 1) +
            ": expected the launch-count columns 'time_s,warp_UNIT...,"
            "bytes_LEVEL...' of a gpa-power-samples/1 file (gpa-measure "
            "writes them); the instruction-energy fit needs them";
    return false;
  }
  InstructionEnergyFit R;
  std::vector<std::vector<double>> Rows;
  std::vector<double> PowerW;
  std::map<std::string, std::size_t> LeftOut;
  for (const PowerSample &S : Train.Samples) {
    std::vector<double> Row;
    std::string Unpriced;
    if (!instructionEnergyRow(S, Row, Unpriced)) {
      Error = Train.File + ":" + std::to_string(S.Line) +
              ": expected a launch time (time_s) above 0 s";
      return false;
    }
    if (!Unpriced.empty()) {
      ++LeftOut[Unpriced];
      continue;
    }
    Rows.push_back(std::move(Row));
    PowerW.push_back(*S.PowerW);
  }
  R.RowsUsed = Rows.size();
  R.RowsLeftOut = Train.Samples.size() - Rows.size();
  for (const auto &[Units, N] : LeftOut)
    R.Notes.push_back(std::to_string(N) + " rows left out: they count " +
                      Units + " instructions, which seed 003 has no price for");

  // Columns, the unexercised ones set aside, proportional ones grouped.
  std::vector<std::vector<double>> Col(K, std::vector<double>(Rows.size()));
  for (std::size_t I = 0; I < Rows.size(); ++I)
    for (std::size_t C = 0; C < K; ++C)
      Col[C][I] = Rows[I][C];
  std::vector<int> Rep(K, -1);       // representative column, -1 unexercised
  std::vector<double> Ratio(K, 0.0); // Col[C] = Ratio[C] x Col[Rep[C]]
  std::vector<std::size_t> Terms;
  for (std::size_t C = 0; C < K; ++C) {
    double NormC = dot(Col[C], Col[C]);
    if (!(NormC > 0)) {
      R.Notes.push_back(Classes[C].Label +
                        ": not exercised by the training rows; not fitted");
      continue;
    }
    for (std::size_t T : Terms) {
      double NormT = dot(Col[T], Col[T]);
      double Proj = dot(Col[C], Col[T]) / NormT;
      double Resid = NormC - Proj * Proj * NormT;
      if (Resid <= 1e-10 * NormC) {
        Rep[C] = static_cast<int>(T);
        Ratio[C] = Proj;
        break;
      }
    }
    if (Rep[C] < 0) {
      Rep[C] = static_cast<int>(C);
      Ratio[C] = 1;
      Terms.push_back(C);
    }
  }
  if (Rows.size() < Terms.size()) {
    Error = Train.File + ": " + std::to_string(Rows.size()) +
            " usable rows for " + std::to_string(Terms.size()) +
            " unknowns: the instruction-energy fit needs at least as many "
            "microbenchmark rows as prices it fits";
    return false;
  }

  // Non-negative least squares on unit-norm columns (Nnls.h), unscaled after.
  std::vector<std::vector<double>> Scaled;
  std::vector<double> Norm;
  for (std::size_t T : Terms) {
    Norm.push_back(std::sqrt(dot(Col[T], Col[T])));
    Scaled.push_back(Col[T]);
    for (double &V : Scaled.back())
      V /= Norm.back();
  }
  std::size_t N = Terms.size();
  std::vector<double> G(N * N), H(N);
  for (std::size_t I = 0; I < N; ++I) {
    H[I] = dot(Scaled[I], PowerW);
    for (std::size_t J = 0; J < N; ++J)
      G[I * N + J] = dot(Scaled[I], Scaled[J]);
  }
  std::vector<double> X = solveNnls(G, H);
  std::size_t Worst = 0;
  if (N > 1 && smallestPivot(Scaled, Worst) < 1e-6)
    R.Notes.push_back(Classes[Terms[Worst]].Label +
                      ": its column is nearly a combination of the others in "
                      "this training data, so its value is poorly determined");

  // Each group's fitted term theta = sum_j Ratio_j x E_j, split as E_j =
  // s x b_j with b_j the base model's value (1 without one).
  R.ClassValues.assign(K, std::nullopt);
  for (std::size_t T = 0; T < N; ++T) {
    double Theta = X[T] / Norm[T];
    if (!(Theta > 0))
      R.Notes.push_back(Classes[Terms[T]].Label +
                        ": at the non-negativity bound (0): the rows give it "
                        "no positive energy");
    std::vector<std::size_t> Members;
    for (std::size_t C = 0; C < K; ++C)
      if (Rep[C] == static_cast<int>(Terms[T]))
        Members.push_back(C);
    auto BaseValue = [&](std::size_t C) {
      if (!Base)
        return 0.0;
      auto It = Base->find(Classes[C].Params[0]);
      return It == Base->end() ? 0.0 : It->second.Value;
    };
    bool HaveBase = Members.size() > 1;
    for (std::size_t C : Members)
      HaveBase = HaveBase && BaseValue(C) > 0;
    double Sum = 0;
    for (std::size_t C : Members)
      Sum += Ratio[C] * (HaveBase ? BaseValue(C) : 1.0);
    std::string Together;
    for (std::size_t C : Members)
      Together += (Together.empty() ? "" : ", ") + Classes[C].Label;
    if (Members.size() > 1)
      R.Notes.push_back(Together +
                        ": proportional in the training rows, fitted as one "
                        "term and split " +
                        (HaveBase ? "in the base model's proportions"
                                  : "equally (assumed: no base values)"));
    for (std::size_t C : Members) {
      double V = Theta / Sum * (HaveBase ? BaseValue(C) : 1.0);
      R.ClassValues[C] = V;
      std::string Source = Provenance;
      if (Members.size() > 1)
        Source += "; fitted as one term with " + Together +
                  " (proportional in the data), split " +
                  (HaveBase ? "in the base model's proportions"
                            : "equally (assumed)");
      for (const std::string &P : Classes[C].Params)
        R.Params[P] = PowerParameter{V, "calibrated", Source};
    }
  }

  double SumSq = 0, SumPct = 0;
  std::size_t WithPower = 0;
  for (std::size_t I = 0; I < Rows.size(); ++I) {
    double W = 0;
    for (std::size_t C = 0; C < K; ++C)
      if (R.ClassValues[C])
        W += Rows[I][C] * *R.ClassValues[C];
    SumSq += (W - PowerW[I]) * (W - PowerW[I]);
    if (PowerW[I] > 0) {
      SumPct += std::fabs(W - PowerW[I]) / PowerW[I];
      ++WithPower;
    }
  }
  R.RmsErrorW = Rows.empty() ? 0 : std::sqrt(SumSq / Rows.size());
  R.MapePct = WithPower ? 100 * SumPct / WithPower : 0;
  Out = std::move(R);
  return true;
}

bool predictInstructionEnergyPower(const PowerParameters &P,
                                   const PowerSample &S, double &PowerW,
                                   std::string &Error) {
  if (!S.LaunchTimeS) {
    Error = "line " + std::to_string(S.Line) +
            ": no launch time (time_s) for the instruction-energy model";
    return false;
  }
  // The backend's own Eq. (5)-(7) on the row's counts and measured time.
  KernelActivity A;
  A.WarpInstructions = S.WarpInstructions;
  A.Bytes = S.Bytes;
  A.ExecTimeS = *S.LaunchTimeS;
  ModelEstimate E = estimateInstructionEnergy(A, &P);
  if (!E.Available) {
    Error = "line " + std::to_string(S.Line) + ": " +
            (E.MissingParameters.empty() ? std::string("no estimate")
                                         : E.MissingParameters.front());
    return false;
  }
  PowerW = E.TotalPowerW;
  return true;
}

} // namespace gpa
