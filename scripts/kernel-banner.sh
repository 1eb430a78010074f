# SPDX-License-Identifier: GPL-2.0
# Sourced. The one reader of the kernel's banner in a console log, for
# scripts/jobs/figure.sh (the figure's title and caption) and
# tests/tutorial-check.sh (whether an excerpt's exact numbers were made by
# this run's compiler).
#
# kernel_banner CONSOLE: from the first "Linux version" line, the kernel's
# release and the compiler that built it, "RELEASE CC VERSION": "6.12.57
# gcc 12.2.0" for "... (arm-linux-gnueabihf-gcc (Debian 12.2.0-14)
# 12.2.0, GNU ld ...)" (and for a vendor string with parentheses of its
# own, "gcc (Arm GNU Toolchain 13.2.rel1 (Build arm-13.7)) 13.2.1,"),
# "6.12.57 clang 19.1.7" for "... (Debian clang version 19.1.7 (3),
# ...)"; nothing for a console without such a line.
kernel_banner() {
	tr -d '\r' < "$1" | sed -n \
		-e 's/.*Linux version \([^ ]*\) .*gcc[^,]*) \([0-9][0-9.]*\).*/\1 gcc \2/p' \
		-e 's/.*Linux version \([^ ]*\) .*clang version \([0-9][0-9.]*\).*/\1 clang \2/p' |
		head -n 1
}
