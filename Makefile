# SPDX-License-Identifier: GPL-2.0
# vexpress-pm: build, boot and test platform PM on QEMU's Versatile Express.
# 'make help' lists the targets.

# The kernel (scripts/kver.sh lists them, the default first); each has
# its own build directory
KVERS		:= $(shell sed -n 's/^KVERS="\(.*\)"/\1/p' scripts/kver.sh)
KVER		?= $(firstword $(KVERS))
# Refused before anything is built (scripts/kver.sh says why)
kver_error	:= $(shell KVER='$(KVER)' sh -c '. ./scripts/kver.sh' 2>&1)
$(if $(kver_error),$(error $(kver_error)))
BUILD		?= build/$(KVER)
KERNEL_SRC	?=
EXTRA_PATCHES	?=
# The board when BOARD is unset: boot/board.sh's board_default
board_default	:= $(shell . ./boot/board.sh && echo "$$board_default")
BOARD		?= $(board_default)
PATCHES_OUT	?= $(BUILD)/patches
# The git import of the kernel tarball, the series' checkout, snapshots of
# the kernel build and clean gates' verdicts, kept across clones (empty:
# none; docs/build.md)
TREE_CACHE	?= $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/vexpress-pm
# bookworm-backports' QEMU 10, unpacked by 'make deps' on Debian 12 for the
# AXP209 profile (scripts/fetch-qemu10.sh; empty: none)
QEMU10_CACHE	?= $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/vexpress-pm/qemu10
# QEMU 10.0 built with boot/qemu-patches (scripts/build-qemu-patched.sh) by
# 'make qemu-patched', or by deps when set; opt-in: empty, nothing is built
QEMU_PATCHED_CACHE ?=
JOBS		?= $(shell echo $$(( $$(nproc) + 1 )))
# make lava: where a lab serves the build directory (images/, lava/dtb/)
LAVA_URL	?=
# make lava: only these boards and profiles (default: every board and
# profile of boot/board.sh; the pairs it refuses are not attempted)
LAVA_BOARDS	?=
LAVA_PROFILES	?=
# make stress: deep cycles (default: scripts/jobs/stress.sh's, by MODE)
CYCLES		?=
# Config fragments merged after the board's (make test-debug: tests/debug.config)
EXTRA_CONFIG	?=
# make test, test-debug: the suites to run (default all: tests/run.sh);
# GATES=0 leaves out the gates and self-tests, GATES=1 adds them to PLANS
PLANS		?=
# make test-debug: the debug kernel's own build directory and how much
# longer than usual each plan may take
DEBUG_BUILD	?= $(build)/debug
DEBUG_TIMEOUT_SCALE ?= 4
# make test-debug: the Versatile Express boards' RAM (MiB) for the debug kernel
DEBUG_RAM	?= 512

top		:= $(CURDIR)
build		:= $(abspath $(BUILD))
tree		:= $(build)/linux
# kbuild's output is $(tree)/obj, a subdirectory of the tree: kbuild then
# names every source ../path (srctree := ..), the same in every clone, so a
# snapshot of it serves the next clone (scripts/obj-snapshot.sh). $(obj)
# is a link to it.
obj		:= $(build)/obj
images		:= $(build)/images
CROSS		:= arm-linux-gnueabihf-
fragment	:= $(top)/arch-patches/vexpress-pm.config
fragments	:= $(fragment) $(abspath $(EXTRA_CONFIG))

# ccache keys on content, not on the clone's path, so a fresh clone on the
# same machine reuses the objects of an earlier one.
export CCACHE_BASEDIR	:= $(build)
export CCACHE_NOHASHDIR	:= 1
export CCACHE_MAXSIZE	?= 5G

# Host programs (kconfig's conf, dtc, modpost...) through ccache too: a
# fresh clone would compile its 60-odd host objects again. The build's
# stamps are fixed (scripts/build-date.sh).
BUILD_DATE	:= $(shell sed -n 's/^BUILD_DATE="\(.*\)"/\1/p' scripts/build-date.sh)
kbuild_vars = ARCH=arm CROSS_COMPILE="ccache $(CROSS)" HOSTCC="ccache gcc" \
	KBUILD_BUILD_TIMESTAMP=$(BUILD_DATE) KBUILD_BUILD_USER=vexpress-pm KBUILD_BUILD_HOST=vexpress-pm
