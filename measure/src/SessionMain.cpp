//===- SessionMain.cpp - gpa-session --------------------------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// gpa-session measures on the GPU at hand, at its clocks as found, what
// only hardware can tell the product (issue 29; docs/gpu-session.md): board
// power idle with and without a CUDA context, time and energy against the
// number of active SMs (green-context partitions and grid sizes), DRAM
// bandwidth against warps in flight, and real kernels from a spec. It
// writes raw CSV under --out, a row at a time, and one JSON line per run to
// session.jsonl (board, driver, clocks as found, times). It only queries
// and launches: it never changes clocks, power limits or other settings.
//
//===----------------------------------------------------------------------===//
#include "SessionCuda.h"
#include "SessionNvml.h"
#include "SessionStages.h"
#include "SessionWindow.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <ctime>
#include <fstream>
#include <iostream>
#include <sstream>
#include <thread>

using namespace gpa::session;

namespace {
const char *Usage =
    "usage: gpa-session --out DIR [--stages LIST] [--device N]\n"
    "                   [--session-ptx FILE] [--kernels SPEC.json]\n"
    "                   [--kernels-dir DIR] [--only ID] [--window-s S]\n"
    "                   [--idle-s S] [--quick]\n"
    "Stages (comma-separated, in the order given): idle, active-sms,\n"
    "bandwidth, kernels. Writes DIR/idle.csv, active_sms.csv, bandwidth.csv,\n"
    "kernels.csv and appends a line to DIR/session.jsonl. Never changes the\n"
    "GPU's clocks or limits. Exit: 0 ok, 1 a measurement failed, 2 bad "
    "input.\n";

std::string utcNow() {
  std::time_t T = std::time(nullptr);
  char Text[32];
  std::strftime(Text, sizeof Text, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&T));
  return Text;
}

nlohmann::json stateJson(const BoardState &S) {
  nlohmann::json J = nlohmann::json::object();
  auto Put = [&](const char *Key, auto V) {
    if (V)
      J[Key] = *V;
  };
  Put("power_w", S.PowerW);
  Put("power_limit_w", S.PowerLimitW);
  Put("sm_mhz", S.SmMhz);
  Put("mem_mhz", S.MemMhz);
  Put("max_sm_mhz", S.MaxSmMhz);
  Put("max_mem_mhz", S.MaxMemMhz);
  Put("temperature_c", S.TemperatureC);
  Put("clock_event_reasons", S.ClockEventReasons);
  Put("performance_state", S.PerformanceState);
  return J;
}

std::string directoryOf(const std::string &Path) {
  auto Slash = Path.rfind('/');
  return Slash == std::string::npos ? "." : Path.substr(0, Slash);
}
} // namespace

