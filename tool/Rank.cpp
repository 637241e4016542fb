//===- Rank.cpp - gpa rank: predict and rank a tuning space -----*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// For autotuners: every configuration of a kernel's tunable parameters is
// compiled as Kernel Tuner compiles it (one #define per tunable, the grid
// and block), predicted through `gpa analyze`'s own path, and ranked by the
// objective. The ranking goes out as a Kernel Tuner cache file; given a
// measured cache it says how many configurations a user must measure, best
// predicted first, to include the measured best.
//
//===----------------------------------------------------------------------===//
#include "Rank.h"

#include "Analyze.h"
#include "Options.h"

#include "gpa/JsonReader.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <numeric>
#include <regex>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

namespace gpa::tool {
namespace {

using OJson = nlohmann::ordered_json;

const char *RankUsage =
    "usage: gpa rank SOURCE.cu --kernel NAME --params PARAMS.json\n"
    "                --problem-size X[,Y[,Z]] [--gpu NAME|FILE]\n"
    "                [--objective time|energy] [--cache OUT.json]\n"
    "                [--measured CACHE.json] [--show N]\n"
    "                [--grid-div-x A,B] [--grid-div-y A,B] [--grid-div-z A,B]\n"
    "                [--block-size-names X,Y,Z] [--launch-file FILE]\n"
    "                [--trip-count N|KERNEL=N] [-D NAME[=V]] [-I DIR]\n"
    "                [--cuda-gpu-arch=sm_XX] [-- CLANG_ARGS...]\n"
    "PARAMS.json: Kernel Tuner's tune_params ({\"NAME\": [values], ...}, "
    "every\ncombination) or a list of configurations "
    "([{\"NAME\": value, ...}, ...]).\n";

struct RankOptions {
  std::string Source, Kernel, ParamsFile, Gpu, Objective = "time";
  std::string CacheOut, Measured, LaunchFile, CudaGpuArch;
  std::vector<std::uint64_t> ProblemSize;
  std::vector<std::string> GridDiv[3];
  std::vector<std::string> BlockNames = {"block_size_x", "block_size_y",
                                         "block_size_z"};
  unsigned TripCount = 0;
  std::vector<std::string> TripCountSpecs, ClangArgs;
  unsigned Show = 10;
};

std::vector<std::string> splitList(const std::string &Text) {
  std::vector<std::string> Out;
  std::stringstream S(Text);
  std::string Item;
  while (std::getline(S, Item, ','))
    if (!Item.empty())
      Out.push_back(Item);
  return Out;
}

bool parseUnsigned(const std::string &Text, std::uint64_t &Out) {
  char *End = nullptr;
  unsigned long long V = std::strtoull(Text.c_str(), &End, 10);
  if (Text.empty() || *End || Text[0] == '-')
    return false;
  Out = V;
  return true;
}

bool parseRankOptions(int Argc, const char *const *Argv, RankOptions &O,
                      std::string &Error) {
  for (int I = 2; I < Argc; ++I) {
    std::string Arg = Argv[I];
    auto Value = [&](std::string &Into) {
      return takeOptionValue(Argc, Argv, I, Into, Error);
    };
    std::string V;
    if (Arg == "--") {
      for (++I; I < Argc; ++I)
        O.ClangArgs.push_back(Argv[I]);
    } else if (Arg == "--kernel") {
      if (!Value(O.Kernel))
        return false;
    } else if (Arg == "--params") {
      if (!Value(O.ParamsFile))
        return false;
    } else if (Arg == "--gpu") {
      if (!Value(O.Gpu))
        return false;
    } else if (Arg == "--objective") {
      if (!Value(O.Objective))
        return false;
      if (O.Objective != "time" && O.Objective != "energy") {
        Error =
            "--objective: expected time or energy, got '" + O.Objective + "'";
        return false;
      }
    } else if (Arg == "--cache") {
      if (!Value(O.CacheOut))
        return false;
    } else if (Arg == "--measured") {
      if (!Value(O.Measured))
        return false;
    } else if (Arg == "--launch-file" || Arg == "--launch") {
      if (!Value(O.LaunchFile))
        return false;
    } else if (Arg == "--cuda-gpu-arch") {
      if (!Value(O.CudaGpuArch))
        return false;
    } else if (Arg.rfind("--cuda-gpu-arch=", 0) == 0) {
      O.CudaGpuArch = Arg.substr(16);
    } else if (Arg == "--problem-size") {
      if (!Value(V))
        return false;
      O.ProblemSize.clear();
      for (const std::string &P : splitList(V)) {
        std::uint64_t N = 0;
        if (!parseUnsigned(P, N) || N == 0) {
          Error = "--problem-size: expected X[,Y[,Z]] of positive integers, "
                  "got '" +
                  V + "'";
          return false;
        }
        O.ProblemSize.push_back(N);
      }
      if (O.ProblemSize.empty() || O.ProblemSize.size() > 3) {
        Error = "--problem-size: expected one to three sizes, got '" + V + "'";
        return false;
      }
    } else if (Arg == "--grid-div-x" || Arg == "--grid-div-y" ||
               Arg == "--grid-div-z") {
      if (!Value(V))
        return false;
      O.GridDiv[Arg.back() - 'x'] = splitList(V);
    } else if (Arg == "--block-size-names") {
      if (!Value(V))
        return false;
      std::vector<std::string> Names = splitList(V);
      for (std::size_t D = 0; D < Names.size() && D < 3; ++D)
        O.BlockNames[D] = Names[D];
    } else if (Arg == "--show") {
      std::uint64_t N = 0;
      if (!Value(V) || !parseUnsigned(V, N)) {
        Error = "--show: expected a count (0: all), got '" + V + "'";
        return false;
      }
      O.Show = static_cast<unsigned>(N);
    } else if (Arg == "--trip-count") {
      if (!Value(V))
        return false;
      std::uint64_t N = 0;
      if (parseUnsigned(V, N))
        O.TripCount = static_cast<unsigned>(N);
      else
        O.TripCountSpecs.push_back(V);
    } else if (Arg == "-D" || Arg == "-I") {
      if (!Value(V))
        return false;
      O.ClangArgs.push_back(Arg + V);
    } else if (Arg.rfind("-D", 0) == 0 || Arg.rfind("-I", 0) == 0) {
      O.ClangArgs.push_back(Arg);
    } else if (Arg == "-h" || Arg == "--help") {
      Error = "help";
      return false;
    } else if (!Arg.empty() && Arg[0] == '-') {
      Error = "unknown option '" + Arg + "' for 'rank'";
      return false;
    } else if (O.Source.empty()) {
      O.Source = Arg;
    } else {
      Error = "'rank' takes one SOURCE file, got '" + O.Source + "' and '" +
              Arg + "'";
      return false;
    }
  }
  if (O.Source.empty())
    Error = "'rank' needs a SOURCE file";
  else if (O.Kernel.empty())
    Error = "'rank' needs --kernel NAME";
  else if (O.ParamsFile.empty())
    Error = "'rank' needs --params PARAMS.json";
  else if (O.ProblemSize.empty())
    Error = "'rank' needs --problem-size X[,Y[,Z]] (the grid is the problem "
            "size over the block, as Kernel Tuner launches it)";
  return Error.empty();
}

/// A tunable's value as Python's str() writes it: Kernel Tuner's #define
/// text and its cache keys.
std::string valueText(const OJson &V) {
  if (V.is_boolean())
    return V.get<bool>() ? "True" : "False";
  if (V.is_number_integer())
    return V.dump();
  if (V.is_string())
    return V.get<std::string>();
  double D = V.get<double>();
  char Buf[64];
  for (int P = 1; P <= 17; ++P) {
    std::snprintf(Buf, sizeof Buf, "%.*g", P, D);
    if (std::strtod(Buf, nullptr) == D)
      break;
  }
  std::string S = Buf;
  if (S.find_first_of(".eninf") == std::string::npos)
    S += ".0";
  return S;
}

using Config = std::vector<OJson>; // one value per key, in the keys' order

bool readParams(const std::string &Path, std::vector<std::string> &Keys,
                std::vector<Config> &Configs, OJson &TuneParams,
                std::string &Error) {
  std::ifstream In(Path, std::ios::binary);
  if (!In) {
    Error = Path + ": cannot read";
    return false;
  }
  OJson Doc;
  try {
    Doc = OJson::parse(In);
  } catch (const std::exception &E) {
    Error = Path + ": not JSON: " + E.what();
    return false;
  }
  auto Scalar = [](const OJson &V) {
    return V.is_number() || V.is_string() || V.is_boolean();
  };
  if (Doc.is_object()) { // tune_params: every combination
    TuneParams = Doc;
    Configs.assign(1, Config());
    for (auto It = Doc.begin(); It != Doc.end(); ++It) {
      if (!It.value().is_array() || It.value().empty()) {
        Error = Path + ": $." + It.key() + ": expected a non-empty list";
        return false;
      }
      Keys.push_back(It.key());
      std::vector<Config> Next;
      for (const Config &C : Configs)
        for (const OJson &V : It.value()) {
          if (!Scalar(V)) {
            Error = Path + ": $." + It.key() +
                    ": expected numbers or strings, got " + V.dump();
            return false;
          }
          Next.push_back(C);
          Next.back().push_back(V);
        }
      Configs.swap(Next);
    }
    return true;
  }
  if (!Doc.is_array() || Doc.empty() || !Doc[0].is_object()) {
    Error = Path + ": expected tune_params ({\"NAME\": [values]}) or a list "
                   "of configurations ([{\"NAME\": value}])";
    return false;
  }
  for (auto It = Doc[0].begin(); It != Doc[0].end(); ++It)
    Keys.push_back(It.key());
  TuneParams = OJson::object();
  for (std::size_t I = 0; I < Doc.size(); ++I) {
    Config C;
    for (const std::string &K : Keys) {
      if (!Doc[I].is_object() || !Doc[I].contains(K) || !Scalar(Doc[I][K])) {
        Error = Path + ": $[" + std::to_string(I) + "]." + K +
                ": expected a number or string (every configuration names "
                "the first one's parameters)";
        return false;
      }
      C.push_back(Doc[I][K]);
      OJson &Seen = TuneParams[K];
      if (std::find(Seen.begin(), Seen.end(), Doc[I][K]) == Seen.end())
        Seen.push_back(Doc[I][K]);
    }
    if (Doc[I].size() != Keys.size()) {
      Error = Path + ": $[" + std::to_string(I) +
              "]: names other parameters than $[0]";
      return false;
    }
    Configs.push_back(std::move(C));
  }
  return true;
}

struct Launch {
  std::uint64_t Grid[3] = {1, 1, 1}, Block[3] = {1, 1, 1};
};

/// Kernel Tuner's launch: the block from the block-size parameters (x
/// defaults to 256), the grid the problem size over the product of each
/// dimension's divisors (by default that dimension's block size).
bool launchOf(const RankOptions &O, const std::vector<std::string> &Keys,
              const Config &C, Launch &L, std::string &Error) {
  auto Lookup = [&](const std::string &Name, std::uint64_t Default,
                    std::uint64_t &Out) {
    auto It = std::find(Keys.begin(), Keys.end(), Name);
    if (It == Keys.end()) {
      Out = Default;
      return true;
    }
    const OJson &V = C[It - Keys.begin()];
    if (!V.is_number_integer() || V.get<long long>() <= 0) {
      Error = Name + " = " + valueText(V) +
              ": a block size or grid divisor must be a positive integer";
      return false;
    }
    Out = V.get<std::uint64_t>();
    return true;
  };
  for (int D = 0; D < 3; ++D) {
    if (!Lookup(O.BlockNames[D], D == 0 ? 256 : 1, L.Block[D]))
      return false;
    std::uint64_t Div = 1;
    std::vector<std::string> Names = O.GridDiv[D];
    if (Names.empty())
      Names = {O.BlockNames[D]};
    for (const std::string &N : Names) {
      std::uint64_t F = 1;
      if (!Lookup(N, D == 0 ? 256 : 1, F))
        return false;
      Div *= F;
    }
    std::uint64_t Size = D < (int)O.ProblemSize.size() ? O.ProblemSize[D] : 1;
    L.Grid[D] = (Size + Div - 1) / Div;
  }
  return true;
}

/// The source as Kernel Tuner prepares it (util.prepare_kernel_string):
/// grid and block sizes, each tunable and kernel_tuner as #defines, a
/// loop_unroll_factor* tunable as a constexpr int (0: its #pragma unroll
/// removed), then the source from its line 1.
std::string preparedSource(const RankOptions &O,
                           const std::vector<std::string> &Keys,
                           const Config &C, const Launch &L,
                           const std::string &Body, const std::string &Path) {
  std::vector<std::pair<std::string, std::string>> Defines;
  auto Set = [&](const std::string &K, const std::string &V) {
    for (auto &D : Defines)
      if (D.first == K) {
        D.second = V;
        return;
      }
    Defines.emplace_back(K, V);
  };
  const char *GridNames[3] = {"grid_size_x", "grid_size_y", "grid_size_z"};
  for (int D = 0; D < 3; ++D)
    Set(GridNames[D], std::to_string(L.Grid[D]));
  for (int D = 0; D < 3; ++D)
    Set(O.BlockNames[D], std::to_string(L.Block[D]));
  for (std::size_t I = 0; I < Keys.size(); ++I)
    Set(Keys[I], valueText(C[I]));
  Set("kernel_tuner", "1");
  std::string Text = Body, Prefix;
  for (const auto &[K, V] : Defines) {
    if (K.find("loop_unroll_factor") != std::string::npos) {
      if (V == "0")
        Text = std::regex_replace(
            Text, std::regex("\n[ \t]*#pragma[ \t]+unroll[ \t]+" + K), "\n");
      else
        Prefix += "constexpr int " + K + " = " + V + ";\n";
    } else {
      Prefix += "#define " + K + " " + V + "\n";
    }
  }
  std::string Quoted;
  for (char Ch : Path)
    Quoted +=
        (Ch == '"' || Ch == '\\') ? std::string("\\") + Ch : std::string(1, Ch);
  return Prefix + "#line 1 \"" + Quoted + "\"\n" + Text;
}

std::string configKey(const Config &C) {
  std::string Key;
  for (std::size_t I = 0; I < C.size(); ++I)
    Key += (I ? "," : "") + valueText(C[I]);
  return Key;
}

bool kernelMatches(const AnalyzedKernel &K, const std::string &Name) {
  if (K.Analysis.Profile.Name == Name)
    return true;
  if (!K.Demangled)
    return false;
  return *K.Demangled == Name || K.Demangled->rfind(Name + "(", 0) == 0;
}

struct Result {
  std::size_t Index = 0;
  bool Ok = false;
  std::string Failure; // Kernel Tuner's error name
  std::string Reason;
  double TimeS = 0, EnergyJ = 0;
};

bool writeText(const std::string &Path, const std::string &Text) {
  std::ofstream F(Path, std::ios::binary);
  return F && (F << Text) && F.flush();
}

std::string formatMs(double S) {
  char Buf[32];
  std::snprintf(Buf, sizeof Buf, "%.6g", S * 1e3);
  return Buf;
}

int fail(const std::string &Message) {
  std::cerr << "gpa: error: " << Message << "\n";
  return ExitBadInput;
}

} // namespace

int runRank(int Argc, const char *const *Argv) {
  RankOptions O;
  std::string Error;
  if (!parseRankOptions(Argc, Argv, O, Error)) {
    return usageOrError(Error, RankUsage);
  }
  std::vector<std::string> Keys;
  std::vector<Config> Configs;
  OJson TuneParams;
  if (!readParams(O.ParamsFile, Keys, Configs, TuneParams, Error))
    return fail(Error);
  auto Body = readTextFile(O.Source, Error);
  if (!Body)
    return fail(Error);
  OJson Template = OJson::array();
  if (!O.LaunchFile.empty()) {
    auto Text = readTextFile(O.LaunchFile, Error);
    if (!Text)
      return fail(Error);
    try {
      OJson Doc = OJson::parse(*Text);
      if (Doc.contains("kernels") && Doc["kernels"].is_array())
        Template = Doc["kernels"];
    } catch (const std::exception &E) {
      return fail(O.LaunchFile + ": not JSON: " + E.what());
    }
  }
  char Dir[] = "/tmp/gpa-rank-XXXXXX";
  if (!mkdtemp(Dir))
    return fail("cannot create a temporary directory");
  std::string Work = Dir;
  std::string SourceDir = O.Source.find('/') == std::string::npos
                              ? "."
                              : O.Source.substr(0, O.Source.rfind('/'));
  std::string Base = O.Source.substr(O.Source.rfind('/') + 1);
  std::string Src =
      Work + "/" +
      (Base.size() > 3 && Base.substr(Base.size() - 3) == ".cu" ? Base
                                                                : Base + ".cu");
  std::string LaunchPath = Work + "/launch.json";
  std::string GpuName;

  std::vector<Result> Results(Configs.size());
  for (std::size_t I = 0; I < Configs.size(); ++I) {
    Result &R = Results[I];
    R.Index = I;
    Launch L;
    if (!launchOf(O, Keys, Configs[I], L, Error))
      return fail(O.ParamsFile + ": " + Error);
    OJson Block = {L.Block[0], L.Block[1], L.Block[2]};
    OJson Grid = {L.Grid[0], L.Grid[1], L.Grid[2]};
    OJson Entries = OJson::array();
    for (OJson E : Template) {
      E["block"] = Block;
      E["grid"] = Grid;
      Entries.push_back(E);
    }
    // A C++ kernel's demangled name carries its parameter list.
    for (const std::string &Pattern : {O.Kernel, O.Kernel + "(*"})
      Entries.push_back(OJson{{"kernel", Pattern},
                              {"block", Block},
                              {"grid", Grid},
                              {"description", "gpa rank: Kernel Tuner's "
                                              "launch of this configuration"}});
    OJson LaunchDoc = {{"schema", "gpa-launch/1"}, {"kernels", Entries}};
    if (!writeText(Src,
                   preparedSource(O, Keys, Configs[I], L, *Body, O.Source)) ||
        !writeText(LaunchPath, LaunchDoc.dump(1)))
      return fail(Work + ": cannot write the prepared source");

    AnalyzeRequest Req;
    Req.Gpu = O.Gpu;
    Req.Inputs = {Src};
    Req.ExecutablePath = Argv[0];
    Req.LaunchFile = LaunchPath;
    if (O.TripCount)
      Req.TripCount = O.TripCount;
    Req.TripCountSpecs = O.TripCountSpecs;
    Req.ClangArgs = O.ClangArgs;
    Req.ClangArgs.push_back("-I" + SourceDir); // the source's own includes
    Req.CudaGpuArch = O.CudaGpuArch;
    AnalyzedModule Module;
    std::vector<std::string> Warnings;
    std::string AnalyzeError;
    // Messages name the user's source, not the prepared copy.
    auto UserPath = [&](std::string Text) {
      for (std::size_t At; (At = Text.find(Src)) != std::string::npos;)
        Text.replace(At, Src.size(), O.Source);
      return Text;
    };
    bool Analysed = analyzeInputs(Req, Module, Warnings, AnalyzeError);
    // A kernel the model refuses (a block that does not fit) is named by
    // a warning; without one the compile itself failed.
    std::string Refusal;
    for (const std::string &W : Warnings)
      if (W.find(O.Kernel) != std::string::npos &&
          W.find("not analysed") != std::string::npos)
        Refusal = UserPath(W);
    if (!Analysed) {
      R.Failure = Refusal.empty() ? "CompilationFailedConfig" : "InvalidConfig";
      R.Reason = Refusal.empty() ? UserPath(AnalyzeError) : Refusal;
      continue;
    }
    GpuName = Module.Gpu.Name;
    for (const AnalyzedKernel &K : Module.Kernels)
      if (kernelMatches(K, O.Kernel)) {
        R.Ok = true;
        R.TimeS = K.Analysis.Requested.Time.ExecTimeS;
        R.EnergyJ = K.Analysis.Requested.Eff.EnergyJ;
        break;
      }
    if (!R.Ok) {
      R.Failure = "InvalidConfig";
      R.Reason =
          Refusal.empty() ? "kernel '" + O.Kernel + "' not analysed" : Refusal;
    }
  }
  std::remove(Src.c_str());
  std::remove(LaunchPath.c_str());
  rmdir(Work.c_str());

  auto Objective = [&](const Result &R) {
    return O.Objective == "energy" ? R.EnergyJ : R.TimeS;
  };
  std::vector<std::size_t> Order;
  for (const Result &R : Results)
    if (R.Ok)
      Order.push_back(R.Index);
  std::stable_sort(Order.begin(), Order.end(),
                   [&](std::size_t A, std::size_t B) {
                     return Objective(Results[A]) < Objective(Results[B]);
                   });
  std::vector<std::size_t> RankOf(Configs.size(), 0);
  for (std::size_t P = 0; P < Order.size(); ++P)
    RankOf[Order[P]] = P + 1;

  for (const Result &R : Results)
    if (!R.Ok)
      std::cerr << "gpa: warning: " << configKey(Configs[R.Index]) << ": "
                << R.Failure << ": " << R.Reason << "\n";
  if (Order.empty())
    return fail(O.Source + ": no configuration could be predicted (" +
                std::to_string(Configs.size()) + " tried)");

  std::string KeyHeader;
  for (std::size_t I = 0; I < Keys.size(); ++I)
    KeyHeader += (I ? "," : "") + Keys[I];
  std::cout << "gpa rank: " << O.Kernel << " on " << GpuName << ", objective "
            << O.Objective << ", " << Configs.size() << " configurations ("
            << Order.size() << " predicted, " << Configs.size() - Order.size()
            << " failed)\n";
  std::cout << "rank  " << KeyHeader
            << "  predicted_time_ms  predicted_energy_mj\n";
  std::size_t Shown =
      O.Show ? std::min<std::size_t>(O.Show, Order.size()) : Order.size();
  for (std::size_t P = 0; P < Shown; ++P) {
    const Result &R = Results[Order[P]];
    std::cout << P + 1 << "  " << configKey(Configs[R.Index]) << "  "
              << formatMs(R.TimeS) << "  " << formatMs(R.EnergyJ) << "\n";
  }
  if (Shown < Order.size())
    std::cout << "(" << Order.size() - Shown << " more; --show 0 lists all)\n";

  if (!O.Measured.empty()) {
    auto Text = readTextFile(O.Measured, Error);
    if (!Text)
      return fail(Error);
    OJson Doc;
    try {
      Doc = OJson::parse(*Text);
    } catch (const std::exception &E) {
      return fail(O.Measured +
                  ": not JSON (a Kernel Tuner cache file, "
                  "uncompressed): " +
                  std::string(E.what()));
    }
    if (!Doc.contains("cache") || !Doc["cache"].is_object())
      return fail(O.Measured + ": $.cache: expected Kernel Tuner's object of "
                               "measured configurations");
    if (Doc.contains("tune_params_keys") &&
        Doc["tune_params_keys"] != OJson(Keys))
      return fail(O.Measured + ": $.tune_params_keys: " +
                  Doc["tune_params_keys"].dump() + " is not " +
                  OJson(Keys).dump() + " (the order names the cache keys)");
    const OJson &Cache = Doc["cache"];
    std::size_t Best = Configs.size(), Matched = 0;
    double BestMs = 0;
    std::vector<double> MeasuredMs(Configs.size(), -1);
    for (std::size_t I : Order) {
      std::string Key = configKey(Configs[I]);
      if (!Cache.contains(Key) || !Cache[Key].contains("time") ||
          !Cache[Key]["time"].is_number())
        continue;
      ++Matched;
      MeasuredMs[I] = Cache[Key]["time"].get<double>();
      if (Best == Configs.size() || MeasuredMs[I] < BestMs) {
        Best = I;
        BestMs = MeasuredMs[I];
      }
    }
    if (Best == Configs.size()) {
      std::cout << "measured (" << O.Measured
                << "): no predicted configuration was measured\n";
    } else {
      // Best predicted first, a user measures configurations until the
      // measured best is among them; only measured ones count.
      std::size_t Needed = 0;
      double PredBestMs = -1;
      for (std::size_t I : Order) {
        if (MeasuredMs[I] < 0)
          continue;
        if (PredBestMs < 0)
          PredBestMs = MeasuredMs[I];
        ++Needed;
        if (I == Best)
          break;
      }
      char Line[512];
      std::snprintf(
          Line, sizeof Line,
          "measured (%s): best %s at %.6g ms, predicted rank %zu; measure "
          "the %zu best-predicted of %zu measured configurations to include "
          "it (%.1f%%); the predicted best measures %.6g ms (regret %.1f%%)\n",
          O.Measured.c_str(), configKey(Configs[Best]).c_str(), BestMs,
          RankOf[Best], Needed, Matched, 100.0 * Needed / Matched, PredBestMs,
          100.0 * (PredBestMs / BestMs - 1));
      std::cout << Line;
    }
  }

  if (!O.CacheOut.empty()) {
    // Kernel Tuner's cache file (util.process_cache / store_cache): the
    // header, then one entry per configuration keyed by its values joined
    // with commas; times in milliseconds. Predictions take no time to
    // benchmark, so every timing field is 0.
    OJson Doc;
    Doc["device_name"] = "gpa prediction: " + GpuName;
    Doc["kernel_name"] = O.Kernel;
    Doc["problem_size"] = O.ProblemSize;
    Doc["tune_params_keys"] = Keys;
    Doc["tune_params"] = TuneParams;
    Doc["objective"] = O.Objective == "energy" ? "gpa_energy_j" : "time";
    OJson Cache = OJson::object();
    for (std::size_t I = 0; I < Configs.size(); ++I) {
      const Result &R = Results[I];
      OJson E = OJson::object();
      for (std::size_t K = 0; K < Keys.size(); ++K)
        E[Keys[K]] = Configs[I][K];
      if (R.Ok) {
        E["time"] = R.TimeS * 1e3;
        E["times"] = OJson::array({R.TimeS * 1e3});
        E["gpa_energy_j"] = R.EnergyJ;
        E["gpa_rank"] = RankOf[I];
      } else {
        E["time"] = R.Failure; // Kernel Tuner's error names
      }
      for (const char *T :
           {"compile_time", "verification_time", "benchmark_time",
            "strategy_time", "framework_time"})
        E[T] = 0;
      Cache[configKey(Configs[I])] = E;
    }
    Doc["cache"] = Cache;
    if (!writeText(O.CacheOut, Doc.dump(1) + "\n"))
      return fail(O.CacheOut + ": cannot write the cache file");
    std::cout << "cache: " << O.CacheOut << " (Kernel Tuner cache format, "
              << Configs.size() << " entries)\n";
  }
  return ExitOk;
}

} // namespace gpa::tool
