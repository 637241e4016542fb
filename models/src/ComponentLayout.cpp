//===- ComponentLayout.cpp - gpmTOOL component names by name --------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/ComponentLayout.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>

namespace gpa {

namespace {
using DC = DvfsComponent;

constexpr const char *Tpds2019 =
    "TPDS 2019 (hpc-ulisboa/gpupowermodel v2.0_TPDS2019/example_files)";
constexpr const char *Tpds2019Sets =
    "TPDS 2019 sets (v2.0_TPDS2019/local_examples/Files_used: K40c, Titan "
    "X, Titan Xp)";
constexpr const char *Hpca2018 = "HPCA 2018 (v1.0_HPCA2018/example_files)";
constexpr const char *Tpds2019AndHpca2018Cf =
    "TPDS 2019; the HPCA 2018 layout with CF (v2.0_TPDS2019/local_examples "
    "*_HPCAandCF)";

std::size_t index(DC C) { return static_cast<std::size_t>(C); }

std::string normalised(const std::string &Name) {
  std::string Out;
  bool Space = false;
  for (char Ch : Name) {
    if (std::isspace(static_cast<unsigned char>(Ch))) {
      Space = !Out.empty();
      continue;
    }
    if (Space)
      Out += ' ';
    Space = false;
    Out += static_cast<char>(std::toupper(static_cast<unsigned char>(Ch)));
  }
  return Out;
}

std::vector<std::string> split(const std::string &Line) {
  std::vector<std::string> Out;
  std::size_t Start = 0;
  while (true) {
    std::size_t Comma = Line.find(',', Start);
    std::string F = Line.substr(Start, Comma - Start);
    std::size_t B = F.find_first_not_of(" \t\r");
    std::size_t E = F.find_last_not_of(" \t\r");
    Out.push_back(B == std::string::npos ? "" : F.substr(B, E - B + 1));
    if (Comma == std::string::npos)
      return Out;
    Start = Comma + 1;
  }
}

std::string knownNames() {
  std::string Out;
  for (const ComponentName &N : componentNameTable())
    Out += (Out.empty() ? "" : ", ") + std::string(N.Name);
  return Out;
}
} // namespace

const std::vector<ComponentName> &componentNameTable() {
  static const std::vector<ComponentName> Table = {
      {"FP32 ADD", {DC::Fp32Add}, Tpds2019},
      {"FP32 MUL", {DC::Fp32Mul}, Tpds2019},
      {"FP32 FMA", {DC::Fp32Fma}, Tpds2019},
      {"INT", {DC::Int}, Tpds2019},
      {"FP64 ADD", {DC::Fp64Add}, Tpds2019},
      {"FP64 MUL", {DC::Fp64Mul}, Tpds2019},
      {"FP64 FMA", {DC::Fp64Fma}, Tpds2019},
      {"SFU", {DC::Sfu}, Tpds2019AndHpca2018Cf},
      {"CF", {DC::Cf}, Tpds2019AndHpca2018Cf},
      {"L2", {DC::L2}, Tpds2019},
      {"Shared", {DC::Shared}, Tpds2019},
      {"DRAM", {DC::Dram}, Tpds2019},
      {"SP ADD", {DC::Fp32Add}, Tpds2019Sets},
      {"SP MUL", {DC::Fp32Mul}, Tpds2019Sets},
      {"SP FMA", {DC::Fp32Fma}, Tpds2019Sets},
      {"DP ADD", {DC::Fp64Add}, Tpds2019Sets},
      {"DP MUL", {DC::Fp64Mul}, Tpds2019Sets},
      {"DP FMA", {DC::Fp64Fma}, Tpds2019Sets},
      {"SP", {DC::Fp32Add, DC::Fp32Mul, DC::Fp32Fma}, Hpca2018},
      {"DP", {DC::Fp64Add, DC::Fp64Mul, DC::Fp64Fma}, Hpca2018},
      {"SF", {DC::Sfu}, Hpca2018},
  };
  return Table;
}

ComponentLayout ComponentLayout::standard() {
  ComponentLayout L;
  const char *Names[NumDvfsComponents] = {
      "FP32 ADD", "FP32 MUL", "FP32 FMA", "INT", "FP64 ADD", "FP64 MUL",
      "FP64 FMA", "SFU",      "CF",       "L2",  "Shared",   "DRAM"};
  for (std::size_t C = 0; C < NumDvfsComponents; ++C)
    L.Columns.push_back({Names[C], {C}});
  L.CoreColumns = NumCoreDvfsComponents;
  return L;
}

bool ComponentLayout::isStandard() const {
  if (Columns.size() != NumDvfsComponents)
    return false;
  for (std::size_t C = 0; C < NumDvfsComponents; ++C)
    if (Columns[C].Components != std::vector<std::size_t>{C})
      return false;
  return true;
}

DvfsUtilisation
ComponentLayout::toUtilisation(const std::vector<double> &Values) const {
  DvfsUtilisation U{};
  for (std::size_t I = 0; I < Columns.size() && I < Values.size(); ++I)
    U[Columns[I].Components.front()] = Values[I];
  return U;
}

std::vector<std::size_t> ComponentLayout::absentComponents() const {
  std::vector<bool> Seen(NumDvfsComponents, false);
  for (const ComponentColumn &C : Columns)
    for (std::size_t M : C.Components)
      Seen[M] = true;
  std::vector<std::size_t> Out;
  for (std::size_t C = 0; C < NumDvfsComponents; ++C)
    if (!Seen[C])
      Out.push_back(C);
  return Out;
}

void ComponentLayout::spreadCoefficients(DvfsUtilisation &Gamma) const {
  for (const ComponentColumn &C : Columns)
    for (std::size_t M : C.Components)
      Gamma[M] = Gamma[C.Components.front()];
}

std::string ComponentLayout::describe() const {
  std::string Out;
  for (const ComponentColumn &C : Columns) {
    Out += (Out.empty() ? "" : ", ") + C.Name + "=";
    for (std::size_t I = 0; I < C.Components.size(); ++I)
      Out += (I ? "+" : "") + std::string(dvfsComponentKey(C.Components[I]));
  }
  return Out;
}

bool parseComponentLayout(const std::string &CountsLine,
                          const std::string &NamesLine, ComponentLayout &Out,
                          unsigned &Line, unsigned &Column,
                          std::string &Expected, std::string &Got) {
  std::vector<std::string> Counts = split(CountsLine);
  std::vector<std::size_t> N;
  for (std::size_t I = 0; I < Counts.size(); ++I) {
    char *End = nullptr;
    long V = Counts[I].empty() ? -1 : std::strtol(Counts[I].c_str(), &End, 10);
    if (V < 0 || V > 100 || *End) {
      Line = 3, Column = I + 1;
      Expected = "a component count in [0, 100]";
      Got = Counts[I];
      return false;
    }
    N.push_back(static_cast<std::size_t>(V));
  }
  if (N.size() != 2 || N[1] > 1) {
    Line = 3, Column = 1;
    Expected = "CORE,MEMORY component counts with at most one memory-domain "
               "component (DRAM)";
    Got = CountsLine;
    return false;
  }
  std::vector<std::string> Names = split(NamesLine);
  if (Names.size() != N[0] + N[1]) {
    Line = 4, Column = 1;
    Expected = std::to_string(N[0] + N[1]) + " component names (line 3)";
    Got = std::to_string(Names.size()) + " names";
    return false;
  }
  ComponentLayout L;
  L.CoreColumns = N[0];
  std::vector<bool> Taken(NumDvfsComponents, false);
  for (std::size_t I = 0; I < Names.size(); ++I) {
    Line = 4, Column = I + 1, Got = Names[I];
    std::string Key = normalised(Names[I]);
    const ComponentName *Found = nullptr;
    for (const ComponentName &C : componentNameTable())
      if (Key == normalised(C.Name))
        Found = &C;
    if (!Found) {
      Expected = "a component name gpa maps (" + knownNames() + ")";
      return false;
    }
    bool IsDram = Found->Components.front() == DC::Dram;
    if (IsDram != (I >= N[0])) {
      Expected = IsDram ? "a core-domain component (DRAM is the memory "
                          "domain's, listed last)"
                        : "DRAM (the memory domain's component)";
      return false;
    }
    ComponentColumn Col{Names[I], {}};
    for (DC C : Found->Components) {
      if (Taken[index(C)]) {
        Expected = "a component not already covered by an earlier name (" +
                   std::string(dvfsComponentKey(index(C))) + ")";
        return false;
      }
      Taken[index(C)] = true;
      Col.Components.push_back(index(C));
    }
    L.Columns.push_back(std::move(Col));
  }
  Out = std::move(L);
  return true;
}

} // namespace gpa