int main(int Argc, char **Argv) {
  std::string OutDir, Stages = "idle,active-sms,bandwidth", Spec, SpecDir, Only,
                      SessionPtx;
  unsigned Ordinal = 0;
  double WindowS = 1.0, IdleS = 3.0;
  bool Quick = false;
  for (int I = 1; I < Argc; ++I) {
    std::string A = Argv[I];
    auto Value = [&](std::string &Out) {
      if (I + 1 >= Argc) {
        std::cerr << "gpa-session: error: " << A << " needs a value\n" << Usage;
        std::exit(2);
      }
      Out = Argv[++I];
    };
    std::string V;
    if (A == "--out")
      Value(OutDir);
    else if (A == "--stages")
      Value(Stages);
    else if (A == "--kernels")
      Value(Spec);
    else if (A == "--kernels-dir")
      Value(SpecDir);
    else if (A == "--only")
      Value(Only);
    else if (A == "--session-ptx")
      Value(SessionPtx);
    else if (A == "--device")
      Value(V), Ordinal = static_cast<unsigned>(std::stoul(V));
    else if (A == "--window-s")
      Value(V), WindowS = std::stod(V);
    else if (A == "--idle-s")
      Value(V), IdleS = std::stod(V);
    else if (A == "--quick")
      Quick = true;
    else if (A == "-h" || A == "--help") {
      std::cout << Usage;
      return 0;
    } else {
      std::cerr << "gpa-session: error: unknown argument '" << A << "'\n"
                << Usage;
      return 2;
    }
  }
  if (OutDir.empty()) {
    std::cerr << "gpa-session: error: --out DIR is required\n" << Usage;
    return 2;
  }
  if (SessionPtx.empty())
    SessionPtx = directoryOf(Argv[0]) + "/gpa_session.ptx";
  if (SpecDir.empty() && !Spec.empty())
    SpecDir = directoryOf(Spec);

  double StartS = nowS();
  nlohmann::json Line = {{"schema", "gpa-session-run/1"},
                         {"started_utc", utcNow()},
                         {"stages", Stages},
                         {"only", Only},
                         {"window_s", WindowS},
                         {"quick", Quick}};
  // NVML first: board power before any CUDA context exists.
  Nvml Board;
  std::string Error;
  bool HaveBoard = Board.open(Ordinal, Error);
  if (!HaveBoard)
    Line["nvml_error"] = Error;
  else {
    Line["board"] = Board.boardName();
    Line["driver"] = Board.driverVersion();
    Line["as_found"] = stateJson(Board.state());
  }
  std::ofstream Log(OutDir + "/session.log", std::ios::app);
  std::ostringstream Tee;
  auto flushLog = [&] {
    std::cout << Tee.str();
    Log << Tee.str();
    Log.flush();
    Tee.str("");
  };
  Cuda Gpu;
  Stage S{Gpu, HaveBoard ? &Board : nullptr, OutDir, Tee, StartS, 1.0, false,
          ""};
  S.WindowS = WindowS;
  S.Quick = Quick;
  S.SessionPtx = SessionPtx;
  int Status = 0;
  std::stringstream List(Stages);
  std::vector<std::string> Order;
  for (std::string Name; std::getline(List, Name, ',');)
    Order.push_back(Name);
  // Idle power without a context: before cuInit.
  bool WantIdle = std::find(Order.begin(), Order.end(), "idle") != Order.end();
  if (WantIdle && HaveBoard)
    measureIdle(S, "no_context", IdleS);
  flushLog();
  if (!Gpu.open(Ordinal, Error)) {
    Line["cuda_error"] = Error;
    Line["finished_utc"] = utcNow();
    std::ofstream(OutDir + "/session.jsonl", std::ios::app)
        << Line.dump() << "\n";
    std::cerr << "gpa-session: error: " << Error << "\n";
    return 1;
  }
  Line["device"] = Gpu.deviceName();
  Line["cuda_driver_version"] = Gpu.driverVersion();
  Line["sm_version"] = Gpu.smVersion();
  Line["sm_count"] = Gpu.smCount();
  Line["memory_bytes"] = Gpu.totalMemoryBytes();
  Line["green_contexts"] = Gpu.hasGreenContexts();
  Line["sm_partition_granularity"] = Gpu.smPartitionGranularity();
  for (const std::string &Name : Order) {
    double T0 = nowS();
    int R = 0;
    if (Name == "idle")
      R = measureIdle(S, "context_open", IdleS);
    else if (Name == "active-sms")
      R = measureActiveSms(S);
    else if (Name == "bandwidth")
      R = measureBandwidth(S);
    else if (Name == "kernels") {
      if (Spec.empty()) {
        std::cerr << "gpa-session: error: the kernels stage needs --kernels "
                     "SPEC.json\n";
        return 2;
      }
      R = measureSpecKernels(S, Spec, SpecDir, Only);
    } else {
      std::cerr << "gpa-session: error: unknown stage '" << Name
                << "' (expected idle, active-sms, bandwidth or kernels)\n";
      return 2;
    }
    Line["stage_seconds"][Name] = nowS() - T0;
    Line["stage_status"][Name] = R;
    Status = std::max(Status, R);
    flushLog();
  }
  if (HaveBoard)
    Line["at_end"] = stateJson(Board.state());
  Line["finished_utc"] = utcNow();
  Line["seconds"] = nowS() - StartS;
  std::ofstream(OutDir + "/session.jsonl", std::ios::app)
      << Line.dump() << "\n";
  return Status;
}
