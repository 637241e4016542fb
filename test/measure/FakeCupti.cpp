//===- FakeCupti.cpp - A stand-in libcupti.so.13 for gpa-measure's tests --===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The Range Profiler and Profiler Host entry points gpa-measure looks up,
// with the parameter structs of CUPTI 13's headers, as a state machine that
// refuses calls out of order: profiler initialised, chip named, counter
// availability read (size, then image), host object, metrics added, config
// image, then per range Enable, counter data image, SetConfig (user range,
// user replay), two passes of Start/Push/Pop/Stop, Decode, Evaluate, Disable.
// Its "GA100" evaluates every range to the same values (test/cli/
// measure-cupti-fake.test works Eq. 7-8 out from them);
// GPA_FAKE_CUPTI_REFUSE=METRIC refuses that metric as unknown.
//
//===----------------------------------------------------------------------===//
#include <cupti_profiler_host.h>
#include <cupti_profiler_target.h>
#include <cupti_range_profiler.h>
#include <cupti_result.h>
#include <cupti_target.h>

#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

namespace {
constexpr std::size_t Passes = 2;
const std::map<std::string, double> GpuValues = {
    {"smsp__sass_thread_inst_executed_op_ffma_pred_on.sum", 3.2e7},
    {"smsp__inst_executed_pipe_xu.sum", 1e5},
    {"sm__cycles_active.sum", 1e6},
    {"l1tex__data_pipe_lsu_wavefronts_mem_shared.sum", 1.5228e7},
    {"gpu__time_duration.sum", 1e6}};
const char *const Known[] = {
    "smsp__sass_thread_inst_executed_op_fadd_pred_on.sum",
    "smsp__sass_thread_inst_executed_op_fmul_pred_on.sum",
    "smsp__sass_thread_inst_executed_op_ffma_pred_on.sum",
    "smsp__sass_thread_inst_executed_op_integer_pred_on.sum",
    "smsp__sass_thread_inst_executed_op_dadd_pred_on.sum",
    "smsp__sass_thread_inst_executed_op_dmul_pred_on.sum",
    "smsp__sass_thread_inst_executed_op_dfma_pred_on.sum",
    "smsp__inst_executed_pipe_xu.sum",
    "smsp__sass_thread_inst_executed_op_control_pred_on.sum",
    "sm__cycles_active.sum",
    "lts__t_bytes.sum",
    "l1tex__data_pipe_lsu_wavefronts_mem_shared.sum",
    "dram__bytes.sum",
    "gpu__time_duration.sum"};

struct State {
  bool Initialized = false, ChipNamed = false, HaveAvailability = false;
  bool HostReady = false, Enabled = false, Configured = false;
  bool Started = false, Pushed = false, Decoded = false;
  std::size_t PassesDone = 0, Ranges = 0;
  std::vector<std::string> Metrics;
} S;
int Token; // addresses of this stand for handles

bool known(const char *Name) {
  for (const char *K : Known)
    if (std::strcmp(K, Name) == 0)
      return true;
  return false;
}
} // namespace