KMAKE = $(MAKE) -C $(tree) O=$(obj) $(kbuild_vars) -j$(JOBS)
snapshot = CROSS=$(CROSS) KBUILD_VARS='$(kbuild_vars)' sh scripts/obj-snapshot.sh

export KVER BUILD KERNEL_SRC EXTRA_PATCHES BOARD TREE_CACHE QEMU10_CACHE QEMU_PATCHED_CACHE

.PHONY: help deps deps-build tree config kernel rootfs images host run timeline figure bench stress shell test check \
	check-series patches clean lava lava-check test-debug lab lab-stop test-lab lab-check qemu-patched \
	kbuild-vars

help:
	@echo 'vexpress-pm targets:'
	@echo '  deps    install the Debian packages the build, QEMU and the test suite need; on Debian'
	@echo '          12 also bookworm-backports'"'"' QEMU 10 into $$QEMU10_CACHE (boot/qemu-backport.sh)'
	@echo '          (run, shell and the other boots install only what the build and a boot need)'
	@echo '  qemu-patched  QEMU 10.0 from Debian'"'"'s source with boot/qemu-patches, arm-softmmu, the'
	@echo '          Cubieboard and Versatile Express only, into $$QEMU_PATCHED_CACHE (must be set;'
	@echo '          some 13 min of CPU; boot/qemu-patched.sh runs it)'
	@echo '  tree    unpack linux-source-$(KVER) into $(BUILD)/linux, commit arch-patches/series'
	@echo '          (with drivers/ and dts/) and EXTRA_PATCHES onto it'
	@echo '  config  vexpress_defconfig + arch-patches/vexpress-pm.config, checked'
	@echo '  kernel  zImage and DTBs'
	@echo '  rootfs  initramfs: busybox-static:armhf, our guest programs and tests'
	@echo '  images  $(BUILD)/images/{zImage,uImage,vexpress-pm-ca9.dtb,vexpress-pm-ca15.dtb,'
	@echo '          rootfs.cpio{,.gz},vexpress-pm.itb}'
	@echo '  host    host tools: $(BUILD)/host/sleeptrace (trace explainer, ordering oracle), $(BUILD)/host/qmp'
	@echo '  sleeptrace  just $(BUILD)/host/sleeptrace; install-sleeptrace PREFIX=dir [DESTDIR=dir]:'
	@echo '          it alone into $$(DESTDIR)$$(PREFIX)/bin (default /usr/local), for a lab host'
	@echo '  kselftest  the suspend_order kselftest with the kernel'"'"'s runner, for a board:'
	@echo '          $(BUILD)/kselftest-suspend_order-$$(KSELFTEST_ARCH).tar.gz (arm, or x86_64)'
	@echo '  run     main job: boot the board, one RTC-woken suspend/resume cycle, explained;'
	@echo '          MODE=disk: hibernation to the SD card and the restore on a second boot'
	@echo '  timeline  the main job'"'"'s cycle drawn by pm-graph sleepgraph (real time):'
	@echo '          $(BUILD)/timeline/suspend.html (and .png with chromium)'
	@echo '  figure  docs/figures/suspend-cycle.svg, the tutorial'"'"'s picture of the sequence, from the'
	@echo '          trace of the sleeptrace-board plan'"'"'s last run (sh tests/run-plan.sh sleeptrace-board)'
	@echo '  bench   under -icount: suspend/resume time per phase, and our I2C driver against'
	@echo '          i2c-versatile (latency, CPU per transfer); not part of test'
	@echo '  stress  CYCLES deep suspend/resume cycles under -icount (default 10000), each'
	@echo '          judged (suspend_stats, wake time against the alarm, kernel reports);'
	@echo '          MODE=realtime: two CPUs in real time (default 100 cycles)'
	@echo '  shell   boot the board to a shell on this terminal (Ctrl-a x quits QEMU)'
	@echo '  test    build everything and run the test suite (KTAP; ends "N passed, N failed"; JUnit'
	@echo '          XML in build/results/junit.xml): all of it on KVER, the ordering plans on the'
	@echo '          other kernels (their images built too); PLANS="a b": just those, GATES=0: no gates'
	@echo '  test-debug  the guest plans (PLANS, default all) on a debug kernel (lockdep, KASAN,'
	@echo '          UBSAN, debugobjects, DEBUG_SHIRQ, kmemleak: tests/debug.config) built in'
	@echo '          $$(DEBUG_BUILD) (default $(BUILD)/debug); not part of test'
	@echo '  check   kernel-quality gates: checkpatch --strict, W=1 + sparse, kernel-doc,'
	@echo '          dt_binding_check, dtbs_check, the series applied with git am'
	@echo '  check-series  each commit of the series built on its own (vmlinux, dtbs) in'
	@echo '          $(BUILD)/series: a bisect builds at every patch; not part of test'
	@echo '  patches the series as git format-patch files + cover letter in $(PATCHES_OUT)'
	@echo '  lava    LAVA jobs (qemu device type) per board and PMIC profile in $(BUILD)/lava/, and the'
	@echo '          KernelCI job templates of the same boards in $(BUILD)/lava/kernelci/ (docs/kernelci.md)'
	@echo '  lava-check  the a9 TWL92230 and AXP209 jobs run end to end by Debian'"'"'s lava-run,'
	@echo '          results checked (test runs short jobs: the lava suite)'
	@echo '  lab     a LAVA lab on this machine (lava/lab/up.sh): Debian 12'"'"'s lava-server and'
	@echo '          PostgreSQL in a bookworm root under the cache, two lava-worker processes (one'
	@echo '          in a network namespace), qemu devices per PMIC profile; serves $$(BUILD)'
	@echo '  lab-stop  stop it all, in order (lava/lab/down.sh): no process, namespace or socket left'
	@echo '  test-lab  the lava suite'"'"'s jobs submitted to the lab'"'"'s REST API, LAVA'"'"'s results as'
	@echo '          KTAP (the lab brought up and down if it was not up); LAB_PLANS="a b": those'
	@echo '          plans instead, a job per PMIC profile; LAVA_SERVER=http://host'
	@echo '          LAVA_TOKEN_FILE=file LAVA_URL=http://files: a remote lab'
	@echo '  lab-check  test-lab, then a worker killed in the middle of a job: the job must end'
	@echo '          Incomplete with LAVA'"'"'s reason, and make lab-stop leave nothing (LAB_FAULTS=1)'
	@echo '  clean   remove $(BUILD)'
	@echo 'Variables: KVER=$(subst $(eval) ,|,$(KVERS)) (the kernel, default $(firstword $(KVERS)); every target builds and runs it)'
	@echo '           BUILD=dir (default build/$$KVER) KERNEL_SRC=/path/to/tree EXTRA_PATCHES="a.patch dir/" JOBS=n'
	@echo '           PATCHES_OUT=dir TREE_CACHE=dir (the tarball'"'"'s git import, series commits and checkout, kernel build snapshots; empty: none)'
	@echo '           QEMU10_CACHE=dir (Debian 12: where deps unpacks QEMU 10; empty: none)'
	@echo '           QEMU_PATCHED_CACHE=dir (where qemu-patched, and deps if set, build QEMU with boot/qemu-patches; default none)'
	@echo '           LINUX_SOURCE_CACHE=dir (where deps keeps a linux-source tarball the machine'"'"'s apt has not)'
	@echo '           TEST_JOBS=n (suites run at a time; from 2, the real-time ones beside) CYCLES=n (make stress) CI=true (test: a skip'
	@echo '           the machine could have run fails) KVERS_TEST="6.12" (test: only those kernels)'
	@echo '           BOARD=a9|a15|cubieboard (QEMU vexpress-a9, vexpress-a15 or cubieboard for run, shell, test)'
	@echo '           PMIC=twl92230|axp209 (default: the model the QEMU binary has; twl92230 if both)'
	@echo '           QEMU=binary (default qemu-system-arm; boot/qemu-backport.sh: Debian 12'"'"'s QEMU 10)'
	@echo '           LAVA_URL=http://lab/files (the build directory as a lab serves it;'
	@echo '           default file://$$(BUILD)) LAVA_BOARDS="a9 cubieboard" LAVA_PROFILES="axp209" (make lava: only'
	@echo '           those; default every board and profile of boot/board.sh, each pair it allows)'

