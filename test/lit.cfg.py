# lit configuration for GpuPowerAdvisor: CLI tests (test/cli), plugin tests
# (test/passes) and end-to-end CUDA tests (test/e2e).
import os
import lit.formats

config.name = "GpuPowerAdvisor"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".test", ".ll", ".cu"]
config.excludes = ["Inputs", "unit", "CMakeLists.txt"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.gpa_obj_root, "test")

# Always the LLVM 22 tools: /usr/bin/opt and /usr/bin/clang are LLVM 14 here.
config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, config.environment.get("PATH", os.environ.get("PATH", ""))])

# The analyses run `ptxas -v` when the CUDA toolkit is present (issue 11);
# tests get the same result with or without one unless they ask for it
# (`env GPA_PTXAS=on`, REQUIRES: cuda).
config.environment["GPA_PTXAS"] = "off"

models = os.path.join(config.gpa_src_root, "models")
config.substitutions.append(("%gpa_models", models))
config.substitutions.append(("%gpa_examples", os.path.join(config.gpa_src_root, "examples")))
config.substitutions.append(("%python", config.python_executable))
config.substitutions.append(("%gpa_runtime_libs", config.gpa_runtime_libs))
config.substitutions.append(("%gpa_build", config.gpa_obj_root))
config.substitutions.append(("%gpa_resources", config.gpa_resources))
config.substitutions.append(("%inputs", os.path.join(config.test_source_root, "Inputs")))
if config.gpa_plugin:
    config.available_features.add("plugin")
    config.substitutions.append(("%gpa_plugin", config.gpa_plugin))
    config.substitutions.append(("%loadgpa", "-load-pass-plugin=" + config.gpa_plugin))
    config.substitutions.append(("%opt", os.path.join(config.llvm_tools_dir, "opt")))
    config.substitutions.append(("%clang", os.path.join(config.llvm_tools_dir, "clang++")))
if config.cuda_path and os.path.isdir(os.path.join(config.cuda_path, "include")):
    config.available_features.add("cuda")
    config.substitutions.append(("%cuda_path", config.cuda_path))
    if os.access(os.path.join(config.cuda_path, "bin", "nvcc"), os.X_OK):
        config.available_features.add("nvcc")
# The stand-in libcupti is built where the CUPTI headers are.
if os.path.exists(os.path.join(config.gpa_obj_root, "test", "measure",
                               "fakedriver", "libcupti.so.13")):
    config.available_features.add("cupti")
# cuobjdump is not in every toolkit install (CUDA 13's minimal one lacks it).
import shutil as _shutil
# scripts/install-deps.sh installs NVIDIA's PyPI wheel, whose binary lives
# under site-packages' nvidia/cu13/bin.
# lit may run under another Python than the `python3` on PATH that pip
# installed into, so ask that one for its site-packages too.
def _wheel_cuobjdump():
    import site, subprocess, sysconfig
    roots = [sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]]
    roots += site.getsitepackages() + [site.getusersitepackages()]
    try:
        roots += subprocess.run(
            ["python3", "-c", "import site, sysconfig; print(sysconfig.get_paths()['purelib']); "
             "print(site.getusersitepackages())"],
            capture_output=True, text=True, timeout=30).stdout.split()
    except (OSError, subprocess.SubprocessError):
        pass
    for root in roots:
        path = os.path.join(root, "nvidia", "cu13", "bin", "cuobjdump")
        if os.access(path, os.X_OK):
            return path
    return None
_cuobjdump = _shutil.which("cuobjdump") or (
    config.cuda_path and _shutil.which(os.path.join(config.cuda_path, "bin", "cuobjdump"))) or (
    _wheel_cuobjdump())
if _cuobjdump:
    config.available_features.add("cuobjdump")
    config.substitutions.append(("%cuobjdump", _cuobjdump))
# Source formatting is checked with the clang-format the project pins (14).
import shutil, subprocess
_cf = shutil.which("clang-format")
if _cf:
    try:
        _v = subprocess.run([_cf, "--version"], capture_output=True, text=True).stdout
        if " 14." in _v:
            config.available_features.add("clang-format-14")
            config.substitutions.append(("%cfmt", _cf))
    except OSError:
        pass
config.substitutions.append(("%gpa_src", config.gpa_src_root))

if shutil.which("bash"):
    config.available_features.add("bash")
config.substitutions.append(("%{gpa_dir}", os.path.dirname(config.gpa_tool)))
# Last: lit substitutes in order, and "%gpa" is a prefix of the %gpa_* names.
config.substitutions.append(("%gpa", config.gpa_tool))
# llvm-19 / llvm-22: the LLVM whose opt runs the plugin tests, for tests
# whose output differs between the LLVM versions the plugin supports.
try:
    _ov = subprocess.run([os.path.join(config.llvm_tools_dir, "opt"), "--version"],
                         capture_output=True, text=True).stdout
    import re as _re
    _m = _re.search(r"LLVM version (\d+)", _ov)
    if _m:
        config.available_features.add("llvm-" + _m.group(1))
except OSError:
    pass

# LLVM's opt-viewer renders optimisation records (needs PyYAML + Pygments).
_opt_viewer = os.path.join(os.path.dirname(config.llvm_tools_dir), "share", "opt-viewer", "opt-viewer.py")
try:
    import yaml  # noqa: F401
    import pygments  # noqa: F401
    if os.path.isfile(_opt_viewer):
        config.available_features.add("opt-viewer")
        config.substitutions.append(("%view_opt_records", _opt_viewer))
except ImportError:
    pass
