//===- BandwidthOfSms.cpp - What a number of SMs can move together --------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// HK09's Eq. (30) gives every active SM an equal share of one sustained
// bandwidth, so a handful of SMs full of warps reach DRAM's rate. They do
// not: each SM's path to L2 carries a bounded rate, and the SMs' sum meets
// DRAM's limit gradually. On an H100 partition sweep (green contexts of 8 to
// 128 SMs, every warp slot full) a streaming read moved 123 GB/s per SM on 8
// SMs and needed about 48 SMs for DRAM's rate; a smooth minimum with the
// measured per-SM rate and exponent follows the sweep within 10%
// (docs/models.md "Bandwidth on fewer SMs").
//
//===----------------------------------------------------------------------===//
#include "gpa/GpuModel.h"

#include <cmath>

namespace gpa {

static bool hasPerSmLimit(const GpuModel &G) {
  return G.PerSmBandwidthGbps > 0 && G.BandwidthSaturationExponent > 0;
}

double GpuModel::sustainedBandwidthTerm(double SustainedGbps) const {
  return hasPerSmLimit(*this)
             ? std::pow(SustainedGbps, -BandwidthSaturationExponent)
             : 0;
}

double GpuModel::bandwidthOfSmsGbps(double ActiveSms) const {
  return bandwidthOfSmsGbps(ActiveSms, sustainedBandwidthTerm(MemBandwidthGbps),
                            MemBandwidthGbps);
}

double GpuModel::bandwidthOfSmsGbps(double ActiveSms, double SustainedTerm,
                                    double SustainedGbps) const {
  if (!hasPerSmLimit(*this) || !(ActiveSms > 0))
    return SustainedGbps;
  double P = BandwidthSaturationExponent;
  double SmsGbps = ActiveSms * PerSmBandwidthGbps;
  return std::pow(std::pow(SmsGbps, -P) + SustainedTerm, -1 / P);
}

} // namespace gpa