deps:
	@sh scripts/deps.sh

# Opt-in: some 13 min of CPU (docs/cubieboard.md). With QEMU_PATCHED_CACHE
# set, 'make deps' (and so 'make test') builds it too, but the suites run
# it only with QEMU=boot/qemu-patched.sh; otherwise the plans that need it
# ("# qemu-patch:") skip.
qemu-patched:
	@[ -n "$(QEMU_PATCHED_CACHE)" ] || { echo "make qemu-patched: set QEMU_PATCHED_CACHE=DIR (where QEMU with boot/qemu-patches is built)" >&2; exit 2; }
	@sh scripts/build-qemu-patched.sh

# (NO_DEPS=1: make test ran deps for this kernel already; otherwise only
# what the build and a boot need: make run installs no test tool)
deps-build:
	@sh scripts/deps.sh --build

tree: $(if $(NO_DEPS),,deps-build)
	@sh scripts/prepare-tree.sh $(tree)
	@[ -L $(obj) ] || { rm -rf $(obj) && ln -s linux/obj $(obj); }	# was a directory

$(obj)/.config: $(fragments) | tree
	@mkdir -p $(tree)/obj
	@$(snapshot) restore $(tree) $(obj) $(fragments) || { \
		echo '  CONFIG  vexpress_defconfig $(notdir $(fragments))' && \
		$(KMAKE) -s vexpress_defconfig && \
		(cd $(tree) && ARCH=arm scripts/kconfig/merge_config.sh -m -O $(obj) $(obj)/.config $(fragments) >/dev/null) && \
		$(KMAKE) -s olddefconfig && \
		sha256sum < $(obj)/.config > $(obj)/.vexpress-pm-config; }
	@for f in $(fragments); do sh scripts/check-config.sh $$f $(obj)/.config || { rm -f $@; exit 1; }; done

