# fish completion for lyricpip (installed as share/fish/vendor_completions.d/lyricpip.fish).
# Kept in step with `lyricpip --help` and docs/cli.md; a test checks that every flag is here.

set -l commands play check convert script fetch ctl status follow help
set -l formats lrc enhanced-lrc krc qrc yrc ttml eslyric lrcx lyricsfile
set -l writable lrc enhanced-lrc krc qrc yrc ttml eslyric

complete -c lyricpip -n "not __fish_seen_subcommand_from $commands" -a play -d 'play audio files'
complete -c lyricpip -n "not __fish_seen_subcommand_from $commands" -a check -d 'validate lyrics files'
complete -c lyricpip -n "not __fish_seen_subcommand_from $commands" -a convert -d 'convert lyrics between formats'
complete -c lyricpip -n "not __fish_seen_subcommand_from $commands" -a script -d 'run a sync script'
complete -c lyricpip -n "not __fish_seen_subcommand_from $commands" -a fetch -d 'look up the lyrics of a library'
complete -c lyricpip -n "not __fish_seen_subcommand_from $commands" -a ctl -d "control the running player's strip"
complete -c lyricpip -n "not __fish_seen_subcommand_from $commands" -a status -d "print the running player's line"
complete -c lyricpip -n "not __fish_seen_subcommand_from $commands" -a follow -d 'show the lyrics of another player'
complete -c lyricpip -n "not __fish_seen_subcommand_from $commands" -a help -d 'print the usage'
complete -c lyricpip -l help -s h -d 'print the usage'
complete -c lyricpip -n "not __fish_seen_subcommand_from $commands" -l version -d 'print the version'

# play (also without the word "play")
set -l playing "not __fish_seen_subcommand_from check convert script fetch ctl status follow help"
complete -c lyricpip -n $playing -l lyrics -r -F -d 'lyrics for the first track'
complete -c lyricpip -n $playing -l pip -d 'start in the floating lyric strip'
complete -c lyricpip -n $playing -l no-window -d 'no window: the line in the terminal'
complete -c lyricpip -n $playing -l audio -x -a 'pulse alsa null' -d 'sound output'
complete -c lyricpip -n $playing -l offset -x -d 'extra lyric offset in ms'
complete -c lyricpip -n $playing -l start -x -d 'start position in seconds'
complete -c lyricpip -n $playing -l events -r -F -d 'JSON lines of events'
complete -c lyricpip -n $playing -l exit-at-end -d 'quit when the last track ends'
complete -c lyricpip -n $playing -l screenshot -r -F -d 'a PNG of the window'
complete -c lyricpip -n $playing -l new-instance -d 'play here even if lyricpip runs'
complete -c lyricpip -n $playing -l offline -d 'no online lookup'
complete -c lyricpip -n $playing -l shuffle -d 'play the queue shuffled'
complete -c lyricpip -n $playing -l repeat -x -a 'none track all' -d 'what to repeat'
complete -c lyricpip -n $playing -l controls -x -a 'hidden minimal full' -d "the strip's controls"
complete -c lyricpip -n $playing -l opacity -x -d "the strip's opacity, 0..1"
complete -c lyricpip -n $playing -l font -x -d 'font family of the lyrics'
complete -c lyricpip -n $playing -l font-size -x -d 'current line size in pixels'
complete -c lyricpip -n $playing -l background -x -a 'placeholder none' -d "behind the strip's letters"
complete -c lyricpip -n $playing -l replaygain -x -a 'track album off' -d 'which loudness tags the sound follows'
complete -c lyricpip -n $playing -l look -x -a 'classic karaoke' -d 'the colours the strip starts from'
complete -c lyricpip -n $playing -l second-line -x -a 'next translation romanisation' -d "under the strip's line"

complete -c lyricpip -n '__fish_seen_subcommand_from check' -l json -d 'print JSON'
complete -c lyricpip -n '__fish_seen_subcommand_from check' -l encoding -x -d 'the encoding'
complete -c lyricpip -n '__fish_seen_subcommand_from check' -l format -x -a "$formats" -d 'read as this format'
complete -c lyricpip -n '__fish_seen_subcommand_from convert' -l from -x -a "$formats" -d "the input's format"
complete -c lyricpip -n '__fish_seen_subcommand_from convert' -l to -x -a "$writable" -d "the output's format"
complete -c lyricpip -n '__fish_seen_subcommand_from convert' -s o -l output -r -F -d 'the output file'
complete -c lyricpip -n '__fish_seen_subcommand_from fetch' -l save-beside -d 'write NAME.lrc beside each track'
complete -c lyricpip -n '__fish_seen_subcommand_from fetch' -l dry-run -d 'ask no server, write nothing'
complete -c lyricpip -n '__fish_seen_subcommand_from fetch' -l json -d 'one JSON object per track'
complete -c lyricpip -n '__fish_seen_subcommand_from fetch' -l jobs -x -a '1 2 3 4' -d 'tracks at once'
complete -c lyricpip -n '__fish_seen_subcommand_from fetch' -l offline -d 'ask no server'
complete -c lyricpip -n '__fish_seen_subcommand_from ctl' -x -a 'lock unlock toggle-lock show hide'
complete -c lyricpip -n '__fish_seen_subcommand_from status' -l follow -d 'print each new line'
complete -c lyricpip -n '__fish_seen_subcommand_from status' -l format -x -a 'plain json waybar' -d 'output'
complete -c lyricpip -n '__fish_seen_subcommand_from follow' -l player -x -d 'follow only this player'
complete -c lyricpip -n '__fish_seen_subcommand_from follow' -l no-window -d 'the line in the terminal'
complete -c lyricpip -n '__fish_seen_subcommand_from follow' -l events -r -F -d 'JSON lines of events'
complete -c lyricpip -n '__fish_seen_subcommand_from follow' -l offset -x -d 'lyric offset in ms'
complete -c lyricpip -n '__fish_seen_subcommand_from follow' -l offline -d 'no online lookup'
complete -c lyricpip -n '__fish_seen_subcommand_from follow' -l enable-autostart -d 'start follow with the desktop'
complete -c lyricpip -n '__fish_seen_subcommand_from follow' -l disable-autostart -d 'no longer start follow with the desktop'
complete -c lyricpip -n '__fish_seen_subcommand_from follow' -l autostart -d 'follow only if follow-autostart is on'
