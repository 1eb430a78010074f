#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# make-jobs.sh [--board a9|a15|cubieboard] [--profile twl92230|axp209] [--url URL]
#              [--out DIR] [--plans "NAME..."] [--sleep-runs N] [--no-sleep]
#              [--sleep-icount] [--kernelci] [--left-out FILE]
#
# Write one LAVA job (YAML, LAVA's "qemu" device type) for one board and
# PMIC profile: DIR/vexpress-pm-BOARD-PROFILE.yaml. For each test plan
# (tests/plans/NAME.sh) the job has a deploy, boot and test action that boot
# the board as tests/run-plan.sh does (-smp, -icount, kernel arguments,
# extra QEMU devices and DT edits from the plan's header lines) into the
# initramfs's shell (/init without "plan=": prompt "vexpress-pm:/# "), and an
# inline test definition whose run step is /lava-plan.sh (rootfs/): it runs
# the plan and makes each KTAP result a LAVA test case. Last, a KernelCI-style
# sleep test: util-linux's rtcwake -d rtc0 -m mem -s 5, N times (default 10),
# one test case per run, after checking rtc0 can wake the system; on two
# CPUs in real time, as a lab's board sleeps, or with --sleep-icount on one
# CPU under -icount, where the alarm's 5 s pass in virtual time (a quick
# check of the wiring). The board comes from boot/board.sh (machine, CPU,
# RAM, NIC model, the PMIC and sensor -device where QEMU's board has no
# PMIC of its own, the console in the kernel command line); the cubieboard
# (QEMU 8.1 or later: its own AXP209, profile axp209 only) has no sleep
# test (no suspend to RAM, no RTC wake alarm: --sleep-runs is refused).
#
# Images are referenced as URL/images/FILE (zImage, the board DTB,
# rootfs.cpio.gz), DT-edited DTBs as URL/lava/dtb/FILE (--out, default
# BUILD/lava, must be inside the build directory): URL is the build
# directory as a lab's file server publishes it (default: file://BUILD, for
# running the job on this machine). The DT-edited DTBs are written here
# (fdtput on the board DTB); without the board DTB the plans that edit it
# are left out. The kernel and initramfs must exist.
#
# --plans: the plans to run (default: every plan of tests/plans, but those pinned
# to another board, on a15 only those checked there, see below, and on
# the cubieboard those pinned to it, "# board: cubieboard"); a
# plan whose "# pmic:" header does not name the profile (no header: the
# TWL92230 only, tests/plan-profiles.sh) is left out, as is a plan the job
# cannot express (a "# host:" script beside QEMU, "# qemu-args: --no-pmic",
# "# qemu-patch:", a patched QEMU),
# saying why (--left-out FILE: also into FILE, a line "PLAN<TAB>WHY" each,
# for lava/lab/test.sh's skips). Exit status 2 on bad
# input (no kernel or initramfs, unknown board, profile or plan).
#
# --kernelci: instead, DIR/kernelci/vexpress-pm-BOARD-PROFILE.jinja2, a
# LAVA job template for kernelci-pipeline (config/runtime/, docs/
# kernelci.md): the same context, deploy and boot (one boot under
# -icount), with the kernel of KernelCI's build node (node.artifacts.kernel),
# the project's initramfs and DTB at the job's params rootfs_url and dtb_url
# (the DTB is the project's, dts/, not one the kernel tree builds), and one
# test action that runs the test definition lava/kernelci/suspend-order.yaml
# from the params' test_definition_repo (git) with PLANS=plans. KernelCI's
# runtime passes a job's params to the template as top-level variables,
# beside node, device_type, priority, notify, api_config and storage_config
# (kernelci-core: kernelci/runtime/__init__.py, get_params); the template
# carries the notify callback and the metadata its LAVA callback reads
# (config/runtime/base/lava.jinja2 of kernelci-core). The board's facts
# (QEMU devices, kernel command line) come from boot/board.sh, as for the
# jobs, so the template cannot drift from them.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/build-dir.sh"
me=make-jobs.sh
. "$top/boot/board.sh"
. "$top/tests/plan-path.sh"
mkdir -p "$build"
board=$board_default profile=twl92230 url= out=$build/lava plans= sleep_runs=10 sleep_asked=no sleep_icount=no kernelci=no left_file=
while [ $# -gt 0 ]; do
	case "$1" in
	--board) board=$2; shift ;;
	--profile) profile=$2; shift ;;
	--url) url=$2; shift ;;
	--out) out=$2; shift ;;
	--plans) plans=$2; shift ;;
	--sleep-runs) sleep_runs=$2 sleep_asked=yes; shift ;;
	--no-sleep) sleep_runs=0 ;;
	--sleep-icount) sleep_icount=yes ;;
	--kernelci) kernelci=yes ;;
	--left-out) left_file=$2; shift ;;
	*) echo "make-jobs.sh: unknown argument '$1'" >&2; exit 2 ;;
	esac
	shift
