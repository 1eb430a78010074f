# SPDX-License-Identifier: GPL-2.0
# bench-i2c.awk: the I2C table of scripts/jobs/bench.sh from the guest's console
# (rootfs/bench.sh's "bench: driver" and "bench: read|write" lines, the
# carriage returns taken out): one row per driver and transfer, then, with
# two drivers, ours (the first) against the second.
#
# The bus minimum of a transaction is its bit count x the SCL period: 9
# clocks per byte (8 bits + ACK) and one bit period for each START,
# repeated START and STOP. Register read: START, addr+W, reg, Sr, addr+R,
# data, STOP = 4 x 9 + 3 = 39 bits. Register write: START, addr+W, reg,
# value, STOP = 3 x 9 + 2 = 29 bits. CPU is the time the CPU was not idle
# (wall time - /proc/stat idle) over the N transactions, per transaction.
/^bench: driver / { drv = $3; period = $6 / 1000; per[drv] = period }
/^bench: (read|write) / {
	for (i = 3; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
	bits = $2 == "read" ? 39 : 29
	busmin = bits * period
	row[++rows] = sprintf("| %s | %.1f kHz | %s | %d | %.0f | %.1f | %.1f | %.1f | %.1f | %.2fx | %.1f | %.0f%% |",
		drv, 1000 / period, $2, bits, busmin, v["min"], v["median"],
		v["mean"], v["max"], v["median"] / busmin, v["cpu"], 100 * v["cpu"] / v["mean"])
	key = drv " " $2; med[key] = v["median"]; cpu[key] = v["cpu"]; ratio[key] = v["median"] / busmin
	if (!(drv in seen)) { seen[drv] = 1; order[++ndrv] = drv }
}
END {
	print "| driver | SCL | transfer | bits | bus minimum (us) | min (us) | median (us) | mean (us) | max (us) | median / minimum | CPU per transfer (us) | CPU / mean latency |"
	print "| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
	for (i = 1; i <= rows; i++) print row[i]
	if (ndrv < 2) exit
	a = order[1]; b = order[2]
	print ""
	print "Targets (issue 4), " a " against " b " (i2c-algo-bit):"
	for (k = 1; k <= 2; k++) {
		t = k == 1 ? "read" : "write"
		printf("- %s latency: median %.2fx the bus minimum (target <= 1.2x): %s\n",
			t, ratio[a " " t], ratio[a " " t] <= 1.2 ? "met" : "NOT met")
		printf("- %s CPU per transfer: %.1f%% of %s (target <= 25%%): %s\n",
			t, 100 * cpu[a " " t] / cpu[b " " t], b,
			cpu[a " " t] <= 0.25 * cpu[b " " t] ? "met" : "NOT met")
		# i2c-algo-bit busy-waits the whole transfer: at the same
		# SCL its CPU per transfer would scale with the period.
		same = cpu[b " " t] * per[a] / per[b]
		printf("  (at the same SCL, %s scaled to %.1f kHz: %.0f us, ours %.1f%% of it: %s)\n",
			b, 1000 / per[a], same, 100 * cpu[a " " t] / same,
			cpu[a " " t] <= 0.25 * same ? "met" : "NOT met")
	}
}
