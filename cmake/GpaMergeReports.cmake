# Merges the gpa-report/1 files the plugin wrote, one per translation unit
# (gpa_add_power_analysis / gpa_add_power_budget with clang), into one
# report: the kernels and launch sites of every file, in the order of the
# list. Run as
#   cmake -DGPA_PARTS_FILE=<file listing the parts, one a line>
#         -DGPA_REPORT=<merged report> -P GpaMergeReports.cmake
# A part may name its architecture as the plugin's -gpa-report does,
# `k_cu.%arch.json`: one device compilation per --cuda-gpu-arch each writes
# its own file (k_cu.sm_80.json, k_cu.sm_90.json), found here by name. With
# one architecture the merged report is GPA_REPORT, as before; with several,
# each architecture's kernels are merged into GPA_REPORT with the
# architecture before `.json` (r.sm_80.json, r.sm_90.json: one GPU model per
# report), and GPA_REPORT is a copy of the lowest architecture's, said in a
# message. A part that is missing (a translation unit the plugin wrote
# nothing for) is named in a warning, never dropped silently. CMake >= 3.19
# (string(JSON)).
cmake_minimum_required(VERSION 3.19)
file(STRINGS "${GPA_PARTS_FILE}" _lines)

# Each part's architecture ("" for a name without %arch) and file, in list
# order; architectures sorted by number (sm_80 before sm_100).
set(_parts "")
set(_archs "")
set(_missing "")
foreach(_line IN LISTS _lines)
  if(NOT _line MATCHES "%arch")
    if(EXISTS "${_line}")
      list(APPEND _parts "|${_line}")
      list(APPEND _archs "")
    else()
      list(APPEND _missing "${_line}")
    endif()
    continue()
  endif()
  string(REPLACE "%arch" "*" _glob "${_line}")
  file(GLOB _found "${_glob}")
  if(NOT _found)
    list(APPEND _missing "${_line}")
    continue()
  endif()
  string(REGEX REPLACE "^(.*)%arch.*$" "\\1" _head "${_line}")
  string(REGEX REPLACE "^.*%arch(.*)$" "\\1" _tail "${_line}")
  string(LENGTH "${_head}" _head_length)
  string(LENGTH "${_tail}" _tail_length)
  list(SORT _found COMPARE NATURAL)
  foreach(_file IN LISTS _found)
    string(LENGTH "${_file}" _length)
    math(EXPR _arch_length "${_length} - ${_head_length} - ${_tail_length}")
    string(SUBSTRING "${_file}" ${_head_length} ${_arch_length} _arch)
    list(APPEND _parts "${_arch}|${_file}")
    list(APPEND _archs "${_arch}")
  endforeach()
endforeach()
if(_missing)
  list(JOIN _missing ", " _names)
  message(WARNING "GpuPowerAdvisor: no report from ${_names} (did the "
    "plugin run on it?); ${GPA_REPORT} holds the other translation units")
endif()
list(REMOVE_DUPLICATES _archs)
list(SORT _archs COMPARE NATURAL)
list(LENGTH _archs _arch_count)

# The parts of one architecture (all of them for ALL) merged into OUT.
function(_gpa_merge arch all out)
  set(_merged "")
  foreach(_entry IN LISTS _parts)
    string(REGEX REPLACE "\\|.*$" "" _part_arch "${_entry}")
    string(REGEX REPLACE "^[^|]*\\|" "" _part "${_entry}")
    if(NOT all AND NOT _part_arch STREQUAL arch)
      continue()
    endif()
    file(READ "${_part}" _json)
    if(_merged STREQUAL "")
      set(_merged "${_json}")
      string(JSON _gpu GET "${_merged}" gpu)
      string(JSON _type ERROR_VARIABLE _none TYPE "${_merged}" launch_sites)
      if(NOT _type STREQUAL "ARRAY")
        string(JSON _merged SET "${_merged}" launch_sites "[]")
      endif()
      continue()
    endif()
    string(JSON _part_gpu GET "${_json}" gpu)
    if(NOT _part_gpu STREQUAL _gpu)
      message(FATAL_ERROR "GpuPowerAdvisor: ${_part} is for ${_part_gpu}, "
        "the other reports for ${_gpu}: one GPU model per report")
    endif()
    foreach(_array kernels launch_sites)
      string(JSON _type ERROR_VARIABLE _none TYPE "${_json}" ${_array})
      if(NOT _type STREQUAL "ARRAY")
        continue()
      endif()
      string(JSON _count LENGTH "${_json}" ${_array})
      if(_count EQUAL 0)
        continue()
      endif()
      math(EXPR _last "${_count} - 1")
      foreach(_i RANGE ${_last})
        string(JSON _item GET "${_json}" ${_array} ${_i})
        string(JSON _at LENGTH "${_merged}" ${_array})
        string(JSON _merged SET "${_merged}" ${_array} ${_at} "${_item}")
      endforeach()
    endforeach()
  endforeach()
  if(_merged STREQUAL "")
    message(FATAL_ERROR "GpuPowerAdvisor: no per-file report to merge into ${out}")
  endif()
  file(WRITE "${out}" "${_merged}\n")
endfunction()

if(_arch_count LESS 2)
  _gpa_merge("" TRUE "${GPA_REPORT}")
  return()
endif()
string(REGEX REPLACE "\\.json$" "" _stem "${GPA_REPORT}")
set(_written "")
foreach(_arch IN LISTS _archs)
  _gpa_merge("${_arch}" FALSE "${_stem}.${_arch}.json")
  list(APPEND _written "${_stem}.${_arch}.json")
endforeach()
list(GET _archs 0 _first)
file(READ "${_stem}.${_first}.json" _first_json)
file(WRITE "${GPA_REPORT}" "${_first_json}")
list(JOIN _written ", " _names)
message(STATUS "GpuPowerAdvisor: one report per architecture (${_names}); "
  "${GPA_REPORT} is ${_first}'s")
