"""Kernel generator for differential checking of the grid-independence proof.

A kernel is a *genome*: a dict of choices from the grammar below, one key
per choice point. render() turns a genome into CUDA source that compiles
both for the device (the plugin's verdict) and for the host with
test/gridcheck/Inputs/emulation.h (executed at several grids by
harness.cpp). The first option of every choice point is the simplest one:
minimise() in check.py walks genomes towards those options.

Stdlib only; the same seed gives the same kernels (random.Random(seed)).
"""

# Choice points: name -> list of (option, weight). The first option is the
# simplest; the minimiser replaces options by earlier ones.
LOOPS = [
    ("gs", 30),            # canonical grid-stride loop over dim
    ("gs_while", 4),       # the same as a while loop
    ("none", 5),           # one thread per element, no loop
    ("block_stride", 4),   # for (i = threadIdx; ...; i += blockDim)
    ("gs_k2", 3),          # step 2 * blockDim * gridDim
    ("gs_reversed", 3),    # from n-1 down by the grid stride
    ("gs_start_plus1", 2),  # start one past the thread's index
    ("gs_start_no_tid", 2),  # start blockIdx * blockDim (no threadIdx)
    ("gs_step_mixed", 3),  # step blockDim.d * gridDim.(other d)
    ("gs_step_plus1", 2),  # step blockDim * gridDim + 1
    ("gs_le", 3),          # i <= n - 1
    ("gs_do", 3),          # do { } while: first iteration unguarded
    ("gs_break", 2),       # break on data
    ("gs_bound_grid", 3),  # bound depends on the grid
    ("nested", 14),        # grid-stride over dim, inside grid-stride over dim2
    ("rows_outer", 5),     # plain row loop outside a grid-stride loop
    ("inner_plain", 5),    # plain loop inside a grid-stride loop
    ("gs_bound_m", 3),     # grid-stride loop bounded by the second size m
]
DIMS = [("x", 6), ("y", 2), ("z", 1)]
IVTYPES = [("int", 10), ("unsigned", 4), ("size_t", 3), ("long long", 2),
           ("unsigned long", 1), ("unsigned short", 2), ("short", 2),
           ("unsigned char", 1), ("signed char", 1)]
CASTS = [(None, 40), ("unsigned char", 2), ("signed char", 2),
         ("unsigned short", 3), ("short", 3), ("unsigned", 3), ("int", 3),
         ("unsigned long long", 2), ("long long", 2)]
BOUNDS = [("n", 20), ("n - 16", 2), ("n / 2", 2), ("m", 2), ("300", 2),
          ("n + blockIdx.x", 1), ("(int)(gridDim.x * blockDim.x)", 1),
          ("in[0] + 200", 1), ("n + 1", 1)]
INDICES = [("i", 30), ("2 * i", 3), ("2 * i + 1", 3), ("i + 1", 3),
           ("i - 1", 2), ("n - 1 - i", 3), ("i % m", 2), ("i % 16", 4),
           ("i ^ 1", 2), ("i >> 1", 2), ("i << 1", 2), ("i + gridDim.x", 1),
           ("i / 2", 2), ("(unsigned char)i", 2), ("(signed char)i", 1),
           ("(unsigned short)i", 2), ("(short)i", 1), ("i * gridDim.x", 1),
           ("blockIdx.x", 1), ("threadIdx.x", 1), ("0", 2), ("i & ~1", 1),
           ("(int)i", 2), ("(long long)i", 1), ("i * 3", 1)]
# Index of a nested loop: i is the outer variable, j the inner one; W is
# the row width, H the outer bound.
NESTED_INDICES = [("i * W + j", 20), ("j", 3), ("i", 3), ("j * H + i", 3),
                  ("i * W + j + 1", 1), ("i + j", 2), ("(i * W + j) % 64", 1),
                  ("i * W + (unsigned char)j", 1)]