done
case $sleep_runs in
'' | *[!0-9]*) echo "make-jobs.sh: --sleep-runs '$sleep_runs': not a number of runs" >&2; exit 2 ;;
esac
url=${url:-file://$build}
images=$build/images
# The DT-edited DTBs go to OUT/dtb, named by their URL under the build
# directory, which is what URL publishes.
out=$(mkdir -p "$out" && cd "$out" && pwd)
case "$out/" in
"$build"/*) rel=${out#"$build"/} ;;
*) echo "make-jobs.sh: --out $out is not inside the build directory $build, which URL publishes" >&2; exit 2 ;;
esac

board_of "$board" || exit 2
profile_of "$profile" || exit 2
# The KernelCI-style sleep test needs suspend to RAM and an RTC alarm that
# wakes the board (boot/board.sh: rtcwake): without them, none by default.
if [ "$rtcwake" = no ]; then
	if [ "$sleep_asked" = yes ] && [ "$sleep_runs" -gt 0 ]; then
		echo "make-jobs.sh: --sleep-runs $sleep_runs: the $machine board cannot run rtcwake -m mem (no suspend to RAM, no RTC wake alarm: boot/board.sh)" >&2
		exit 2
	fi
	sleep_runs=0
fi
dtb=$board_dtb
# Checked on vexpress-a9: every plan the suite runs there. Checked on
# vexpress-a15 (docs/tests.md, "Boards"); the others assume the CA9's
# motherboard map in places.
# The cubieboard: the plans pinned to it ("# board: cubieboard"), the
# vexpress plans assume vexpress's buses and devices.
default_plans=
case $board in
a15) default_plans="boot i2c-sbcon pmic-regulators suspend-mem pmic-pd suspend-pmic-fault a15-board" ;;
cubieboard)
	for f in "$top"/tests/plans/*.sh; do
		[ "$(sh "$top/tests/plan-meta.sh" "$f" board)" != "$board" ] ||
			default_plans="$default_plans $(basename "$f" .sh)"
	done ;;
esac

missing=
for f in zImage rootfs.cpio.gz; do
	[ -f "$images/$f" ] || missing="$missing $images/$f"
done
if [ -n "$missing" ]; then
	echo "make-jobs.sh: $board/$profile: missing image(s):$missing (run 'make images')" >&2
	exit 2
fi
# A profile's DTB may come from elsewhere (a lab, another build): the job
# only names it, but DT-edited copies cannot be made without it.
have_dtb=yes
if [ ! -f "$images/$dtb" ]; then
	have_dtb=no
	echo "make-jobs.sh: $board/$profile: no $images/$dtb: the job names it, the lab must serve it; plans with dt-edit lines left out" >&2
fi

job=vexpress-pm-$board-$profile
mkdir -p "$out/dtb"
yaml=$out/$job.yaml
tmp=$yaml.tmp

if [ -z "$plans" ]; then
	if [ -n "$default_plans" ]; then
		plans=$default_plans
	else
		plans=$(cd "$top/tests/plans" && ls ./*.sh | sed 's|^\./||; s|\.sh$||')
	fi
fi

# YAML single-quoted scalar; shell single-quoted word.
yq() { printf "'%s'" "$(printf '%s' "$1" | sed "s/'/''/g")"; }
shq() { printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"; }
mins() { echo $((($1 + 59) / 60)); }

# The launcher's kernel command line (boot/board.sh), without plan=: /init
# then gives its shell, which LAVA drives.
cmdline_base=$(board_cmdline)
# The context's extra_options: the PMIC and sensor QEMU's board lacks
# (vexpress: both on the SBCon bus; the cubieboard has its own AXP209 and
# no sensor), -no-reboot, the audio options.
extra_options= extra_what="the board's I2C devices on the SBCon bus"
[ -n "$pmic_dev" ] || extra_what="QEMU's $machine has its own $own_pmic, no -device"
for o in ${pmic_dev:+"-device $pmic_dev"} ${sensor:+"-device $sensor"} -no-reboot ${audio:+"$audio"}; do
	extra_options="$extra_options${extra_options:+
}  - $(yq "$o")"
done

# deploy_boot KERNEL-ARGS DTB-URL QEMU-ARGS [RAMDISK]: one deploy and boot
# (RAMDISK: the images' initramfs, default rootfs.cpio.gz; the runner's
# fixtures boot rootfs-fixtures.cpio.gz, the board's plus them)
deploy_boot() {
	cat <<EOF
- deploy:
    to: tmpfs
    timeout: {minutes: 2}
    images:
      kernel:
        url: $kernel_url
        image_arg: $(yq "-kernel {kernel} $3 -append \"$cmdline_base $1\"")
      dtb:
        url: $2
        image_arg: '-dtb {dtb}'
      ramdisk:
        url: $(if [ -n "${4:-}" ]; then echo "$url/images/$4"; else echo "$ramdisk_url"; fi)
        image_arg: '-initrd {ramdisk}'
        compression: gz
        format: cpio.newc
        overlays:
          lava: true
- boot:
    method: qemu
    media: tmpfs
    timeout: {minutes: 2}
    prompts:
    - 'vexpress-pm:[^ ]*# '
EOF
}

kernel_url=$url/images/zImage ramdisk_url=$url/images/rootfs.cpio.gz
head="# LAVA job: vexpress-pm on QEMU $machine, PMIC $profile.
# Written by lava/make-jobs.sh (make lava); see docs/lava.md.
device_type: qemu
job_name: vexpress-pm $board $profile
priority: medium"
if [ $kernelci = yes ]; then
	# (Jinja2 for kernelci-pipeline: what KernelCI fills in is {{ ... }})
	kernel_url='{{ node.artifacts.kernel }}' ramdisk_url='{{ rootfs_url }}'
	dtb_url='{{ dtb_url }}'
	# (the notify block as kernelci-core's base/lava.jinja2 writes it: the
	# callback that brings the results to KernelCI; lava/lab/test.sh
	# drops it, as KernelCI renders it for a runtime without notify)
	head="{# LAVA job template for kernelci-pipeline (config/runtime/): vexpress-pm's
   suspend/resume ordering plans on QEMU $machine, PMIC $profile. Written by
   lava/make-jobs.sh --kernelci (make lava); docs/kernelci.md. -#}
device_type: {{ device_type }}
job_name: 'vexpress-pm $board $profile suspend-order {{ node.id }} {{ node.data.kernel_revision.describe }}'
priority: {{ priority | default(50) }}
{% if notify %}
notify:
  callback:
    content-type: {{ notify.callback['content-type']|default('json') }}
    dataset: {{ notify.callback.dataset|default('all') }}
    method: {{ notify.callback.method|default('POST') }}
    {%- if notify.callback.token %}
    token: {{ notify.callback.token }}
    {%- endif %}
    url: {{ instance_callback }}/node/{{ node.id }}
  criteria:
    status: finished
{% endif %}"
	# (KernelCI's LAVA callback reads these: lava_callback.py, get_meta)
	meta_kci="
  node_id: '{{ node.id }}'
  api_config_name: '{{ api_config.name }}'
  storage_config_name: '{{ storage_config.name }}'"
	mkdir -p "$out/kernelci"
	yaml=$out/kernelci/$job.jinja2 tmp=$out/kernelci/$job.jinja2.tmp
fi

total_s=0 n=0 left_out= other_pmic=
[ $kernelci = yes ] || meta_kci=
[ -z "$left_file" ] || : > "$left_file"
# leave PLAN SHORT WHY: the plan is left out of the job (SHORT in the
# summary line, WHY in --left-out's file).
leave() {
	left_out="$left_out $1($2)"
	[ -z "$left_file" ] || printf '%s\t%s\n' "$1" "$3" >> "$left_file"
}
{
cat <<EOF
$head
visibility: public
timeouts:
  job: {minutes: @JOB_MINUTES@}
  action: {minutes: 5}
  connection: {minutes: 2}
context:
  arch: arm
  cpu: $cpu
  machine: $machine
  memory: $ram
  # the board's on-board NIC ($nic): QEMU creates no other model there
  model: 'model=$nic'
  # $extra_what; -no-reboot: a panic ends QEMU
  extra_options:
$extra_options
metadata:
  board: $board
  pmic: $profile$meta_kci
actions:
EOF
if [ $kernelci = yes ]; then
	# One boot into the initramfs's shell, the plans run one after the
	# other by the test definition, each in a LAVA test set of its name.
	deploy_boot "maxcpus=1" "$dtb_url" "-smp 1 -icount shift=1,sleep=off -rtc clock=vm"
	cat <<EOF
- test:
    timeout: {minutes: 30}
    definitions:
    - repository: '{{ test_definition_repo }}'
      from: git
      # (a whole clone: a repository served over plain HTTP, as a lab's
      # file server serves one, cannot be cloned shallow)
      shallow: false
      path: lava/kernelci/suspend-order.yaml
      name: vexpress-pm-suspend-order
      parameters: {PLANS: '{{ plans }}'}
EOF
	plans= sleep_runs=0 n=1 total_s=$((30 * 60 + 240))
fi
for plan in $plans; do
	file=$top/$(plan_path "$plan")
	[ -f "$file" ] || { echo "make-jobs.sh: no such plan: $file" >&2; rm -f "$tmp"; exit 2; }
	# The plan's headers (tests/plan-meta.sh: a bad one stops the job)
	sh "$top/tests/plan-meta.sh" --check "$file" || { rm -f "$tmp"; exit 2; }
	header() { sh "$top/tests/plan-meta.sh" "$file" "$1"; }
	pboard=$(header board)
	if [ -n "$pboard" ] && [ "$pboard" != "$board" ]; then
		leave "$plan" "board $pboard" "pinned to the $pboard board (header 'board: $pboard'), this job is the $board's"; continue
	fi
	# "# host:" runs a script beside QEMU (tests/host/, through QMP),
	# which a LAVA job has no place for.
	host=$(header host)
	if [ -n "$host" ]; then
		leave "$plan" "host: $host" "runs a host-side script beside QEMU (header 'host: $host', tests/host/ through QMP), which a LAVA job has no place for"; continue
	fi
	# "# boots: 2" (hibernation) boots again from the same SD card to
	# resume: one LAVA boot action cannot, and the job carries no card.
	boots=$(header boots)
	if [ "$boots" != 1 ]; then
		leave "$plan" "boots: $boots" "boots $boots times from the same SD card (header 'boots: $boots'), which one LAVA boot action of a job without a card cannot"; continue
	fi
	# "# qemu-patch: NNNN" needs QEMU with boot/qemu-patches/NNNN: a
	# lab's device runs stock QEMU, where such a plan never resumes.
	qpatch=$(header qemu-patch)
	if [ -n "$qpatch" ]; then
		leave "$plan" "qemu-patch: $qpatch" "needs QEMU with boot/qemu-patches/$qpatch (header 'qemu-patch: $qpatch'), a lab's device runs stock QEMU"; continue
	fi
	profs=$(sh "$top/tests/plan-profiles.sh" "$file")
	case " $profs " in
	*" $profile "*) ;;
	*) other_pmic="$other_pmic $plan"; continue ;;
	esac
	# qemu-args: --append, --device; --no-pmic cannot be, the job's QEMU
	# has the PMIC on every boot (context: extra_options).
	# shellcheck disable=SC2046 # a word list by design
	set -- $(header qemu-args)
	append= devs=
	while [ $# -gt 0 ]; do
		case "$1" in
		--append) append="$append $2"; shift ;;
		--device) devs="$devs -device $2"; shift ;;
		*) break ;;
		esac
		shift
	done
	if [ $# -gt 0 ]; then
		leave "$plan" "qemu-args: $*" "needs QEMU arguments a LAVA job cannot express (header 'qemu-args: $*': the job's context adds the PMIC to every boot)"; continue
	fi
	smp=$(header smp)
	if [ "$smp" -gt "$cpus" ]; then
		leave "$plan" "smp: $smp" "needs $smp CPUs (header 'smp: $smp'), QEMU's $machine has $cpus"; continue
	fi
	qargs="-smp $smp$devs"
	# As tests/run-plan.sh: one CPU in virtual time, unless the plan needs two.
	[ "$smp" != 1 ] || qargs="$qargs -icount shift=1,sleep=off -rtc clock=vm"
	tmo=$(header timeout)
	allow=$(header allow | paste -sd'|' -)
	dtb_url=$url/images/$dtb
	edits=$(header dt-edit)
	if [ -n "$edits" ] && [ $have_dtb = no ]; then
		leave "$plan" "dt-edit: no $dtb" "edits the DT (header 'dt-edit:') and $images/$dtb is missing"; continue
	elif [ -n "$edits" ]; then
		edited=$out/dtb/$plan-$board-$profile.dtb
		cp "$images/$dtb" "$edited"
		ok=yes
		e=$(printf '%s\n' "$edits" | sh "$top/tests/dt-edit.sh" "$edited" 2>&1 >/dev/null) || ok=no
		if [ $ok = no ]; then
			rm -f "$edited"
			leave "$plan" "dt-edit fails on $dtb: $e" "its DT edit fails on $dtb: $e"; continue
		fi
		dtb_url=$url/$rel/dtb/${edited##*/}
	fi
	deploy_boot "maxcpus=$smp$append" "$dtb_url" "$qargs" "$(plan_initramfs "$plan").cpio.gz"
	cat <<EOF