config: $(obj)/.config

kernel: tree config
	@if $(snapshot) current $(tree) $(obj) $(fragments); then \
		echo '  KERNEL  restored snapshot of this tree and config: up to date'; \
	else $(KMAKE) zImage dtbs; fi
	@$(snapshot) save $(tree) $(obj) $(fragments)

rootfs: $(if $(NO_DEPS),,deps-build)
	@$(MAKE) -s -C rootfs BUILD=$(build) CROSS=$(CROSS) TREE=$(tree)

images: kernel rootfs
	@sh boot/make-images.sh $(obj) $(build)/rootfs.cpio.gz $(images)

# Host tools (C): the trace explainer and ordering oracle, and a QMP client
# for the plans' host-side scripts.
host: $(build)/host/sleeptrace $(build)/host/qmp

# (its own Makefile: tools/sleeptrace builds alone, for any machine)
$(build)/host/sleeptrace: $(wildcard tools/sleeptrace/*.[ch]) tools/sleeptrace/Makefile
	@$(MAKE) -s -C tools/sleeptrace O=$(abspath $(dir $@))

# The checker alone, for a board's lab host (docs/sleeptrace.md): C and
# libc only, so building it needs nothing of the kernel's.
PREFIX		?= /usr/local
.PHONY: sleeptrace install-sleeptrace
sleeptrace: $(build)/host/sleeptrace

install-sleeptrace: $(build)/host/sleeptrace
	install -D -m 0755 $< $(DESTDIR)$(PREFIX)/bin/sleeptrace

$(build)/host/qmp: tests/qmp/qmp.c
	@mkdir -p $(dir $@)
	@echo "  HOSTCC  $@"
	@cc -O2 -Wall -Wextra -Werror -o $@ $<

# The suspend_order kselftest, packed with the kernel's runner for a lab's
# board (docs/kselftest.md): build/kselftest-suspend_order-ARCH.tar.gz
KSELFTEST_ARCH	?= arm
.PHONY: kselftest
kselftest: tree
	@sh tools/selftests/pack.sh $(KSELFTEST_ARCH) $(tree) $(build)/kselftest-suspend_order-$(KSELFTEST_ARCH).tar.gz

run: images host
	@MODE=$(MODE) sh scripts/jobs/main-job.sh

timeline: images host
	@sh scripts/jobs/timeline.sh

figure: host
	@sh scripts/jobs/figure.sh

bench: images host
	@sh scripts/jobs/bench.sh

stress: images host
	@MODE=$(MODE) CYCLES=$(CYCLES) sh scripts/jobs/stress.sh

shell: images
	@sh boot/qemu.sh --interactive

# The full suite on KVER and the ordering plans on the other kernels
# (tests/run.sh), whose images are built too, each in build/K: the
# packages first (deps, and the other kernels' sources), then the builds
# side by side.
# ($(sort): each kernel once; two builds of one build directory side by side
# would race)
test_kvers	:= $(filter-out $(KVER),$(sort $(or $(KVERS_TEST),$(KVERS))))
test: deps
	@for k in $(test_kvers); do KVER=$$k sh scripts/fetch-linux-source.sh || exit 1; done
	+@MAKE='$(MAKE)' sh scripts/build-kernels.sh $(KVER):$(BUILD) $(foreach k,$(test_kvers),$(k):build/$(k))
	@sh tests/run.sh $(PLANS)

# Not part of 'test': a cold debug build alone takes longer than the whole
# suite (docs/reliability.md). Guest plans only: the gates and self-tests
# do not depend on the kernel's config.
test-debug:
	@$(MAKE) BUILD=$(DEBUG_BUILD) EXTRA_CONFIG=$(top)/tests/debug.config images host
	@BUILD=$(DEBUG_BUILD) GATES=0 KVERS_TEST=$(KVER) TIMEOUT_SCALE=$(DEBUG_TIMEOUT_SCALE) \
		BOARD_RAM=$(DEBUG_RAM) sh tests/run.sh $(PLANS)

# (the gates' tools: deps, not the build's deps-build)
check: $(if $(NO_DEPS),,deps) kernel
	@KBUILD_VARS='$(kbuild_vars)' sh scripts/check.sh $(tree) $(obj)

# Not part of 'test': a build per commit (about 30 a kernel)
check-series: kernel
	@JOBS=$(JOBS) KBUILD_VARS='$(kbuild_vars)' sh scripts/check-series.sh $(tree) $(obj)

# kbuild's variables, for scripts/check.sh and check-series.sh run without make
kbuild-vars:
	@echo '$(kbuild_vars)'

patches: tree
	@sh scripts/make-patches.sh $(tree) $(PATCHES_OUT)

# Jobs only name the images: no dependency on 'images', so a missing
# kernel or initramfs is reported, not built behind a lab's back.
# The board/profile pairs are boot/board.sh's (board_pairs): the
# cubieboard's own AXP209, each vexpress board with either profile.
lava:
	@pairs=$$(me=make; . boot/board.sh && board_pairs "$(LAVA_BOARDS)" "$(LAVA_PROFILES)") || exit 2; \
	for bp in $$pairs; do b=$${bp%/*} p=$${bp#*/}; \
	  sh lava/make-jobs.sh --board $$b --profile $$p $(if $(LAVA_URL),--url $(LAVA_URL)) || exit 1; \
	  sh lava/make-jobs.sh --board $$b --profile $$p --kernelci || exit 1; \
	done

# Not part of 'test': lava-run of the whole jobs takes longer than the
# suite's budget; 'test' runs short jobs (the lava suite, lava/quick.sh).
lava-check: images
	@sh lava/check.sh

# A LAVA lab on this machine (docs/lava.md, "A lab on this machine"). Like
# 'lava', no dependency on 'images': a missing one is reported.
lab:
	@sh lava/lab/up.sh

lab-stop:
	@sh lava/lab/down.sh

# The suite's KTAP (also in $(BUILD)/lava/lab.ktap); fails if it did.
test-lab:
	@mkdir -p $(build)/lava && echo 'KTAP version 1' && echo '1..1' && \
	SUITE_NUM=1 sh tests/run-suite.sh lab | tee $(build)/lava/lab.ktap && \
	! grep -q '^not ok' $(build)/lava/lab.ktap

# test-lab and a fault: a worker killed in the middle of a job (LAB_FAULTS=1).
lab-check:
	@$(MAKE) -s test-lab LAB_FAULTS=1

clean:
	rm -rf $(build)
