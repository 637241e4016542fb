//===- SvgPlot.cpp - IPP-style sweep figures as SVG -----------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "SvgPlot.h"
#include "XmlEscape.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>

namespace gpa::tool {

namespace {
constexpr double PanelWidth = 300, PanelHeight = 220;
constexpr double Left = 70, Top = 70, Gap = 80, Bottom = 60;
const char *const Palette[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd",
                               "#ff7f0e", "#8c564b", "#e377c2", "#17becf"};

std::string num(double V) {
  char B[32];
  std::snprintf(B, sizeof(B), "%.2f", V);
  return B;
}

/// A "nice" tick step (1, 2 or 5 x 10^k) giving about five ticks.
double tickStep(double Max) {
  if (!(Max > 0))
    return 1;
  double Raw = Max / 5, Mag = std::pow(10, std::floor(std::log10(Raw)));
  double Norm = Raw / Mag;
  return (Norm <= 1 ? 1 : Norm <= 2 ? 2 : Norm <= 5 ? 5 : 10) * Mag;
}

std::string tickLabel(double V) {
  char B[32];
  std::snprintf(B, sizeof(B), "%g", std::fabs(V) < 1e-12 ? 0.0 : V);
  return B;
}

struct Panel {
  const char *Title;
  const char *YLabel;
  std::function<double(const SweepPoint &)> Value;
};

void drawPanel(std::string &Svg, const Panel &P, double X0,
               const std::vector<KernelAnalysis> &Kernels, unsigned MaxSms) {
  double YMax = 0;
  for (const KernelAnalysis &A : Kernels)
    for (const SweepPoint &E : A.Sweep)
      YMax = std::max(YMax, P.Value(E));
  double Step = tickStep(YMax);
  double Top2 = std::max(Step, std::ceil(YMax / Step) * Step);
  auto Px = [&](double S) {
    return X0 + (MaxSms > 1 ? (S - 1) / (MaxSms - 1) : 0.5) * PanelWidth;
  };
  auto Py = [&](double V) {
    return Top + PanelHeight - V / Top2 * PanelHeight;
  };
  Svg += "<g class=\"panel\">\n";
  Svg += "<text x=\"" + num(X0 + PanelWidth / 2) + "\" y=\"" + num(Top - 12) +
         "\" text-anchor=\"middle\" font-weight=\"bold\">" + P.Title +
         "</text>\n";
  for (double V = 0; V <= Top2 * (1 + 1e-9); V += Step) {
    Svg += "<line x1=\"" + num(X0) + "\" y1=\"" + num(Py(V)) + "\" x2=\"" +
           num(X0 + PanelWidth) + "\" y2=\"" + num(Py(V)) +
           "\" stroke=\"#e0e0e0\"/>\n";
    Svg += "<text x=\"" + num(X0 - 6) + "\" y=\"" + num(Py(V) + 4) +
           "\" text-anchor=\"end\" font-size=\"11\">" + tickLabel(V) +
           "</text>\n";
  }
  double XStep = std::max(1.0, tickStep(MaxSms));
  for (double S = 0; S <= MaxSms; S += XStep) {
    double X = Px(std::max(S, 1.0));
    Svg += "<line x1=\"" + num(X) + "\" y1=\"" + num(Top + PanelHeight) +
           "\" x2=\"" + num(X) + "\" y2=\"" + num(Top + PanelHeight + 5) +
           "\" stroke=\"black\"/>\n<text x=\"" + num(X) + "\" y=\"" +
           num(Top + PanelHeight + 18) +
           "\" text-anchor=\"middle\" font-size=\"11\">" +
           tickLabel(std::max(S, 1.0)) + "</text>\n";
  }
  Svg += "<rect x=\"" + num(X0) + "\" y=\"" + num(Top) + "\" width=\"" +
         num(PanelWidth) + "\" height=\"" + num(PanelHeight) +
         "\" fill=\"none\" stroke=\"black\"/>\n";
  Svg += "<text x=\"" + num(X0 + PanelWidth / 2) + "\" y=\"" +
         num(Top + PanelHeight + 36) +
         "\" text-anchor=\"middle\" font-size=\"12\">active SMs</text>\n";
  Svg += "<text transform=\"translate(" + num(X0 - 48) + "," +
         num(Top + PanelHeight / 2) +
         ") rotate(-90)\" text-anchor=\"middle\" font-size=\"12\">" + P.YLabel +
         "</text>\n";
  for (std::size_t K = 0; K < Kernels.size(); ++K) {
    const KernelAnalysis &A = Kernels[K];
    const char *Colour = Palette[K % (sizeof(Palette) / sizeof(*Palette))];
    std::string Points;
    for (const SweepPoint &E : A.Sweep)
      Points += num(Px(E.ActiveSms)) + "," + num(Py(P.Value(E))) + " ";
    Svg += "<polyline fill=\"none\" stroke=\"" + std::string(Colour) +
           "\" stroke-width=\"2\" points=\"" + Points + "\"/>\n";
    // Eq. (34)'s closed form: dashed vertical line; the recommendation
    // (Decision.h): a dot.
    double OptX = Px(A.Adv.Eq34ActiveSms);
    Svg += "<line x1=\"" + num(OptX) + "\" y1=\"" + num(Top) + "\" x2=\"" +
           num(OptX) + "\" y2=\"" + num(Top + PanelHeight) + "\" stroke=\"" +
           Colour + "\" stroke-dasharray=\"5,4\"/>\n";
    if (A.Adv.Rec.Index >= A.Sweep.size())
      continue;
    const SweepPoint &Best = A.Sweep[A.Adv.Rec.Index];
    Svg += "<circle cx=\"" + num(Px(Best.ActiveSms)) + "\" cy=\"" +
           num(Py(P.Value(Best))) + "\" r=\"4\" fill=\"" + Colour + "\"/>\n";
  }
  Svg += "</g>\n";
}
} // namespace

std::string renderSweepSvg(const std::vector<KernelAnalysis> &Kernels,
                           const GpuModel &Gpu) {
  unsigned MaxSms = 1;
  for (const KernelAnalysis &A : Kernels)
    for (const SweepPoint &E : A.Sweep)
      MaxSms = std::max(MaxSms, E.ActiveSms);
  const Panel Panels[] = {
      {"Performance", "GIPS (10^9 warp instructions/s)",
       [](const SweepPoint &E) { return E.Gips; }},
      {"Power", "total GPU power (W)",
       [](const SweepPoint &E) { return E.TotalPowerW; }},
      {"Efficiency", "GIPS/W", [](const SweepPoint &E) { return E.GipsPerW; }}};
  double Width = Left + 3 * PanelWidth + 2 * Gap + 30;
  double LegendTop = Top + PanelHeight + Bottom;
  double Height = LegendTop + 22 * (Kernels.size() + 1) + 10;
  std::string Svg = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" +
                    num(Width) + "\" height=\"" + num(Height) +
                    "\" viewBox=\"0 0 " + num(Width) + " " + num(Height) +
                    "\" font-family=\"DejaVu Sans, Arial, sans-serif\">\n"
                    "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  Svg +=
      "<text x=\"" + num(Width / 2) +
      "\" y=\"24\" text-anchor=\"middle\" font-size=\"16\">" +
      xmlEscape(
          "IPP sweep on " + Gpu.Name + " (same total work on 1.." +
          std::to_string(MaxSms) + " SMs, " +
          mechanismName(Kernels.empty() ? Mechanism::Sm : Kernels[0].Adv.Mech) +
          " mechanism)" + (Gpu.Calibrated ? "" : ", power uncalibrated")) +
      "</text>\n";
  for (int I = 0; I < 3; ++I)
    drawPanel(Svg, Panels[I], Left + I * (PanelWidth + Gap), Kernels, MaxSms);
  for (std::size_t K = 0; K < Kernels.size(); ++K) {
    const KernelAnalysis &A = Kernels[K];
    const char *Colour = Palette[K % (sizeof(Palette) / sizeof(*Palette))];
    double Y = LegendTop + 22 * K;
    Svg += "<line x1=\"" + num(Left) + "\" y1=\"" + num(Y) + "\" x2=\"" +
           num(Left + 30) + "\" y2=\"" + num(Y) + "\" stroke=\"" + Colour +
           "\" stroke-width=\"2\"/>\n<text x=\"" + num(Left + 38) + "\" y=\"" +
           num(Y + 4) + "\" font-size=\"12\">" +
           xmlEscape(A.Profile.Name + ": Eq. 34 closed form " +
                     std::to_string(A.Adv.Eq34ActiveSms) +
                     " SMs (dashed), recommended " +
                     std::to_string(A.Adv.RecommendedActiveSms) + " SMs (dot)" +
                     (A.Adv.Rec.Change ? "" : ", launch as written") +
                     (A.Adv.BandwidthBound ? ", bandwidth-bound" : "")) +
           "</text>\n";
  }
  Svg += "</svg>\n";
  return Svg;
}

} // namespace gpa::tool
