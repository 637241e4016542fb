# bash completion for gpa (GpuPowerAdvisor). Installed as
# share/bash-completion/completions/gpa; or `source` this file.
_gpa() {
  local cur prev cmd
  cur=${COMP_WORDS[COMP_CWORD]}
  prev=${COMP_WORDS[COMP_CWORD-1]}
  cmd=${COMP_WORDS[1]}
  local commands="models model sweep analyze check calibrate rank help"
  if [ "$COMP_CWORD" -eq 1 ]; then
    COMPREPLY=($(compgen -W "$commands --help --version" -- "$cur"))
    return
  fi
  case $prev in
    --gpu)
      local models
      models=$(gpa models --format json 2>/dev/null |
        sed -n 's/^ *"name": "\([^"]*\)".*/\1/p')
      COMPREPLY=($(compgen -W "$models" -- "$cur") $(compgen -f -X '!*.json' -- "$cur"))
      return ;;
    --format)
      case $cmd in
        sweep) COMPREPLY=($(compgen -W "text json csv" -- "$cur")) ;;
        analyze) COMPREPLY=($(compgen -W "text json sarif csv" -- "$cur")) ;;
        check) COMPREPLY=($(compgen -W "text github sarif junit" -- "$cur")) ;;
        *) COMPREPLY=($(compgen -W "text json" -- "$cur")) ;;
      esac
      return ;;
    -p) COMPREPLY=($(compgen -d -- "$cur")); return ;;
    --model) COMPREPLY=($(compgen -W "dvfs instruction-energy" -- "$cur")); return ;;
    --compiler) COMPREPLY=($(compgen -W "clang nvcc" -- "$cur")); return ;;
    --host-source) COMPREPLY=($(compgen -f -- "$cur")); return ;;
    --budget|--baseline|--plot|-o|--output|--predict)
      COMPREPLY=($(compgen -f -- "$cur")); return ;;
    --block-size|--grid-size|--trip-count|--active-sms|--max-regression|--kernel|--core-clock|--mem-clock|--max-slowdown|--hold-out-every|--source)
      return ;;
  esac
  if [ "$cmd" = help ]; then
    COMPREPLY=($(compgen -W "$commands terms" -- "$cur"))
    return
  fi
  local options="--help"
  case $cmd in
    models) options="$options --format" ;;
    model) options="$options --gpu --active-sms --format --core-clock --mem-clock" ;;
    sweep) options="$options --gpu --kernel --format --plot --core-clock --mem-clock --clocks --max-slowdown --block-size --grid-size --trip-count -p -I -D -std= --cuda-gpu-arch=" ;;
    analyze) options="$options --gpu --format --docs-url -o --block-size --grid-size --trip-count --compiler --host-source -p -I -D -U -std= --cuda-gpu-arch= --" ;;
    check) options="$options --budget --baseline --max-regression --format --docs-url" ;;
    calibrate) options="$options -o --gpu --model --hold-out-every --source --predict" ;;
    rank) options="$options --kernel --params --problem-size --gpu --objective --cache --measured --show --grid-div-x --grid-div-y --grid-div-z --block-size-names --launch-file --trip-count -I -D --cuda-gpu-arch= --" ;;
  esac
  if [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W "$options" -- "$cur"))
  else
    COMPREPLY=($(compgen -f -- "$cur"))
  fi
}
complete -o filenames -F _gpa gpa
