//===- SessionStages.cpp - What gpa-session measures ----------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "SessionStages.h"

#include "SessionWindow.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <bitset>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>
#include <thread>

namespace gpa::session {

namespace {
/// A CSV file written a row at a time and flushed after each.
class Csv {
public:
  Csv(const std::string &Path, const std::string &Header) {
    bool Fresh = !std::ifstream(Path).good();
    Out.open(Path, std::ios::app);
    if (Fresh)
      Out << Header << "\n";
    Out.flush();
  }
  bool ok() const { return Out.good(); }
  Csv &operator<<(const std::string &Row) {
    Out << Row << "\n";
    Out.flush();
    return *this;
  }

private:
  std::ofstream Out;
};

std::string num(double V, int Digits = 6) {
  char Text[64];
  std::snprintf(Text, sizeof Text, "%.*g", Digits, V);
  return Text;
}

template <typename T> std::string opt(const std::optional<T> &V) {
  return V ? num(static_cast<double>(*V), 8) : std::string();
}

std::string dims(Dim3 D) {
  return std::to_string(D.X) + "x" + std::to_string(D.Y) + "x" +
         std::to_string(D.Z);
}

/// Columns every metered row ends with.
const char *WindowColumns =
    "launches,time_s_median,time_s_min,event_time_s,wall_s,energy_j,power_w,"
    "power_w_sampled_mean,power_w_sampled_max,samples,sm_mhz_mean,"
    "sm_mhz_min,sm_mhz_max,mem_mhz_mean,temperature_c_end,"
    "clock_event_reasons";

std::string windowColumns(const Window &W) {
  std::ostringstream R;
  char Reasons[32];
  std::snprintf(Reasons, sizeof Reasons, "0x%llx",
                W.Samples.ClockEventReasonsOr);
  R << W.Launches << "," << num(W.medianS()) << "," << num(W.minS()) << ","
    << num(W.EventS) << "," << num(W.WallS) << "," << opt(W.EnergyJ) << ","
    << opt(W.powerW()) << ","
    << (W.Samples.Count ? num(W.Samples.PowerWMean) : "") << ","
    << (W.Samples.Count ? num(W.Samples.PowerWMax) : "") << ","
    << W.Samples.Count << ","
    << (W.Samples.Count ? num(W.Samples.SmMhzMean) : "") << ","
    << (W.Samples.Count ? std::to_string(W.Samples.SmMhzMin) : "") << ","
    << (W.Samples.Count ? std::to_string(W.Samples.SmMhzMax) : "") << ","
    << (W.Samples.Count ? num(W.Samples.MemMhzMean) : "") << ","
    << opt(W.After.TemperatureC) << "," << Reasons;
  return R.str();
}

std::string emptyWindowColumns() {
  return std::string(std::count(WindowColumns,
                                WindowColumns + std::strlen(WindowColumns),
                                ','),
                     ',');
}

std::string csvText(std::string Text) {
  std::replace(Text.begin(), Text.end(), ',', ';');
  std::replace(Text.begin(), Text.end(), '\n', ' ');
  return Text;
}

/// The session's own kernels and the buffers they stream.
struct Streams {
  Handle Library = nullptr;
  Kernel Read[3], Copy[3], Triad[3], Ffma, Smid;
  DevicePtr A = 0, B = 0, C = 0, Out = 0, Seed = 0, Mask = 0;
  unsigned long long N = 0; // doubles per array
  double Scalar = 3.0;
  int Rounds = 64;
  unsigned long long FfmaItems = 0;

