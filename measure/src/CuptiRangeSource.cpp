//===- CuptiRangeSource.cpp - CUPTI's range profiler through dlopen -------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// RangeMetricSource over libcupti's Range Profiler and Profiler Host APIs
// (CUPTI 12.6 and later; cupti_range_profiler.h, cupti_profiler_host.h).
// The library is opened with dlopen, so gpa-measure runs without it; the
// headers only give the parameter structs, and without them (no CUDA toolkit
// at build time) this backend is compiled out. The sequence, from the
// headers' documentation:
//   open:    cuptiProfilerInitialize; cuptiDeviceGetChipName;
//            cuptiProfilerGetCounterAvailability (size, then image);
//            cuptiProfilerHostInitialize (range profiler, chip, image);
//            cuptiProfilerHostConfigAddMetrics (one metric at a time, so a
//            refusal names it); GetConfigImageSize/GetConfigImage;
//            GetNumOfPasses.
//   collect: cuptiRangeProfilerEnable (context); GetCounterDataSize and
//            CounterDataImageInitialize for one range; SetConfig (user
//            range, user replay); per pass Start, PushRange(kernel), the
//            repetition, PopRange, Stop until isAllPassSubmitted;
//            DecodeData; GetCounterDataInfo; EvaluateToGpuValues on range
//            0; cuptiRangeProfilerDisable.
//   close:   cuptiProfilerHostDeinitialize; cuptiProfilerDeInitialize.
// The profiler is enabled only inside collect(), never while power is
// measured. Counters are only read: no clock or power setting is touched.
//
//===----------------------------------------------------------------------===//
#include "gpa/CuptiMetrics.h"

#include "DynamicSymbol.h"

#include <cstdlib>
#include <dlfcn.h>

#if GPA_HAVE_CUPTI
#include <cupti_profiler_host.h>
#include <cupti_profiler_target.h>
#include <cupti_range_profiler.h>
#include <cupti_result.h>
#include <cupti_target.h>
#endif

namespace gpa {

#if GPA_HAVE_CUPTI
namespace {

// Replay passes a metric list may need before collect() gives up.
constexpr unsigned MaxPasses = 64;

template <typename Params> using CuptiFn = CUptiResult (*)(Params *);

struct CuptiApi {
  CUptiResult (*GetResultString)(CUptiResult, const char **) = nullptr;
  CuptiFn<CUpti_Profiler_Initialize_Params> ProfilerInitialize = nullptr;
  CuptiFn<CUpti_Profiler_DeInitialize_Params> ProfilerDeInitialize = nullptr;
  CuptiFn<CUpti_Device_GetChipName_Params> DeviceGetChipName = nullptr;
  CuptiFn<CUpti_Profiler_GetCounterAvailability_Params> GetCounterAvailability =
      nullptr;
  CuptiFn<CUpti_Profiler_Host_Initialize_Params> HostInitialize = nullptr;
  CuptiFn<CUpti_Profiler_Host_Deinitialize_Params> HostDeinitialize = nullptr;
  CuptiFn<CUpti_Profiler_Host_ConfigAddMetrics_Params> HostConfigAddMetrics =
      nullptr;
  CuptiFn<CUpti_Profiler_Host_GetConfigImageSize_Params>
      HostGetConfigImageSize = nullptr;
  CuptiFn<CUpti_Profiler_Host_GetConfigImage_Params> HostGetConfigImage =
      nullptr;
  CuptiFn<CUpti_Profiler_Host_GetNumOfPasses_Params> HostGetNumOfPasses =
      nullptr;
  CuptiFn<CUpti_Profiler_Host_EvaluateToGpuValues_Params>
      HostEvaluateToGpuValues = nullptr;
  CuptiFn<CUpti_RangeProfiler_Enable_Params> RangeEnable = nullptr;
  CuptiFn<CUpti_RangeProfiler_Disable_Params> RangeDisable = nullptr;
  CuptiFn<CUpti_RangeProfiler_GetCounterDataSize_Params> RangeGetDataSize =
      nullptr;
  CuptiFn<CUpti_RangeProfiler_CounterDataImage_Initialize_Params>
      RangeInitializeData = nullptr;
  CuptiFn<CUpti_RangeProfiler_SetConfig_Params> RangeSetConfig = nullptr;
  CuptiFn<CUpti_RangeProfiler_Start_Params> RangeStart = nullptr;
  CuptiFn<CUpti_RangeProfiler_Stop_Params> RangeStop = nullptr;
  CuptiFn<CUpti_RangeProfiler_PushRange_Params> RangePush = nullptr;
  CuptiFn<CUpti_RangeProfiler_PopRange_Params> RangePop = nullptr;
  CuptiFn<CUpti_RangeProfiler_DecodeData_Params> RangeDecode = nullptr;
  CuptiFn<CUpti_RangeProfiler_GetCounterDataInfo_Params> RangeGetDataInfo =
      nullptr;
};

/// A zeroed parameter struct with its structSize set, as CUPTI requires.
template <typename Params> Params params(std::size_t StructSize) {
  Params P{};
  P.structSize = StructSize;
  return P;
}

class CuptiRangeSource : public RangeMetricSource {
public:
  ~CuptiRangeSource() override {
    if (Host) {
      auto P = params<CUpti_Profiler_Host_Deinitialize_Params>(
          CUpti_Profiler_Host_Deinitialize_Params_STRUCT_SIZE);
      P.pHostObject = Host;
      Api.HostDeinitialize(&P);
    }
    if (Initialized) {
      auto P = params<CUpti_Profiler_DeInitialize_Params>(
          CUpti_Profiler_DeInitialize_Params_STRUCT_SIZE);
      Api.ProfilerDeInitialize(&P);
    }
    // libcupti and the driver stay loaded until the process exits: CUPTI
    // keeps threads and exit handlers of its own, and gpa-measure crashed
    // (SIGSEGV) at exit after unloading it, every row already written (H100,
    // driver 580, CUDA 13.0; bench/data/gpu-session/h100-2026-11-27).
  }

