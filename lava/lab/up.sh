#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# up.sh: make lab. A real LAVA instance on this machine from Debian's
# packages (LAB_SUITE, default bookworm: lava-server and lava-dispatcher
# 2023.01), without systemd, in a Debian root of its own under the user's
# cache (lava/lab/lab.sh: LAB_DIR), so that the host's packages stay as they
# are and a Debian 13 host runs the same LAVA:
#  - PostgreSQL on a unix socket only (no TCP port);
#  - the server, gunicorn (lava_server.wsgi), on 127.0.0.1 and the lab's
#    veth address LAB_NET.1, port LAB_PORT; lava-scheduler; lava-publisher
#    (its websocket on LAB_NET.1); no apache;
#  - the build directory (BUILD: images/, lava/) over HTTP on LAB_NET.1,
#    port LAB_FILES_PORT, by the root's Python http.server as nobody, for the jobs'
#    downloads;
#  - two workers, lava-worker of the same root (one version with the
#    server): lab-w1 in the host's network namespace (API on 127.0.0.1),
#    lab-w2 in the network namespace LAB_NETNS at LAB_NET.2 on a veth pair,
#    reaching the server over HTTP at LAB_NET.1 as a remote worker does.
#    Each has a qemu device per PMIC profile (lava/lab/devices/): TWL92230
#    on the root's QEMU 7.2, AXP209 on the QEMU 10 of boot/qemu-backport.sh
#    (QEMU10_CACHE, bound read-only into the root).
# The first run debootstraps the root, installs the packages (a policy-rc.d
# starts no service) and sets up the database, the admin user "vexpress-lab"
# and its API token (LAB_DIR/admin.token, mode 0600), the workers, device
# type, tags and devices, with LAVA's own commands (lava-server manage).
# Exit status 1 on an error (a port in use, a lab already up: nothing is
# started), 4 when LAVA cannot be installed here (naming package and suite).
set -eu

top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/scripts/build-dir.sh"
. "$top/lava/lab/lab.sh"
die() { echo "lab: $*" >&2; exit 1; }
say() { echo "  LAB     $*"; }
t0=$(date +%s)

[ "$(id -u)" = 0 ] || die "needs root (chroot, mounts, a network namespace)"
# (jq reads the API's JSON; the file server is the root's python3, below)
for c in ip ss chroot setsid mountpoint curl jq ps; do
	command -v $c > /dev/null || die "needs $c"
done

