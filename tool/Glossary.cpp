//===- Glossary.cpp - gpa help terms --------------------------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "Glossary.h"

namespace gpa::tool {

const char *glossaryText() {
  return "terms in gpa's details and the plugin's remarks (docs/models.md "
         "has the equations):\n"
         "\n"
         "  answer        the headline: what bounds the kernel and what the "
         "one decision\n"
         "                asks for; its figures are the decision's own\n"
         "  memory-bound  the kernel waits on memory more than it computes: "
         "fewer SMs can\n"
         "                run it about as fast, drawing less power\n"
         "  MWP           memory warp parallelism (Hong & Kim, ISCA 2009): "
         "how many warps'\n"
         "                memory requests one SM overlaps, limited by "
         "latency and bandwidth\n"
         "  CWP           computation warp parallelism: how many warps "
         "compute while one\n"
         "                waits on memory\n"
         "  case 1/2/3    which of HK09's time equations applies: 1 not "
         "enough warps\n"
         "                (Eq. 24), 2 memory-bound, MWP < CWP (Eq. 25), 3 "
         "compute-bound (Eq. 26)\n"
         "  Eq. 34        IPP's closed form for the SMs a bandwidth-bound "
         "kernel needs\n"
         "                (Hong & Kim, ISCA 2010); shown beside the "
         "decision, never instead\n"
         "  decision      the one choice of SMs or grid that remarks, "
         "reports, budgets,\n"
         "                the launch rewrite and the runtime all use "
         "(docs/models.md \"The decision\")\n"
         "  energy saved  total energy (runtime + idle power x time) at the "
         "recommendation\n"
         "                against the launch as written; reports also give "
         "runtime-only and\n"
         "                power-gating accountings\n"
         "  sm / grid     mechanisms: run the same grid on fewer SMs (green "
         "contexts), or\n"
         "                launch fewer blocks (needs a grid-independence "
         "proof)\n"
         "  assumed       a value nobody gave (launch, trip count, ...): "
         "every report lists\n"
         "                it with its source: constant, derived, given or "
         "assumed\n"
         "  const_sm, fds IPP power components: constant-cache and "
         "shared-memory access\n"
         "                (const_sm), fetch/decode/schedule (fds); others "
         "are named by unit\n"
         "  GIPS/W        giga warp-instructions per second per watt, IPP's "
         "efficiency\n";
}

} // namespace gpa::tool
