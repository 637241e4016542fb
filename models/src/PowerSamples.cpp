//===- PowerSamples.cpp - Measured power vs utilisation and clocks --------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/PowerSamples.h"

#include "gpa/JsonReader.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace gpa {

namespace {
constexpr const char *ProductMagic = "# gpa-power-samples/1";
/// Measured utilisations overshoot 1 slightly (counter noise: the public
/// Titan V data reaches 1.0222); beyond 1.5 a value is a unit mistake.
constexpr double MaxUtilisation = 1.5;

std::string trim(std::string S) {
  std::size_t B = S.find_first_not_of(" \t\r");
  std::size_t E = S.find_last_not_of(" \t\r");
  return B == std::string::npos ? "" : S.substr(B, E - B + 1);
}

std::vector<std::string> splitFields(const std::string &Line) {
  std::vector<std::string> Out;
  std::size_t Start = 0;
  while (true) {
    std::size_t Comma = Line.find(',', Start);
    Out.push_back(trim(Line.substr(Start, Comma - Start)));
    if (Comma == std::string::npos)
      return Out;
    Start = Comma + 1;
  }
}

std::vector<std::string> splitLines(const std::string &Text) {
  std::vector<std::string> Lines;
  std::size_t Start = 0;
  while (Start < Text.size()) {
    std::size_t End = Text.find('\n', Start);
    if (End == std::string::npos)
      End = Text.size();
    Lines.push_back(Text.substr(Start, End - Start));
    Start = End + 1;
  }
  return Lines;
}

/// Records "FILE:LINE:COLUMN: expected WHAT (got 'X')" once.
class CsvErrors {
public:
  CsvErrors(const std::string &File, std::string &Error)
      : File(File), Error(Error) {}
  bool fail(unsigned Line, unsigned Column, const std::string &Expected,
            const std::string &Got) {
    if (Error.empty())
      Error = File + ":" + std::to_string(Line) + ":" + std::to_string(Column) +
              ": expected " + Expected + " (got '" + Got.substr(0, 40) + "')";
    return false;
  }
  bool number(const std::vector<std::string> &Fields, unsigned Line,
              std::size_t Index, double Min, double Max, const char *What,
              double &Out) {
    const std::string &F = Fields[Index];
    char *End = nullptr;
    double V = F.empty() ? NAN : std::strtod(F.c_str(), &End);
    if (F.empty() || *End != '\0' || !std::isfinite(V) || V < Min || V > Max)
      return fail(Line, Index + 1, What, F);
    Out = V;
    return true;
  }
  bool numbers(const std::string &Text, unsigned Line, std::size_t Count,
               double Min, double Max, const char *What,
               std::vector<double> &Out) {
    std::vector<std::string> Fields = splitFields(Text);
    if (Count && Fields.size() != Count)
      return fail(Line, 1, std::to_string(Count) + " comma-separated " + What,
                  std::to_string(Fields.size()) + " fields");
    Out.clear();
    for (std::size_t I = 0; I < Fields.size(); ++I) {
      double V = 0;
      if (!number(Fields, Line, I, Min, Max, What, V))
        return false;
      Out.push_back(V);
    }
    return true;
  }

private:
  const std::string &File;
  std::string &Error;
};

/// The product format's optional column groups, in header order.
std::vector<std::string> launchCountColumns() {
  std::vector<std::string> Names = {"time_s"};
  for (const UnitInfo &U : allUnits())
    Names.push_back("warp_" + std::string(U.Key));
  for (std::size_t L = 0; L < NumMemoryLevels; ++L)
    Names.push_back("bytes_" +
                    std::string(memoryLevelKey(static_cast<MemoryLevel>(L))));
  return Names;
}

std::vector<std::string> measuredColumns() {
  std::vector<std::string> Names;
  for (std::size_t C = 0; C < NumDvfsComponents; ++C)
    Names.push_back("measured_" + std::string(dvfsComponentKey(C)));
  return Names;
}

std::string fixedHeader() {
  std::string Header = "benchmark,power_w,core_mhz,mem_mhz";
  for (std::size_t C = 0; C < NumDvfsComponents; ++C)
    Header += "," + std::string(dvfsComponentKey(C));
  return Header;
}

std::string joined(const std::vector<std::string> &Names) {
  std::string Out;
  for (const std::string &N : Names)
    Out += (Out.empty() ? "" : ",") + N;
  return Out;
}

/// Matches Fields[From..] against Group; true (and From advanced) when the
/// whole group is there, false when its first name is absent; a partial
/// group is an error.
bool matchGroup(CsvErrors &E, const std::vector<std::string> &Fields,
                unsigned Line, std::size_t &From,
                const std::vector<std::string> &Group, bool &Present) {
  Present = false;
  if (From >= Fields.size() || Fields[From] != Group[0])
    return true;
  for (std::size_t I = 0; I < Group.size(); ++I)
    if (From + I >= Fields.size() || Fields[From + I] != Group[I])
      return E.fail(Line, From + I + 1, "column '" + Group[I] + "'",
                    From + I < Fields.size() ? Fields[From + I]
                                             : "end of line");
  From += Group.size();
  Present = true;
  return true;
}

/// The optional groups after the fixed columns of a product-format row.
bool parseOptionalFields(CsvErrors &E, const std::vector<std::string> &Fields,
                         unsigned Line, const PowerSampleSet &Set,
                         PowerSample &S) {
  std::size_t I = 4 + NumDvfsComponents;
  if (Set.HasLaunchCounts) {
    double T = 0;
    if (!E.number(Fields, Line, I, 1e-12, 1e6, "a launch time in s", T))
      return false;
    S.LaunchTimeS = T;
    ++I;
    for (std::size_t U = 0; U < NumUnits; ++U, ++I)
      if (!E.number(Fields, Line, I, 0, 1e30,
                    "a non-negative warp-instruction count",
                    S.WarpInstructions[U]))
        return false;
    for (std::size_t L = 0; L < NumMemoryLevels; ++L, ++I)
      if (!E.number(Fields, Line, I, 0, 1e30, "a non-negative byte count",
                    S.Bytes[L]))
        return false;
  }
  if (Set.HasMeasuredUtilisation) {
    bool AllEmpty = true;
    for (std::size_t C = 0; C < NumDvfsComponents; ++C)
      AllEmpty = AllEmpty && Fields[I + C].empty();
    if (!AllEmpty) {
      DvfsUtilisation M{};
      for (std::size_t C = 0; C < NumDvfsComponents; ++C)
        if (!E.number(Fields, Line, I + C, 0, MaxUtilisation,
                      "a measured utilisation in [0, 1.5] (or all empty)",
                      M[C]))
          return false;
      S.MeasuredU = M;
    }
  }
  return true;
}

/// A measurement row: Offset fields before power (the benchmark name).
bool parseRow(CsvErrors &E, const std::vector<std::string> &Fields,
              unsigned Line, std::size_t Offset, bool RequirePower,
              const PowerSampleSet &Set, PowerSample &S) {
  std::size_t Columns = Offset ? NumDvfsComponents : Set.Layout.Columns.size();
  std::size_t Expected =
      Offset + 3 + Columns +
      (Set.HasLaunchCounts ? launchCountColumns().size() : 0) +
      (Set.HasMeasuredUtilisation ? NumDvfsComponents : 0);
  if (Fields.size() != Expected)
    return E.fail(Line, 1, std::to_string(Expected) + " fields",
                  std::to_string(Fields.size()) + " fields");
  if (Offset)
    S.Benchmark = Fields[0];
  if (!Fields[Offset].empty() || RequirePower) {
    double W = 0;
    if (!E.number(Fields, Line, Offset, 0, 1e5, "a measured power in W", W))
      return false;
    S.PowerW = W;
  }
  if (!E.number(Fields, Line, Offset + 1, 1, 1e6, "a core clock in MHz",
                S.CoreMhz) ||
      !E.number(Fields, Line, Offset + 2, 1, 1e6, "a memory clock in MHz",
                S.MemMhz))
    return false;
  std::vector<double> Values(Columns);
  for (std::size_t C = 0; C < Columns; ++C)
    if (!E.number(Fields, Line, Offset + 3 + C, 0, MaxUtilisation,
                  "a utilisation in [0, 1.5]", Values[C]))
      return false;
  S.U = Set.Layout.toUtilisation(Values); // the product format: standard
  if (Offset && !parseOptionalFields(E, Fields, Line, Set, S))
    return false;
  S.Line = Line;
  return true;
}

bool parseGpmtoolHeader(CsvErrors &E, const std::vector<std::string> &Lines,
                        PowerSampleSet &Out) {
  std::vector<double> V;
  if (Lines.size() < 4)
    return E.fail(static_cast<unsigned>(Lines.size()) + 1, 1,
                  "gpmTOOL's four header lines", "end of file");
  if (!E.numbers(Lines[0], 1, 1, 2, 2, "2 (frequency domains)", V) ||
      !E.numbers(Lines[1], 2, 2, 1, 1e6, "reference clocks in MHz", V))
    return false;
  Out.RefCoreMhz = V[0];
  Out.RefMemMhz = V[1];
  unsigned Line = 0, Column = 0;
  std::string Expected, Got;
  if (!parseComponentLayout(Lines[2], Lines[3], Out.Layout, Line, Column,
                            Expected, Got))
    return E.fail(Line, Column, Expected, Got);
  return true;
}
} // namespace

