# SPDX-License-Identifier: GPL-2.0
# shellcheck disable=SC2034 # the scripts that source it use them
# Sourced by lava/lab/*.sh, with $top set: the lab's names, addresses,
# ports and files. Every one can be overridden from the environment.
#
# LAB_DIR    the lab's state: root/ (a Debian chroot with LAVA), run/
#            (pid files, logs of the helpers), admin.token (root only)
# LAB_SUITE  the Debian suite LAVA comes from (bookworm: lava-server and
#            lava-dispatcher 2023.01, one version for server and workers)
# LAB_NET    the lab's /24: the server has .1 on the host side of a veth
#            pair, the second worker .2 in its network namespace
# LAB_PORT   the API and the workers' HTTP (gunicorn), on 127.0.0.1 and .1
# LAB_PUBLISHER_PORT  lava-publisher's websocket (the workers' job events), .1
# LAB_FILES_PORT      the build directory over HTTP for the workers, .1
# LAB_EVENT_PORT      the scheduler's ZMQ event stream, 127.0.0.1
lab_dir=${LAB_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/vexpress-pm/lab}
# (canonical: lab_procs compares it with /proc/PID/root, which is)
lab_root=$(realpath -m "$lab_dir/root")
# (lab_in_root below is a word list: the root's path must be one word)
case $lab_root in
*[[:space:]]*) echo "lab: LAB_DIR '$lab_dir' has a blank in it: give one without" >&2; exit 2 ;;
esac
lab_run=$lab_dir/run
lab_suite=${LAB_SUITE:-bookworm}
lab_mirror=${LAB_MIRROR:-http://deb.debian.org/debian}
lab_net=${LAB_NET:-10.203.0}
lab_addr=$lab_net.1
lab_w2_addr=$lab_net.2
lab_port=${LAB_PORT:-8000}
lab_pub_port=${LAB_PUBLISHER_PORT:-8001}
lab_files_port=${LAB_FILES_PORT:-8002}
lab_event_port=${LAB_EVENT_PORT:-5500}
lab_netns=${LAB_NETNS:-vexpress-lab-w2}
lab_veth=${LAB_VETH:-vxlab0}
lab_veth_ns=${lab_veth}p
lab_token=$lab_dir/admin.token
# The workers: name, network namespace (- for the host's), server URL.
lab_workers="lab-w1 lab-w2"
# The devices: worker-profile, each a qemu device with the dictionary
# lava/lab/devices/qemu-PROFILE.jinja2 and the tag PROFILE.
lab_profiles="twl92230 axp209"
# The packages: the server, the dispatcher, the workers' QEMU, and git for
# test definitions fetched from a repository (a recommends of
# lava-dispatcher, which --no-install-recommends leaves out).
lab_packages="lava-server lava-dispatcher qemu-system-arm postgresql git"

# Run a command in the lab's root, with a clean environment.
lab_chroot() { lab_chroot_at "$lab_root" "$@"; }
# lab_chroot_at ROOT COMMAND...: the same in ROOT (the root being made).
# Nothing of the caller's environment goes in: a TMPDIR of the host's
# (make test sets one per run) does not exist there, and apt's package
# scripts failed on it.
# (lab_env: the environment, a word list, that every command in a root gets)
lab_env="/usr/bin/env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 LC_ALL=C.UTF-8 HOME=/root"
lab_chroot_at() {
	_r=$1
	shift
	# shellcheck disable=SC2086 # a word list
	chroot "$_r" $lab_env "$@"
}
# (lab_start's and the workers' commands: exec'd by setsid or ip netns
# exec, so the same prefix as a word list rather than a function)
lab_in_root="chroot $lab_root $lab_env"
lab_manage() { lab_chroot lava-server manage "$@"; }
# The mounts a running lab's root has, in mount order.
lab_mounts="proc sys dev dev/pts dev/shm"

# Mount what a root needs (itself: qemu-backport.sh's unshare -m needs /
# to be a mount point), and unmount every mount under it, last first.
lab_mount() {
	mountpoint -q "$1" || mount --bind "$1" "$1"
	for m in $lab_mounts; do
		mkdir -p "$1/$m"
		mountpoint -q "$1/$m" || mount --bind "/$m" "$1/$m"
	done
}
# lab_mounted ROOT: the mount points at or under ROOT, one a line
lab_mounted() {
	awk -v r="$1" '$2 == r || index($2, r "/") == 1 { print $2 }' /proc/mounts
}
lab_umount() {
	lab_mounted "$1" | sort -r | while read -r m; do umount "$m" 2>/dev/null || umount -l "$m"; done
}
# lab_net_left: status 0 if the lab's network namespace or veth exists
lab_net_left() {
	ip netns list | grep -q "^$lab_netns\b" || ip link show "$lab_veth" > /dev/null 2>&1
}
# Pids of the processes whose root directory is the lab's root.
lab_procs() {
	for p in /proc/[0-9]*; do
		[ "$(readlink "$p/root" 2>/dev/null)" = "$lab_root" ] && echo "${p#/proc/}"
	done
	return 0
}

# lab_start NAME COMMAND...: a service in a session of its own, its pid in
# LAB_DIR/run/NAME.pid, its output in NAME.out.
lab_start() {
	_n=$1
	shift
	setsid "$@" < /dev/null > "$lab_run/$_n.out" 2>&1 &
	echo $! > "$lab_run/$_n.pid"
}
# lab_start_worker NAME: lava-worker NAME of the lab's root; lab-w1 in the
# host's network (the API on 127.0.0.1), the others in the namespace,
# reaching the server at LAB_NET.1 as a remote worker does.
lab_start_worker() {
	case $1 in
	lab-w1) _url=http://127.0.0.1:$lab_port/ _ns= ;;
	*) _url=http://$lab_addr:$lab_port/ _ns="ip netns exec $lab_netns" ;;
	esac
	# shellcheck disable=SC2086 # _ns, lab_in_root: word lists
	lab_start "$1" $_ns $lab_in_root \
		lava-worker --name "$1" --worker-dir "/var/lib/lava/$1" --url "$_url" \
		--ws-url "http://$lab_addr:$lab_pub_port/ws/" --ping-interval 5 \
		--token-file "/var/lib/vexpress-lab/$1.token" \
		--log-file "/var/log/lava-dispatcher/$1.log" --level INFO
}
# lab_alive: status 0 if a process a pid file of LAB_DIR/run names runs.
lab_alive() {
	for _f in "$lab_run"/*.pid; do
		[ -f "$_f" ] && kill -0 "$(cat "$_f")" 2> /dev/null && return 0
	done
	return 1
}
# lab_tree PID: PID and every process descended from it, one a line
# (a job's lava-run is the worker's child, its QEMU lava-run's).
lab_tree() {
	ps -e -o pid= -o ppid= | awk -v top="$1" '
		{ parent[$1] = $2 }
		END {
			print top; found[top] = 1
			do {
				more = 0
				for (p in parent)
					if (!(p in found) && (parent[p] in found)) { found[p] = 1; print p; more = 1 }
			} while (more)
		}'
}
