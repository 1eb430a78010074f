#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# down.sh: make lab-stop. Stops the lab lava/lab/up.sh started, in order:
# the workers (their running jobs end), the file server, lava-publisher,
# lava-scheduler, gunicorn, PostgreSQL; then any process still running in
# the lab's root (a job's lava-run or QEMU, which run in sessions of their
# own), by pid; then the root's mounts, the network namespace and the veth
# pair. Each service is signalled by the pid up.sh recorded (its session:
# setsid), never by name. Then checks that no process, mount, namespace or
# listening socket of the lab is left, exit status 1 if one is. Safe to run
# when nothing, or half a lab, is up.
set -u

top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/lava/lab/lab.sh"
[ "$(id -u)" = 0 ] || { echo "lab: needs root" >&2; exit 1; }
say() { echo "  LAB     $*"; }

# running PID: the process exists and has not exited. A session up.sh
# started has init for its parent once up.sh ends, and init may reap it
# a second or two after it exits (seen here: 1.5 s for a sleep); until
# then kill -0 still finds the zombie, and each stop waited for that.
running() {
	kill -0 "$1" 2> /dev/null && [ "$(sed 's/.*) //' "/proc/$1/stat" 2> /dev/null | cut -d ' ' -f 1)" != Z ]
}
# stop NAME [SECONDS]: TERM to the session up.sh started, KILL after SECONDS.
stop() {
	f=$lab_run/$1.pid
	[ -f "$f" ] || return 0
	pid=$(cat "$f")
	# (a leader gone, or a zombie, may leave its group behind: gunicorn's
	# workers, a worker's lava-run and QEMU; kill -0 on the group finds it)
	if [ -n "$pid" ] && { running "$pid" || kill -0 -- "-$pid" 2> /dev/null; }; then
		say "stop $1 ($pid)"
		kill -s TERM -- "-$pid" 2> /dev/null || kill -TERM "$pid" 2> /dev/null
		i=0
		while running "$pid" && [ $i -lt $((${2:-10} * 5)) ]; do
			sleep 0.2
			i=$((i + 1))
		done
		kill -s KILL -- "-$pid" 2> /dev/null || kill -KILL "$pid" 2> /dev/null || true
	fi
	rm -f "$f"
}
for w in $lab_workers; do stop "$w"; done
stop files
stop lava-publisher
stop lava-scheduler
stop gunicorn 20
if [ -d "$lab_root/etc/postgresql" ]; then
	for c in "$lab_root"/etc/postgresql/*/main; do
		v=$(basename "$(dirname "$c")")
		if [ -f "$lab_root/var/run/postgresql/$v-main.pid" ] || [ -f "$lab_root/run/postgresql/$v-main.pid" ]; then
			say "stop PostgreSQL $v"
			lab_chroot pg_ctlcluster "$v" main stop -m fast 2> /dev/null || true
		fi
	done
fi
# What is left in the root: a job's lava-run, QEMU.
left=$(lab_procs)
if [ -n "$left" ]; then
	# shellcheck disable=SC2086,SC2116 # one line of pids
	say "stop the processes left in the lab's root: $(echo $left)"
	# shellcheck disable=SC2086
	kill -TERM $left 2> /dev/null
	sleep 2
	left=$(lab_procs)
	# shellcheck disable=SC2086
	[ -z "$left" ] || kill -KILL $left 2> /dev/null
	sleep 0.5
fi
rm -f "$lab_run/owner"
lab_umount "$lab_root"
ip netns list | grep -q "^$lab_netns\b" && ip netns delete "$lab_netns"
ip link show "$lab_veth" > /dev/null 2>&1 && ip link delete "$lab_veth" 2> /dev/null

# Nothing may be left.
bad=
left=$(lab_procs)
# shellcheck disable=SC2086,SC2116 # one line of pids
[ -z "$left" ] || bad="$bad processes in the root: $(echo $left);"
[ -z "$(lab_mounted "$lab_root")" ] || bad="$bad mounts under $lab_root;"
ip netns list | grep -q "^$lab_netns\b" && bad="$bad namespace $lab_netns;"
ip link show "$lab_veth" > /dev/null 2>&1 && bad="$bad interface $lab_veth;"
l=$(ss -Hltn | awk -v a="$lab_addr" '{ n = split($4, x, ":"); h = substr($4, 1, length($4) - length(x[n]) - 1); if (h == a) print $4 }')
[ -z "$l" ] || bad="$bad listening on $l;"
if [ -n "$bad" ]; then
	echo "lab: left behind:$bad" >&2
	exit 1
fi
say "stopped: no process, mount, namespace or socket of the lab left"
