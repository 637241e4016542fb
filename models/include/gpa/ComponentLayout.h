//===- ComponentLayout.h - gpmTOOL component names by name ------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// gpmTOOL's files (Guerreiro et al., HPCA 2018 / IEEE TPDS 2019) list their
// components on line 4, in any number: the TPDS 2019 twelve (FP32 ADD, ...,
// DRAM), the HPCA 2018 seven (SP, INT, DP, SF, L2, Shared, DRAM) or eight
// (with CF), a K40c set without FP64 and SFU. Each name maps to one or
// more of the product's twelve DVFS components (table in docs/dvfs.md); an
// aggregate name (SP = FP32 add + mul + FMA) stands for the sum of its
// members' utilisations, so its one coefficient is every member's.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_COMPONENTLAYOUT_H
#define GPA_COMPONENTLAYOUT_H

#include "gpa/DvfsPowerModel.h"

#include <string>
#include <vector>

namespace gpa {

/// One column of a gpmTOOL file: its name as written and the product
/// components it stands for (indices into DvfsUtilisation, first = where
/// its utilisation is stored).
struct ComponentColumn {
  std::string Name;
  std::vector<std::size_t> Components;
};

struct ComponentLayout {
  std::vector<ComponentColumn> Columns; // core domain first, file order
  std::size_t CoreColumns = 0;
  /// TPDS 2019's twelve, one product component each.
  static ComponentLayout standard();
  bool isStandard() const;
  /// A row's utilisations (one per column) as the product's twelve: each
  /// value in its column's first component, the other members 0.
  DvfsUtilisation toUtilisation(const std::vector<double> &Values) const;
  /// Product components no column stands for (their coefficients cannot be
  /// fitted from this data).
  std::vector<std::size_t> absentComponents() const;
  /// Copies each aggregate column's fitted coefficient (in its first
  /// component) to the other members.
  void spreadCoefficients(DvfsUtilisation &DynamicWPerMhz) const;
  /// "SP=fp32_add+fp32_mul+fp32_fma, INT=int, ..." for reports.
  std::string describe() const;
};

/// One row of the name table (docs/dvfs.md).
struct ComponentName {
  const char *Name; // as gpmTOOL files spell it (matched case-insensitively)
  std::vector<DvfsComponent> Components;
  const char *Source;
};
const std::vector<ComponentName> &componentNameTable();

/// Lines 3 and 4 of a gpmTOOL file (component counts per domain, names).
/// Errors: "expected ..." text for FILE:LINE:COLUMN (Line, Column set).
bool parseComponentLayout(const std::string &CountsLine,
                          const std::string &NamesLine, ComponentLayout &Out,
                          unsigned &Line, unsigned &Column,
                          std::string &Expected, std::string &Got);

} // namespace gpa

#endif
