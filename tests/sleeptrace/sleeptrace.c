// SPDX-License-Identifier: GPL-2.0
/*
 * sleeptrace: explain or check a suspend/resume ftrace capture.
 *
 *   sleeptrace explain [-a ADDR] TRACE   the cycle phase by phase, in the
 *                                        words of the seed article, with
 *                                        each PMIC transfer annotated
 *   sleeptrace check [-a ADDR] [-n FIRST] [-x RULE-ID]... TRACE
 *                                        the ordering contract (rules.c) as
 *                                        KTAP, one result per rule: each
 *                                        rule must hold, except those named
 *                                        with -x (--expect-violated), which
 *                                        must be violated; exit 1 if any
 *                                        result is "not ok". -n (--first):
 *                                        number the results from FIRST and
 *                                        print no KTAP header, to continue
 *                                        a plan's results (tests/run-plan.sh)
 *   sleeptrace rules                     the rule IDs and what each checks
 *   sleeptrace phases TRACE              a Markdown table of how long each
 *                                        phase took and how many I2C
 *                                        transactions it holds, plus the
 *                                        suspend and resume totals
 *
 * ADDR is the PMIC's 7-bit I2C address (default 0x4a), as the capture's
 * "# vexpress-pm pmic:" line gives it; explain names the registers of the
 * board's PMIC there (0x4a TWL92230, 0x34 AXP209). Exit 2: bad usage or an
 * unreadable or empty capture.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rules.h"
#include "trace.h"

struct phase_text {
	const char *name, *text;
};

/* The seed article's suspend list, plus the resume half it implies. */
static const struct phase_text phase_texts[] = {
	{ "suspend_enter", "the whole suspend/resume cycle" },
	{ "sync_filesystems", "sync dirty data" },
	{ "freeze_processes", "processes into the freezer" },
	{ "platform_begin", "system wide begin()" },
	{ "dpm_prepare", "per-device prepare(): no new children from here" },
	{ "dpm_suspend", "per-device suspend(), children before parents" },
	{ "platform_prepare", "system wide prepare()" },
	{ "dpm_suspend_late", "per-device suspend_late()" },
	{ "dpm_suspend_noirq", "device IRQs disabled (not IRQF_NO_SUSPEND ones), per-device suspend_noirq()" },
	{ "platform_prepare_late", "system wide prepare_late(): after every noirq callback, I2C still up" },
	{ "CPU_OFF", "disable a non-boot CPU" },
	{ "syscore_suspend", "syscore_suspend(): one CPU, interrupts off" },
	{ "machine_suspend", "system wide enter(): the machine sleeps until a wakeup (sched_clock stops: no time passes in the trace)" },
	{ "platform_stray_wake", "a stray wake, not the wakeup: the WFI in enter ended with no wakeup interrupt pending (irq0: none found); cleared, back to WFI in the same round" },
	{ "syscore_resume", "syscore_resume()" },
	{ "CPU_ON", "enable a non-boot CPU" },
	{ "platform_wake", "system wide wake(): before any resume_noirq" },
	{ "dpm_resume_noirq", "per-device resume_noirq(), then device IRQs back on" },
	{ "dpm_resume_early", "per-device resume_early()" },
	{ "platform_finish", "system wide finish()" },
	{ "platform_suspend_again", "system wide suspend_again(): sleep again from platform_prepare on, or resume fully" },
	{ "dpm_resume", "per-device resume(), parents before children" },
	{ "dpm_complete", "per-device complete()" },
	{ "platform_end", "system wide end()" },
	{ "resume_console", "console back" },
	{ "thaw_processes", "processes out of the freezer" },
};

/*
 * Hibernation's phases: the device phases by their PM event (freeze 1,
 * hibernate 4 for poweroff, quiesce 8, thaw 0x20, restore 0x40), the
 * platform's hibernation_ops and the image I/O (arch-patches/0019).
 */
