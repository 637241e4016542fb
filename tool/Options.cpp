//===- Options.cpp - gpa command-line parsing -----------------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Conventions (docs/cli.md): `gpa --help`, `gpa help COMMAND` and
// `gpa COMMAND --help` print usage and exit 0; `gpa --version`; any usage
// error exits 2 with one line naming the option or command.
//
//===----------------------------------------------------------------------===//
#include "Options.h"
#include "Glossary.h"

#include "gpa/Decision.h"
#include "gpa/Mechanism.h"
#include "gpa/TripCounts.h"

#include <cerrno>
#include <cstdlib>
#include <iostream>

#ifndef GPA_VERSION
#define GPA_VERSION "unknown"
#endif

namespace gpa::tool {

namespace {
struct CommandHelp {
  const char *Name;
  const char *Synopsis;
  const char *Details;
};

const char *const CompileFlagsHelp =
    "  .cu inputs are compiled by clang 22 with the plugin ($GPA_CLANG,\n"
    "  default /usr/lib/llvm-22/bin/clang++; toolkit $CUDA_PATH, default\n"
    "  /usr/local/cuda):\n"
    "    -I DIR, -isystem DIR, -D NAME[=V], -U NAME, -include FILE, -std=STD\n"
    "    --cuda-gpu-arch=sm_XX   device target (default: from --gpu, else "
    "sm_80)\n"
    "    -p BUILD_DIR            take each .cu's flags from\n"
    "                            BUILD_DIR/compile_commands.json\n"
    "    -- ARGS...              pass the remaining arguments to clang\n"
    "    --compiler nvcc         device code from nvcc's PTX (nvcc -ptx\n"
    "                            -lineinfo), launch sites from the host side\n"
    "                            read by clang (default: clang)\n"
    "  --host-source FILE.cu     launch sites for PTX, object and .fatbin\n"
    "                            inputs nvcc built, from FILE.cu's host side\n"
    "                            (repeatable)\n"
    "  --trip-count N            iterations assumed for loops whose count\n"
    "                            is unknown (default 16); KERNEL=N for one\n"
    "                            kernel (name glob), KERNEL:LINE=N for the\n"
    "                            loop at source line LINE (repeatable)\n"
    "  --launch-file FILE, --launch FILE  gpa-launch/1 facts per kernel: "
    "block, grid,\n"
    "                            dynamic shared memory, trip count,\n"
    "                            argument values, branch probabilities\n"
    "  --system-header-findings  also list findings located in system\n"
    "                            headers (clang's CUDA wrappers, CUDA's)\n";

const char *const DecisionHelp =
    "  decision (docs/models.md \"The decision\"):\n"
    "    --objective energy|edp|gips_per_w|time   (default energy)\n"
    "    --max-slowdown PCT (default 5; clock advice too)  --min-saving PCT "
    "(default 2)\n"
    "    --max-power-w W (the time objective's cap; default none)\n"
    "    --mechanism sm|grid|paper (default sm; analyze of .cu/.ll: auto)\n";

const CommandHelp Commands[] = {
    {"models", "gpa models [--format text|json]",
     "List the bundled GPU models and their key specifications.\n"},
    {"model",
     "gpa model --gpu NAME|FILE PROFILE.json [--active-sms N] "
     "[--format text|json]\n"
     "          [--core-clock MHZ] [--mem-clock MHZ] "
     "[--power-model NAME|all|default]",
     "Predict time, power, efficiency and the optimal SM count of a kernel\n"
     "profile; with --core-clock/--mem-clock, time and power at those\n"
     "clocks (dvfs, or estimated by V^2 f scaling); --power-model compares the "
     "power models (ipp,\n"
     "instruction-energy, mcpat-component) and per-SM footprints.\n"},
    {"sweep",
     "gpa sweep [--gpu NAME|FILE] [--kernel NAME] [--format text|json|csv]\n"
     "          [--plot FILE.svg] [--core-clock MHZ] [--mem-clock MHZ]\n"
     "          [--clocks [--max-slowdown PCT]] [analyze options] INPUT",
     "Evaluate a kernel on 1..all SMs with the same total work. INPUT is\n"
     "anything `gpa analyze` reads, or a gpa-report/1 file; with more than\n"
     "one kernel in it, --kernel (mangled, demangled or base name, or a\n"
     "glob) picks one.\n"
     "A kernel profile needs --gpu. --clocks sweeps the model's clock table\n"
     "(dvfs, or supported clocks with estimated power, docs/dvfs.md): the\n"
     "clock decision gpa analyze reports (the least-energy clock pair within\n"
     "--max-slowdown PCT (default 5, the decision's: one default for all\n"
     "advice) of the fastest, only where it saves energy against the\n"
     "reference clocks) and the joint (clock, SMs) choice by the same rule.\n"},
    {"analyze",
     "gpa analyze [--gpu NAME|FILE] [--block-size N] [--grid-size N]\n"
     "          [--format text|json|sarif|csv] [--docs-url URL] [-o OUT]\n"
     "          [compile flags] FILE...",
     "Analyse NVPTX IR (.ll/.bc), PTX (.ptx, or `cuobjdump -ptx` output),\n"
     "CUDA objects, executables and .fatbin files (their embedded PTX, the\n"
     "architecture closest to --gpu), CUDA sources (.cu) and kernel\n"
     "profiles (.json) into one gpa-report/1 document. --format sarif\n"
     "--docs-url URL: the rules' help links, as for check.\n"},
    {"check",
     "gpa check [--budget BUDGET.json] [--baseline BASE.json\n"
     "          --max-regression PCT] [--format text|github|sarif|junit]\n"
     "          [--docs-url URL] REPORT.json...",
     "Check reports against a power budget (waivers in the budget file\n"
     "apply; an expired waiver fails) and/or a baseline report: a kernel\n"
     "whose energy, power or time is worse than the baseline's by more than\n"
     "PCT percent fails; kernels new or removed since the baseline are\n"
     "listed. --format sarif: the violations and the reports' findings in\n"
     "one log; --docs-url (where this GpuPowerAdvisor's README.md and docs/\n"
     "are browsable) adds the rules' help links.\n"},
    {"calibrate",
     "gpa calibrate TRAINING [-o MODEL.json] [--gpu NAME|FILE] "
     "[--hold-out-every N]\n"
     "              [--model dvfs|instruction-energy] "
     "[--hold-at-zero COMPONENT,...]\n"
     "       gpa calibrate --predict MODEL DATA [-o OUT.csv]",
     "Fit seed 002's DVFS power model to measurements, or predict with it\n"
     "(docs/dvfs.md).\n"},
    {"rank",
     "gpa rank SOURCE.cu --kernel NAME --params PARAMS.json "
     "--problem-size X[,Y[,Z]]\n"
     "       [--gpu NAME] [--objective time|energy] [--cache OUT.json] "
     "[--measured CACHE.json]",
     "Compile every configuration of a kernel's tunable parameters (Kernel\n"
     "Tuner's tune_params, or a list of -D values), predict each and rank\n"
     "them; write a Kernel Tuner cache file; with a measured cache, say how\n"
     "many configurations to measure to include the measured best.\n"},
    {"help", "gpa help [COMMAND|terms]",
     "Print the usage of gpa or of COMMAND; `terms`: the model's terms that\n"
     "reports show in their details (MWP, CWP, the timing cases, ...).\n"},
};

const CommandHelp *findCommand(const std::string &Name) {
  for (const CommandHelp &C : Commands)
    if (Name == C.Name)
      return &C;
  return nullptr;
}

bool parseUnsigned(const std::string &Text, unsigned &Out) {
  if (Text.empty() || Text.find_first_not_of("0123456789") != std::string::npos)
    return false;
  errno = 0;
  unsigned long long V = std::strtoull(Text.c_str(), nullptr, 10);
  if (errno == ERANGE || V == 0 || V > 1000000)
    return false;
  Out = static_cast<unsigned>(V);
  return true;
}

bool parsePercentOrWatts(const std::string &Text, double &Out) {
  if (Text.empty())
    return false;
  char *End = nullptr;
  errno = 0;
  double V = std::strtod(Text.c_str(), &End);
  if (errno == ERANGE || *End != '\0' || !(V >= 0 && V <= 1e7))
    return false;
  Out = V;
  return true;
}

const char *allowedFormats(const std::string &Command) {
  if (Command == "sweep")
    return "text|json|csv";
  if (Command == "check")
    return "text|github|sarif|junit";
  if (Command == "analyze")
    return "text|json|sarif|csv";
  return "text|json";
}

/// Compile flags as clang spells them, joined or separate: -I, -isystem,
/// -D, -U, -include; -std=.
bool takesCompileFlag(const std::string &Arg) {
  for (const char *F : {"-I", "-D", "-U"})
    if (Arg.rfind(F, 0) == 0)
      return true;
  return Arg == "-isystem" || Arg == "-include" || Arg.rfind("-std=", 0) == 0;
}
} // namespace

AnalysisOptions decisionOptions(const Options &O) {
  AnalysisOptions A;
  A.Policy.Goal = parseObjective(O.Objective).value_or(Objective::Energy);
  A.Policy.MaxSlowdownPct = O.MaxSlowdownPct;
  A.Policy.MinSavingPct = O.MinSavingPct;
  A.Policy.MaxPowerW = O.MaxPowerW;
  A.Mech = parseMechanism(O.Mechanism).value_or(Mechanism::Sm);
  return A;
}

std::string usageText(const std::string &Command) {
  if (Command == "terms")
    return glossaryText();
  if (const CommandHelp *C = findCommand(Command)) {
    std::string Out =
        std::string("usage: ") + C->Synopsis + "\n\n" + C->Details;
    if (Command == "analyze" || Command == "sweep")
      Out += std::string("\n") + CompileFlagsHelp;
    if (Command == "analyze" || Command == "sweep" || Command == "model")
      Out += std::string("\n") + DecisionHelp;
    return Out + "\nexit status: 0 success, 1 budget or regression limit "
                 "exceeded (check), 2 bad input or usage\n";
  }
  std::string Out = "usage: gpa <command> [options]\n"
                    "       gpa --help | --version | help COMMAND\n"
                    "\n"
                    "commands:\n";
  for (const CommandHelp &C : Commands)
    Out += std::string("  ") + C.Synopsis + "\n";
  return Out + "\n`gpa help COMMAND` or `gpa COMMAND --help` for details.\n"
               "exit status: 0 success, 1 budget or regression limit "
               "exceeded (check), 2 bad input or usage\n";
}

int usageOrError(const std::string &Error, const char *Usage) {
  if (Error == "help") {
    std::cout << Usage;
    return ExitOk;
  }
  std::cerr << "gpa: error: " << Error << "\n" << Usage;
  return ExitBadInput;
}

bool takeOptionValue(int Argc, const char *const *Argv, int &I,
                     std::string &Into, std::string &Error) {
  if (I + 1 >= Argc) {
    Error = std::string(Argv[I]) + " needs a value";
    return false;
  }
  Into = Argv[++I];
  return true;
}

const char *versionText() { return "gpa (GpuPowerAdvisor) " GPA_VERSION "\n"; }

bool parseOptions(int Argc, const char *const *Argv, Options &O,
                  std::string &Error) {
  if (Argc < 2) {
    Error = "missing command";
    return false;
  }
  std::string First = Argv[1];
  if (First == "-h" || First == "--help") {
    O.ShowHelp = true;
    return true;
  }
  if (First == "--version") {
    O.ShowVersion = true;
    return true;
  }
  if (First == "help") {
    O.ShowHelp = true;
    if (Argc > 2) {
      O.Command = Argv[2];
      if (O.Command != "terms" && !findCommand(O.Command)) {
        Error = "help: unknown command '" + O.Command + "'";
        return false;
      }
    }
    return true;
  }
  O.Command = First;
  if (!findCommand(O.Command)) {
    Error = "unknown command '" + O.Command + "'";
    return false;
  }
  O.Format = "text";
  bool CompileFlags = O.Command == "analyze" || O.Command == "sweep";
  for (int I = 2; I < Argc; ++I) {
    std::string Arg = Argv[I];
    auto Value = [&](std::string &Into) {
      return takeOptionValue(Argc, Argv, I, Into, Error);
    };
    auto Count = [&](unsigned &Into) {
      std::string Text;
      if (!Value(Text))
        return false;
      if (!parseUnsigned(Text, Into)) {
        Error = Arg + ": expected a positive integer, got '" + Text + "'";
        return false;
      }
      return true;
    };
    bool Ok = true;
    if (Arg == "-h" || Arg == "--help") {
      O.ShowHelp = true;
      return true;
    } else if (Arg == "--gpu") {
      Ok = Value(O.Gpu);
    } else if (Arg == "--format") {
      if (!Value(O.Format))
        return false;
      std::string Allowed = std::string("|") + allowedFormats(O.Command) + "|";
      if (Allowed.find("|" + O.Format + "|") == std::string::npos) {
        Error = "--format: expected one of " +
                std::string(allowedFormats(O.Command)) + ", got '" + O.Format +
                "'";
        return false;
      }
    } else if (Arg == "--active-sms" && O.Command == "model") {
      Ok = Count(O.ActiveSms);
    } else if ((Arg == "--core-clock" || Arg == "--mem-clock") &&
               (O.Command == "model" || O.Command == "sweep")) {
      std::string Text;
      if (!Value(Text))
        return false;
      char *End = nullptr;
      double V = std::strtod(Text.c_str(), &End);
      if (Text.empty() || *End || !(V > 0) || V > 1e6) {
        Error = Arg + ": expected a clock in MHz, got '" + Text + "'";
        return false;
      }
      (Arg == "--core-clock" ? O.CoreClockMhz : O.MemClockMhz) = V;
    } else if (Arg == "--clocks" && O.Command == "sweep") {
      O.SweepClocks = true;
    } else if ((Arg == "--launch-file" || Arg == "--launch") && CompileFlags) {
      Ok = Value(O.LaunchFile);
    } else if (Arg == "--compiler" && CompileFlags) {
      if (!Value(O.Compiler))
        return false;
      if (O.Compiler != "clang" && O.Compiler != "nvcc") {
        Error = "--compiler: expected clang or nvcc, got '" + O.Compiler + "'";
        return false;
      }
    } else if (Arg == "--host-source" && CompileFlags) {
      std::string Source;
      Ok = Value(Source);
      O.HostSources.push_back(Source);
    } else if (Arg == "--system-header-findings" && CompileFlags) {
      O.SystemHeaderFindings = true;
    } else if ((Arg == "--objective" || Arg == "--mechanism") &&
               O.Command != "check" && O.Command != "models") {
      std::string Text;
      if (!Value(Text))
        return false;
      bool Objective = Arg == "--objective";
      if (Objective ? !parseObjective(Text) : !parseMechanism(Text)) {
        Error = Arg + ": expected " +
                (Objective ? "energy, edp, gips_per_w or time"
                           : "sm, grid or paper") +
                ", got '" + Text + "'";
        return false;
      }
      (Objective ? O.Objective : O.Mechanism) = Text;
    } else if ((Arg == "--max-slowdown" || Arg == "--min-saving" ||
                Arg == "--max-power-w") &&
               O.Command != "check" && O.Command != "models") {
      std::string Text;
      if (!Value(Text))
        return false;
      double &Into = Arg == "--max-slowdown" ? O.MaxSlowdownPct
                     : Arg == "--min-saving" ? O.MinSavingPct
                                             : O.MaxPowerW;
      if (!parsePercentOrWatts(Text, Into) ||
          (Arg == "--min-saving" && Into >= 100)) {
        Error = Arg + ": expected a number >= 0" +
                (Arg == "--min-saving" ? std::string(" and < 100") : "") +
                ", got '" + Text + "'";
        return false;
      }
    } else if (Arg == "--power-model" && O.Command == "model") {
      Ok = Value(O.PowerModel);
    } else if (Arg == "--block-size" && CompileFlags) {
      Ok = Count(O.BlockSize);
    } else if (Arg == "--grid-size" && CompileFlags) {
      Ok = Count(O.GridSize);
    } else if (Arg == "--trip-count" && CompileFlags) {
      // N for every loop; KERNEL=N or KERNEL:LINE=N for one kernel or loop.
      std::string Text;
      if (!Value(Text))
        return false;
      TripCountRule Rule;
      if (!parseTripCountRule(Text, Rule, Error)) {
        Error = "--trip-count " + Error;
        return false;
      }
      if (Rule.Kernel == "*" && !Rule.Line && Text.find('=') == Text.npos)
        O.TripCount = Rule.Count;
      else
        O.TripCountSpecs.push_back(Text);
    } else if ((Arg == "-o" || Arg == "--output") && O.Command == "analyze") {
      Ok = Value(O.Output);
    } else if (Arg == "--kernel" && O.Command == "sweep") {
      Ok = Value(O.Kernel);
    } else if (Arg == "--budget" && O.Command == "check") {
      Ok = Value(O.Budget);
    } else if (Arg == "--baseline" && O.Command == "check") {
      Ok = Value(O.Baseline);
    } else if (Arg == "--docs-url" &&
               (O.Command == "check" || O.Command == "analyze")) {
      Ok = Value(O.DocsUrl);
      while (Ok && !O.DocsUrl.empty() && O.DocsUrl.back() == '/')
        O.DocsUrl.pop_back();
      if (Ok && O.DocsUrl.find("://") == std::string::npos) {
        Error = "--docs-url: expected an absolute URL, got '" + O.DocsUrl + "'";
        return false;
      }
    } else if (Arg == "--max-regression" && O.Command == "check") {
      std::string Text;
      if (!Value(Text))
        return false;
      char *End = nullptr;
      O.MaxRegressionPct = std::strtod(Text.c_str(), &End);
      if (Text.empty() || *End || !(O.MaxRegressionPct >= 0) ||
          O.MaxRegressionPct > 1e6) {
        Error =
            "--max-regression: expected a percentage >= 0, got '" + Text + "'";
        return false;
      }
      O.MaxRegressionGiven = true;
    } else if (Arg == "--plot" && O.Command == "sweep") {
      Ok = Value(O.Plot);
    } else if (CompileFlags && (Arg == "-p" || Arg.rfind("-p=", 0) == 0)) {
      if (Arg == "-p")
        Ok = Value(O.CompileDbDir);
      else
        O.CompileDbDir = Arg.substr(3);
    } else if (CompileFlags && Arg.rfind("--cuda-gpu-arch=", 0) == 0) {
      O.CudaGpuArch = Arg.substr(16);
    } else if (CompileFlags && takesCompileFlag(Arg)) {
      O.ClangArgs.push_back(Arg);
      bool Separate = Arg == "-I" || Arg == "-D" || Arg == "-U" ||
                      Arg == "-isystem" || Arg == "-include";
      if (Separate) {
        std::string V;
        if (!Value(V))
          return false;
        O.ClangArgs.push_back(V);
      }
    } else if (CompileFlags && Arg == "--") {
      for (++I; I < Argc; ++I)
        O.ClangArgs.push_back(Argv[I]);
    } else if (!Arg.empty() && Arg[0] == '-') {
      Error = "unknown option '" + Arg + "' for '" + O.Command + "'";
      return false;
    } else {
      O.Inputs.push_back(Arg);
    }
    if (!Ok)
      return false;
  }
  if (O.Command == "models") {
    if (!O.Inputs.empty()) {
      Error = "'models' takes no input files";
      return false;
    }
    return true;
  }
  if (O.Command == "check") {
    if (O.Budget.empty() && O.Baseline.empty()) {
      Error = "'check' needs --budget BUDGET.json or --baseline BASE.json";
      return false;
    }
    if (!O.Baseline.empty() && !O.MaxRegressionGiven) {
      Error = "--baseline needs --max-regression PCT";
      return false;
    }
    if (O.Baseline.empty() && O.MaxRegressionGiven) {
      Error = "--max-regression needs --baseline BASE.json";
      return false;
    }
    if (O.Inputs.empty()) {
      Error = "'check' needs at least one REPORT.json";
      return false;
    }
    return true;
  }
  if (O.Command == "analyze") {
    if (O.Inputs.empty()) {
      Error = "'analyze' needs at least one input file";
      return false;
    }
    return true;
  }
  if (O.Command == "model" && O.Gpu.empty()) {
    Error = "'model' needs --gpu NAME|FILE";
    return false;
  }
  if (O.Inputs.size() != 1) {
    Error = "'" + O.Command + "' needs exactly one input file";
    return false;
  }
  return true;
}

} // namespace gpa::tool