WIDTHS = [("exact", 10), ("minus1", 3), ("plus3", 2), ("half", 2)]
GUARDS = [(None, 30), ("v < n", 4), ("(unsigned char)v < (unsigned char)n", 2),
          ("(unsigned short)v < n", 1), ("(signed char)v < n", 1),
          ("blockIdx.x == 0", 1), ("threadIdx.x == 0", 1), ("v % 2 == 0", 3),
          ("in[v] > 50", 3), ("gridDim.x > 4", 1), ("blockIdx.x < 2", 1),
          ("v < gridDim.x * blockDim.x", 1), ("v != n / 2", 2),
          ("blockIdx.y == 0", 1), ("(v & 255) < 200", 1)]
EFFECTS = [("store", 30), ("store_rmw", 5), ("atomicAdd", 10),
           ("atomicMax", 4), ("atomicMin", 2), ("atomicOr", 2),
           ("atomicXor", 2), ("atomicSub", 2), ("atomicAnd", 1),
           ("atomicExch", 2), ("atomicCAS", 2), ("atomicAdd_u64", 3),
           ("atomicAdd_u32", 2), ("atomicMax_u64", 1), ("atomicAdd_f", 2),
           ("atomic_used", 2), ("store_u8", 3), ("store_u16", 3),
           ("store_u64", 2), ("atomicCAS_u16", 1)]
VALUES = [("1", 8), ("i", 12), ("3 * i + 1", 5), ("in[v]", 8),
          ("in[IDX] + 7", 3), ("n", 2), ("gridDim.x", 2), ("blockIdx.x", 2),
          ("threadIdx.x", 2), ("acc", 4), ("prev", 2), ("P[IDX + 1]", 3),
          ("P[IDX]", 2), ("b[IDX]", 3), ("b[IDX + 1]", 2), ("G[IDX]", 1),
          ("count", 2), ("(unsigned char)i", 2), ("i * gridDim.x", 1),
          ("(short)(i * 300)", 1)]
TARGETS = [("a", 10), ("b", 3), ("G", 2)]
SECONDS = [(None, 10), ("yes", 5)]
ALIASES = [("distinct", 12), ("same", 3), ("restrict", 3), ("global_arg", 2),
           ("shifted", 1)]
LAUNCHES = [("exact", 10), ("only_used", 4), ("extra_y", 2), ("extra_z", 1),
            ("block_y", 1)]
EARLY = [(None, 12), ("if (n <= 16) return;", 1),
         ("if (blockIdx.x == gridDim.x - 1 && n < 0) return;", 1)]

CHOICES = {
    "loop": LOOPS, "dim": DIMS, "dim2": DIMS, "ivtype": IVTYPES,
    "cast_start": CASTS, "cast_step": CASTS, "cast_bound": CASTS,
    "bound": BOUNDS, "index": INDICES, "nindex": NESTED_INDICES,
    "width": WIDTHS, "guard": GUARDS, "effect": EFFECTS, "value": VALUES,
    "target": TARGETS, "second": SECONDS, "effect2": EFFECTS,
    "value2": VALUES, "target2": TARGETS, "index2": INDICES,
    "nindex2": NESTED_INDICES, "alias": ALIASES, "launch": LAUNCHES,
    "early": EARLY,
}
# Choice points in the order the minimiser tries them (most structural
# first).
ORDER = ["second", "loop", "alias", "launch", "early", "guard", "effect",
         "value", "target", "index", "nindex", "width", "ivtype",
         "cast_start", "cast_step", "cast_bound", "bound", "dim", "dim2",
         "effect2", "value2", "target2", "index2", "nindex2"]

NESTED_LOOPS = ("nested", "rows_outer", "inner_plain")


def pick(rng, options):
    total = sum(w for _, w in options)
    r = rng.random() * total
    for opt, w in options:
        r -= w
        if r < 0:
            return opt
    return options[-1][0]