extern "C" {
CUptiResult cuptiGetResultString(CUptiResult R, const char **Text) {
  *Text = R == CUPTI_ERROR_INVALID_METRIC_NAME
              ? "CUPTI_ERROR_INVALID_METRIC_NAME"
          : R == CUPTI_ERROR_INVALID_OPERATION ? "CUPTI_ERROR_INVALID_OPERATION"
                                               : "CUPTI_ERROR (fake)";
  return CUPTI_SUCCESS;
}
CUptiResult cuptiProfilerInitialize(CUpti_Profiler_Initialize_Params *) {
  S.Initialized = true;
  return CUPTI_SUCCESS;
}
CUptiResult cuptiProfilerDeInitialize(CUpti_Profiler_DeInitialize_Params *) {
  S.Initialized = false;
  return CUPTI_SUCCESS;
}
CUptiResult cuptiDeviceGetChipName(CUpti_Device_GetChipName_Params *P) {
  if (!S.Initialized)
    return CUPTI_ERROR_NOT_INITIALIZED;
  if (P->deviceIndex != 0)
    return CUPTI_ERROR_INVALID_DEVICE;
  P->pChipName = "GA100";
  S.ChipNamed = true;
  return CUPTI_SUCCESS;
}
CUptiResult cuptiProfilerGetCounterAvailability(
    CUpti_Profiler_GetCounterAvailability_Params *P) {
  if (!S.Initialized || !P->ctx)
    return CUPTI_ERROR_INVALID_OPERATION;
  if (!P->pCounterAvailabilityImage) {
    P->counterAvailabilityImageSize = 16;
    return CUPTI_SUCCESS;
  }
  if (P->counterAvailabilityImageSize != 16)
    return CUPTI_ERROR_INVALID_PARAMETER;
  std::memset(P->pCounterAvailabilityImage, 1, 16);
  S.HaveAvailability = true;
  return CUPTI_SUCCESS;
}
CUptiResult
cuptiProfilerHostInitialize(CUpti_Profiler_Host_Initialize_Params *P) {
  if (!S.ChipNamed || !S.HaveAvailability ||
      P->profilerType != CUPTI_PROFILER_TYPE_RANGE_PROFILER ||
      std::strcmp(P->pChipName, "GA100") != 0 || !P->pCounterAvailabilityImage)
    return CUPTI_ERROR_INVALID_OPERATION;
  P->pHostObject = reinterpret_cast<CUpti_Profiler_Host_Object *>(&Token);
  S.HostReady = true;
  return CUPTI_SUCCESS;
}
CUptiResult
cuptiProfilerHostDeinitialize(CUpti_Profiler_Host_Deinitialize_Params *) {
  S.HostReady = false;
  return CUPTI_SUCCESS;
}
CUptiResult cuptiProfilerHostConfigAddMetrics(
    CUpti_Profiler_Host_ConfigAddMetrics_Params *P) {
  if (!S.HostReady)
    return CUPTI_ERROR_INVALID_OPERATION;
  const char *Refuse = std::getenv("GPA_FAKE_CUPTI_REFUSE");
  for (std::size_t I = 0; I < P->numMetrics; ++I) {
    if (!known(P->ppMetricNames[I]) ||
        (Refuse && std::strcmp(Refuse, P->ppMetricNames[I]) == 0))
      return CUPTI_ERROR_INVALID_METRIC_NAME;
    S.Metrics.push_back(P->ppMetricNames[I]);
  }
  return CUPTI_SUCCESS;
}
CUptiResult cuptiProfilerHostGetConfigImageSize(
    CUpti_Profiler_Host_GetConfigImageSize_Params *P) {
  if (S.Metrics.empty())
    return CUPTI_ERROR_INVALID_OPERATION;
  P->configImageSize = 64;
  return CUPTI_SUCCESS;
}
CUptiResult
cuptiProfilerHostGetConfigImage(CUpti_Profiler_Host_GetConfigImage_Params *P) {
  if (P->configImageSize != 64 || !P->pConfigImage)
    return CUPTI_ERROR_INVALID_PARAMETER;
  std::memset(P->pConfigImage, 2, 64);
  return CUPTI_SUCCESS;
}
CUptiResult
cuptiProfilerHostGetNumOfPasses(CUpti_Profiler_Host_GetNumOfPasses_Params *P) {
  P->numOfPasses = Passes;
  return CUPTI_SUCCESS;
}
CUptiResult cuptiRangeProfilerEnable(CUpti_RangeProfiler_Enable_Params *P) {
  if (!S.HostReady || !P->ctx || S.Enabled)
    return CUPTI_ERROR_INVALID_OPERATION;
  P->pRangeProfilerObject =
      reinterpret_cast<CUpti_RangeProfiler_Object *>(&Token);
  S.Enabled = true;
  S.Configured = S.Decoded = false;
  S.PassesDone = S.Ranges = 0;
  return CUPTI_SUCCESS;
}
CUptiResult cuptiRangeProfilerDisable(CUpti_RangeProfiler_Disable_Params *) {
  if (!S.Enabled)
    return CUPTI_ERROR_INVALID_OPERATION;
  S.Enabled = false;
  return CUPTI_SUCCESS;
}
CUptiResult cuptiRangeProfilerGetCounterDataSize(
    CUpti_RangeProfiler_GetCounterDataSize_Params *P) {
  if (!S.Enabled || P->numMetrics != S.Metrics.size() ||
      P->maxNumOfRanges < 1 || P->maxNumRangeTreeNodes < P->maxNumOfRanges)
    return CUPTI_ERROR_INVALID_PARAMETER;
  P->counterDataSize = 128;
  return CUPTI_SUCCESS;
}
CUptiResult cuptiRangeProfilerCounterDataImageInitialize(
    CUpti_RangeProfiler_CounterDataImage_Initialize_Params *P) {
  if (!S.Enabled || P->counterDataSize != 128)
    return CUPTI_ERROR_INVALID_PARAMETER;
  return CUPTI_SUCCESS;
}
CUptiResult
cuptiRangeProfilerSetConfig(CUpti_RangeProfiler_SetConfig_Params *P) {
  if (!S.Enabled || P->configSize != 64 || P->counterDataImageSize != 128 ||
      P->range != CUPTI_UserRange || P->replayMode != CUPTI_UserReplay ||
      P->numNestingLevels != 1 || P->minNestingLevel != 1)
    return CUPTI_ERROR_INVALID_PARAMETER;
  S.Configured = true;
  return CUPTI_SUCCESS;
}
CUptiResult cuptiRangeProfilerStart(CUpti_RangeProfiler_Start_Params *) {
  if (!S.Configured || S.Started)
    return CUPTI_ERROR_INVALID_OPERATION;
  S.Started = true;
  return CUPTI_SUCCESS;
}
CUptiResult
cuptiRangeProfilerPushRange(CUpti_RangeProfiler_PushRange_Params *P) {
  if (!S.Started || S.Pushed || !P->pRangeName || !*P->pRangeName)
    return CUPTI_ERROR_INVALID_OPERATION;
  S.Pushed = true;
  return CUPTI_SUCCESS;
}
CUptiResult cuptiRangeProfilerPopRange(CUpti_RangeProfiler_PopRange_Params *) {
  if (!S.Pushed)
    return CUPTI_ERROR_INVALID_OPERATION;
  S.Pushed = false;
  S.Ranges = 1;
  return CUPTI_SUCCESS;
}
CUptiResult cuptiRangeProfilerStop(CUpti_RangeProfiler_Stop_Params *P) {
  if (!S.Started || S.Pushed)
    return CUPTI_ERROR_INVALID_OPERATION;
  S.Started = false;
  P->passIndex = ++S.PassesDone;
  P->isAllPassSubmitted = S.PassesDone >= Passes;
  return CUPTI_SUCCESS;
}
CUptiResult
cuptiRangeProfilerDecodeData(CUpti_RangeProfiler_DecodeData_Params *P) {
  if (S.PassesDone < Passes)
    return CUPTI_ERROR_INVALID_OPERATION;
  S.Decoded = true;
  P->numOfRangeDropped = 0;
  return CUPTI_SUCCESS;
}
CUptiResult cuptiRangeProfilerGetCounterDataInfo(
    CUpti_RangeProfiler_GetCounterDataInfo_Params *P) {
  if (!S.Decoded)
    return CUPTI_ERROR_INVALID_OPERATION;
  P->numTotalRanges = S.Ranges;
  return CUPTI_SUCCESS;
}
CUptiResult cuptiProfilerHostEvaluateToGpuValues(
    CUpti_Profiler_Host_EvaluateToGpuValues_Params *P) {
  if (!S.Decoded || !S.Enabled || P->rangeIndex >= S.Ranges ||
      P->counterDataImageSize != 128)
    return CUPTI_ERROR_INVALID_OPERATION;
  for (std::size_t I = 0; I < P->numMetrics; ++I) {
    auto It = GpuValues.find(P->ppMetricNames[I]);
    P->pMetricValues[I] = It == GpuValues.end() ? 0.0 : It->second;
  }
  return CUPTI_SUCCESS;
}
}