  bool open(unsigned Device, const std::vector<std::string> &MetricNames,
            std::string &Error) {
    const char *Path = std::getenv("GPA_CUPTI_LIBRARY");
    if (Path && *Path) {
      Lib = dlopen(Path, RTLD_NOW | RTLD_LOCAL);
    } else {
      for (const char *Name :
           {"libcupti.so.13", "libcupti.so.12", "libcupti.so"})
        if ((Lib = dlopen(Name, RTLD_NOW | RTLD_LOCAL)))
          break;
    }
    if (!Lib) {
      Error =
          Path && *Path
              ? std::string("libcupti: cannot load $GPA_CUPTI_LIBRARY ") + Path
              : "libcupti.so not found (it ships with the CUDA toolkit, "
                "lib64 or extras/CUPTI/lib64; add it to LD_LIBRARY_PATH "
                "or set GPA_CUPTI_LIBRARY)";
      return false;
    }
    if (!bind(Lib, "cuptiGetResultString", Api.GetResultString) ||
        !bind(Lib, "cuptiProfilerInitialize", Api.ProfilerInitialize) ||
        !bind(Lib, "cuptiProfilerDeInitialize", Api.ProfilerDeInitialize) ||
        !bind(Lib, "cuptiDeviceGetChipName", Api.DeviceGetChipName) ||
        !bind(Lib, "cuptiProfilerGetCounterAvailability",
              Api.GetCounterAvailability) ||
        !bind(Lib, "cuptiProfilerHostInitialize", Api.HostInitialize) ||
        !bind(Lib, "cuptiProfilerHostDeinitialize", Api.HostDeinitialize) ||
        !bind(Lib, "cuptiProfilerHostConfigAddMetrics",
              Api.HostConfigAddMetrics) ||
        !bind(Lib, "cuptiProfilerHostGetConfigImageSize",
              Api.HostGetConfigImageSize) ||
        !bind(Lib, "cuptiProfilerHostGetConfigImage", Api.HostGetConfigImage) ||
        !bind(Lib, "cuptiProfilerHostGetNumOfPasses", Api.HostGetNumOfPasses) ||
        !bind(Lib, "cuptiProfilerHostEvaluateToGpuValues",
              Api.HostEvaluateToGpuValues) ||
        !bind(Lib, "cuptiRangeProfilerEnable", Api.RangeEnable) ||
        !bind(Lib, "cuptiRangeProfilerDisable", Api.RangeDisable) ||
        !bind(Lib, "cuptiRangeProfilerGetCounterDataSize",
              Api.RangeGetDataSize) ||
        !bind(Lib, "cuptiRangeProfilerCounterDataImageInitialize",
              Api.RangeInitializeData) ||
        !bind(Lib, "cuptiRangeProfilerSetConfig", Api.RangeSetConfig) ||
        !bind(Lib, "cuptiRangeProfilerStart", Api.RangeStart) ||
        !bind(Lib, "cuptiRangeProfilerStop", Api.RangeStop) ||
        !bind(Lib, "cuptiRangeProfilerPushRange", Api.RangePush) ||
        !bind(Lib, "cuptiRangeProfilerPopRange", Api.RangePop) ||
        !bind(Lib, "cuptiRangeProfilerDecodeData", Api.RangeDecode) ||
        !bind(Lib, "cuptiRangeProfilerGetCounterDataInfo",
              Api.RangeGetDataInfo)) {
      Error = std::string("libcupti has no range profiler (") + dlerror() +
              "): CUPTI from CUDA 12.6 or later is needed";
      return false;
    }
    // The context the launcher made current on this thread.
    Driver = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD);
    int (*CtxGetCurrent)(CUcontext *) = nullptr;
    if (!Driver || !bind(Driver, "cuCtxGetCurrent", CtxGetCurrent) ||
        CtxGetCurrent(&Context) != 0 || !Context) {
      Error = "libcupti: no current CUDA context to profile";
      return false;
    }