def generate(rng):
    """One random genome: a third pick every choice at random; the rest
    start from a canonical grid-stride kernel (1-D, or 2-D over distinct
    dimensions) and change a few choice points, which keeps many kernels
    near the boundary of what the proof accepts."""
    if rng.random() < 0.35:
        g = {k: pick(rng, v) for k, v in CHOICES.items()}
    else:
        g = {k: simplest(k) for k in CHOICES}
        g["dim"] = pick(rng, DIMS)
        g["loop"] = pick(rng, [("gs", 6), ("nested", 2), ("inner_plain", 1),
                               ("rows_outer", 1)])
        g["dim2"] = pick(rng, [(d, w) for d, w in DIMS if d != g["dim"]])
        g["effect"] = pick(rng, [("store", 5), ("atomicAdd", 2),
                                 ("atomicMax", 1), ("store_rmw", 1)])
        g["value"] = pick(rng, [("1", 1), ("i", 2), ("in[v]", 2),
                                ("3 * i + 1", 1)])
        g["value2"], g["effect2"] = g["value"], g["effect"]
        g["target2"] = "b"
        for _ in range(pick(rng, [(0, 2), (1, 4), (2, 4), (3, 2), (4, 1)])):
            k = rng.choice(sorted(CHOICES))
            g[k] = pick(rng, CHOICES[k])
    # Sizes: narrow induction variables get small n so loops end.
    narrow = g["ivtype"] in ("unsigned char", "signed char")
    g["n"] = rng.randint(40, 120) if narrow else rng.randint(100, 1000)
    g["m"] = rng.randint(3, 12)
    g["gx"] = rng.randint(3, 40)
    g["gy"] = rng.randint(2, 5)
    g["gz"] = rng.randint(2, 3)
    return g


def normalise(g):
    """The genome with every choice that its source does not use set to
    the simplest option (so the minimiser never spends a round on them)."""
    h = dict(g)
    if not h["second"]:
        for k in ("effect2", "value2", "target2", "index2", "nindex2"):
            h[k] = simplest(k)
    if h["loop"] in NESTED_LOOPS:
        h["index"] = h["index2"] = simplest("index")
        if h["loop"] != "nested":
            h["dim2"] = simplest("dim2")
    else:
        for k in ("nindex", "nindex2", "width", "dim2"):
            h[k] = simplest(k)
    if h["loop"] == "none":
        h["cast_step"] = h["cast_bound"] = None
    return h


def simplest(key):
    return CHOICES[key][0][0]


def cast(c, e):
    return e if c is None else "(%s)(%s)" % (c, e)


def gtid(d):
    return "blockIdx.%s * blockDim.%s + threadIdx.%s" % (d, d, d)


def stride(d):
    return "blockDim.%s * gridDim.%s" % (d, d)


def other(d):
    return {"x": "y", "y": "x", "z": "x"}[d]


def grid_stride_loop(g, var, d, bound, shape="gs"):
    """Header of a grid-stride-like loop over dimension d (one of the loop
    shapes), with the genome's casts and induction variable type."""
    T = g["ivtype"]
    start = cast(g["cast_start"], gtid(d))
    step = cast(g["cast_step"], stride(d))
    b = cast(g["cast_bound"], bound)
    if shape == "gs_start_plus1":
        start = cast(g["cast_start"], gtid(d) + " + 1")
    elif shape == "gs_start_no_tid":
        start = cast(g["cast_start"], "blockIdx.%s * blockDim.%s" % (d, d))
    if shape == "gs_k2":
        step = cast(g["cast_step"], "2 * " + stride(d))
    elif shape == "gs_step_mixed":
        step = cast(g["cast_step"],
                    "blockDim.%s * gridDim.%s" % (d, other(d)))
    elif shape == "gs_step_plus1":
        step = cast(g["cast_step"], stride(d) + " + 1")
    elif shape == "block_stride":
        start = cast(g["cast_start"], "threadIdx.%s" % d)
        step = cast(g["cast_step"], "blockDim.%s" % d)
    cond = "%s < %s" % (var, b)
    if shape == "gs_le":
        cond = "%s <= %s - 1" % (var, b)
    if shape == "gs_bound_grid":
        cond = "%s < %s && %s < 2 * %s" % (var, b, var, stride(d))
    if shape == "gs_while":
        return ("%s %s = %s;\n  while (%s) {\n" % (T, var, start, cond),
                "    %s += %s;\n  }\n" % (var, step))
    if shape == "gs_do":
        return ("%s %s = %s;\n  do {\n" % (T, var, start),
                "    %s += %s;\n  } while (%s);\n" % (var, step, cond))
    if shape == "gs_reversed":
        T = "int" if T in ("unsigned", "size_t", "unsigned long",
                           "unsigned short", "unsigned char") else T
        return ("for (%s %s = %s - 1 - (%s); %s >= 0; %s -= %s) {\n" %
                (T, var, b, start, var, var, step), "  }\n")
    return ("for (%s %s = %s; %s; %s += %s) {\n" % (T, var, start, cond,
                                                     var, step), "  }\n")