static const struct {
	const char *name;
	unsigned int val;
	const char *text;
} hib_texts[] = {
	{ "dpm_prepare", 1, "per-device prepare() for freeze" },
	{ "dpm_suspend", 1, "per-device freeze(): quiesce, keep state; the MMCI stops" },
	{ "dpm_suspend_late", 1, "per-device freeze_late(): the sleep controller makes sure the PMIC is disarmed" },
	{ "dpm_suspend_noirq", 1, "device IRQs off, per-device freeze_noirq(): genpd switches the VMMC domain off (system sleep: even with the MMCI active)" },
	{ "platform_pre_snapshot", 4, "system wide pre_snapshot(), before the image is made" },
	{ "machine_suspend", 4, "the snapshot: memory copied into the image, interrupts off (takes no trace time)" },
	{ "platform_leave", 4, "system wide leave(): back from the snapshot (or, restored, from the image)" },
	{ "dpm_resume_noirq", 32, "per-device thaw_noirq(), IRQs back: genpd switches the domain on for the image write" },
	{ "dpm_resume_early", 32, "per-device thaw_early()" },
	{ "dpm_resume", 32, "per-device thaw(): devices work again, to write the image" },
	{ "dpm_complete", 32, "per-device complete()" },
	{ "swsusp_write", 4, "the image written to the swap area on the SD card, through the MMCI (domain on)" },
	{ "platform_begin", 4, "system wide begin()" },
	{ "platform_end", 4, "system wide end()" },
	{ "platform_finish", 4, "system wide finish()" },
	{ "dpm_prepare", 4, "per-device prepare() for poweroff" },
	{ "dpm_suspend", 4, "per-device poweroff()" },
	{ "dpm_suspend_late", 4, "per-device poweroff_late(): the PMIC checked disarmed again" },
	{ "dpm_suspend_noirq", 4, "device IRQs off, per-device poweroff_noirq(): genpd switches the domain off over I2C" },
	{ "platform_prepare", 4, "system wide prepare(): after every poweroff_noirq, I2C still up" },
	{ "platform_enter", 4, "system wide enter(): the board powers off (system controller); this boot ends" },
	{ "swsusp_read", 64, "the boot kernel reads the image from the SD card (domain on since boot)" },
	{ "dpm_prepare", 8, "per-device prepare() for quiesce (the boot kernel)" },
	{ "dpm_suspend", 8, "per-device freeze() (quiesce): the boot kernel stops its devices" },
	{ "dpm_suspend_late", 8, "per-device freeze_late() (quiesce)" },
	{ "dpm_suspend_noirq", 8, "device IRQs off, per-device freeze_noirq() (quiesce): the domain goes off" },
	{ "platform_pre_restore", 4, "system wide pre_restore(), then the jump into the image" },
	{ "dpm_resume_noirq", 64, "per-device restore_noirq(), IRQs back: genpd switches the domain on (the chip's state after the boot kernel is unknown)" },
	{ "dpm_resume_early", 64, "per-device restore_early(): the sleep controller makes sure the PMIC is disarmed" },
	{ "dpm_resume", 64, "per-device restore()" },
	{ "dpm_complete", 64, "per-device complete()" },
};

static const char *phase_text(const char *name, unsigned int val)
{
	size_t i;

	for (i = 0; i < sizeof(hib_texts) / sizeof(hib_texts[0]); i++)
		if (hib_texts[i].val == val && !strcmp(hib_texts[i].name, name))
			return hib_texts[i].text;
	for (i = 0; i < sizeof(phase_texts) / sizeof(phase_texts[0]); i++)
		if (!strcmp(phase_texts[i].name, name))
			return phase_texts[i].text;
	return "";
}

/* TWL92230 register names (QEMU hw/rtc/twl92230.c, drivers/mfd/menelaus.c). */
static const char *const twl92230_regs[0x20] = {
	[0x01] = "REV", [0x02] = "VCORE_CTRL1", [0x03] = "VCORE_CTRL2",
	[0x04] = "VCORE_CTRL3", [0x05] = "VCORE_CTRL4",
	[0x06] = "VCORE_CTRL5", [0x07] = "DCDC_CTRL1",
	[0x08] = "DCDC_CTRL2", [0x09] = "DCDC_CTRL3",
	[0x0a] = "LDO_CTRL1", [0x0b] = "LDO_CTRL2", [0x0c] = "LDO_CTRL3",
	[0x0d] = "LDO_CTRL4", [0x0e] = "LDO_CTRL5", [0x0f] = "LDO_CTRL6",
	[0x10] = "LDO_CTRL7", [0x11] = "LDO_CTRL8",
	[0x12] = "SLEEP_CTRL1", [0x13] = "SLEEP_CTRL2",
	[0x14] = "DEVICE_OFF", [0x1d] = "GPIO_CTRL",
};