    Metrics = MetricNames;
    for (const std::string &M : Metrics)
      MetricPointers.push_back(M.c_str());
    auto Init = params<CUpti_Profiler_Initialize_Params>(
        CUpti_Profiler_Initialize_Params_STRUCT_SIZE);
    if (!check(Api.ProfilerInitialize(&Init), "cuptiProfilerInitialize", Error))
      return false;
    Initialized = true;
    auto Chip = params<CUpti_Device_GetChipName_Params>(
        CUpti_Device_GetChipName_Params_STRUCT_SIZE);
    Chip.deviceIndex = Device;
    if (!check(Api.DeviceGetChipName(&Chip), "cuptiDeviceGetChipName", Error))
      return false;
    ChipName = Chip.pChipName ? Chip.pChipName : "";
    auto Avail = params<CUpti_Profiler_GetCounterAvailability_Params>(
        CUpti_Profiler_GetCounterAvailability_Params_STRUCT_SIZE);
    Avail.ctx = Context;
    if (!check(Api.GetCounterAvailability(&Avail),
               "cuptiProfilerGetCounterAvailability", Error))
      return false;
    Availability.resize(Avail.counterAvailabilityImageSize);
    Avail.pCounterAvailabilityImage = Availability.data();
    if (!check(Api.GetCounterAvailability(&Avail),
               "cuptiProfilerGetCounterAvailability", Error))
      return false;
    auto HostInit = params<CUpti_Profiler_Host_Initialize_Params>(
        CUpti_Profiler_Host_Initialize_Params_STRUCT_SIZE);
    HostInit.profilerType = CUPTI_PROFILER_TYPE_RANGE_PROFILER;
    HostInit.pChipName = ChipName.c_str();
    HostInit.pCounterAvailabilityImage = Availability.data();
    if (!check(Api.HostInitialize(&HostInit), "cuptiProfilerHostInitialize",
               Error))
      return false;
    Host = HostInit.pHostObject;
    for (const char *&Name : MetricPointers) {
      auto Add = params<CUpti_Profiler_Host_ConfigAddMetrics_Params>(
          CUpti_Profiler_Host_ConfigAddMetrics_Params_STRUCT_SIZE);
      Add.pHostObject = Host;
      Add.ppMetricNames = &Name;
      Add.numMetrics = 1;
      if (!check(Api.HostConfigAddMetrics(&Add),
                 std::string("cuptiProfilerHostConfigAddMetrics(") + Name +
                     ") on " + ChipName,
                 Error))
        return false;
    }
    auto Size = params<CUpti_Profiler_Host_GetConfigImageSize_Params>(
        CUpti_Profiler_Host_GetConfigImageSize_Params_STRUCT_SIZE);
    Size.pHostObject = Host;
    if (!check(Api.HostGetConfigImageSize(&Size),
               "cuptiProfilerHostGetConfigImageSize", Error))
      return false;
    ConfigImage.resize(Size.configImageSize);
    auto Image = params<CUpti_Profiler_Host_GetConfigImage_Params>(
        CUpti_Profiler_Host_GetConfigImage_Params_STRUCT_SIZE);
    Image.pHostObject = Host;
    Image.configImageSize = ConfigImage.size();
    Image.pConfigImage = ConfigImage.data();
    if (!check(Api.HostGetConfigImage(&Image),
               "cuptiProfilerHostGetConfigImage", Error))
      return false;
    auto Passes = params<CUpti_Profiler_Host_GetNumOfPasses_Params>(
        CUpti_Profiler_Host_GetNumOfPasses_Params_STRUCT_SIZE);
    Passes.configImageSize = ConfigImage.size();
    Passes.pConfigImage = ConfigImage.data();
    if (!check(Api.HostGetNumOfPasses(&Passes),
               "cuptiProfilerHostGetNumOfPasses", Error))
      return false;
    if (Passes.numOfPasses > MaxPasses) {
      Error = "libcupti: the metrics need " +
              std::to_string(Passes.numOfPasses) + " passes on " + ChipName +
              ", more than " + std::to_string(MaxPasses);
      return false;
    }
    return true;
  }