# Nothing of a lab may exist yet; every port must be free. What a lab
# whose processes are all gone left (pid files, namespace, veth, mounts: a
# killed 'make test', a crash) is cleaned up first by down.sh.
if ls "$lab_run"/*.pid > /dev/null 2>&1; then
	lab_alive && die "a lab is up ($lab_run has pid files of running processes): make lab-stop"
	say "a lab stopped without make lab-stop left state behind: cleaning it up (lava/lab/down.sh)"
	sh "$top/lava/lab/down.sh" | sed 's/^/  /' || die "cannot clean up what the last lab left"
elif lab_net_left || [ -n "$(lab_mounted "$lab_root")" ]; then
	if [ -n "$(lab_procs)" ]; then
		die "processes run in $lab_root without pid files: make lab-stop"
	fi
	say "no lab runs, but its namespace, veth or mounts are left: cleaning up (lava/lab/down.sh)"
	sh "$top/lava/lab/down.sh" | sed 's/^/  /' || die "cannot clean up what the last lab left"
fi
ip netns list | grep -q "^$lab_netns\b" && die "network namespace $lab_netns exists: make lab-stop"
ip link show "$lab_veth" > /dev/null 2>&1 && die "network interface $lab_veth exists: make lab-stop"
ip -o addr show | grep -q " $lab_addr/" &&
	die "$lab_addr is already an address of this machine: choose another LAB_NET"
busy=
for ap in 127.0.0.1:$lab_port $lab_addr:$lab_port $lab_addr:$lab_pub_port \
	$lab_addr:$lab_files_port 127.0.0.1:$lab_event_port; do
	l=$(ss -Hltnp "sport = :${ap##*:}" | awk -v a="${ap%:*}" '{
		n = split($4, x, ":"); h = substr($4, 1, length($4) - length(x[n]) - 1)
		if (h == a || h == "0.0.0.0" || h == "*" || h == "[::]") print $4, $6 }')
	[ -z "$l" ] || busy="$busy $ap (in use: $l)"
done
[ -z "$busy" ] || die "port in use:$busy; nothing started (LAB_PORT, LAB_PUBLISHER_PORT, LAB_FILES_PORT, LAB_EVENT_PORT choose others)"
[ -d "$build/images" ] || die "no $build/images to serve (make images)"
# The file server runs as nobody (below), the build directory bound into
# the lab's root, so the directories above it do not matter, but nobody
# must enter the build directory and images/ (and lava/, where the lab's
# jobs and DTBs go) and read the images: a build directory of mode 0700,
# or one made under umask 077, would make every download a 404 once the
# jobs run. Said now, with what to change, before anything starts.
for d in "$build" "$build/images" "$build/lava"; do
	[ -d "$d" ] || continue
	[ -n "$(find "$d" -maxdepth 0 -perm -o+x)" ] ||
		die "the lab's file server (as nobody) cannot enter $d: mode $(stat -c %a "$d"), owner $(stat -c %U "$d"); chmod o+x $d (or build elsewhere, BUILD=)"
done
unread=$(find "$build/images" -maxdepth 1 -type f ! -perm -o+r | sed 's|.*/||' | head -n 5 | tr '\n' ' ')
[ -z "$unread" ] ||
	die "the lab's file server (as nobody) cannot read $build/images/: ${unread% } (mode $(stat -c %a "$(find "$build/images" -maxdepth 1 -type f ! -perm -o+r | head -n 1)")); chmod o+r them"

mkdir -p "$lab_dir" "$lab_run"
chmod 700 "$lab_dir"

# The root: debootstrap, then the packages, no service started.
if [ ! -f "$lab_root/.vexpress-lab-installed" ]; then
	command -v debootstrap > /dev/null ||
		{ echo "lab: SKIP: LAVA ($lab_packages) from Debian $lab_suite needs debootstrap (apt-get install debootstrap)" >&2; exit 4; }
	new=$lab_dir/root.new log=$lab_dir/install.log
	lab_umount "$new"
	rm -rf "$new"
	say "debootstrap $lab_suite into $new (log: $log)"
	# (its second stage runs package scripts in the root: no host TMPDIR)
	env -u TMPDIR nice -n 10 debootstrap --variant=minbase "$lab_suite" "$new" "$lab_mirror" > "$log" 2>&1 ||
		die "debootstrap $lab_suite $lab_mirror failed: $(tail -n 1 "$log")"
	printf '#!/bin/sh\n# vexpress-pm lab: no service starts during apt\nexit 101\n' > "$new/usr/sbin/policy-rc.d"
	chmod 755 "$new/usr/sbin/policy-rc.d"
	lab_mount "$new"
	r=0
	lab_chroot_at "$new" apt-get update >> "$log" 2>&1 || r=$?
	if [ $r = 0 ]; then
		# Server and dispatcher of one version, or no lab.
		vs=$(lab_chroot_at "$new" apt-cache show --no-all-versions lava-server 2>/dev/null | sed -n 's/^Version: //p')
		vd=$(lab_chroot_at "$new" apt-cache show --no-all-versions lava-dispatcher 2>/dev/null | sed -n 's/^Version: //p')
		if [ -z "$vs" ] || [ "$vs" != "$vd" ]; then
			# (no lab from this suite: its root serves nothing)
			lab_umount "$new"
			rm -rf "$new"
			echo "lab: SKIP: Debian $lab_suite has no lava-server and lava-dispatcher of one version (lava-server '${vs:-none}', lava-dispatcher '${vd:-none}')" >&2
			exit 4
		fi
		say "apt-get install $lab_packages ($vs)"
		# shellcheck disable=SC2086 # a word list
		lab_chroot_at "$new" DEBIAN_FRONTEND=noninteractive nice -n 10 apt-get install -y \
			--no-install-recommends $lab_packages >> "$log" 2>&1 || r=$?
	fi
	lab_umount "$new"
	[ $r = 0 ] || die "apt-get in the $lab_suite root failed: $(tail -n 1 "$log") (log: $log)"
	echo "$lab_packages" > "$new/.vexpress-lab-installed"
	rm -rf "$lab_root"
	mv "$new" "$lab_root"