/*
 * AXP209 register names (include/linux/mfd/axp20x.h), those the board's
 * drivers and tests touch: the IC type, the data buffers, the rails'
 * enables and voltages, the DC-DC frequency and modes.
 */
static const char *const axp209_regs[0x81] = {
	[0x00] = "PWR_INPUT_STATUS", [0x01] = "PWR_OP_MODE",
	[0x03] = "IC_TYPE", [0x04] = "DATACACHE0", [0x05] = "DATACACHE1",
	[0x06] = "DATACACHE2", [0x07] = "DATACACHE3", [0x08] = "DATACACHE4",
	[0x09] = "DATACACHE5", [0x0a] = "DATACACHE6", [0x0b] = "DATACACHE7",
	[0x0c] = "DATACACHE8", [0x0d] = "DATACACHE9", [0x0e] = "DATACACHE10",
	[0x0f] = "DATACACHE11", [0x12] = "POWER_OUTPUT_CTRL",
	[0x23] = "DCDC2_V_OUT", [0x25] = "DCDC2_LDO3_V_RAMP",
	[0x27] = "DCDC3_V_OUT", [0x28] = "LDO24_V_OUT", [0x29] = "LDO3_V_OUT",
	[0x37] = "DCDC_FREQ", [0x80] = "DCDC_MODE",
};

/*
 * The board's PMIC profiles, each at its own address: which chip the
 * PMIC address given with -a (the capture's "# vexpress-pm pmic:") is.
 */
static const struct {
	int addr;
	const char *const *names;
	unsigned int n;
} pmic_chips[] = {
	{ 0x4a, twl92230_regs, sizeof(twl92230_regs) / sizeof(twl92230_regs[0]) },
	{ 0x34, axp209_regs, sizeof(axp209_regs) / sizeof(axp209_regs[0]) },
};

static const char *pmic_reg(int pmic, unsigned int r)
{
	size_t i;

	for (i = 0; i < sizeof(pmic_chips) / sizeof(pmic_chips[0]); i++)
		if (pmic_chips[i].addr == pmic && r < pmic_chips[i].n &&
		    pmic_chips[i].names[r])
			return pmic_chips[i].names[r];
	return "reg";
}

/* "write LDO_CTRL3(0x0c) = 0x95" / "read REV(0x01) -> 0x22" */
static void describe_xfer(const struct ev *x, int pmic, char *buf, size_t len)
{
	const struct i2c_msg_rec *m = x->msgs;
	int n = 0;

	if (x->addr != pmic) {
		n = snprintf(buf, len, "i2c-%d 0x%02x, %d message(s)", x->bus,
			     x->addr, x->nmsgs);
	} else if (x->nmsgs == 2 && !m[0].read && m[0].nbytes == 1 && m[1].read) {
		n = snprintf(buf, len, "PMIC read %s(0x%02x)", pmic_reg(pmic, m[0].data[0]),
			     m[0].data[0]);
		if (m[1].nbytes)
			n += snprintf(buf + n, len - n, " -> 0x%02x", m[1].data[0]);
	} else if (x->nmsgs == 1 && !m[0].read && m[0].nbytes >= 2) {
		n = snprintf(buf, len, "PMIC write %s(0x%02x) = 0x%02x",
			     pmic_reg(pmic, m[0].data[0]), m[0].data[0], m[0].data[1]);
	} else {
		n = snprintf(buf, len, "PMIC, %d message(s)", x->nmsgs);
	}
	if (x->ret < 0)
		snprintf(buf + n, len - n, ": FAILED %d", x->ret);
}

static int matching_end(const struct trace *t, int i)
{
	int j;

	for (j = i + 1; j < t->n; j++)
		if (t->ev[j].kind == EV_PHASE && !t->ev[j].begin &&
		    t->ev[j].val == t->ev[i].val &&
		    !strcmp(t->ev[j].name, t->ev[i].name))
			return j;
	return -1;
}