  bool open(Stage &S, std::string &Error) {
    std::ifstream In(S.SessionPtx);
    if (!In) {
      Error = S.SessionPtx + ": cannot open the session kernels' PTX";
      return false;
    }
    std::stringstream Text;
    Text << In.rdbuf();
    Cuda &G = S.Gpu;
    const int Loads[3] = {1, 2, 4};
    if (!G.loadLibrary(Text.str(), Library, Error))
      return false;
    for (int I = 0; I < 3; ++I) {
      std::string U = "_u" + std::to_string(Loads[I]);
      if (!G.kernel(Library, "session_read" + U, Read[I], Error) ||
          !G.kernel(Library, "session_copy" + U, Copy[I], Error) ||
          !G.kernel(Library, "session_triad" + U, Triad[I], Error))
        return false;
    }
    if (!G.kernel(Library, "session_ffma", Ffma, Error) ||
        !G.kernel(Library, "session_smid", Smid, Error))
      return false;
    // 1 GiB per array (a 50 MB L2 holds none of it); 8 MiB in a dry run.
    N = S.Quick ? (1ull << 20) : (1ull << 27);
    FfmaItems =
        static_cast<unsigned long long>(G.smCount()) * 2048 * (S.Quick ? 1 : 4);
    float SeedValue = 0.75f;
    return G.alloc(N * 8, A, Error) && G.alloc(N * 8, B, Error) &&
           G.alloc(N * 8, C, Error) && G.alloc(1 << 20, Out, Error) &&
           G.alloc(4, Seed, Error) && G.alloc(4096, Mask, Error) &&
           // 0x3ff00000 in both halves: every double is 1.0000002 (> 0).
           G.memsetD32(A, 0x3ff00000u, N * 2, Error) &&
           G.memsetD32(B, 0x3ff00000u, N * 2, Error) &&
           G.memsetD32(C, 0x3ff00000u, N * 2, Error) &&
           G.copyIn(Seed, &SeedValue, 4, Error);
  }

  void close(Cuda &G) {
    for (DevicePtr P : {A, B, C, Out, Seed, Mask})
      G.free(P);
  }