elif [ "$(cat "$lab_root/.vexpress-lab-installed")" != "$lab_packages" ]; then
	# A root made with another package list (lava/lab/lab.sh's changed):
	# what is missing is installed into it, the database kept.
	log=$lab_dir/install.log
	say "apt-get install $lab_packages into the existing root (the list changed; log: $log)"
	lab_mount "$lab_root"
	r=0
	# shellcheck disable=SC2086 # a word list
	{ lab_chroot apt-get update &&
		lab_chroot DEBIAN_FRONTEND=noninteractive nice -n 10 apt-get install -y \
			--no-install-recommends $lab_packages; } >> "$log" 2>&1 || r=$?
	lab_umount "$lab_root"
	[ $r = 0 ] || die "apt-get in the lab's root failed: $(tail -n 1 "$log") (log: $log)"
	echo "$lab_packages" > "$lab_root/.vexpress-lab-installed"
fi

# QEMU 10 for the AXP209 devices (the root's own QEMU is Debian 12's 7.2:
# the TWL92230, no AXP209): bookworm-backports' qemu-system-arm, unpacked
# beside the root's and bound into it below. On a Debian 12 host 'make
# deps' unpacked it already (QEMU10_CACHE); elsewhere (a Debian 13 host,
# whose own QEMU is built for Debian 13 and runs in no bookworm root) the
# root's apt downloads the same packages, once, into LAB_DIR/qemu10.
q10=${QEMU10_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/vexpress-pm/qemu10}
if [ ! -f "$q10/root/.unpacked" ] && [ ! -f "$lab_dir/qemu10/root/.unpacked" ]; then
	log=$lab_dir/qemu10.log
	say "QEMU 10 for the AXP209 devices: $lab_suite-backports' qemu-system-arm, by the root's apt, into $lab_dir/qemu10 (log: $log)"
	rm -rf "$lab_dir/qemu10" "$lab_root/var/cache/vexpress-lab-qemu10"
	mkdir -p "$lab_dir/qemu10/root.tmp" "$lab_root/var/cache/vexpress-lab-qemu10"
	echo "deb $lab_mirror $lab_suite-backports main" > "$lab_root/etc/apt/sources.list.d/vexpress-lab-backports.list"
	lab_mount "$lab_root"
	r=0
	{ lab_chroot apt-get update &&
		lab_chroot sh -c "cd /var/cache/vexpress-lab-qemu10 && apt-get download qemu-system-arm/$lab_suite-backports qemu-system-common/$lab_suite-backports qemu-system-data/$lab_suite-backports"; } > "$log" 2>&1 || r=$?
	rm -f "$lab_root/etc/apt/sources.list.d/vexpress-lab-backports.list"
	lab_chroot apt-get update >> "$log" 2>&1 || true
	lab_umount "$lab_root"
	if [ $r = 0 ]; then
		for d in "$lab_root"/var/cache/vexpress-lab-qemu10/*.deb; do
			dpkg -x "$d" "$lab_dir/qemu10/root.tmp" || r=$?
		done
	fi
	if [ $r = 0 ]; then
		dpkg-deb -f "$lab_root"/var/cache/vexpress-lab-qemu10/qemu-system-arm_*.deb Version > "$lab_dir/qemu10/root.tmp/.unpacked"
		mv "$lab_dir/qemu10/root.tmp" "$lab_dir/qemu10/root"
	else
		say "no QEMU 10 from $lab_suite-backports: $(tail -n 1 "$log")"
	fi
	rm -rf "$lab_root/var/cache/vexpress-lab-qemu10" "$lab_dir/qemu10/root.tmp"
fi
[ -f "$q10/root/.unpacked" ] || q10=$lab_dir/qemu10

# From here on a failure stops whatever was started.
# shellcheck disable=SC2154 # rc: set in the trap
trap 'rc=$?; if [ $rc != 0 ]; then echo "lab: bring-up failed: stopping what was started" >&2; sh "$top/lava/lab/down.sh" >&2 || true; fi' EXIT

# The network: a veth pair, the second worker's end in its namespace.
ip netns add "$lab_netns"
ip link add "$lab_veth" type veth peer name "$lab_veth_ns"
ip link set "$lab_veth_ns" netns "$lab_netns"
ip addr add "$lab_addr/24" dev "$lab_veth"
ip link set "$lab_veth" up
ip -n "$lab_netns" addr add "$lab_w2_addr/24" dev "$lab_veth_ns"
ip -n "$lab_netns" link set "$lab_veth_ns" up
ip -n "$lab_netns" link set lo up

lab_mount "$lab_root"
# QEMU 10 for the AXP209 devices: boot/qemu-backport.sh on it (above),
# bound read-only into the root; it must offer the AXP209 model there.
have_q10=no
if [ -f "$q10/root/.unpacked" ]; then
	mkdir -p "$lab_root/opt/qemu10" "$lab_root/usr/local/lib/vexpress-pm"
	mount --bind "$q10" "$lab_root/opt/qemu10"
	mount -o remount,bind,ro "$lab_root/opt/qemu10"
	cp "$top/boot/qemu-backport.sh" "$lab_root/usr/local/lib/vexpress-pm/"
	printf '#!/bin/sh\n# vexpress-pm lab: QEMU 10 (boot/qemu-backport.sh) for the AXP209 devices\nQEMU10_CACHE=/opt/qemu10 exec sh /usr/local/lib/vexpress-pm/qemu-backport.sh "$@"\n' \
		> "$lab_root/usr/local/bin/qemu-system-arm-10"
	chmod 755 "$lab_root/usr/local/bin/qemu-system-arm-10"
	if lab_chroot /usr/local/bin/qemu-system-arm-10 -M vexpress-a9 -device help 2>&1 | grep -q '"axp209_pmu"'; then
		have_q10=yes
	else
		say "the QEMU of $q10 does not run in the root or has no axp209_pmu: $(lab_chroot /usr/local/bin/qemu-system-arm-10 --version 2>&1 | head -n 1)"
	fi
fi

# Configuration: the hosts the server answers as, its event sockets on
# loopback; PostgreSQL on its unix socket alone, a password for LAVA's role.
cat > "$lab_root/etc/lava-server/settings.d/01-vexpress-lab.yaml" <<EOT
# vexpress-pm lab (lava/lab/up.sh)
ALLOWED_HOSTS: ["127.0.0.1", "localhost", "$lab_addr"]
EVENT_NOTIFICATION: true
EVENT_SOCKET: "tcp://127.0.0.1:$lab_event_port"
INTERNAL_EVENT_SOCKET: "ipc:///tmp/lava.events"
EOT
# shellcheck disable=SC2012 # version directories
pgv=$(ls "$lab_root/etc/postgresql" | sort -n | tail -n 1)
pgc=$lab_root/etc/postgresql/$pgv/main
echo "listen_addresses = ''" > "$pgc/conf.d/vexpress-lab.conf"
grep -q '^local lavaserver lavaserver' "$pgc/pg_hba.conf" ||
	sed -i '1i local lavaserver lavaserver scram-sha-256' "$pgc/pg_hba.conf"
db=$lab_root/etc/lava-server/settings.d/00-database.yaml
if [ ! -f "$db" ]; then
	pw=$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
	(umask 027; printf 'DATABASES:\n  default:\n    ENGINE: "django.db.backends.postgresql"\n    NAME: "lavaserver"\n    USER: "lavaserver"\n    PASSWORD: "%s"\n    HOST: "/var/run/postgresql"\n    PORT: 5432\n' "$pw" > "$db")
	lab_chroot chown lavaserver:lavaserver /etc/lava-server/settings.d/00-database.yaml
fi

say "PostgreSQL $pgv (unix socket)"
lab_chroot install -d -o postgres -g postgres -m 2775 /run/postgresql
lab_chroot pg_ctlcluster "$pgv" main start

if [ ! -f "$lab_root/var/lib/lava-server/.vexpress-lab-db" ]; then
	say "database, user, token, workers, devices (first run)"
	lab_chroot /usr/share/lava-server/postinst.py --config --db > "$lab_run/db-setup.log" 2>&1 ||
		die "LAVA's database set-up failed (log: $lab_run/db-setup.log)"
	lab_manage users add vexpress-lab --staff --superuser > /dev/null
	(umask 077; lab_manage tokens add --user vexpress-lab --description "make test-lab" > "$lab_token")
	mkdir -p "$lab_root/var/lib/vexpress-lab"
	for w in $lab_workers; do
		(umask 077; lab_manage workers add "$w" --description "vexpress-pm lab worker" |
			sed -n 's/^Token: //p' > "$lab_root/var/lib/vexpress-lab/$w.token")
	done
	lab_manage device-types add qemu > /dev/null
	for w in $lab_workers; do
		for p in $lab_profiles; do
			lab_manage devices add --device-type qemu --worker "$w" --tags "$p" \
				--description "vexpress-pm $p on $w" "$w-$p"
		done
	done
	touch "$lab_root/var/lib/vexpress-lab/.db" "$lab_root/var/lib/lava-server/.vexpress-lab-db"
fi
[ -s "$lab_token" ] || die "no API token in $lab_token"
# Each worker's dispatcher configuration: its address (LAVA takes it from
# the default route otherwise, which the second worker's namespace has not).
for w in $lab_workers; do
	a=$lab_addr
	[ "$w" = lab-w1 ] || a=$lab_w2_addr
	printf '# vexpress-pm lab (lava/lab/up.sh)\ndispatcher_ip: %s\n' "$a" \
		> "$lab_root/etc/lava-server/dispatcher.d/$w.yaml"
done
# The device dictionaries, from the repository, at every start.
for w in $lab_workers; do
	for p in $lab_profiles; do
		install -m 644 "$top/lava/lab/devices/qemu-$p.jinja2" \
			"$lab_root/etc/lava-server/dispatcher-config/devices/$w-$p.jinja2"
		h=GOOD
		[ "$p" != axp209 ] || [ $have_q10 = yes ] || h=MAINTENANCE
		lab_manage devices update "$w-$p" --health $h > /dev/null
	done
done
# The profiles whose devices are online, for lava/lab/test.sh (a job of
# another one would wait for a device until LAB_WAIT).
if [ $have_q10 = yes ]; then
	echo "$lab_profiles" > "$lab_run/profiles"
else
	say "no QEMU 10 with axp209_pmu ($q10): the AXP209 devices are in maintenance"
	echo "$lab_profiles" | tr ' ' '\n' | grep -vx axp209 | tr '\n' ' ' | sed 's/ $//' > "$lab_run/profiles"
fi

say "gunicorn on 127.0.0.1:$lab_port and $lab_addr:$lab_port, lava-scheduler, lava-publisher on $lab_addr:$lab_pub_port"
# shellcheck disable=SC2086 # lab_in_root: a word list
lab_start gunicorn $lab_in_root \
	gunicorn3 lava_server.wsgi --log-level INFO --log-file /var/log/lava-server/gunicorn.log \
	-u lavaserver -g lavaserver --worker-class eventlet --workers 2 --timeout 120 \
	--bind "127.0.0.1:$lab_port" --bind "$lab_addr:$lab_port"
# shellcheck disable=SC2086
lab_start lava-scheduler $lab_in_root \
	lava-server manage lava-scheduler --level INFO --log-file /var/log/lava-server/lava-scheduler.log \
	--event-url "tcp://127.0.0.1:$lab_event_port"
# shellcheck disable=SC2086
lab_start lava-publisher $lab_in_root \
	lava-server manage lava-publisher --level INFO --log-file /var/log/lava-server/lava-publisher.log \
	--host "$lab_addr" --port "$lab_pub_port"
say "$build over HTTP on $lab_addr:$lab_files_port"
# Debian's python3 -m http.server, the root's: a file server of a package
# on every Debian system, not a program of ours (the project's tooling is
# C, sh and make); with env -i (lab_in_root) it carries nothing of the
# caller's environment (make test's run marks its own processes there, and
# ends them at its end). It runs as nobody in the root, the build
# directory bound read-only at /srv/vexpress-pm-build: at its own path
# nobody cannot reach it where a directory above it is closed to others
# (a clone in /root, or in a home of mode 0700).
mkdir -p "$lab_root/srv/vexpress-pm-build"
mount --bind "$build" "$lab_root/srv/vexpress-pm-build"
mount -o remount,bind,ro "$lab_root/srv/vexpress-pm-build"
# shellcheck disable=SC2086 # lab_in_root: a word list
lab_start files $lab_in_root setpriv --reuid=nobody --regid=nogroup --clear-groups \
	python3 -m http.server --bind "$lab_addr" --directory /srv/vexpress-pm-build "$lab_files_port"

api=http://127.0.0.1:$lab_port/api/v0.2
i=0
until curl -fsS -o /dev/null "$api/system/version/" 2>/dev/null; do
	i=$((i + 1))
	[ $i -lt 120 ] || die "the server does not answer at $api (log: $lab_root/var/log/lava-server/gunicorn.log)"
	sleep 0.5
done
i=0
until curl -fsS -o /dev/null "http://$lab_addr:$lab_files_port/images/zImage" 2>/dev/null; do
	i=$((i + 1))
	[ $i -lt 40 ] || die "the file server does not serve $build/images/zImage at http://$lab_addr:$lab_files_port/ ($lab_run/files.out: $(tail -n 1 "$lab_run/files.out"))"
	sleep 0.5
done
version=$(curl -fsS "$api/system/version/" | jq -r .version)

say "workers lab-w1 (host network, 127.0.0.1) and lab-w2 (namespace $lab_netns, $lab_w2_addr -> $lab_addr)"
for w in $lab_workers; do lab_start_worker "$w"; done
# Both workers online, as the server sees them.
i=0
while :; do
	# (the token on curl's standard input, never in its arguments)
	online=$({ printf 'Authorization: Token '; cat "$lab_token"; } | curl -fsS -H @- "$api/workers/" 2>/dev/null |
		jq -r '[.results[] | select(.state == "Online") | .hostname] | sort | join(" ")' || true)
	[ "$online" != "$lab_workers" ] || break
	i=$((i + 1))
	[ $i -lt 60 ] || die "workers online: '${online}', not '$lab_workers' (logs: $lab_root/var/log/lava-dispatcher/)"
	sleep 1
done
trap - EXIT
say "up in $(($(date +%s) - t0)) s: LAVA $version, API http://$lab_addr:$lab_port/api/v0.2/ (token: $lab_token), workers $online, files http://$lab_addr:$lab_files_port/"
