//===- ModelBenchmark.cpp - Model evaluation speed ------------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Not a test: bench/run.sh prints the rates and their ratio to the target
// (>= 2 million single-configuration evaluations per second on one core).
//
//===----------------------------------------------------------------------===//
#include "gpa/Analysis.h"
#include "gpa/GpuModelLoader.h"

#include <benchmark/benchmark.h>

#include <cstdlib>
#include <iostream>

using namespace gpa;

static GpuModel loadModel(const char *Name) {
  GpuModel G;
  std::string Error;
  if (!loadBundledModel(Name, G, Error)) {
    std::cerr << Error << "\n";
    std::exit(2);
  }
  return G;
}

static KernelProfile streamProfile() {
  KernelProfile P;
  P.Name = "stream";
  P.Launch = {256, 4320, 32, 0};
  P.count(Unit::Int) = 4;
  P.count(Unit::Fp) = 2;
  P.count(Unit::Alu) = 3;
  P.count(Unit::GlobalMem) = 3;
  P.count(Unit::Other) = 2;
  return P;
}

// One configuration: timing + power + efficiency at one active-SM count.
static void BM_EvaluateOneConfiguration(benchmark::State &State) {
  GpuModel Gpu = loadModel("a100");
  KernelProfile P = streamProfile();
  Occupancy Occ = computeOccupancy(P.Launch, Gpu);
  // Per profile and GPU, as the analysis makes them once for its sweep.
  SweepConstants K = sweepConstants(P, Gpu);
  unsigned Sms = 1;
  Evaluation E;
  std::string Error;
  for (auto _ : State) {
    bool Ok = evaluateAt(P, Gpu, K, Occ, Sms, "", E, Error);
    benchmark::DoNotOptimize(Ok);
    benchmark::DoNotOptimize(E);
    Sms = Sms % Gpu.NumSms + 1;
  }
  State.SetItemsProcessed(State.iterations());
}
BENCHMARK(BM_EvaluateOneConfiguration);

// The whole analysis with a 1..Num_SMs sweep (132 points on the H100).
static void BM_FullAnalysisWithSweep(benchmark::State &State) {
  GpuModel Gpu = loadModel("h100");
  KernelProfile P = streamProfile();
  KernelAnalysis A;
  std::string Error;
  for (auto _ : State) {
    bool Ok = analyzeKernel(P, Gpu, {}, A, Error);
    benchmark::DoNotOptimize(Ok);
  }
  State.SetItemsProcessed(State.iterations());
}
BENCHMARK(BM_FullAnalysisWithSweep);

BENCHMARK_MAIN();