static void explain(const struct trace *t, int pmic)
{
	double t0 = t->ev[0].ts;
	int depth = 0, i, j;

	printf("%10s %9s  %s\n", "t (ms)", "took (ms)", "phase: what happens");
	for (i = 0; i < t->n; i++) {
		const struct ev *e = &t->ev[i];
		char buf[128];
		int cbs = 0, failed = 0;

		/*
		 * A hibernation's second boot: the boot kernel's clock starts
		 * again; the restored kernel's goes on from the snapshot.
		 */
		if (t->boot && i == t->boot) {
			t0 = e->ts;
			depth = 0;
			printf("-- next boot: the boot kernel (t from its first event here)\n");
		}
		if (t->boot && i > t->boot && e->kind == EV_PHASE && !e->begin &&
		    e->val == 4 && !strcmp(e->name, "machine_suspend")) {
			t0 = t->ev[0].ts;
			printf("-- the restored kernel, back from its snapshot (t from the start, as before)\n");
		}

		if (e->kind == EV_XFER) {
			describe_xfer(e, pmic, buf, sizeof(buf));
			printf("%10.3f %9s  %*s  I2C %s, by %s\n",
			       (e->ts - t0) * 1e3, "", depth * 2, "", buf, e->who);
			continue;
		}
		if (e->kind == EV_CB_END && e->err)
			printf("%10.3f %9s  %*s  device %s callback FAILED %d\n",
			       (e->ts - t0) * 1e3, "", depth * 2, "", e->name, e->err);
		if (e->kind != EV_PHASE)
			continue;
		if (!e->begin) {
			if (depth)
				depth--;
			continue;
		}
		j = matching_end(t, i);
		/* A phase without an end (enter at power-off) holds nothing */
		for (int k = i; k < (j < 0 ? i : j); k++) {
			cbs += t->ev[k].kind == EV_CB_START;
			failed += t->ev[k].kind == EV_CB_END && t->ev[k].err;
		}
		printf("%10.3f ", (e->ts - t0) * 1e3);
		if (j >= 0)
			printf("%9.3f", (t->ev[j].ts - e->ts) * 1e3);
		else
			printf("%9s", "(no end)");
		printf("  %*s%s", depth * 2, "", e->name);
		if (!strcmp(e->name, "CPU_OFF") || !strcmp(e->name, "CPU_ON"))
			printf(" cpu%u", e->val);
		if (!strcmp(e->name, "platform_stray_wake"))
			printf(" irq%u", e->val);
		printf(": %s", phase_text(e->name, e->val));
		if (cbs && strncmp(e->name, "suspend_enter", 13))
			printf(" [%d device callbacks%s]", cbs, failed ? ", some FAILED" : "");
		printf("\n");
		if (j >= 0)
			depth++;
	}
}

/* Milliseconds from event a to event b, both indices; -1 if either is missing */
static double span_ms(const struct trace *t, int a, int b)
{
	return a < 0 || b < 0 ? -1 : (t->ev[b].ts - t->ev[a].ts) * 1e3;
}

/*
 * For benchmarks (make bench): the duration of every phase in trace order,
 * nested phases indented. Suspend runs from suspend_enter to the machine
 * going down, resume from it waking up to thaw_processes done: the
 * machine's sleep itself takes no trace time (sched_clock stops).
 */
static void phases(const struct trace *t)
{
	int depth = 0, i, j, k;

	printf("| phase | ms | I2C transactions |\n| --- | ---: | ---: |\n");
	for (i = 0; i < t->n; i++) {
		const struct ev *e = &t->ev[i];
		int xfers = 0;

		if (t->boot && i == t->boot) {
			printf("| *next boot: the boot kernel* | | |\n");
			depth = 0;
		}
		if (t->boot && i > t->boot && e->kind == EV_PHASE && !e->begin &&
		    e->val == 4 && !strcmp(e->name, "machine_suspend"))
			printf("| *the restored kernel, from its snapshot* | | |\n");
		if (e->kind != EV_PHASE)
			continue;
		if (!e->begin) {
			if (depth)
				depth--;
			continue;
		}
		j = matching_end(t, i);
		for (k = i; k < (j < 0 ? i : j); k++)
			xfers += t->ev[k].kind == EV_XFER;
		printf("| %*s%s", depth * 2, "", e->name);
		/* Hibernation's device phases: which PM event (freeze, ...) */
		if (!strncmp(e->name, "dpm_", 4) && (e->val & 0xed))
			printf("[%#x]", e->val);
		if (!strcmp(e->name, "CPU_OFF") || !strcmp(e->name, "CPU_ON"))
			printf(" cpu%u", e->val);
		if (!strcmp(e->name, "platform_stray_wake"))
			printf(" irq%u", e->val);
		if (j >= 0)
			printf(" | %.3f | %d |\n", span_ms(t, i, j), xfers);
		else
			printf(" | (no end) | %d |\n", xfers);
		if (j >= 0)
			depth++;
	}
	if (t->boot) {
		/* Two boots: the hibernating kernel, the boot kernel, the restored */
		int enter = phase_first(t, "platform_enter", true);
		int back = -1;

		for (i = t->boot; i < t->n && back < 0; i++)
			if (t->ev[i].kind == EV_PHASE && !t->ev[i].begin &&
			    !strcmp(t->ev[i].name, "machine_suspend"))
				back = i;
		printf("| **hibernate** (first event .. platform_enter) | %.3f | |\n",
		       span_ms(t, 0, enter));
		printf("| **restore, boot kernel** (its first event .. its last) | %.3f | |\n",
		       back < 1 ? -1 : span_ms(t, t->boot, back - 1));
		printf("| **restore, restored kernel** (machine_suspend .. thaw_processes) | %.3f | |\n",
		       span_ms(t, back, phase_last(t, "thaw_processes", false)));
		return;
	}
	printf("| **suspend** (suspend_enter .. machine_suspend) | %.3f | |\n",
	       span_ms(t, phase_first(t, "suspend_enter", true),
		       phase_first(t, "machine_suspend", true)));
	printf("| **resume** (machine_suspend .. thaw_processes) | %.3f | |\n",
	       span_ms(t, phase_first(t, "machine_suspend", false),
		       phase_last(t, "thaw_processes", false)));
}

