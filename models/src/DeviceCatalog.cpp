//===- DeviceCatalog.cpp - Bundled GPU models for real devices ------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Device names as cudaGetDeviceProperties reports them (e.g. "NVIDIA
// A100-PCIE-40GB", "NVIDIA A100 80GB PCIe", "NVIDIA H100 80GB HBM3",
// "Tesla V100-SXM2-16GB", "NVIDIA GeForce RTX 4090") split into words;
// the first rule whose words all appear picks the board's model file.
//
//===----------------------------------------------------------------------===//
#include "gpa/DeviceCatalog.h"

#include "gpa/BundledModels.h"
#include "gpa/GpuModelLoader.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <vector>

namespace gpa {

namespace {
struct DeviceRule {
  std::vector<const char *> Words; // upper case, all must appear
  const char *Model;
};

const DeviceRule Rules[] = {
    {{"A100", "PCIE", "80GB"}, "a100-pcie-80gb"},
    {{"A100", "PCIE"}, "a100-pcie-40gb"},
    {{"A100", "80GB"}, "a100-sxm4-80gb"},
    {{"A100"}, "a100"},
    {{"H100", "NVL"}, "h100-nvl"},
    {{"H100", "PCIE"}, "h100-pcie"},
    {{"H100"}, "h100"},
    {{"H200"}, "h200"},
    {{"V100", "PCIE"}, "v100-pcie"},
    {{"V100"}, "v100"},
    {{"T4"}, "t4"},
    {{"A10"}, "a10"},
    {{"L4"}, "l4"},
    {{"L40S"}, "l40s"},
    {{"RTX", "3080"}, "rtx3080"},
    {{"RTX", "3090"}, "rtx3090"},
    {{"RTX", "4090"}, "rtx4090"},
    {{"RTX", "4000", "ADA"}, "rtx-4000-ada"},
    {{"RTX", "A6000"}, "rtx-a6000"},
    {{"RTX", "A4000"}, "rtx-a4000"},
    {{"GTX", "280"}, "gtx280"},
    {{"TITAN", "V"}, "titan-v"},
    {{"TITAN", "X"}, "gtx-titan-x"},
    {{"GTX", "980", "TI"}, "gtx-980-ti"},
    {{"M6000", "24GB"}, "quadro-m6000-24gb"},
    {{"M6000"}, "quadro-m6000"},
};

std::vector<std::string> words(const std::string &Name) {
  std::vector<std::string> Out;
  std::string W;
  for (char C : Name + " ") {
    if (std::isalnum(static_cast<unsigned char>(C))) {
      W += static_cast<char>(std::toupper(static_cast<unsigned char>(C)));
    } else if (!W.empty()) {
      Out.push_back(W);
      W.clear();
    }
  }
  return Out;
}

bool hasWord(const std::vector<std::string> &Words, const char *W) {
  for (const std::string &X : Words)
    if (X == W)
      return true;
  return false;
}
} // namespace

std::string resolveModelAlias(const std::string &Given) {
  // Board names read with underscores too: "a100_pcie_40gb".
  std::string Name = Given;
  for (char &C : Name)
    if (C == '_')
      C = '-';
  if (Name == "a100-sxm4-40gb" || Name == "a100-sxm4")
    return "a100";
  if (Name == "h100-sxm" || Name == "h100-sxm5")
    return "h100";
  if (Name == "v100-sxm2")
    return "v100";
  return Name;
}

std::string bundledModelForDevice(const std::string &DeviceName,
                                  unsigned SmVersion, unsigned NumSms,
                                  std::string &Warning) {
  std::vector<std::string> W = words(DeviceName);
  std::string Error;
  for (const DeviceRule &R : Rules) {
    bool All = true;
    for (const char *Word : R.Words)
      All = All && hasWord(W, Word);
    if (!All)
      continue;
    // A name that disagrees with the device's architecture is not trusted.
    GpuModel M;
    if (!loadBundledModel(R.Model, M, Error) ||
        (SmVersion && M.SmVersion != SmVersion))
      break;
    if (NumSms && M.NumSms != NumSms)
      Warning = "GPU '" + DeviceName + "' reports " + std::to_string(NumSms) +
                " SMs, model '" + R.Model + "' has " +
                std::to_string(M.NumSms) + " (a partition or another SKU?)";
    return R.Model;
  }
  // Unknown: the closest architecture, then the nearest SM count.
  std::string Family = closestBundledModel(SmVersion);
  GpuModel FamilyModel;
  unsigned Arch = loadBundledModel(Family, FamilyModel, Error)
                      ? FamilyModel.SmVersion
                      : SmVersion;
  std::string Best = Family;
  long BestDistance = -1;
  for (const std::string &Name : bundledModelNames()) {
    GpuModel M;
    if (!loadBundledModel(Name, M, Error) || M.SmVersion != Arch)
      continue;
    // Ties go to the generic model: the shorter name, then alphabetical.
    long Distance = std::labs(long(M.NumSms) - long(NumSms));
    bool Generic = Name.size() < Best.size() ||
                   (Name.size() == Best.size() && Name < Best);
    if (BestDistance < 0 || Distance < BestDistance ||
        (Distance == BestDistance && Generic)) {
      BestDistance = Distance;
      Best = Name;
    }
  }
  Warning = "unknown GPU '" + DeviceName + "' (sm_" +
            std::to_string(SmVersion) + ", " + std::to_string(NumSms) +
            " SMs): using the closest bundled model '" + Best + "'";
  return Best;
}

/// The bundled model Name names (itself or as an alias), as loadBundledModel
/// finds it; null for none.
static const BundledModelText *bundledEntry(const std::string &Name) {
  for (const std::string &N : {Name, resolveModelAlias(Name)})
    for (const BundledModelText &M : bundledModelTexts())
      if (N == M.Name)
        return &M;
  return nullptr;
}

std::string inferredGpuCaveat(unsigned TargetSm, const std::string &Chosen) {
  // Architecture and SM counts from the embedded table: parsing every
  // bundled file cost each compile job about 30 ms (issue 26).
  const BundledModelText *Model = bundledEntry(Chosen);
  if (!Model)
    return "";
  std::string Arch = "sm_" + std::to_string(Model->SmVersion);
  if (Model->SmVersion != TargetSm)
    return "no bundled model of sm_" + std::to_string(TargetSm) + "; " +
           Chosen + " (" + Arch + ") stands in";
  std::vector<const BundledModelText *> Boards;
  for (const BundledModelText &M : bundledModelTexts())
    Boards.push_back(&M);
  std::sort(Boards.begin(), Boards.end(), [](auto *A, auto *B) {
    return A->Name < B->Name; // bundledModelNames()'s order
  });
  std::string Others;
  for (const BundledModelText *M : Boards) {
    if (M->Name == Chosen || M->SmVersion != Model->SmVersion ||
        M->NumSms == Model->NumSms)
      continue;
    Others += (Others.empty() ? "" : ", ") + std::string(M->Name) + " (" +
              std::to_string(M->NumSms) + " SMs)";
  }
  if (Others.empty())
    return "";
  return "a guess: " + Arch + " is also " + Others + ", not only " + Chosen +
         " (" + std::to_string(Model->NumSms) + " SMs)";
}

} // namespace gpa