def width_of(g, inner_bound_text):
    return {"exact": "(%s)" % inner_bound_text, "minus1": "(%s - 1)" % inner_bound_text,
            "plus3": "(%s + 3)" % inner_bound_text,
            "half": "(%s / 2)" % inner_bound_text}[g["width"]]


ELEM = {"store_u8": "unsigned char", "store_u16": "unsigned short",
        "store_u64": "unsigned long long", "atomicAdd_u64": "unsigned long long",
        "atomicMax_u64": "unsigned long long", "atomicAdd_u32": "unsigned",
        "atomicAdd_f": "float", "atomicCAS_u16": "unsigned short"}


def effect_text(effect, P, idx, val):
    elem = ELEM.get(effect)
    ref = "AT(%s, %s)" % (P if elem is None else "(%s *)%s" % (elem, P), idx)
    vv = val if elem is None else "(%s)(%s)" % (elem, val)
    if effect == "store":
        return "%s = %s;" % (ref, val)
    if effect == "store_rmw":
        return "%s += %s;" % (ref, val)
    if effect.startswith("store_"):
        return "%s = %s;" % (ref, vv)
    if effect in ("atomicCAS", "atomicCAS_u16"):
        zero = "0" if elem is None else "(%s)0" % elem
        return "atomicCAS(&%s, %s, %s);" % (ref, zero, vv)
    if effect == "atomic_used":
        return "%s = atomicAdd(&AT(%s, 0), 1);" % (
            "AT(%s, %s)" % (P, idx), "b" if P != "b" else "a")
    name = effect.split("_")[0]
    return "%s(&%s, %s);" % (name, ref, vv)


def render(name, g):
    """CUDA source of one kernel (GG_KERNEL from harness/gridgen.h)."""
    loop = g["loop"]
    d = g["dim"]
    pre, body_pre, body_post = [], [], []
    bound = g["bound"].replace("blockIdx.x", "blockIdx." + d).replace(
        "gridDim.x * blockDim.x", "gridDim.%s * blockDim.%s" % (d, d))
    nested = loop in NESTED_LOOPS
    if nested:
        v = "j"
        if loop == "nested":
            outer_b, inner_b = "m", bound
            oh, ot = grid_stride_loop(g, "i", g["dim2"], outer_b)
            ih, it = grid_stride_loop(g, "j", d, inner_b)
        elif loop == "rows_outer":
            outer_b, inner_b = "m", bound
            oh, ot = "for (int i = 0; i < m; ++i) {\n", "  }\n"
            ih, it = grid_stride_loop(g, "j", d, inner_b)
        else:  # inner_plain
            outer_b, inner_b = bound, "3"
            oh, ot = grid_stride_loop(g, "i", d, outer_b)
            ih, it = "for (int j = 0; j < 3; ++j) {\n", "  }\n"
        W = width_of(g, inner_b)
        idx_of = lambda ni: "(%s)" % ni.replace("W", W).replace("H", outer_b)
        idx = idx_of(g["nindex"])
        idx2 = idx_of(g["nindex2"])
        head, tail = oh + ih, it + ot
    else:
        v = "i"
        shape = loop
        if loop == "gs_bound_m":
            bound = "m"
            shape = "gs"
        if loop == "none":
            head = "%s i = %s;\n  {\n" % (g["ivtype"],
                                         cast(g["cast_start"], gtid(d)))
            tail = "  }\n"
        else:
            head, tail = grid_stride_loop(g, "i", d, bound, shape)
        fix = lambda e: "(%s)" % e.replace("gridDim.x", "gridDim." + d)
        idx = fix(g["index"])
        idx2 = fix(g["index2"])
    if loop == "gs_break":
        body_pre.append("if (AT(in, %s) == 7) break;" % v)

    def value(val, P, index):
        val = val.replace("IDX", index).replace("P[", "%s[" % P)
        val = val.replace("in[v]", "in[%s]" % v)
        if "acc" == val:
            pre.append("int acc = 0;")
            body_pre.append("acc += AT(in, %s);" % v)
        if "prev" == val:
            pre.append("int prev = 0;")
            body_post.append("prev = (int)%s;" % v)
        if "count" == val:
            pre.append("int count = 0;")
            body_pre.append("++count;")
        if val == "i" and nested:
            val = "i * 1000 + j"
        # Array reads go through AT (bounds-checked on the host).
        for arr in ("in", "a", "b", "G"):
            val = subscript_to_at(val, arr)
        return val

    effects = [effect_text(g["effect"], g["target"], idx,
                           value(g["value"], g["target"], idx))]
    if g["second"]:
        effects.append(effect_text(g["effect2"], g["target2"], idx2,
                                   value(g["value2"], g["target2"], idx2)))
    guard = g["guard"]
    stmt = "\n      ".join(body_pre + effects + body_post)
    # Every loop counts its iterations on the host (an outer loop may spin
    # while its inner loop runs no iteration).
    head = head.replace("{\n", "{\n    GG_TICK();\n")
    if guard:
        guard = subscript_to_at(guard.replace("v", v).replace(
            "in[%s]" % v, "in[%s]" % v), "in")
        inner = "    if (%s) {\n      %s\n    }\n" % (guard, stmt)
    else:
        inner = "    {\n      %s\n    }\n" % stmt
    # Declarations once (a value may be used by both effects).
    decls = "".join("  %s\n" % p for p in dict.fromkeys(pre))
    early = "  %s\n" % g["early"] if g["early"] else ""
    kind = "GG_KERNEL_R" if g["alias"] == "restrict" else "GG_KERNEL"
    return "%s(%s) {\n%s%s  %s%s%s}\n" % (kind, name, decls, early, head,
                                          inner, tail)


