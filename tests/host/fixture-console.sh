#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Runner fixture (# host: fixture-console): passes only if the console
# reached its stdin, up to the plan's exit line.
set -u
last=
while IFS= read -r line; do
	last=$line
done
case $last in
"vexpress-pm: plan "*" exit "*) echo "console seen up to: $last"; exit 0 ;;
esac
echo "no console on stdin (last line: '$last')"
exit 1
