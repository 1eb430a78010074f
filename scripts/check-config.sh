#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# check-config.sh FRAGMENT DOTCONFIG: every option the fragment sets must be
# in the final .config exactly as asked, or the build stops naming it.
set -eu
bad=0
while IFS= read -r line; do
	case "$line" in
	CONFIG_*=*)
		grep -qxF "$line" "$2" && continue ;;
	"# CONFIG_"*" is not set")
		opt=${line#"# "}; opt=${opt%% *}
		grep -q "^$opt=" "$2" || continue ;;
	*)	continue ;;
	esac
	echo "check-config: $1 asks for '$line'; .config has '$(grep -E "(^| )${line#"# "}" "$2" | head -1)'" >&2
	bad=1
done < "$1"
exit $bad