def subscript_to_at(text, arr):
    """arr[e] -> AT(arr, e) (one level of brackets, nested allowed)."""
    out, k = "", 0
    key = arr + "["
    while True:
        p = text.find(key, k)
        if p < 0 or (p > 0 and (text[p - 1].isalnum() or text[p - 1] == "_")):
            if p < 0:
                return out + text[k:]
            out += text[k:p + len(key)]
            k = p + len(key)
            continue
        depth, q = 1, p + len(key)
        while depth:
            depth += {"[": 1, "]": -1}.get(text[q], 0)
            q += 1
        inner = subscript_to_at(text[p + len(key):q - 1], arr)
        out += text[k:p] + "AT(%s, %s)" % (arr, inner)
        k = q


def dims_used(src):
    return {d for d in "xyz" if ("Idx.%s" % d in src or "Dim.%s" % d in src)}


def launch(g, src):
    """Grid and block of the original launch: every dimension the kernel
    mentions is launched with more than one block; extra_y/extra_z launch
    an unmentioned dimension too (issue 25: atomics duplicated across it)."""
    used = dims_used(src)
    if g["launch"] == "only_used":
        # Unmentioned dimensions are 1 in grid and block (what a launch
        # requirement of the proof asks for).
        grid = tuple(g["g" + d] if d in used else 1 for d in "xyz")
        block = {"x": 32, "y": 8, "z": 4}
        if len(used) > 1:
            block = {"x": 8, "y": 4, "z": 2}
        return grid, tuple(block[d] if d in used else 1 for d in "xyz")
    gx = g["gx"]
    gy = g["gy"] if "y" in used or g["launch"] == "extra_y" else 1
    gz = g["gz"] if "z" in used or g["launch"] == "extra_z" else 1
    bx, by, bz = 32, 1, 1
    if "y" in used or "z" in used:
        bx, by = 8, 4
    if "z" in used:
        bx, by, bz = 4, 4, 2
    if g["launch"] == "block_y" and not ({"y", "z"} & used):
        bx, by = 16, 2
    return (gx, gy, gz), (bx, by, bz)


def alias_code(alias):
    return {"distinct": 0, "same": 1, "restrict": 0, "global_arg": 2,
            "shifted": 3}[alias]