  /// Bytes a launch of the U-loads streaming kernel of Arrays arrays moves
  /// over Threads threads: exactly the elements its loop visits.
  unsigned long long streamBytes(unsigned Arrays, unsigned U,
                                 unsigned long long Threads) const {
    unsigned long long Elements = 0;
    unsigned long long Tail = (U - 1) * Threads;
    if (N > Tail)
      for (unsigned long long T = 0; T < Threads && T < N - Tail; ++T)
        Elements += U * ((N - Tail - 1 - T) / (U * Threads) + 1);
    return Elements * 8 * Arrays;
  }
};

/// SMs that ran a grid of many short blocks on P (%smid bits).
int observedSms(Stage &S, Streams &K, const Partition &P, std::string &Error) {
  std::vector<unsigned> Bits(1024, 0);
  void *Args[] = {&K.Mask};
  if (!S.Gpu.memsetD32(K.Mask, 0, 1024, Error) ||
      !S.Gpu.launch(P, K.Smid, {S.Gpu.smCount() * 8}, {32}, 0, Args, Error) ||
      !S.Gpu.synchronize(P, Error) ||
      !S.Gpu.copyOut(Bits.data(), K.Mask, 4096, Error))
    return -1;
  int Count = 0;
  for (unsigned W : Bits)
    Count += static_cast<int>(std::bitset<32>(W).count());
  return Count;
}
} // namespace

int measureIdle(Stage &S, const std::string &Phase, double Seconds) {
  Csv Out(S.OutDir + "/idle.csv",
          "t_s,phase,seconds,energy_j,power_w,power_w_sampled_mean,"
          "sm_mhz_mean,mem_mhz_mean,temperature_c,clock_event_reasons");
  if (!S.Board) {
    S.Log << "idle: no NVML, skipped\n";
    return 1;
  }
  std::optional<double> E0 = S.Board->energyJ();
  S.Board->startSampling(50);
  double T0 = nowS();
  std::this_thread::sleep_for(std::chrono::duration<double>(Seconds));
  double T1 = nowS();
  WindowSamples W = S.Board->stopSampling();
  std::optional<double> E1 = S.Board->energyJ();
  BoardState B = S.Board->state();
  std::optional<double> Energy;
  if (E0 && E1)
    Energy = *E1 - *E0;
  char Reasons[32];
  std::snprintf(Reasons, sizeof Reasons, "0x%llx", W.ClockEventReasonsOr);
  Out << num(T0 - S.StartS) + "," + Phase + "," + num(T1 - T0) + "," +
             opt(Energy) + "," +
             (Energy ? num(*Energy / (T1 - T0)) : std::string()) + "," +
             num(W.PowerWMean) + "," + num(W.SmMhzMean) + "," +
             num(W.MemMhzMean) + "," + opt(B.TemperatureC) + "," + Reasons;
  S.Log << "idle " << Phase << ": "
        << (Energy ? num(*Energy / (T1 - T0)) : num(W.PowerWMean)) << " W\n";
  return 0;
}

int measureActiveSms(Stage &S) {
  Cuda &G = S.Gpu;
  std::string Error;
  Streams K;
  std::string Header =
      std::string("t_s,mechanism,sms_requested,sms_granted,sms_observed,"
                  "kernel,grid,block,bytes_per_launch,flop_per_launch,") +
      WindowColumns + ",error";
  Csv Out(S.OutDir + "/active_sms.csv", Header);
  if (!K.open(S, Error)) {
    S.Log << "active SMs: " << Error << "\n";
    Out << num(nowS() - S.StartS) + ",setup,,,,,,,,," + emptyWindowColumns() +
               "," + csvText(Error);
    return 1;
  }
  unsigned Total = G.smCount();
  unsigned Step = G.smPartitionGranularity();
  bool Green = G.hasGreenContexts() && Step > 0;
  if (!Step)
    Step = 8;
  // At most 16 partition sizes (a budget of about two minutes): multiples
  // of the driver's granularity.
  unsigned Most = 16;
  if (Total / Step > Most)
    Step = (Total / Most + Step - 1) / Step * Step;
  std::vector<unsigned> Counts;
  for (unsigned N = Step; N < Total; N += Step)
    Counts.push_back(N);
  if (S.Quick && Counts.size() > 2)
    Counts = {Counts.front(), Counts.back()};
  Counts.push_back(Total);
  S.Log << "active SMs: " << Counts.size() << " counts, step " << Step
        << (Green ? ", green contexts" : ", no green contexts") << "\n";

  Partition Full;
  if (!G.openFullDevice(Full, Error)) {
    S.Log << "active SMs: " << Error << "\n";
    return 1;
  }
  const unsigned Threads = 1024, BlocksPerSm = 2;
  auto Run = [&](const char *Mechanism, const Partition &P, unsigned Want,
                 int Observed, unsigned Blocks) {
    struct Case {
      const Kernel *K;
      unsigned long long Bytes;
      double Flop;
    };
    unsigned long long GridThreads =
        static_cast<unsigned long long>(Blocks) * Threads;
    Case Cases[] = {
        {&K.Read[2], K.streamBytes(1, 4, GridThreads), 0},
        {&K.Triad[2], K.streamBytes(3, 4, GridThreads),
         K.streamBytes(3, 4, GridThreads) / 24.0 * 2},
        {&K.Ffma, 0, static_cast<double>(K.FfmaItems) * 2 * 8 * 16 * K.Rounds}};
    for (const Case &C : Cases) {
      void *ReadArgs[] = {&K.A, &K.Out, &K.N};
      void *TriadArgs[] = {&K.A, &K.B, &K.C, &K.Scalar, &K.N};
      void *FfmaArgs[] = {&K.Seed, &K.Out, &K.FfmaItems, &K.Rounds};
      void **Args = C.K == &K.Read[2]    ? ReadArgs
                    : C.K == &K.Triad[2] ? TriadArgs
                                         : FfmaArgs;
      Window W;
      std::string E;
      bool Ok = measureWindow(
          G, S.Board, P,
          [&](std::string &Err) {
            return G.launch(P, *C.K, {Blocks}, {Threads}, 0, Args, Err);
          },
          S.WindowS, 3, 100000, W, E);
      std::string Row =
          num(nowS() - S.StartS) + "," + Mechanism + "," +
          std::to_string(Want) + "," + std::to_string(P.SmsGranted) + "," +
          (Observed >= 0 ? std::to_string(Observed) : "") + "," + C.K->Name +
          "," + std::to_string(Blocks) + "," + std::to_string(Threads) + "," +
          std::to_string(C.Bytes) + "," + num(C.Flop, 10) + ",";
      Out << Row + (Ok ? windowColumns(W) : emptyWindowColumns()) + "," +
                 csvText(E);
      if (!Ok)
        S.Log << "  " << Mechanism << " " << Want << " " << C.K->Name << ": "
              << E << "\n";
    }
  };
  // Warm the board up (clocks and temperature settle) before the first row.
  {
    Window W;
    void *Args[] = {&K.A, &K.Out, &K.N};
    measureWindow(
        G, S.Board, Full,
        [&](std::string &Err) {
          return G.launch(Full, K.Read[2], {Total * BlocksPerSm}, {Threads}, 0,
                          Args, Err);
        },
        S.Quick ? 0.05 : 2.0, 3, 100000, W, Error);
  }
  for (unsigned Want : Counts) {
    if (Want == Total) {
      Run("full", Full, Total, observedSms(S, K, Full, Error),
          Total * BlocksPerSm);
      continue;
    }
    if (Green) {
      Partition P;
      std::string E;
      if (G.openPartition(Want, P, E)) {
        int Observed = observedSms(S, K, P, E);
        Run("green_context", P, Want, Observed, Total * BlocksPerSm);
        G.closePartition(P);
      } else {
        S.Log << "  green context " << Want << ": " << E << "\n";
        Out << num(nowS() - S.StartS) + ",green_context," +
                   std::to_string(Want) + ",,,,,,,," + emptyWindowColumns() +
                   "," + csvText(E);
      }
    }
    Run("grid", Full, Want, -1, Want * BlocksPerSm);
    S.Log << "  " << Want << " SMs done\n";
  }
  // The full device once more: how far the board drifted (heat) meanwhile.
  Run("full_again", Full, Total, -1, Total * BlocksPerSm);
  G.closePartition(Full);
  K.close(G);
  return 0;
}

int measureBandwidth(Stage &S) {
  Cuda &G = S.Gpu;
  std::string Error;
  Streams K;
  Csv Out(S.OutDir + "/bandwidth.csv",
          "t_s,kernel,loads_per_thread,threads_per_block,blocks,"
          "resident_blocks_per_sm,warps_per_sm,occupancy_pct,"
          "bytes_per_launch,launches,time_s_median,time_s_min,gbps_median,"
          "gbps_max,sm_mhz,mem_mhz,error");
  if (!K.open(S, Error)) {
    S.Log << "bandwidth: " << Error << "\n";
    return 1;
  }
  Partition Full;
  if (!G.openFullDevice(Full, Error)) {
    S.Log << "bandwidth: " << Error << "\n";
    return 1;
  }
  // CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR = 39.
  int MaxThreads = G.attribute(39);
  std::vector<unsigned> Sizes = {32,  64,  96,  128, 160, 192, 256,
                                 320, 384, 512, 640, 768, 896, 1024};
  if (S.Quick)
    Sizes = {32, 1024};
  const unsigned BlocksPerSm = 2, Loads[3] = {1, 2, 4};
  const char *Families[3] = {"read", "copy", "triad"};
  for (int Family = 0; Family < 3; ++Family)
    for (int U = 0; U < 3; ++U)
      for (unsigned Threads : Sizes) {
        Kernel &Kn = Family == 0   ? K.Read[U]
                     : Family == 1 ? K.Copy[U]
                                   : K.Triad[U];
        unsigned Blocks = G.smCount() * BlocksPerSm;
        int Resident = G.residentBlocks(Kn, Threads, 0);
        unsigned Warps = BlocksPerSm * ((Threads + 31) / 32);
        double Occupancy = MaxThreads > 0 ? 100.0 * Warps * 32 / MaxThreads : 0;
        unsigned long long Bytes = K.streamBytes(
            Family == 0   ? 1
            : Family == 1 ? 2
                          : 3,
            Loads[U], static_cast<unsigned long long>(Blocks) * Threads);
        void *ReadArgs[] = {&K.A, &K.Out, &K.N};
        void *CopyArgs[] = {&K.A, &K.B, &K.N};
        void *TriadArgs[] = {&K.A, &K.B, &K.C, &K.Scalar, &K.N};
        void **Args = Family == 0   ? ReadArgs
                      : Family == 1 ? CopyArgs
                                    : TriadArgs;
        Window W;
        std::string E;
        // Timing only: a short window, no power sampling.
        bool Ok = measureWindow(
            G, nullptr, Full,
            [&](std::string &Err) {
              return G.launch(Full, Kn, {Blocks}, {Threads}, 0, Args, Err);
            },
            S.Quick ? 0.001 : 0.03, 3, 50, W, E);
        BoardState B = S.Board ? S.Board->state() : BoardState{};
        std::string Row =
            num(nowS() - S.StartS) + "," + Families[Family] + "," +
            std::to_string(Loads[U]) + "," + std::to_string(Threads) + "," +
            std::to_string(Blocks) + "," + std::to_string(Resident) + "," +
            std::to_string(Warps) + "," + num(Occupancy) + "," +
            std::to_string(Bytes) + ",";
        if (Ok && W.medianS() > 0)
          Row += std::to_string(W.Launches) + "," + num(W.medianS()) + "," +
                 num(W.minS()) + "," + num(Bytes / W.medianS() / 1e9) + "," +
                 num(Bytes / W.minS() / 1e9) + ",";
        else
          Row += ",,,,,";
        Row += opt(B.SmMhz) + "," + opt(B.MemMhz) + "," + csvText(E);
        Out << Row;
      }
  S.Log << "bandwidth: done\n";
  G.closePartition(Full);
  K.close(G);
  return 0;
}

namespace {
/// SplitMix64 (Steele, Lea and Flood, OOPSLA 2014): a fast, fixed-seed
/// stream for fills of hundreds of megabytes.
std::uint64_t splitMix(std::uint64_t &State) {
  std::uint64_t Z = (State += 0x9e3779b97f4a7c15ull);
  Z = (Z ^ (Z >> 30)) * 0xbf58476d1ce4e5b9ull;
  Z = (Z ^ (Z >> 27)) * 0x94d049bb133111ebull;
  return Z ^ (Z >> 31);
}

/// Standard normal deviates, as numpy.random.randn fills Kernel Tuner's
/// inputs: 65536 Box-Muller draws, then entries picked by 16 random bits
/// each. Drawing every value by Box-Muller cost about a second per
/// 50 M values, which hundreds of configurations would pay again.
const std::vector<float> &normalTable() {
  static const std::vector<float> Table = [] {
    std::vector<float> T(65536);
    std::uint64_t State = 1;
    for (float &V : T) {
      double U1 = (static_cast<double>(splitMix(State) >> 11) + 1) * 0x1p-53;
      double U2 = static_cast<double>(splitMix(State) >> 11) * 0x1p-53;
      V = static_cast<float>(std::sqrt(-2 * std::log(U1)) *
                             std::cos(6.283185307179586 * U2));
    }
    return T;
  }();
  return Table;
}

/// Count normal deviates, four per SplitMix draw.
template <typename Put>
void normals(std::size_t Count, std::uint64_t &State, Put Out) {
  const std::vector<float> &T = normalTable();
  for (std::size_t I = 0; I < Count; I += 4) {
    std::uint64_t R = splitMix(State);
    for (std::size_t J = 0; J < 4 && I + J < Count; ++J, R >>= 16)
      Out(I + J, T[R & 0xffff]);
  }
}

/// IEEE binary16 bits of V, rounded to nearest (normal range; smaller
/// magnitudes flush to zero, larger saturate to the largest finite).
std::uint16_t halfBits(float V) {
  std::uint32_t X;
  std::memcpy(&X, &V, 4);
  std::uint16_t Sign = static_cast<std::uint16_t>((X >> 16) & 0x8000u);
  int Exp = static_cast<int>((X >> 23) & 0xff) - 127 + 15;
  std::uint32_t Mant = X & 0x7fffffu;
  if (Exp <= 0)
    return Sign;
  if (Exp >= 31)
    return static_cast<std::uint16_t>(Sign | 0x7bff);
  std::uint32_t H = (static_cast<std::uint32_t>(Exp) << 10) | (Mant >> 13);
  if ((Mant & 0x1fffu) > 0x1000u || ((Mant & 0x1fffu) == 0x1000u && (H & 1)))
    ++H; // a carry into the exponent is still the right rounding
  return static_cast<std::uint16_t>(Sign | std::min<std::uint32_t>(H, 0x7bff));
}

/// Host bytes for a buffer fill named in the spec. "file:NAME" reads the
/// bytes from NAME in the spec's directory (small arrays a host computes,
/// e.g. dedispersion's channel shifts).
bool fill(const std::string &How, std::size_t Bytes,
          std::vector<unsigned char> &Out, const std::string &SpecDir,
          std::string &Error) {
  Out.assign(Bytes, 0);
  std::uint64_t State = 20261127;
  if (How == "zero")
    return true;
  if (How.rfind("file:", 0) == 0) {
    std::ifstream In(SpecDir + "/" + How.substr(5), std::ios::binary);
    In.read(reinterpret_cast<char *>(Out.data()),
            static_cast<std::streamsize>(Bytes));
    if (In.gcount() != static_cast<std::streamsize>(Bytes)) {
      Error =
          "fill " + How + ": fewer than " + std::to_string(Bytes) + " bytes";
      return false;
    }
    return true;
  }
  if (How == "normal_f32") {
    normals(Bytes / 4, State,
            [&](std::size_t I, float V) { std::memcpy(&Out[4 * I], &V, 4); });
    return true;
  }
  if (How == "normal_f16") {
    std::vector<std::uint16_t> Half(65536);
    for (std::size_t I = 0; I < Half.size(); ++I)
      Half[I] = halfBits(normalTable()[I]);
    std::size_t Count = Bytes / 2;
    for (std::size_t I = 0; I < Count; I += 4) {
      std::uint64_t R = splitMix(State);
      for (std::size_t J = 0; J < 4 && I + J < Count; ++J, R >>= 16)
        std::memcpy(&Out[2 * (I + J)], &Half[R & 0xffff], 2);
    }
    return true;
  }
  if (How == "uniform_u8") {
    for (std::size_t I = 0; I < Bytes; I += 8) {
      std::uint64_t V = splitMix(State);
      std::memcpy(&Out[I], &V, std::min<std::size_t>(8, Bytes - I));
    }
    return true;
  }
  if (How == "uniform_f32" || How == "ones_f32") {
    for (std::size_t I = 0; I + 4 <= Bytes; I += 4) {
      // 24 random bits: a float in [0, 1).
      float V = How == "ones_f32"
                    ? 1.0f
                    : static_cast<float>(splitMix(State) >> 40) * 0x1p-24f;
      std::memcpy(&Out[I], &V, 4);
    }
    return true;
  }
  if (How == "uniform_f64") {
    for (std::size_t I = 0; I + 8 <= Bytes; I += 8) {
      double V = static_cast<double>(splitMix(State) >> 11) * 0x1p-53;
      std::memcpy(&Out[I], &V, 8);
    }
    return true;
  }
  if (How == "iota_i32" || How.rfind("mod_i32:", 0) == 0) {
    long long Mod = 0;
    if (How != "iota_i32")
      Mod = std::atoll(How.c_str() + 8);
    for (std::size_t I = 0; I + 4 <= Bytes; I += 4) {
      int V = static_cast<int>(Mod > 0 ? (I / 4) % Mod : I / 4);
      std::memcpy(&Out[I], &V, 4);
    }
    return true;
  }
  Error = "unknown fill '" + How +
          "' (expected zero, uniform_f32, uniform_f64, ones_f32, normal_f32, "
          "normal_f16, uniform_u8, iota_i32, mod_i32:M or file:NAME)";
  return false;
}

/// Argument storage for cuLaunchKernel: each value at a stable address.
struct Arguments {
  std::vector<std::vector<unsigned char>> Values;
  std::vector<void *> Pointers;
  std::map<std::string, DevicePtr> Buffers;
};

bool buildArguments(Cuda &G, const nlohmann::json &Spec,
                    const std::string &SpecDir, Arguments &A,
                    std::string &Error) {
  const nlohmann::json &List = Spec.at("args");
  A.Values.reserve(List.size());
  for (std::size_t I = 0; I < List.size(); ++I) {
    const nlohmann::json &Arg = List[I];
    std::vector<unsigned char> Value;
    auto Put = [&](const void *P, std::size_t N) {
      Value.assign(static_cast<const unsigned char *>(P),
                   static_cast<const unsigned char *>(P) + N);
    };
    if (Arg.contains("buffer")) {
      std::string Name = Arg.at("buffer");
      std::size_t Bytes = Arg.at("bytes");
      std::vector<unsigned char> Host;
      DevicePtr P = 0;
      if (!fill(Arg.value("fill", std::string("zero")), Bytes, Host, SpecDir,
                Error) ||
          !G.alloc(std::max<std::size_t>(Bytes, 4), P, Error) ||
          !G.copyIn(P, Host.data(), Bytes, Error))
        return false;
      A.Buffers[Name] = P;
      Put(&P, sizeof P);
    } else if (Arg.contains("buffer_ref")) {
      auto Found = A.Buffers.find(Arg.at("buffer_ref").get<std::string>());
      if (Found == A.Buffers.end()) {
        Error = "args[" + std::to_string(I) +
                "]: buffer_ref names no earlier "
                "buffer";
        return false;
      }
      Put(&Found->second, sizeof(DevicePtr));
    } else if (Arg.contains("i32")) {
      int V = Arg.at("i32");
      Put(&V, 4);
    } else if (Arg.contains("u64")) {
      unsigned long long V = Arg.at("u64");
      Put(&V, 8);
    } else if (Arg.contains("f32")) {
      float V = Arg.at("f32");
      Put(&V, 4);
    } else if (Arg.contains("f64")) {
      double V = Arg.at("f64");
      Put(&V, 8);
    } else {
      Error = "args[" + std::to_string(I) +
              "]: expected one of buffer, buffer_ref, i32, u64, f32, f64";
      return false;
    }
    A.Values.push_back(std::move(Value));
  }
  for (auto &V : A.Values)
    A.Pointers.push_back(V.data());
  return true;
}

/// The module's __constant__ and __device__ variables a spec entry fills
/// ("globals": [{"symbol", "bytes", "fill"}]), as Kernel Tuner's cmem_args
/// fill them before a launch. At most the variable's size is written.
bool fillGlobals(Cuda &G, Handle Library, const nlohmann::json &Spec,
                 const std::string &SpecDir, std::string &Error) {
  if (!Spec.contains("globals"))
    return true;
  for (const nlohmann::json &V : Spec.at("globals")) {
    std::string Symbol = V.at("symbol");
    std::size_t Bytes = V.at("bytes"), Size = 0;
    DevicePtr P = 0;
    std::vector<unsigned char> Host;
    if (!G.global(Library, Symbol, P, Size, Error) ||
        !fill(V.value("fill", std::string("zero")), Bytes, Host, SpecDir,
              Error))
      return false;
    if (Bytes > Size) {
      Error = "global " + Symbol + " has " + std::to_string(Size) +
              " bytes, the spec fills " + std::to_string(Bytes);
      return false;
    }
    if (!G.copyIn(P, Host.data(), Bytes, Error))
      return false;
  }
  return true;
}

Dim3 dim3Of(const nlohmann::json &J) {
  Dim3 D;
  D.X = J.at(0);
  D.Y = J.size() > 1 ? J.at(1).get<unsigned>() : 1;
  D.Z = J.size() > 2 ? J.at(2).get<unsigned>() : 1;
  return D;
}
} // namespace

int measureSpecKernels(Stage &S, const std::string &SpecPath,
                       const std::string &SpecDir, const std::string &Only) {
  Cuda &G = S.Gpu;
  Csv Out(S.OutDir + "/kernels.csv",
          std::string("t_s,id,kernel,grid,block,shared_bytes,") +
              WindowColumns + ",energy_j_per_launch,error");
  nlohmann::json Spec;
  try {
    std::ifstream In(SpecPath);
    if (!In) {
      S.Log << SpecPath << ": cannot open\n";
      return 2;
    }
    Spec = nlohmann::json::parse(In);
  } catch (const std::exception &E) {
    S.Log << SpecPath << ": " << E.what() << "\n";
    return 2;
  }
  int Status = 0;
  bool Matched = false;
  for (const nlohmann::json &Entry : Spec.at("kernels")) {
    std::string Id = Entry.at("id");
    if (!Only.empty() && Id != Only)
      continue;
    Matched = true;
    std::string Error, KernelName = Entry.at("kernel");
    Dim3 Grid = dim3Of(Entry.at("grid")), Block = dim3Of(Entry.at("block"));
    unsigned Shared = Entry.value("shared_bytes", 0u);
    Window W;
    Arguments Args;
    Partition Full;
    Handle Library = nullptr;
    Kernel K;
    std::ifstream Image(SpecDir + "/" + Entry.at("module").get<std::string>());
    std::stringstream Text;
    Text << Image.rdbuf();
    bool Ok = Image.good() || !Text.str().empty();
    if (!Ok)
      Error = "cannot read module " + Entry.at("module").get<std::string>();
    try {
      Ok = Ok && G.loadLibrary(Text.str(), Library, Error) &&
           G.kernel(Library, KernelName, K, Error) &&
           fillGlobals(G, Library, Entry, SpecDir, Error) &&
           buildArguments(G, Entry, SpecDir, Args, Error) &&
           G.openFullDevice(Full, Error) &&
           measureWindow(
               G, S.Board, Full,
               [&](std::string &Err) {
                 return G.launch(Full, K, Grid, Block, Shared,
                                 Args.Pointers.data(), Err);
               },
               S.WindowS, 3, 1000000, W, Error);
    } catch (const std::exception &E) {
      Ok = false;
      Error = std::string("spec entry ") + Id + ": " + E.what();
    }
    std::string Row = num(nowS() - S.StartS) + "," + Id + "," + KernelName +
                      "," + dims(Grid) + "," + dims(Block) + "," +
                      std::to_string(Shared) + ",";
    Row += Ok ? windowColumns(W) : emptyWindowColumns();
    Row += ",";
    if (Ok && W.EnergyJ && W.Launches)
      Row += num(*W.EnergyJ * (W.EventS / W.WallS) / W.Launches);
    Out << Row + "," + csvText(Error);
    S.Log << "kernel " << Id << ": "
          << (Ok ? num(W.medianS() * 1e6) + " us" : Error) << "\n";
    if (!Ok)
      Status = 1;
    if (Full.Stream)
      G.closePartition(Full);
    for (auto &[Name, P] : Args.Buffers)
      G.free(P);
  }
  if (!Matched) {
    S.Log << SpecPath << ": no kernel with id '" << Only << "'\n";
    return 2;
  }
  return Status;
}

} // namespace gpa::session