  bool collect(const std::string &Range,
               const std::function<bool(std::string &)> &RunOnce,
               std::vector<double> &Values, std::string &Error) override {
    auto Enable = params<CUpti_RangeProfiler_Enable_Params>(
        CUpti_RangeProfiler_Enable_Params_STRUCT_SIZE);
    Enable.ctx = Context;
    if (!check(Api.RangeEnable(&Enable), "cuptiRangeProfilerEnable", Error))
      return false;
    CUpti_RangeProfiler_Object *Object = Enable.pRangeProfilerObject;
    bool Ok = collectEnabled(Object, Range, RunOnce, Values, Error);
    auto Disable = params<CUpti_RangeProfiler_Disable_Params>(
        CUpti_RangeProfiler_Disable_Params_STRUCT_SIZE);
    Disable.pRangeProfilerObject = Object;
    std::string DisableError;
    if (!check(Api.RangeDisable(&Disable), "cuptiRangeProfilerDisable",
               DisableError) &&
        Ok) {
      Error = DisableError;
      return false;
    }
    return Ok;
  }

private:
  bool collectEnabled(CUpti_RangeProfiler_Object *Object,
                      const std::string &Range,
                      const std::function<bool(std::string &)> &RunOnce,
                      std::vector<double> &Values, std::string &Error) {
    auto Size = params<CUpti_RangeProfiler_GetCounterDataSize_Params>(
        CUpti_RangeProfiler_GetCounterDataSize_Params_STRUCT_SIZE);
    Size.pRangeProfilerObject = Object;
    Size.pMetricNames = MetricPointers.data();
    Size.numMetrics = MetricPointers.size();
    Size.maxNumOfRanges = 1;
    Size.maxNumRangeTreeNodes = 1;
    if (!check(Api.RangeGetDataSize(&Size),
               "cuptiRangeProfilerGetCounterDataSize", Error))
      return false;
    std::vector<std::uint8_t> Data(Size.counterDataSize);
    auto Init = params<CUpti_RangeProfiler_CounterDataImage_Initialize_Params>(
        CUpti_RangeProfiler_CounterDataImage_Initialize_Params_STRUCT_SIZE);
    Init.pRangeProfilerObject = Object;
    Init.counterDataSize = Data.size();
    Init.pCounterData = Data.data();
    if (!check(Api.RangeInitializeData(&Init),
               "cuptiRangeProfilerCounterDataImageInitialize", Error))
      return false;
    auto Config = params<CUpti_RangeProfiler_SetConfig_Params>(
        CUpti_RangeProfiler_SetConfig_Params_STRUCT_SIZE);
    Config.pRangeProfilerObject = Object;
    Config.configSize = ConfigImage.size();
    Config.pConfig = ConfigImage.data();
    Config.counterDataImageSize = Data.size();
    Config.pCounterDataImage = Data.data();
    Config.range = CUPTI_UserRange;
    Config.replayMode = CUPTI_UserReplay;
    Config.maxRangesPerPass = 1;
    Config.numNestingLevels = 1;
    Config.minNestingLevel = 1;
    Config.passIndex = 0;
    Config.targetNestingLevel = 1;
    if (!check(Api.RangeSetConfig(&Config), "cuptiRangeProfilerSetConfig",
               Error))
      return false;
    bool AllSubmitted = false;
    for (unsigned Pass = 0; !AllSubmitted; ++Pass) {
      if (Pass == MaxPasses) {
        Error = "libcupti: passes not complete after " +
                std::to_string(MaxPasses) + " replays";
        return false;
      }
      auto Start = params<CUpti_RangeProfiler_Start_Params>(
          CUpti_RangeProfiler_Start_Params_STRUCT_SIZE);
      Start.pRangeProfilerObject = Object;
      auto Push = params<CUpti_RangeProfiler_PushRange_Params>(
          CUpti_RangeProfiler_PushRange_Params_STRUCT_SIZE);
      Push.pRangeProfilerObject = Object;
      Push.pRangeName = Range.c_str();
      if (!check(Api.RangeStart(&Start), "cuptiRangeProfilerStart", Error) ||
          !check(Api.RangePush(&Push), "cuptiRangeProfilerPushRange", Error))
        return false;
      bool Ran = RunOnce(Error);
      auto Pop = params<CUpti_RangeProfiler_PopRange_Params>(
          CUpti_RangeProfiler_PopRange_Params_STRUCT_SIZE);
      Pop.pRangeProfilerObject = Object;
      auto Stop = params<CUpti_RangeProfiler_Stop_Params>(
          CUpti_RangeProfiler_Stop_Params_STRUCT_SIZE);
      Stop.pRangeProfilerObject = Object;
      std::string StopError;
      bool Stopped =
          check(Api.RangePop(&Pop), "cuptiRangeProfilerPopRange", StopError) &&
          check(Api.RangeStop(&Stop), "cuptiRangeProfilerStop", StopError);
      if (!Ran)
        return false;
      if (!Stopped) {
        Error = StopError;
        return false;
      }
      AllSubmitted = Stop.isAllPassSubmitted != 0;
    }
    auto Decode = params<CUpti_RangeProfiler_DecodeData_Params>(
        CUpti_RangeProfiler_DecodeData_Params_STRUCT_SIZE);
    Decode.pRangeProfilerObject = Object;
    if (!check(Api.RangeDecode(&Decode), "cuptiRangeProfilerDecodeData", Error))
      return false;
    if (Decode.numOfRangeDropped) {
      Error = "libcupti dropped the range (counter data image too small)";
      return false;
    }
    auto Info = params<CUpti_RangeProfiler_GetCounterDataInfo_Params>(
        CUpti_RangeProfiler_GetCounterDataInfo_Params_STRUCT_SIZE);
    Info.pCounterDataImage = Data.data();
    Info.counterDataImageSize = Data.size();
    if (!check(Api.RangeGetDataInfo(&Info),
               "cuptiRangeProfilerGetCounterDataInfo", Error))
      return false;
    if (Info.numTotalRanges < 1) {
      Error = "libcupti recorded no range for " + Range;
      return false;
    }
    Values.assign(MetricPointers.size(), 0.0);
    auto Eval = params<CUpti_Profiler_Host_EvaluateToGpuValues_Params>(
        CUpti_Profiler_Host_EvaluateToGpuValues_Params_STRUCT_SIZE);
    Eval.pHostObject = Host;
    Eval.pCounterDataImage = Data.data();
    Eval.counterDataImageSize = Data.size();
    Eval.rangeIndex = 0;
    Eval.ppMetricNames = MetricPointers.data();
    Eval.numMetrics = MetricPointers.size();
    Eval.pMetricValues = Values.data();
    return check(Api.HostEvaluateToGpuValues(&Eval),
                 "cuptiProfilerHostEvaluateToGpuValues", Error);
  }

