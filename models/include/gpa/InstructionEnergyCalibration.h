//===- InstructionEnergyCalibration.h - Fitting seed 003 --------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Seed 003 (Xie et al.) Eq. (5)-(7) is linear in its unknowns, so dividing
// by the launch time gives one linear equation per measured row:
//   P = P_idle + sum_k E_k x 1e-9 x n_k / t + sum_i E_byte(i) x 1e-9 x B_i / t
// with n_k the warp instructions of a price class per launch, B_i the bytes
// of level i per launch and t the measured launch time. The fit solves it by
// non-negative least squares (Lawson & Hanson, models/src/Nnls.cpp) over the
// rows of a gpa-power-samples/1 file that carries launch counts.
//
// What the product's counts can tell apart: a price class is a set of Table
// I rows that nativeMix() always prices together (int, fp = fp16, fp64, alu,
// sfu, sync); every row of a class gets the class's fitted value. Unknowns
// whose columns are proportional over the training rows (streaming kernels
// move the same bytes through L1, L2 and DRAM) are fitted as one term and
// split in the base model's proportions (equally without one); a class the
// data never exercises is not fitted. Both are reported.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_INSTRUCTIONENERGYCALIBRATION_H
#define GPA_INSTRUCTIONENERGYCALIBRATION_H

#include "gpa/PowerParameters.h"
#include "gpa/PowerSamples.h"

#include <optional>
#include <string>
#include <vector>

namespace gpa {

/// One unknown of the fit: the parameters sharing its value, what it prices.
struct EnergyPriceClass {
  std::string Label;               // "idle", "int", "fp+fp16", "l2 bytes", ...
  std::vector<std::string> Params; // parameter names set to the fitted value
};

/// The unknowns in a fixed order: idle, the instruction classes (Units.def
/// order of their first unit), then the byte levels.
const std::vector<EnergyPriceClass> &instructionEnergyPriceClasses();

/// The class coefficients of one row in power terms: 1 for idle, n x 1e-9 / t
/// for classes (so a value in nJ gives W). Fails when the row has no launch
/// time; Unpriced names units counted on the row that have no price (atomic,
/// tensor, shuffle, async_copy), empty when none.
bool instructionEnergyRow(const PowerSample &S, std::vector<double> &Row,
                          std::string &Unpriced);

struct InstructionEnergyFit {
  /// Class index -> fitted value (W for idle, nJ otherwise); unset when the
  /// class is not exercised by the data.
  std::vector<std::optional<double>> ClassValues;
  /// Fitted parameters (kind "calibrated", source = the Provenance given).
  PowerParameters Params;
  /// Human-readable notes: proportional classes fitted as one, classes not
  /// exercised, near-dependent columns, rows left out.
  std::vector<std::string> Notes;
  std::size_t RowsUsed = 0, RowsLeftOut = 0;
  double RmsErrorW = 0, MapePct = 0; // on the rows used
};

/// Fits Train (product format with launch counts; measured power required).
/// Base: the base model's instruction-energy parameters (may be null), for
/// splitting proportional classes. Provenance goes into every fitted
/// parameter's source. Errors name file, line and column.
bool fitInstructionEnergy(const PowerSampleSet &Train,
                          const PowerParameters *Base,
                          const std::string &Provenance,
                          InstructionEnergyFit &Out, std::string &Error);

/// Eq. (5)-(7) as power for one row with launch counts, through the
/// backend's estimateInstructionEnergy; fails when a parameter the row needs
/// is missing or a unit has no price.
bool predictInstructionEnergyPower(const PowerParameters &P,
                                   const PowerSample &S, double &PowerW,
                                   std::string &Error);

} // namespace gpa

#endif