bool parsePowerSamples(const std::string &Text, const std::string &File,
                       bool RequirePower, PowerSampleSet &Out,
                       std::string &Error) {
  Error.clear();
  CsvErrors E(File, Error);
  std::vector<std::string> Lines = splitLines(Text);
  PowerSampleSet Set;
  Set.File = File;
  std::size_t First = 0, Offset = 0;
  if (!Lines.empty() && trim(Lines[0]) == ProductMagic) {
    Offset = 1;
    bool HaveRef = false;
    std::size_t L = 1;
    for (; L < Lines.size() && trim(Lines[L]).rfind("#", 0) == 0; ++L) {
      std::string Body = trim(trim(Lines[L]).substr(1));
      std::size_t Colon = Body.find(':');
      std::string Key = trim(Body.substr(0, Colon));
      std::string Value =
          Colon == std::string::npos ? "" : trim(Body.substr(Colon + 1));
      if (Key == "reference_mhz") {
        std::vector<double> V;
        if (!E.numbers(Value, L + 1, 2, 1, 1e6, "reference clocks in MHz", V))
          return false;
        Set.RefCoreMhz = V[0];
        Set.RefMemMhz = V[1];
        HaveRef = true;
      } else if (Key == "gpu") {
        Set.Gpu = Value;
      } else if (Key == "source") {
        Set.Source = Value;
      } else {
        return E.fail(L + 1, 3, "reference_mhz:, gpu: or source:", Key);
      }
    }
    if (!HaveRef)
      return E.fail(L + 1, 1, "a '# reference_mhz: CORE,MEMORY' line first",
                    L < Lines.size() ? trim(Lines[L]) : "end of file");
    std::string Header = fixedHeader();
    std::vector<std::string> Names =
        L < Lines.size() ? splitFields(Lines[L]) : std::vector<std::string>();
    std::size_t Fixed = 4 + NumDvfsComponents;
    if (L >= Lines.size() || Names.size() < Fixed ||
        joined(std::vector<std::string>(Names.begin(),
                                        Names.begin() + Fixed)) != Header)
      return E.fail(L + 1, 1, "the header '" + Header + "'",
                    L < Lines.size() ? trim(Lines[L]) : "end of file");
    std::size_t From = Fixed;
    if (!matchGroup(E, Names, L + 1, From, launchCountColumns(),
                    Set.HasLaunchCounts) ||
        !matchGroup(E, Names, L + 1, From, measuredColumns(),
                    Set.HasMeasuredUtilisation))
      return false;
    if (From < Names.size())
      return E.fail(L + 1, From + 1,
                    "no more columns, or 'time_s' (launch counts) or "
                    "'measured_fp32_add' (measured utilisations)",
                    Names[From]);
    Set.HeaderLine = L + 1;
    First = L + 1;
  } else {
    if (!parseGpmtoolHeader(E, Lines, Set))
      return false;
    First = 4;
  }
  for (std::size_t L = First; L < Lines.size(); ++L) {
    if (trim(Lines[L]).empty())
      continue;
    PowerSample S;
    if (!parseRow(E, splitFields(Lines[L]), L + 1, Offset, RequirePower, Set,
                  S))
      return false;
    Set.Samples.push_back(std::move(S));
  }
  if (Set.Samples.empty())
    return E.fail(Lines.size() + 1, 1, "at least one measurement row",
                  "end of file");
  Out = std::move(Set);
  return true;
}