  bool check(CUptiResult R, const std::string &Call, std::string &Error) {
    if (R == CUPTI_SUCCESS)
      return true;
    const char *Text = nullptr;
    if (Api.GetResultString(R, &Text) != CUPTI_SUCCESS || !Text)
      Text = "unknown error";
    Error = "libcupti " + Call + ": " + Text + " (" +
            std::to_string(static_cast<int>(R)) + ")";
    if (R == CUPTI_ERROR_INSUFFICIENT_PRIVILEGES)
      Error += "; GPU counters are restricted to administrators "
               "(NVreg_RestrictProfilingToAdminUsers=0, or run as root)";
    return false;
  }

  void *Lib = nullptr, *Driver = nullptr;
  CuptiApi Api;
  CUcontext Context = nullptr;
  bool Initialized = false;
  CUpti_Profiler_Host_Object *Host = nullptr;
  std::string ChipName;
  std::vector<std::string> Metrics;
  std::vector<const char *> MetricPointers;
  std::vector<std::uint8_t> Availability, ConfigImage;
};

} // namespace

std::unique_ptr<RangeMetricSource>
openCuptiRangeSource(unsigned Device, const std::vector<std::string> &Metrics,
                     std::string &Error) {
  auto S = std::make_unique<CuptiRangeSource>();
  if (!S->open(Device, Metrics, Error))
    return nullptr;
  return S;
}

#else // !GPA_HAVE_CUPTI

std::unique_ptr<RangeMetricSource>
openCuptiRangeSource(unsigned, const std::vector<std::string> &,
                     std::string &Error) {
  Error = "libcupti: this gpa-measure was built without the CUPTI headers "
          "(cupti_range_profiler.h from CUDA 12.6 or later), so it cannot "
          "read counters; rebuild with the CUDA toolkit present";
  return nullptr;
}

#endif

} // namespace gpa
