# SPDX-License-Identifier: GPL-2.0
# kbuild_env: the environment variables that change what kbuild makes,
# sorted, one "NAME=VALUE" a line: part of the key of everything kept
# across builds (scripts/obj-snapshot.sh, scripts/check.sh). Sourced.
kbuild_env() {
	env | grep -E '^(ARCH|CROSS_COMPILE|LLVM[A-Z_]*|CC|LD|AS|AR|NM|OBJCOPY|OBJDUMP|STRIP|HOSTCC|HOSTCXX|HOSTLD|HOSTAR|HOST[A-Z]*FLAGS|K[A-Z_]*FLAGS|KBUILD_[A-Z_]*|KCONFIG_[A-Z_]*|KGZIP|W|C|CHECK|CHECKFLAGS|SOURCE_DATE_EPOCH)=' |
		sort
}