bool loadPowerSamples(const std::string &Path, bool RequirePower,
                      PowerSampleSet &Out, std::string &Error) {
  auto Text = readTextFile(Path, Error);
  return Text && parsePowerSamples(*Text, Path, RequirePower, Out, Error);
}

bool parseGpmtoolModel(const std::string &Text, const std::string &File,
                       DvfsPowerParams &Out, std::string &Error) {
  Error.clear();
  CsvErrors E(File, Error);
  std::vector<std::string> Lines = splitLines(Text);
  PowerSampleSet Header;
  if (!parseGpmtoolHeader(E, Lines, Header))
    return false;
  if (Lines.size() < 9)
    return E.fail(Lines.size() + 1, 1, "gpmTOOL model lines 5-9",
                  "end of file");
  DvfsPowerParams P;
  std::vector<double> X;
  if (!E.numbers(Lines[4], 5, 0, 1, 1e6, "core clocks in MHz",
                 P.Core.ClocksMhz) ||
      !E.numbers(Lines[5], 6, 0, 1, 1e6, "memory clocks in MHz",
                 P.Mem.ClocksMhz) ||
      !E.numbers(Lines[6], 7, 4 + Header.Layout.Columns.size(), 0, 1e6,
                 "non-negative coefficients", X) ||
      !E.numbers(Lines[7], 8, P.Core.ClocksMhz.size(), 1e-3, 10,
                 "normalised core voltages", P.Core.Voltage) ||
      !E.numbers(Lines[8], 9, P.Mem.ClocksMhz.size(), 1e-3, 10,
                 "normalised memory voltages", P.Mem.Voltage))
    return false;
  P.Core.RefMhz = Header.RefCoreMhz;
  P.Mem.RefMhz = Header.RefMemMhz;
  if (!P.Core.indexOf(P.Core.RefMhz))
    return E.fail(2, 1, "a reference core clock listed on line 5",
                  std::to_string(P.Core.RefMhz));
  if (!P.Mem.indexOf(P.Mem.RefMhz))
    return E.fail(2, 2, "a reference memory clock listed on line 6",
                  std::to_string(P.Mem.RefMhz));
  // gpmTOOL's order: a0 (core static), a2 (memory static), a1, a3, gamma_i.
  P.CoreStaticW = X[0];
  P.MemStaticW = X[1];
  P.CoreConstantWPerMhz = X[2];
  P.MemConstantWPerMhz = X[3];
  for (std::size_t C = 0; C < Header.Layout.Columns.size(); ++C)
    P.DynamicWPerMhz[Header.Layout.Columns[C].Components.front()] = X[4 + C];
  Header.Layout.spreadCoefficients(P.DynamicWPerMhz);
  P.Source = "gpmTOOL model file " + File;
  if (!Header.Layout.isStandard())
    P.Source += " (components " + Header.Layout.describe() + ")";
  Out = std::move(P);
  return true;
}

