//===- Options.cpp - gpa command-line parsing -----------------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "Options.h"

#include <cerrno>
#include <cstdlib>

namespace gpa::tool {

const char *usageText() {
  return "usage: gpa <command> [options]\n"
         "\n"
         "commands:\n"
         "  models [--format text|json]\n"
         "      list the bundled GPU models and their key specifications\n"
         "  model --gpu NAME|FILE PROFILE.json [--active-sms N] "
         "[--format text|json]\n"
         "      predict time, power, efficiency and the optimal SM count\n"
         "      [--power-model NAME|all|default] compare the power models "
         "(ipp,\n"
         "      instruction-energy, mcpat-component) and per-SM footprints\n"
         "  sweep --gpu NAME|FILE PROFILE.json [--format text|json|csv] "
         "[--plot FILE.svg]\n"
         "      evaluate the kernel on 1..all SMs with the same total work\n"
         "  model|sweep ... [--core-clock MHZ] [--mem-clock MHZ]; sweep ... "
         "--clocks [--max-slowdown F]\n"
         "      time and dvfs power at other clocks; least-energy clock and "
         "(clock, SMs)\n"
         "  analyze [--gpu NAME|FILE] [--block-size N] [--grid-size N]\n"
         "          [--format text|json|sarif|csv] FILE...\n"
         "      analyse .ll/.bc NVPTX IR, .ptx, .cu (clang 22 + plugin) or "
         ".json profiles\n"
         "  check --budget BUDGET.json REPORT.json... "
         "[--format text|github|sarif|junit]\n"
         "      check reports against a power budget\n"
         "  calibrate TRAINING [-o MODEL.json] [--gpu NAME|FILE] "
         "[--hold-out-every N]\n"
         "  calibrate --predict MODEL DATA [-o OUT.csv]\n"
         "      fit seed 002's DVFS power model to measurements / predict "
         "with it\n"
         "\n"
         "exit status: 0 success, 1 budget violated (check), 2 bad input or "
         "usage\n";
}

static bool parseUnsigned(const std::string &Text, unsigned &Out) {
  if (Text.empty() || Text.find_first_not_of("0123456789") != std::string::npos)
    return false;
  errno = 0;
  unsigned long long V = std::strtoull(Text.c_str(), nullptr, 10);
  if (errno == ERANGE || V == 0 || V > 1000000)
    return false;
  Out = static_cast<unsigned>(V);
  return true;
}

static const char *allowedFormats(const std::string &Command) {
  if (Command == "sweep")
    return "text|json|csv";
  if (Command == "check")
    return "text|github|sarif|junit";
  if (Command == "analyze")
    return "text|json|sarif|csv";
  return "text|json";
}

bool parseOptions(int Argc, const char *const *Argv, Options &O,
                  std::string &Error) {
  if (Argc < 2) {
    Error = "missing command";
    return false;
  }
  O.Command = Argv[1];
  if (O.Command != "models" && O.Command != "model" && O.Command != "sweep" &&
      O.Command != "check" && O.Command != "analyze") {
    Error = "unknown command '" + O.Command + "'";
    return false;
  }
  O.Format = "text";
  for (int I = 2; I < Argc; ++I) {
    std::string Arg = Argv[I];
    auto Value = [&](std::string &Into) {
      if (I + 1 >= Argc) {
        Error = Arg + " needs a value";
        return false;
      }
      Into = Argv[++I];
      return true;
    };
    if (Arg == "--gpu") {
      if (!Value(O.Gpu))
        return false;
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
    } else if ((Arg == "--core-clock" || Arg == "--mem-clock" ||
                Arg == "--max-slowdown") &&
               (O.Command == "model" || O.Command == "sweep")) {
      std::string Text;
      if (!Value(Text))
        return false;
      char *End = nullptr;
      double V = std::strtod(Text.c_str(), &End);
      bool Slowdown = Arg == "--max-slowdown";
      if (Text.empty() || *End || !(V >= 0) || V > (Slowdown ? 100 : 1e6) ||
          (!Slowdown && V == 0)) {
        Error = Arg + ": expected a " +
                (Slowdown ? "fraction >= 0 (0.1 = 10%)" : "clock in MHz") +
                ", got '" + Text + "'";
        return false;
      }
      (Slowdown                ? O.MaxSlowdown
       : Arg == "--core-clock" ? O.CoreClockMhz
                               : O.MemClockMhz) = V;
    } else if (Arg == "--clocks" && O.Command == "sweep") {
      O.SweepClocks = true;
    } else if (Arg == "--active-sms" && O.Command == "model") {
      std::string Text;
      if (!Value(Text))
        return false;
      if (!parseUnsigned(Text, O.ActiveSms)) {
        Error = "--active-sms: expected a positive integer, got '" + Text + "'";
        return false;
      }
    } else if ((Arg == "--block-size" || Arg == "--grid-size") &&
               O.Command == "analyze") {
      std::string Text;
      if (!Value(Text))
        return false;
      unsigned N = 0;
      if (!parseUnsigned(Text, N)) {
        Error = Arg + ": expected a positive integer, got '" + Text + "'";
        return false;
      }
      (Arg == "--block-size" ? O.BlockSize : O.GridSize) = N;
    } else if (Arg == "--budget" && O.Command == "check") {
      if (!Value(O.Budget))
        return false;
    } else if (Arg == "--power-model" && O.Command == "model") {
      if (!Value(O.PowerModel))
        return false;
    } else if (Arg == "--plot" && O.Command == "sweep") {
      if (!Value(O.Plot))
        return false;
    } else if (Arg == "-h" || Arg == "--help") {
      Error = "help";
      return false;
    } else if (!Arg.empty() && Arg[0] == '-') {
      Error = "unknown option '" + Arg + "' for '" + O.Command + "'";
      return false;
    } else {
      O.Inputs.push_back(Arg);
    }
  }
  if (O.Command == "models") {
    if (!O.Inputs.empty()) {
      Error = "'models' takes no input files";
      return false;
    }
    return true;
  }
  if (O.Command == "check") {
    if (O.Budget.empty()) {
      Error = "'check' needs --budget BUDGET.json";
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
  if (O.Gpu.empty()) {
    Error = "'" + O.Command + "' needs --gpu NAME|FILE";
    return false;
  }
  if (O.Inputs.size() != 1) {
    Error = "'" + O.Command + "' needs exactly one PROFILE.json";
    return false;
  }
  return true;
}

} // namespace gpa::tool
