#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# console-trace.sh LOG [N]: print the ftrace capture a guest printed on its
# console between "vexpress-pm: trace begin" and "vexpress-pm: trace end"
# (trace_dump in tests/plans/lib/board.sh), without the markers: all of
# them, or only the Nth (from 1) when a plan printed several. The events
# follow a "vexpress-pm: trace data gzip base64" line, encoded so: they
# are decoded here (base64 -d | gzip -dc); the header lines before it are
# plain text.
#
# With tp_printk on the kernel's command line, trace events go to the
# console as printk lines ("[  1.057839] suspend_resume: dpm_suspend[1]
# begin"; printk.time=1): that is how a hibernation is captured whole, since
# what the hibernating kernel does after its snapshot (thaw, image write,
# poweroff) and what the boot kernel does before it jumps into the image
# are in no ring buffer that survives. Without N, those lines are printed
# too, in ftrace's text format (task "console": the console does not say
# which), and a "# vexpress-pm boot" line where a later boot's console
# begins (a "# boots: 2" plan's log is both consoles).
#
# The kernel shares the console: a printk line between two lines of the
# encoded events is left out, but one that lands inside a line breaks the
# stream, and so does a capture cut short. gzip then fails, and a
# "# vexpress-pm: capture corrupt" line follows what could be decoded:
# tests/run-plan.sh fails the plan on it rather than judge a partial trace.
# So does a console that dropped printk lines ("** N printk messages
# dropped **": the kernel's log buffer overflowed before the console printed
# it) in a boot that printed tp_printk events: a capture with a hole can
# put a transfer inside the wrong callback (docs/kernels.md). Captures in
# the encoded form come from the ring buffer: a console drop loses none.
tr -d '\r' < "$1" | awk -v want="${2:-0}" '
	function stop() { if (dec) close(dec); dec = ""; dump = 0 }
	# Drops in a boot that printed tp_printk events (the notice comes
	# where the gap is, which may be before the first event left)
	function boot_end() {
		if (events && dropped)
			print "# vexpress-pm: capture corrupt: the console dropped " dropped " printk messages"
		events = dropped = 0
	}
	/^vexpress-pm: trace end/ { stop(); next }
	/^vexpress-pm: trace begin/ { stop(); n++; dump = !want || n == want; next }
	dump && /^vexpress-pm: trace data gzip base64$/ {
		# the decoder writes to our stdout: what we printed goes first
		fflush()
		dec = "base64 -d | gzip -dc || echo \"# vexpress-pm: capture corrupt\""
		next
	}
	dump && dec { if (/^[A-Za-z0-9+\/=]+$/) print | dec; next }
	dump { print; next }
	want { next }
	/^qemu\.sh: QEMU / { boot_end(); if (boots++) print "# vexpress-pm boot" }
	match($0, /\*\* [0-9]+ printk messages dropped \*\*/) {
		dropped += substr($0, RSTART + 3) + 0
	}
	/^\[ *[0-9]+\.[0-9]+\] (suspend_resume|device_pm_callback_(start|end)|i2c_(write|read|reply|result)): / {
		events = 1
		ts = $0; sub(/^\[ */, "", ts); sub(/\].*/, "", ts)
		ev = $0; sub(/^\[[^]]*\] /, "", ev)
		print "         console-0       [000] .....  " ts ": " ev
	}
	END { if (dec) close(dec); boot_end() }'
