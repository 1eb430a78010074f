# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
# Sourced by the host scripts of tests/host: the one reader of a plan's
# requests on the console, "vexpress-pm: host: NAME ARGS [at TEXT]".
#
# host_requests NAME: reads the console on stdin to its end. A request
# without "at TEXT" calls the script's act ARGS asked at once; one with it
# calls act ARGS "after: LINE" once a later console line contains TEXT
# (the guest may be asleep by then, and only the host can act). A TEXT
# never seen is said and sets bad=1, as a failed act does. With
# host_console set to a file, every line read is appended to it before
# act is called: what the console showed up to the request, for an act
# that judges it.
host_requests() {
	_name=$1 _args= _want=
	_cr=$(printf '\r')
	while IFS= read -r _line; do
		_line=${_line%"$_cr"}
		[ -z "${host_console:-}" ] || printf '%s\n' "$_line" >> "$host_console"
		if [ -n "$_want" ]; then
			case $_line in
			*"$_want"*) act "$_args" "after: $_line"; _want= ;;
			esac
		fi
		case $_line in
		"vexpress-pm: host: $_name "*" at "*)
			_req=${_line#"vexpress-pm: host: $_name "}
			_args=${_req%% at *} _want=${_req#* at } ;;
		"vexpress-pm: host: $_name "*)
			act "${_line#"vexpress-pm: host: $_name "}" asked ;;
		esac
	done
	if [ -n "$_want" ]; then
		echo "$_name: never saw '$_want' for '$_args'"
		bad=1
	fi
}
