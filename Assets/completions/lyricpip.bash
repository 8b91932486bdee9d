# bash completion for lyricpip (installed as share/bash-completion/completions/lyricpip).
# Kept in step with `lyricpip --help` and docs/cli.md; a test checks that every flag is here.

_lyricpip() {
  local cur prev command word
  COMPREPLY=()
  cur=${COMP_WORDS[COMP_CWORD]}
  prev=${COMP_WORDS[COMP_CWORD-1]}
  command=play
  for word in "${COMP_WORDS[@]:1:COMP_CWORD-1}"; do
    case $word in
      play|check|convert|script|fetch|ctl|status|follow) command=$word; break ;;
    esac
  done

  local formats="lrc enhanced-lrc krc qrc yrc ttml eslyric lrcx lyricsfile"
  local writable="lrc enhanced-lrc krc qrc yrc ttml eslyric"
  case $prev in
    --audio) COMPREPLY=($(compgen -W "pulse alsa null" -- "$cur")); return ;;
    --controls) COMPREPLY=($(compgen -W "hidden minimal full" -- "$cur")); return ;;
    --second-line) COMPREPLY=($(compgen -W "next translation romanisation" -- "$cur")); return ;;
    --repeat) COMPREPLY=($(compgen -W "none track all" -- "$cur")); return ;;
    --background) COMPREPLY=($(compgen -W "placeholder none" -- "$cur")); return ;;
    --replaygain) COMPREPLY=($(compgen -W "track album off" -- "$cur")); return ;;
    --look) COMPREPLY=($(compgen -W "classic karaoke" -- "$cur")); return ;;
    --from) COMPREPLY=($(compgen -W "$formats" -- "$cur")); return ;;
    --to) COMPREPLY=($(compgen -W "$writable" -- "$cur")); return ;;
    --format)
      if [ "$command" = status ]; then
        COMPREPLY=($(compgen -W "plain json waybar" -- "$cur"))
      else
        COMPREPLY=($(compgen -W "$formats" -- "$cur"))
      fi
      return ;;
    --offset|--start|--opacity|--font|--font-size|--jobs|--encoding|--player) return ;;
    --lyrics|--events|--screenshot|-o|--output) COMPREPLY=($(compgen -f -- "$cur")); return ;;
  esac

  local flags
  case $command in
    play)
      flags="--lyrics --pip --no-window --audio --offset --start --events --exit-at-end
        --screenshot --new-instance --offline --shuffle --repeat --controls --opacity --font
        --font-size --second-line --background --look --replaygain --help --version"
      if [ "$COMP_CWORD" = 1 ] && [[ $cur != -* ]]; then
        COMPREPLY=($(compgen -W "play check convert script fetch ctl status follow help" -- "$cur"))
      fi ;;
    check) flags="--json --encoding --format --help" ;;
    convert) flags="--from --to -o --output --help" ;;
    script) flags="--help" ;;
    fetch) flags="--save-beside --dry-run --json --jobs --offline --help" ;;
    ctl) COMPREPLY=($(compgen -W "lock unlock toggle-lock show hide" -- "$cur")); return ;;
    status) flags="--follow --format --help" ;;
    follow) flags="--player --no-window --events --offset --offline --enable-autostart --disable-autostart --autostart --help" ;;
  esac
  if [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W "$flags" -- "$cur"))
  else
    COMPREPLY+=($(compgen -f -- "$cur"))
  fi
}
complete -o filenames -F _lyricpip lyricpip
