#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# build-kernels.sh KVER:BUILD...: 'make images host' of each kernel into
# its build directory, side by side (make test). Each line of a build's
# output starts with its kernel, "[7.3] ". Fails, naming the kernels, if
# any build failed, after all have ended.
#
# Side by side because a warm build is mostly one process at a time (the
# tree's links, the snapshot's unpacking, the initramfs): one after the
# other, both kernels' steps took 84 s, side by side 64 s (2 CPUs, fresh
# clones, 2026-12-05, before the tree's checkout became links).
# The package step (make deps, and the other kernels' source tarballs)
# runs before, one thing at a time: dpkg takes one installer at a time.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d) || exit 1
pids=
# Each build runs in a session of its own (setsid: its pid is its process
# group's): on Ctrl-C, SIGTERM or SIGHUP each group is sent SIGTERM, make
# and all it started, and waited for, so nothing of it writes the build
# directory after this script has ended; a second signal sends SIGKILL.
# (Background jobs of a script ignore SIGINT, and a new session is out of
# the terminal's reach.) The session's shell ignores SIGTERM to wait for
# make's clean-up; its output filter ends with the output.
signal() { for p in $pids; do kill -s "$1" -- "-$p" 2> /dev/null; done; }
stop() {
	trap 'signal KILL; exit 130' INT TERM HUP
	signal TERM
	wait
}
trap 'rm -rf "$tmp"' EXIT
trap 'stop; exit 130' INT
trap 'stop; exit 143' TERM
trap 'stop; exit 129' HUP
for kb in "$@"; do
	k=${kb%%:*} b=${kb#*:}
	# (stderr with stdout: one stream a kernel, in order)
	setsid sh -c 'trap : TERM; { ${MAKE:-make} -C "$1" --no-print-directory KVER="$2" BUILD="$3" \
			NO_DEPS=1 images host 2>&1; echo $? > "$4"; } |
		(trap "" TERM; exec sed -u -e "/: Nothing to be done for/d" -e "s/^/[$2] /")' \
		sh "$top" "$k" "$b" "$tmp/$k" &
	pids="$pids $!"
done
wait
rc=0
for kb in "$@"; do
	k=${kb%%:*}
	# (no status file: the build was killed)
	[ "$(cat "$tmp/$k" 2>/dev/null)" = 0 ] ||
		{ echo "make test: the build of $k failed (its lines above start with [$k])" >&2; rc=1; }
done
exit $rc