static void usage(void)
{
	fprintf(stderr, "usage: sleeptrace explain|phases [-a PMIC_ADDR] TRACE\n"
		"       sleeptrace check [-a PMIC_ADDR] [-n FIRST] [-x RULE-ID]... TRACE\n"
		"       sleeptrace rules\n");
	exit(2);
}

/* A number option, all of it a number, or a usage error naming it. */
static int number(const char *opt, const char *arg)
{
	char *end;
	long v = strtol(arg, &end, 0);

	if (!*arg || *end || v < 0 || v > 0xffff) {
		fprintf(stderr, "sleeptrace: %s: not a number: '%s'\n", opt, arg);
		exit(2);
	}
	return (int)v;
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "expect-violated", required_argument, NULL, 'x' },
		{ "first", required_argument, NULL, 'n' },
		{ NULL, 0, NULL, 0 },
	};
	struct trace t;
	int pmic = 0x4a, first = 0, nexpect = 0, opt, ret = 0;
	char **expect = calloc(argc, sizeof(*expect));
	const char *cmd;
	FILE *f;

	if (argc < 2 || !expect)
		usage();
	cmd = argv[1];
	if (!strcmp(cmd, "rules") && argc == 2) {
		rules_list();
		return 0;
	}
	optind = 2;
	while ((opt = getopt_long(argc, argv, "a:n:x:", longopts, NULL)) != -1) {
		switch (opt) {
		case 'a':
			pmic = number("-a", optarg);
			break;
		case 'n':
			first = number("-n", optarg);
			if (!first)	/* KTAP counts from 1 */
				usage();
			break;
		case 'x':
			/* A misspelt ID would otherwise expect nothing. */
			if (!rule_known(optarg)) {
				fprintf(stderr, "sleeptrace: no rule '%s' ('sleeptrace rules' lists them)\n",
					optarg);
				return 2;
			}
			expect[nexpect++] = optarg;
			break;
		default:
			usage();
		}
	}
	if (optind != argc - 1 || ((first || nexpect) && strcmp(cmd, "check")))
		usage();
	f = fopen(argv[optind], "r");
	if (!f) {
		perror(argv[optind]);
		return 2;
	}
	if (trace_read(f, &t) || !t.n) {
		fprintf(stderr, "sleeptrace: %s: no suspend/resume events\n", argv[optind]);
		fclose(f);
		trace_free(&t);
		return 2;
	}
	fclose(f);
	if (!strcmp(cmd, "explain")) {
		explain(&t, pmic);
	} else if (!strcmp(cmd, "check")) {
		if (!first)
			printf("KTAP version 1\n1..%d\n", rules_count_for(&t));
		ret = rules_check(&t, pmic, first ? first : 1, expect, nexpect) ? 1 : 0;
	} else if (!strcmp(cmd, "phases")) {
		phases(&t);
	} else {
		usage();
	}
	trace_free(&t);
	free(expect);
	return ret;
}
