//===- SessionWindow.cpp - One timed, metered window of launches ----------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "SessionWindow.h"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace gpa::session {

double nowS() {
  return std::chrono::duration<double>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

double Window::medianS() const {
  if (PerLaunchS.empty())
    return 0;
  std::vector<double> V = PerLaunchS;
  std::nth_element(V.begin(), V.begin() + V.size() / 2, V.end());
  return V[V.size() / 2];
}

double Window::minS() const {
  return PerLaunchS.empty()
             ? 0
             : *std::min_element(PerLaunchS.begin(), PerLaunchS.end());
}

std::optional<double> Window::powerW() const {
  if (EnergyJ && WallS > 0)
    return *EnergyJ / WallS;
  if (Samples.Count)
    return Samples.PowerWMean;
  return std::nullopt;
}

bool measureWindow(Cuda &Gpu, Nvml *Board, const Partition &P,
                   const LaunchOnce &Launch, double MinS, unsigned MinLaunches,
                   unsigned MaxLaunches, Window &Out, std::string &Error) {
  // Two probes: the first launch warms up (lazy module loading, clocks),
  // then a batch of ten times a launch. Sized by the first launch alone, a
  // 5 us kernel got 35 ms windows (its first launch took 150 us) and the
  // board's energy counter did not move (H100 session, 2026-11-27).
  std::vector<Handle> Probe;
  double WarmS = 0, BatchS = 0;
  const unsigned Batch = 10;
  bool Ok = Gpu.makeEvents(P, 3, Probe, Error) &&
            Gpu.record(P, Probe[0], Error) && Launch(Error) &&
            Gpu.record(P, Probe[1], Error);
  for (unsigned I = 0; Ok && I < Batch; ++I)
    Ok = Launch(Error);
  Ok = Ok && Gpu.record(P, Probe[2], Error) && Gpu.synchronize(P, Error) &&
       Gpu.elapsedS(Probe[0], Probe[1], WarmS, Error) &&
       Gpu.elapsedS(Probe[1], Probe[2], BatchS, Error);
  Gpu.destroyEvents(Probe);
  if (!Ok)
    return false;
  double FirstS = BatchS > 0 ? BatchS / Batch : WarmS;
  double Want = FirstS > 0 ? std::ceil(MinS / FirstS) : MaxLaunches;
  unsigned Launches =
      static_cast<unsigned>(std::clamp(Want, static_cast<double>(MinLaunches),
                                       static_cast<double>(MaxLaunches)));
  // At most 256 timed groups: an event per launch would itself cost time
  // on microsecond kernels.
  unsigned Group = std::max(1u, Launches / 256);
  Launches = (Launches + Group - 1) / Group * Group;
  std::vector<Handle> Events;
  if (!Gpu.makeEvents(P, Launches / Group + 1, Events, Error))
    return false;
  std::optional<double> E0 = Board ? Board->energyJ() : std::nullopt;
  if (Board)
    Board->startSampling(20);
  double T0 = nowS();
  Ok = Gpu.record(P, Events[0], Error);
  for (unsigned I = 0; Ok && I < Launches; ++I) {
    Ok = Launch(Error);
    if (Ok && (I + 1) % Group == 0)
      Ok = Gpu.record(P, Events[(I + 1) / Group], Error);
  }
  Ok = Ok && Gpu.synchronize(P, Error);
  double T1 = nowS();
  if (Board) {
    Out.Samples = Board->stopSampling();
    std::optional<double> E1 = Board->energyJ();
    if (E0 && E1)
      Out.EnergyJ = *E1 - *E0;
    Out.After = Board->state();
  }
  Out.Launches = Launches;
  Out.WallS = T1 - T0;
  Out.PerLaunchS.clear();
  for (std::size_t G = 0; Ok && G + 1 < Events.size(); ++G) {
    double S = 0;
    Ok = Gpu.elapsedS(Events[G], Events[G + 1], S, Error);
    Out.PerLaunchS.push_back(S / Group);
  }
  if (Ok)
    Ok = Gpu.elapsedS(Events.front(), Events.back(), Out.EventS, Error);
  Gpu.destroyEvents(Events);
  return Ok;
}

} // namespace gpa::session