std::string writePowerSamples(const PowerSampleSet &Set) {
  std::string Out = std::string(ProductMagic) + "\n";
  char Buf[64];
  std::snprintf(Buf, sizeof Buf, "# reference_mhz: %.0f,%.0f\n", Set.RefCoreMhz,
                Set.RefMemMhz);
  Out += Buf;
  if (!Set.Gpu.empty())
    Out += "# gpu: " + Set.Gpu + "\n";
  if (!Set.Source.empty())
    Out += "# source: " + Set.Source + "\n";
  Out += fixedHeader();
  if (Set.HasLaunchCounts)
    Out += "," + joined(launchCountColumns());
  if (Set.HasMeasuredUtilisation)
    Out += "," + joined(measuredColumns());
  Out += "\n";
  for (const PowerSample &S : Set.Samples) {
    Out += S.Benchmark + ",";
    if (S.PowerW) {
      std::snprintf(Buf, sizeof Buf, "%.4f", *S.PowerW);
      Out += Buf;
    }
    std::snprintf(Buf, sizeof Buf, ",%.0f,%.0f", S.CoreMhz, S.MemMhz);
    Out += Buf;
    for (double U : S.U) {
      std::snprintf(Buf, sizeof Buf, ",%.6f", U);
      Out += Buf;
    }
    if (Set.HasLaunchCounts) {
      std::snprintf(Buf, sizeof Buf, ",%.9g", S.LaunchTimeS.value_or(0));
      Out += Buf;
      for (double N : S.WarpInstructions) {
        std::snprintf(Buf, sizeof Buf, ",%.17g", N);
        Out += Buf;
      }
      for (double B : S.Bytes) {
        std::snprintf(Buf, sizeof Buf, ",%.17g", B);
        Out += Buf;
      }
    }
    if (Set.HasMeasuredUtilisation)
      for (std::size_t C = 0; C < NumDvfsComponents; ++C) {
        Out += ",";
        if (S.MeasuredU) {
          std::snprintf(Buf, sizeof Buf, "%.6f", (*S.MeasuredU)[C]);
          Out += Buf;
        }
      }
    Out += "\n";
  }
  return Out;
}

} // namespace gpa