- test:
    timeout: {minutes: $(mins $((tmo + 30)))}
    definitions:
    - from: inline
      name: $plan
      path: inline/$plan.yaml
      repository:
        metadata:
          format: Lava-Test Test Definition 1.0
          name: $plan
          description: $(yq "$(sed -n '3s/^# //p' "$file")")
        run:
          steps:
          - $(yq "/lava-plan.sh $plan${allow:+ $(shq "$allow")}")
EOF
	n=$((n + 1))
	total_s=$((total_s + tmo + 30 + 240))
done
if [ "$sleep_runs" -gt 0 ] && [ $sleep_icount = yes ]; then
	# One CPU in virtual time: the idle guest's clock jumps to the PL031's
	# alarm, so a cycle takes well under a second of wall time.
	deploy_boot "maxcpus=1" "$url/images/$dtb" "-smp 1 -icount shift=1,sleep=off -rtc clock=vm"
elif [ "$sleep_runs" -gt 0 ]; then
	# Real time on two CPUs, as a lab's board would sleep: the PL031's
	# alarm after 5 s of wall time ends each cycle.
	deploy_boot "maxcpus=2" "$url/images/$dtb" "-smp 2"
fi
if [ "$sleep_runs" -gt 0 ]; then
	cat <<EOF
- test:
    timeout: {minutes: $(mins $((sleep_runs * 20 + 60)))}
    definitions:
    - from: inline
      name: sleep
      path: inline/sleep.yaml
      repository:
        metadata:
          format: Lava-Test Test Definition 1.0
          name: sleep
          description: 'KernelCI-style suspend to RAM: rtcwake -d rtc0 -m mem -s 5, $sleep_runs times'
        run:
          steps:
          - 'if [ -e /sys/class/rtc/rtc0/device/power/wakeup ]; then lava-test-case rtc0-wakeup --result pass; else lava-test-case rtc0-wakeup --result fail; lava-test-raise "rtc0 cannot wake the system"; fi'
          - '/usr/sbin/rtcwake --version'
          - 'i=1; while [ \$i -le $sleep_runs ]; do if /usr/sbin/rtcwake -d rtc0 -m mem -s 5; then r=pass; else r=fail; fi; lava-test-case rtcwake-mem-\$i --result \$r; i=\$((i + 1)); done'
EOF
	total_s=$((total_s + sleep_runs * 20 + 60 + 240))
fi
} > "$tmp"
[ -z "$other_pmic" ] || left_out="$left_out (not for the $profile:$other_pmic)"
[ $n -gt 0 ] || [ "$sleep_runs" -gt 0 ] || { echo "make-jobs.sh: $job: no plan to run" >&2; rm -f "$tmp"; exit 2; }
sed "s/@JOB_MINUTES@/$(mins $total_s)/" "$tmp" > "$yaml"
rm -f "$tmp"
[ $kernelci = no ] || { echo "  LAVA    $yaml: KernelCI template"; exit 0; }
echo "  LAVA    $yaml: $n plans${left_out:+ (left out:$left_out)}$([ "$sleep_runs" = 0 ] || echo ", sleep x$sleep_runs")$([ $sleep_icount = no ] || echo " under -icount")"
