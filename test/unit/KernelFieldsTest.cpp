// The per-kernel field list (models/include/gpa/KernelFields.def): the CSV
// columns gpa analyze has always written (docs/cli.md quotes the header),
// each value from its one source, in its one format. Values set by hand;
// the expected texts are printf's of those values.
#include "gpa/KernelFields.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

using namespace gpa;

TEST(KernelFields, CsvColumnsInOrder) {
  std::string Keys;
  for (const KernelFieldInfo &F : kernelFields())
    Keys += std::string(Keys.empty() ? "" : ",") + F.Key;
  EXPECT_EQ(Keys, "threads_per_block,blocks,active_sms,case,mwp,cwp,"
                  "exec_time_s,total_power_w,gips,gips_per_w,energy_j,"
                  "bandwidth_bound,optimal_active_sms,clock_core_mhz,"
                  "clock_mem_mhz,clock_energy_saving_pct");
  EXPECT_EQ(kernelFieldInfo(KernelField::ExecTimeS).Unit, std::string("s"));
}

TEST(KernelFields, ValuesAndFormats) {
  KernelAnalysis A;
  A.Profile.Launch.ThreadsPerBlock = 256;
  A.Profile.Launch.Blocks = 864;
  A.Requested.ActiveSms = 108;
  A.Requested.Time.Case = TimingCase::MemoryBound;
  A.Requested.Time.Mwp = 20.8333;
  A.Requested.Time.ExecTimeS = 3.27906e-5;
  A.Adv.BandwidthBound = true;
  A.Adv.RecommendedActiveSms = 36;
  EXPECT_EQ(kernelFieldText(KernelField::Blocks, A), "864");
  EXPECT_EQ(kernelFieldText(KernelField::Case, A), "2");
  EXPECT_EQ(kernelFieldText(KernelField::Mwp, A), "20.83");
  EXPECT_EQ(kernelFieldText(KernelField::ExecTimeS, A), "3.279e-05");
  EXPECT_EQ(kernelFieldText(KernelField::BandwidthBound, A), "true");
  EXPECT_EQ(kernelFieldCsv(KernelField::BandwidthBound, A), "true");
  EXPECT_EQ(kernelFieldCsv(KernelField::OptimalActiveSms, A), "36");
  // A non-finite number prints as 0 in the printer's formats.
  A.Requested.Time.Cwp = std::nan("");
  EXPECT_EQ(kernelFieldText(KernelField::Cwp, A), "0.00");
}

TEST(KernelFields, TotalPowerIsTheLaunchAverage) {
  // 6e-4 J priced over the SMs in 3e-6 s: 200 W, whatever IPP's Eq. 27
  // (217.4 W) or the backend's estimate at the launch (190 W) say.
  KernelAnalysis A;
  A.Requested.Pow.TotalPowerW = 217.4;
  A.Requested.Est.TotalPowerW = 190;
  A.Requested.Eff.EnergyJ = 6e-4;
  A.Requested.Time.ExecTimeS = 3e-6;
  A.Requested.TotalPowerW = 200; // 6e-4 J / 3e-6 s
  EXPECT_EQ(kernelFieldText(KernelField::TotalPowerW, A), "200.00");
  EXPECT_EQ(kernelFieldCsv(KernelField::TotalPowerW, A), "200");
}

TEST(KernelFields, TheReportJsonTakesEachFieldFromItsRow) {
  // setKernelFieldsJson writes each row with a JsonPath at that path: an
  // integer row as an integer, a flag as a boolean, the rest as the number;
  // an optional row without a value (no clock decision) is left out.
  KernelAnalysis A;
  A.Profile.Launch.ThreadsPerBlock = 256;
  A.Profile.Launch.Blocks = 864;
  A.Requested.Time.Case = TimingCase::MemoryBound;
  A.Requested.Time.Mwp = 20.8333;
  A.Requested.TotalPowerW = 200;
  A.Adv.BandwidthBound = true;
  A.Adv.RecommendedActiveSms = 36;
  nlohmann::json K = nlohmann::json::object();
  setKernelFieldsJson(K, A);
  EXPECT_EQ(K["launch"]["threads_per_block"], 256u);
  EXPECT_TRUE(K["launch"]["blocks"].is_number_unsigned());
  EXPECT_EQ(K["timing"]["case"], 2u);
  EXPECT_DOUBLE_EQ(K["timing"]["mwp"].get<double>(), 20.8333);
  EXPECT_DOUBLE_EQ(K["efficiency"]["total_power_w"].get<double>(), 200);
  EXPECT_EQ(K["advice"]["bandwidth_bound"], true);
  EXPECT_EQ(K["advice"]["optimal_active_sms"], 36u);
  EXPECT_FALSE(K.contains("clock_core_mhz"));
  // Every row the remark shows names its argument; every row with a path
  // was written.
  for (const KernelFieldInfo &F : kernelFields())
    if (*F.JsonPath) {
      std::string Path = F.JsonPath;
      std::string Top = Path.substr(0, Path.find('.'));
      EXPECT_TRUE(K[Top].contains(Path.substr(Path.find('.') + 1))) << Path;
    }
  EXPECT_EQ(std::string(kernelFieldInfo(KernelField::TotalPowerW).RemarkKey),
            "TotalPowerW");
}
