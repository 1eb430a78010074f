// SPDX-License-Identifier: GPL-2.0
/*
 * sleeptrace: explain or check ftrace captures of suspend/resume cycles
 * and hibernations, from this board or any other (docs/sleeptrace.md).
 *
 *   sleeptrace explain [PMIC] TRACE   the cycles phase by phase, in the
 *                                     words of the seed article, with each
 *                                     PMIC transfer annotated
 *   sleeptrace check [PMIC] [-n FIRST] [-x RULE-ID]... TRACE
 *                                     the ordering contract (rules.c) as
 *                                     KTAP, one result per rule and cycle
 *   sleeptrace rules                  the rule IDs and what each checks
 *   sleeptrace phases TRACE           a Markdown table of how long each
 *                                     phase took and how many transfers it
 *                                     holds, plus the suspend and resume
 *                                     totals (make bench)
 *   sleeptrace devices TRACE          each device phase's callbacks in
 *                                     start order, with their end's rank
 *                                     and task (docs/kernels.md)
 *
 * PMIC: --pmic DEV[=CHIP] (repeatable), or -a ADDR: the I2C address on any
 * bus; without either, the address the capture's "# vexpress-pm pmic:"
 * line gives, else the devices it shows bound to a known PMIC driver,
 * else none. 'sleeptrace --help' (help[] below) says the rest: the options,
 * the exit status, examples.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "record.h"
#include "rules.h"
#include "trace.h"

struct phase_text {
	const char *name, *text;
};

/*
 * A device phase's PM event (the dpm_* events' value) other than suspend
 * (PM_EVENT_SUSPEND 0x02) and resume (PM_EVENT_RESUME 0x10): freeze 0x01,
 * hibernate 0x04, quiesce 0x08, thaw 0x20, restore 0x40, recover 0x80,
 * the hibernation events a listing names.
 */
#define PM_EVENTS_HIBERNATION	0xed

/* The seed article's suspend list, plus the resume half it implies. */
static const struct phase_text phase_texts[] = {
	{ "suspend_enter", "enter_state(): sync, then processes into the freezer (the devices follow, outside it)" },
	{ "sync_filesystems", "sync dirty data" },
	{ "freeze_processes", "processes into the freezer" },
	{ "platform_begin", "system wide begin()" },
	{ "dpm_prepare", "per-device prepare(): no new children from here" },
	{ "dpm_suspend", "per-device suspend(), children before parents" },
	{ "platform_prepare", "system wide prepare()" },
	{ "dpm_suspend_late", "per-device suspend_late()" },
	{ "dpm_suspend_noirq", "device IRQs disabled (not IRQF_NO_SUSPEND ones), per-device suspend_noirq()" },
	{ "platform_prepare_late", "system wide prepare_late()" },
	{ "CPU_OFF", "disable a non-boot CPU" },
	{ "syscore_suspend", "syscore_suspend(): one CPU, interrupts off" },
	{ "machine_suspend", "system wide enter(): the machine sleeps until a wakeup (sched_clock stops: no time passes in the trace)" },
	{ "platform_stray_wake", "a stray wake, not the wakeup: the WFI in enter ended with no wakeup interrupt pending (irq0: none found); cleared, back to WFI in the same round" },
	{ "syscore_resume", "syscore_resume()" },
	{ "CPU_ON", "enable a non-boot CPU" },
	{ "platform_wake", "system wide wake()" },
	{ "dpm_resume_noirq", "per-device resume_noirq(), then device IRQs back on" },
	{ "dpm_resume_early", "per-device resume_early()" },
	{ "platform_finish", "system wide finish()" },
	{ "platform_suspend_again", "system wide suspend_again(): sleep again from platform_prepare on, or resume fully" },
	{ "dpm_resume", "per-device resume(), parents before children" },
	{ "dpm_complete", "per-device complete()" },
	{ "platform_end", "system wide end()" },
	{ "resume_console", "console back" },
	{ "console_resume_all", "console back (6.12: resume_console)" },
	{ "thaw_processes", "processes out of the freezer" },
};

/*
 * Hibernation's phases: the device phases by their PM event (freeze 1,
 * hibernate 4 for poweroff, quiesce 8, thaw 0x20, restore 0x40), the
 * platform's hibernation_ops and the image I/O (arch-patches/0022).
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
	{ "platform_begin", 1, "system wide begin(PMSG_FREEZE), before the image" },
	{ "platform_begin", 4, "system wide begin()" },
	{ "platform_end", 4, "system wide end()" },
	{ "platform_finish", 4, "system wide finish()" },
	{ "dpm_prepare", 4, "per-device prepare() for poweroff" },
	{ "dpm_suspend", 4, "per-device poweroff()" },
	{ "dpm_suspend_late", 4, "per-device poweroff_late(): the PMIC checked disarmed again" },
	{ "dpm_suspend_noirq", 4, "device IRQs off, per-device poweroff_noirq(): genpd switches the domain off over I2C" },
	{ "platform_prepare", 4, "system wide prepare()" },
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

/*
 * Suspend-to-idle's: the platform callbacks the core calls for it and the
 * idle, whose events carry the state, PM_SUSPEND_TO_IDLE (1), where
 * standby's and mem's carry 2 or 3 (arch-patches/0001). They are
 * platform_s2idle_ops', but begin() and end() are suspend_ops' on a
 * platform whose s2idle_ops have none (or that has no s2idle_ops).
 */
static const struct phase_text s2idle_texts[] = {
	{ "platform_begin", "suspend-to-idle begin()" },
	{ "platform_prepare", "suspend-to-idle prepare() (suspend_ops' runs before the late phase)" },
	{ "platform_prepare_late", "suspend-to-idle prepare_late()" },
	{ "platform_wake", "suspend-to-idle wake(), before each idle: true ends the idle loop" },
	{ "platform_check", "suspend-to-idle check(), just before the idle" },
	{ "machine_suspend", "s2idle_enter(): the CPUs idle until a wakeup" },
	{ "platform_restore_early", "suspend-to-idle restore_early(), prepare_late's pair" },
	{ "platform_restore", "suspend-to-idle restore()" },
	{ "platform_end", "suspend-to-idle end()" },
};

/* @hib: the capture is a hibernation, whose PM event 1 is freeze */
static const char *phase_text(const char *name, unsigned int val, bool hib)
{
	size_t i;

	for (i = 0; i < sizeof(hib_texts) / sizeof(hib_texts[0]); i++)
		if (hib && hib_texts[i].val == val && !strcmp(hib_texts[i].name, name))
			return hib_texts[i].text;
	for (i = 0; i < sizeof(s2idle_texts) / sizeof(s2idle_texts[0]); i++)
		if (!hib && val == STATE_S2IDLE && !strcmp(s2idle_texts[i].name, name))
			return s2idle_texts[i].text;
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
 * The PMICs sleeptrace knows registers of: a table per chip, the driver
 * names that bind to it (as device_pm_callback_* events name them, to
 * recognise the chip in a capture) and the address this board puts it at
 * (for -a). Another chip: one more table and one more line here.
 */
struct chip {
	const char *name;
	const char *drivers;	/* driver names, space-separated */
	int board_addr;
	const char *const *regs;
	unsigned int nregs;
};

static const struct chip chips[] = {
	{ "twl92230", "twl92230-regulator menelaus", 0x4a, twl92230_regs,
	  sizeof(twl92230_regs) / sizeof(twl92230_regs[0]) },
	{ "axp209", "axp20x-i2c axp20x-rsb", 0x34, axp209_regs,
	  sizeof(axp209_regs) / sizeof(axp209_regs[0]) },
};

#define NCHIPS	(sizeof(chips) / sizeof(chips[0]))

/* The PMICs named on the command line, and which chip each is (or NULL) */
static struct pmic_set pmics;
static const struct chip *pmic_chip[MAX_PMICS];

static const struct chip *chip_named(const char *name)
{
	size_t i;

	for (i = 0; i < NCHIPS; i++)
		if (!strcmp(chips[i].name, name))
			return &chips[i];
	return NULL;
}

/* The chip whose PMIC driver is named @driver, or NULL */
static const struct chip *chip_of_driver(const char *driver)
{
	size_t c, len = strlen(driver);

	for (c = 0; len && c < NCHIPS; c++) {
		const char *d = strstr(chips[c].drivers, driver);

		if (d && (d == chips[c].drivers || d[-1] == ' ') && (d[len] == ' ' || !d[len]))
			return &chips[c];
	}
	return NULL;
}

/* The chip whose driver the capture shows bound to PMIC @p, or NULL */
static const struct chip *chip_in_capture(const struct trace *t, const struct pmic *p)
{
	const struct chip *c;
	int i;

	for (i = 0; i < t->n; i++) {
		const struct ev *e = &t->ev[i];

		if (e->kind != EV_CB_START || !e->driver[0] || strcmp(e->name, p->dev))
			continue;
		if ((c = chip_of_driver(e->driver)))
			return c;
	}
	return NULL;
}

static const char *pmic_reg(const struct chip *c, unsigned int r)
{
	return c && r < c->nregs && c->regs[r] ? c->regs[r] : "reg";
}

/* Which of the PMICs @x talks to (its chip in @c), or -1 */
static int which_pmic(const struct ev *x, const struct chip **c)
{
	struct pmic_set one = { .n = 1 };
	int i;

	for (i = 0; i < pmics.n; i++) {
		one.p[0] = pmics.p[i];
		if (is_pmic_xfer(x, &one)) {
			*c = pmic_chip[i];
			return i;
		}
	}
	return -1;
}

static const char *const src_names[] = { "I2C", "SMBus", "regmap" };

/*
 * "I2C PMIC write LDO_CTRL3(0x0c) = 0x95" / "regmap PMIC read REV(0x01) -> 0x22";
 * a transfer to another device by its address or name.
 */
static void describe_xfer(const struct ev *x, char *buf, size_t len)
{
	const struct i2c_msg_rec *m = x->msgs;
	const struct chip *c = NULL;
	int n;

	n = snprintf(buf, len, "%s ", src_names[x->src]);
	if (which_pmic(x, &c) < 0) {
		if (x->src == XF_I2C)
			n += snprintf(buf + n, len - n, "i2c-%d 0x%02x, %d message(s)", x->bus,
				      x->addr, x->nmsgs);
		else
			n += snprintf(buf + n, len - n, "%s %s 0x%02x", x->dev,
				      x->write ? "write" : "read", x->reg);
	} else if (x->reg_known) {
		n += snprintf(buf + n, len - n, "PMIC %s %s(0x%02x) %s 0x%02x",
			      x->write ? "write" : "read", pmic_reg(c, x->reg), x->reg,
			      x->write ? "=" : "->", x->regval);
	} else if (x->nmsgs == 2 && !m[0].read && m[0].nbytes == 1 && m[1].read) {
		n += snprintf(buf + n, len - n, "PMIC read %s(0x%02x)",
			      pmic_reg(c, m[0].data[0]), m[0].data[0]);
		if (m[1].nbytes)
			n += snprintf(buf + n, len - n, " -> 0x%02x", m[1].data[0]);
	} else if (x->nmsgs == 1 && !m[0].read && m[0].nbytes >= 2) {
		n += snprintf(buf + n, len - n, "PMIC write %s(0x%02x) = 0x%02x",
			      pmic_reg(c, m[0].data[0]), m[0].data[0], m[0].data[1]);
	} else {
		n += snprintf(buf + n, len - n, "PMIC, %d message(s)", x->nmsgs);
	}
	if (x->ret < 0 && n < (int)len)
		snprintf(buf + n, len - n, ": FAILED %d", x->ret);
	else if (!x->ret_known && n < (int)len)
		snprintf(buf + n, len - n, " (no result traced)");
}

/*
 * The transfers explain and phases show: per device, those of the lowest
 * level the capture traces for it (an i2c transfer also shows as the
 * regmap access and the SMBus call above it).
 */
#define MAX_DEVS	256

static struct {
	char dev[48];
	enum xfer_src src;
} devsrc[MAX_DEVS];
static int ndevsrc;

static void note_sources(const struct trace *t)
{
	int i, d;

	ndevsrc = 0;
	for (i = 0; i < t->n; i++) {
		const struct ev *e = &t->ev[i];

		if (e->kind != EV_XFER)
			continue;
		for (d = 0; d < ndevsrc && strcmp(devsrc[d].dev, e->dev); d++)
			;
		if (d == ndevsrc) {
			if (ndevsrc == MAX_DEVS)
				continue;
			snprintf(devsrc[ndevsrc].dev, sizeof(devsrc[0].dev), "%s", e->dev);
			devsrc[ndevsrc++].src = e->src;
		} else if (e->src < devsrc[d].src) {
			devsrc[d].src = e->src;
		}
	}
}

static bool shown(const struct ev *e)
{
	int d;

	if (e->kind != EV_XFER)
		return false;
	for (d = 0; d < ndevsrc; d++)
		if (!strcmp(devsrc[d].dev, e->dev))
			return e->src == devsrc[d].src;
	return true;
}

/*
 * What a platform callback's place is meant to be, said only as the
 * capture shows it: after (or before) every callback of a device phase,
 * the phase (with its PM event) that ran last before it (or next after it)
 * in the same cycle. A capture where the PM core ordered them otherwise
 * (a negative test, a broken core) gets the opposite said.
 */
static const struct {
	const char *name;	/* the platform phase */
	unsigned int val;	/* its PM event, or 0 for any */
	bool after;		/* after every callback of the device phase */
	const char *ref;	/* the device phase */
	unsigned int ref_val;
	const char *what;	/* its callbacks, as the listing names them */
} placements[] = {
	{ "platform_prepare_late", 0, true, "dpm_suspend_noirq", 2, "noirq callback" },
	{ "platform_wake", 3, false, "dpm_resume_noirq", 16, "resume_noirq" },
	{ "platform_wake", 2, false, "dpm_resume_noirq", 16, "resume_noirq" },
	/* suspend-to-idle's (1) */
	{ "platform_prepare", 1, true, "dpm_suspend_late", 2, "suspend_late callback" },
	{ "platform_restore_early", 1, false, "dpm_resume_noirq", 16, "resume_noirq" },
	{ "platform_restore", 1, true, "dpm_resume_noirq", 16, "resume_noirq callback" },
	{ "platform_prepare", 4, true, "dpm_suspend_noirq", 4, "poweroff_noirq" },
};

/* Whether event @k is phase @name with PM event @val, beginning or ending */
static bool is_phase(const struct ev *e, const char *name, unsigned int val, bool begin)
{
	return e->kind == EV_PHASE && e->begin == begin && e->val == val &&
	       !strcmp(e->name, name);
}

/* Whether event @e begins or ends the machine's sleep (enter, or power-off) */
static bool is_sleep(const struct ev *e)
{
	return e->kind == EV_PHASE && (!strcmp(e->name, "machine_suspend") ||
				       !strcmp(e->name, "platform_enter"));
}

/*
 * For the platform phase that begins at @i, ": after every noirq callback"
 * (or what the placement table says) if the capture shows it so, else
 * the opposite; "" if the table has no place for it or its cycle has no
 * such device phase. A cycle may hold several rounds (suspend_again):
 * "after" holds when the device phase ended before @i and does not begin
 * again before the machine sleeps; "before" when it has not begun since
 * the machine woke.
 */
static const char *placement(const struct trace *t, int i, char *buf, size_t len)
{
	const struct ev *e = &t->ev[i];
	int p, k, lo, hi;
	bool before = false, after = false;

	for (p = 0; p < (int)(sizeof(placements) / sizeof(placements[0])); p++)
		if (!strcmp(placements[p].name, e->name) &&
		    (!placements[p].val || placements[p].val == e->val))
			break;
	if (p == (int)(sizeof(placements) / sizeof(placements[0])))
		return "";
	/* The cycle around @i: from the suspend_enter begin before it to its end */
	for (lo = i; lo > 0 && !is_phase(&t->ev[lo], "suspend_enter", t->ev[lo].val, true); lo--)
		;
	for (hi = i; hi < t->n - 1 && !is_phase(&t->ev[hi], "suspend_enter", t->ev[hi].val, false); hi++)
		;
	if (placements[p].after) {
		/* ended before @i; begun again after @i, before the sleep */
		for (k = i - 1; k >= lo && !before; k--)
			before = is_phase(&t->ev[k], placements[p].ref, placements[p].ref_val, false);
		for (k = i + 1; k <= hi && !after && !(is_sleep(&t->ev[k]) && t->ev[k].begin); k++)
			after = is_phase(&t->ev[k], placements[p].ref, placements[p].ref_val, true);
		if (!before && !after)
			return "";
		snprintf(buf, len, before && !after ? ": after every %s" :
			 ": NOT after every %s (%s ran after it here)",
			 placements[p].what, placements[p].ref);
	} else {
		/* begun since the machine woke, before @i; begun after @i */
		for (k = i - 1; k >= lo && !before && !is_sleep(&t->ev[k]); k--)
			before = is_phase(&t->ev[k], placements[p].ref, placements[p].ref_val, true);
		for (k = i + 1; k <= hi && !after; k++)
			after = is_phase(&t->ev[k], placements[p].ref, placements[p].ref_val, true);
		if (!before && !after)
			return "";
		snprintf(buf, len, !before ? ": before any %s" :
			 ": NOT before any %s (%s began before it here)",
			 placements[p].what, placements[p].ref);
	}
	return buf;
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

/*
 * A time column: milliseconds, or "-" in a capture without timestamps
 * (a console with printk.time=0), whose events have only their order
 */
static void ms_col(const struct trace *t, int width, double ms)
{
	if (t->untimed)
		printf("%*s", width, "-");
	else
		printf("%*.3f", width, ms);
}

static void explain(const struct trace *t)
{
	double t0 = t->ev[0].ts;
	int depth = 0, i, j, start[MAX_CYCLES], cyc = 1;
	bool hib = is_hibernation(t);
	int ncyc = hib ? 1 : trace_cycles(t, start, MAX_CYCLES);
	/* (a console kept from boot only: a recording starts where its user did) */
	int first = hib || !t->forms[TF_CONSOLE] ? -1 : phase_first(t, "suspend_enter", true);
	int skipped = 0;

	if (t->untimed)
		printf("# events without a timestamp (a console with printk.time=0): their order, no times\n");
	/*
	 * A console kept from boot holds the PMIC driver's probe and whatever
	 * else the bus did before the first cycle, which is no part of it:
	 * counted, not listed, and t starts at the cycle
	 */
	for (i = 0; i < first; i++)
		skipped += t->ev[i].kind == EV_XFER && shown(&t->ev[i]);
	if (skipped)
		printf("# %d transfer(s) before the first suspend_enter (lines %d-%d): not shown\n",
		       skipped, t->ev[0].line, t->ev[first - 1].line);
	if (first > 0)
		t0 = t->ev[first].ts;
	printf("%10s %9s  %s\n", "t (ms)", "took (ms)", "phase: what happens");
	for (i = first > 0 ? first : 0; i < t->n; i++) {
		const struct ev *e = &t->ev[i];
		char buf[160], place[96];
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
		/* The next suspend cycle of several (t from the first's start) */
		if (cyc < ncyc && cyc < MAX_CYCLES && i == start[cyc]) {
			depth = 0;
			printf("-- cycle %d of %d (line %d)\n", ++cyc, ncyc, e->line);
		}

		if (e->kind == EV_XFER) {
			/* The same access seen at a higher level: once is enough */
			if (!shown(e))
				continue;
			describe_xfer(e, buf, sizeof(buf));
			ms_col(t, 10, (e->ts - t0) * 1e3);
			printf(" %9s  %*s  %s%s%s\n", "", depth * 2, "", buf,
			       e->who[0] ? ", by " : "", e->who);
			continue;
		}
		if (e->kind == EV_CB_END && e->err) {
			ms_col(t, 10, (e->ts - t0) * 1e3);
			printf(" %9s  %*s  device %s callback FAILED %d\n", "", depth * 2, "",
			       e->name, e->err);
		}
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
		ms_col(t, 10, (e->ts - t0) * 1e3);
		printf(" ");
		if (j >= 0)
			ms_col(t, 9, (t->ev[j].ts - e->ts) * 1e3);
		else
			printf("%9s", "(no end)");
		printf("  %*s%s", depth * 2, "", e->name);
		if (!strcmp(e->name, "CPU_OFF") || !strcmp(e->name, "CPU_ON"))
			printf(" cpu%u", e->val);
		if (!strcmp(e->name, "platform_stray_wake"))
			printf(" irq%u", e->val);
		printf(": %s%s", phase_text(e->name, e->val, hib),
		       placement(t, i, place, sizeof(place)));
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
 * A totals row of phases: from event @a to event @b, "(missing)" where
 * either is not in the capture (a board that never woke: no
 * machine_suspend end; an early pm_test level: no machine_suspend)
 */
static void total_row(const struct trace *t, const char *what, const char *span, int a, int b)
{
	printf("| **%s** (%s) | ", what, span);
	if (a < 0 || b < 0)
		printf("(missing) | |\n");
	else
		printf("%.3f | |\n", span_ms(t, a, b));
}

/*
 * For benchmarks (make bench): the duration of every phase in trace order,
 * nested phases indented. Suspend runs from suspend_enter to the machine
 * going down, resume from it waking up to thaw_processes done, for each
 * cycle: the machine's sleep itself takes no trace time (sched_clock
 * stops).
 */
static void phases(const struct trace *t)
{
	int depth = 0, i, j, k, start[MAX_CYCLES], ncyc;

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
			xfers += shown(&t->ev[k]);
		printf("| %*s%s", depth * 2, "", e->name);
		/* Hibernation's device phases: which PM event (freeze, ...) */
		if (!strncmp(e->name, "dpm_", 4) && (e->val & PM_EVENTS_HIBERNATION))
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
		total_row(t, "hibernate", "first event .. platform_enter", 0, enter);
		total_row(t, "restore, boot kernel", "its first event .. its last",
			  back < 1 ? -1 : t->boot, back - 1);
		total_row(t, "restore, restored kernel", "machine_suspend .. thaw_processes",
			  back, phase_last(t, "thaw_processes", false));
		return;
	}
	/* Each cycle's own totals (several: one pair of rows each) */
	/* (at most MAX_CYCLES: unusable() refuses a capture with more) */
	ncyc = trace_cycles(t, start, MAX_CYCLES);
	for (k = 0; k < ncyc; k++) {
		struct trace c = *t;
		char suspend[32], resume[32];

		c.ev = t->ev + start[k];
		c.n = (k + 1 < ncyc ? start[k + 1] : t->n) - start[k];
		if (ncyc > 1) {
			snprintf(suspend, sizeof(suspend), "suspend, cycle %d", k + 1);
			snprintf(resume, sizeof(resume), "resume, cycle %d", k + 1);
		} else {
			snprintf(suspend, sizeof(suspend), "suspend");
			snprintf(resume, sizeof(resume), "resume");
		}
		total_row(&c, suspend, "suspend_enter .. machine_suspend",
			  phase_first(&c, "suspend_enter", true), phase_first(&c, "machine_suspend", true));
		total_row(&c, resume, "machine_suspend .. thaw_processes",
			  phase_first(&c, "machine_suspend", false), phase_last(&c, "thaw_processes", false));
	}
}

/* A device callback's start or end in a phase, to pair them (devices()). */
struct cb_ref {
	const struct ev *e;
	int pos;	/* its place among the phase's starts and ends */
	int rank;	/* an end's place among the phase's ends, from 1 */
};

static int cb_ref_device_cmp(const struct cb_ref *x, const struct cb_ref *y)
{
	int c = strcmp(x->e->driver, y->e->driver);

	return c ? c : strcmp(x->e->name, y->e->name);
}

/* By device, then by place: each device's starts and ends in order. */
static int cb_ref_cmp(const void *a, const void *b)
{
	const struct cb_ref *x = a, *y = b;
	int c = cb_ref_device_cmp(x, y);

	return c ? c : x->pos - y->pos;
}

/*
 * For comparing kernels (docs/kernels.md): each device phase's callbacks,
 * one line each in the order they started, with the rank of their end in
 * the phase (an async callback may end out of its start order; "-": no
 * end) and the task that ran them (a kworker: async; "console-0": a
 * console capture does not say). A device's ends go to its starts in
 * order, after sorting by device: no search per callback, so a capture
 * of many unended callbacks takes no longer than a well-formed one.
 */
static void devices(const struct trace *t)
{
	int i, j;

	printf("# start end device driver task\n");
	for (i = 0; i < t->n; i++) {
		const struct ev *p = &t->ev[i];
		int end, m = 0, n = 0, ends = 0, head, tail, *fifo, *rank;
		struct cb_ref *refs;

		if (p->kind != EV_PHASE || !p->begin || strncmp(p->name, "dpm_", 4))
			continue;
		end = matching_end(t, i);
		if (end < 0)
			end = t->n;
		for (j = i + 1; j < end; j++) {
			n += t->ev[j].kind == EV_CB_START;
			m += t->ev[j].kind == EV_CB_START || t->ev[j].kind == EV_CB_END;
		}
		refs = malloc((m + 1) * sizeof(*refs));
		fifo = malloc((m + 1) * sizeof(*fifo));
		rank = calloc(m + 1, sizeof(*rank));
		if (!refs || !fifo || !rank) {
			perror("sleeptrace");
			exit(2);
		}
		m = 0;
		for (j = i + 1; j < end; j++) {
			const struct ev *e = &t->ev[j];

			if (e->kind != EV_CB_START && e->kind != EV_CB_END)
				continue;
			refs[m].e = e;
			refs[m].rank = e->kind == EV_CB_END ? ++ends : 0;
			refs[m].pos = m;
			m++;
		}
		qsort(refs, m, sizeof(*refs), cb_ref_cmp);
		for (j = 0, head = 0, tail = 0; j < m; j++) {
			if (j && cb_ref_device_cmp(&refs[j - 1], &refs[j])) {
				head = 0;	/* the next device */
				tail = 0;
			}
			if (refs[j].e->kind == EV_CB_START)
				fifo[tail++] = refs[j].pos;
			else if (head < tail)
				rank[fifo[head++]] = refs[j].rank;
		}
		printf("# %s", p->name);
		if (p->val & PM_EVENTS_HIBERNATION)
			printf("[%#x]", p->val);
		printf(", line %d: %d callback(s)\n", p->line, n);
		for (j = i + 1, m = 0, n = 0; j < end; j++) {
			const struct ev *s = &t->ev[j];

			if (s->kind != EV_CB_START && s->kind != EV_CB_END)
				continue;
			if (s->kind == EV_CB_START) {
				printf("%d ", ++n);
				if (rank[m])
					printf("%d", rank[m]);
				else
					printf("-");
				printf(" %s %s %s\n", s->name, s->driver[0] ? s->driver : "-",
				       s->task);
			}
			m++;
		}
		free(refs);
		free(fifo);
		free(rank);
	}
}

static const char help[] =
"usage: sleeptrace check [--pmic DEV[=CHIP]]... [-x RULE-ID]... [-n FIRST] CAPTURE\n"
"       sleeptrace explain [--pmic DEV[=CHIP]]... CAPTURE\n"
"       sleeptrace phases CAPTURE\n"
"       sleeptrace devices CAPTURE\n"
"       sleeptrace rules\n"
"       sleeptrace record [-o FILE] [check's options] COMMAND [ARG]...\n"
"\n"
"Read an ftrace capture of suspend/resume (or hibernation) cycles and\n"
"  check    judge it against the PM ordering rules ('sleeptrace rules'), one\n"
"           KTAP result per rule and cycle; exit 0 if every result is ok\n"
"  explain  print it phase by phase, each PMIC access with its register name\n"
"  phases   print a Markdown table of each phase's duration and transfers\n"
"  devices  list each device phase's callbacks in the order they started,\n"
"           with the rank of their end and the task that ran them\n"
"On the board, as root:\n"
"  record   enable the events below in tracefs, run COMMAND (for example\n"
"           'rtcwake -m mem -s 5', or 'sh -c \"echo mem > /sys/power/state\"'),\n"
"           stop, and check the capture (kept in FILE with -o); exit 3 if\n"
"           the ring buffer lost events\n"
"\n"
"CAPTURE is /sys/kernel/tracing/trace text, 'trace-cmd report' output or\n"
"a console log with tp_printk lines, whichever (several cycles are each\n"
"judged). It needs the events power:suspend_resume; the rules on device\n"
"callbacks need power:device_pm_callback_start/end, the PMIC rules the\n"
"PMIC's traffic: i2c:i2c_*, smbus:smbus_* or regmap:regmap_reg_write/read.\n"
"A rule whose events the capture lacks is not judged, and says so.\n"
"check states what it found, for programs that read its output, in a\n"
"line \"# kind: KIND\" for each cycle it judges, in order: suspend_ops\n"
"(mem, standby), suspend-to-idle or hibernation (both boots: one); a\n"
"capture with no power:suspend_resume event gets \"# kind: none\" (exit 2).\n"
"\n"
"options:\n"
"  -p, --pmic DEV[=CHIP]  a PMIC whose traffic the rules watch, as i2c and\n"
"                         regmap name it: BUS-ADDR (\"1-0034\") or a device\n"
"                         name (\"spi0.0\"); repeatable. CHIP names its\n"
"                         registers (twl92230, axp209), else the driver\n"
"                         bound to DEV in the capture does, else none\n"
"  -a, --addr ADDR        the PMIC at I2C address ADDR on any bus (if\n"
"                         neither -a nor --pmic is given: the address the\n"
"                         capture's \"# vexpress-pm pmic: ADDR\" line names,\n"
"                         else each device the capture shows bound to a\n"
"                         driver of a chip above, else none: the PMIC\n"
"                         rules then say they need --pmic)\n"
"  -x, --expect-violated RULE-ID  this rule must be violated (a negative\n"
"                         test), every other rule must hold\n"
"  -J, --judge-all        a rule the capture cannot show fails (a capture\n"
"                         that should carry every event it needs)\n"
"  -s, --may-skip RULE-ID with -J, this rule may still go unjudged (a skip,\n"
"                         \"# SKIP may-skip: WHY\"); repeatable\n"
"  -n, --first FIRST      number results from FIRST, no KTAP header (to\n"
"                         continue a test plan's results)\n"
"      --name PREFIX      name the results PREFIX.RULE-ID (default oracle;\n"
"                         PREFIX.CYCLE.RULE-ID in a capture of several)\n"
"  -h, --help             this text\n"
"\n"
"exit status: 0 as expected; 1 a result not ok; 2 bad usage, or a capture\n"
"that cannot be judged (unreadable, no suspend in it, an event in a form\n"
"not understood, too large, a --pmic that never appears); 3 every result ok,\n"
"but a cycle is cut short or record lost events (the verdicts cover what is\n"
"there)\n"
"\n"
"examples:\n"
"  trace-cmd record -e power:suspend_resume -e power:device_pm_callback_start \\\n"
"      -e power:device_pm_callback_end -e i2c -e smbus \\\n"
"      -e regmap:regmap_reg_write -e regmap:regmap_reg_read rtcwake -m mem -s 5\n"
"  trace-cmd report > suspend.txt\n"
"  sleeptrace check --pmic 1-0034 suspend.txt\n"
"  sleeptrace explain --pmic 1-0034=axp209 suspend.txt\n"
"  sleeptrace check -x pmic-quiet-while-armed doctored.trace\n"
"See docs/sleeptrace.md: \"Check your own board\".\n";

static void usage(void)
{
	fputs(help, stderr);
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

/* A 7-bit I2C address (-a, the capture's PMIC line) */
static int i2c_addr(const char *what, const char *arg)
{
	int v = number(what, arg);

	if (v > 0x7f) {
		fprintf(stderr, "sleeptrace: %s: not a 7-bit I2C address: '%s'\n", what, arg);
		exit(2);
	}
	return v;
}

/* --pmic DEV[=CHIP] */
static void add_pmic(const char *arg)
{
	char dev[64];
	const char *eq = strchr(arg, '=');
	struct pmic *p = &pmics.p[pmics.n];

	if (pmics.n == MAX_PMICS) {
		fprintf(stderr, "sleeptrace: at most %d --pmic\n", MAX_PMICS);
		exit(2);
	}
	snprintf(dev, sizeof(dev), "%.*s", eq ? (int)(eq - arg) : (int)strlen(arg), arg);
	if (pmic_parse(dev, p)) {
		fprintf(stderr, "sleeptrace: --pmic: not a device name: '%s' (BUS-ADDR as in 1-0034, or a regmap device name)\n",
			arg);
		exit(2);
	}
	pmic_chip[pmics.n] = NULL;
	if (eq && !(pmic_chip[pmics.n] = chip_named(eq + 1))) {
		fprintf(stderr, "sleeptrace: --pmic: no register table for chip '%s' (known:", eq + 1);
		for (size_t i = 0; i < NCHIPS; i++)
			fprintf(stderr, " %s", chips[i].name);
		fprintf(stderr, ")\n");
		exit(2);
	}
	pmics.n++;
}

/* -a ADDR: the board's PMIC on any bus, its chip by this board's address */
static void add_addr(int addr)
{
	size_t c;

	memset(&pmics.p[0], 0, sizeof(pmics.p[0]));
	pmics.p[0].bus = -1;
	pmics.p[0].addr = addr;
	pmic_chip[0] = NULL;
	for (c = 0; c < NCHIPS; c++)
		if (chips[c].board_addr == addr)
			pmic_chip[0] = &chips[c];
	pmics.n = 1;
}

/*
 * No PMIC named: each device the capture shows bound to a driver of a chip
 * sleeptrace knows (device_pm_callback_start names it), as --pmic DEV=CHIP
 */
static void add_bound(const struct trace *t)
{
	struct pmic p;
	int i, k;

	for (i = 0; i < t->n && pmics.n < MAX_PMICS; i++) {
		const struct ev *e = &t->ev[i];

		const struct chip *c;

		if (e->kind != EV_CB_START || !(c = chip_of_driver(e->driver)) ||
		    pmic_parse(e->name, &p))
			continue;
		for (k = 0; k < pmics.n && strcmp(pmics.p[k].dev, p.dev); k++)
			;
		if (k < pmics.n)
			continue;	/* already named */
		pmics.p[pmics.n] = p;
		pmic_chip[pmics.n++] = c;
	}
}

/* What was read, as a KTAP diagnostic: the form, cycles, PMICs */
static void describe_capture(const struct trace *t, const char *path)
{
	int f, best = 0, start[MAX_CYCLES], i;

	for (f = 1; f < TF_NFORM; f++)
		if (t->forms[f] > t->forms[best])
			best = f;
	printf("# sleeptrace: %s: %s, %d event(s), ", path, trace_form_name(best), t->n);
	if (is_hibernation(t))
		printf("a hibernation%s; PMIC", t->boot ? " (two boots)" : "");
	else
		printf("%d suspend cycle(s); PMIC", trace_cycles(t, start, MAX_CYCLES));
	for (i = 0; i < pmics.n; i++) {
		if (pmics.p[i].dev[0])
			printf(" %s", pmics.p[i].dev);
		else
			printf(" 0x%02x (any bus)", pmics.p[i].addr);
		printf(" (%s)", pmic_chip[i] ? pmic_chip[i]->name : "registers unnamed");
	}
	if (!pmics.n)
		printf(" none named (--pmic BUS-ADDR; no PMIC driver sleeptrace knows is bound in it)");
	printf("\n");
}

/* A capture that cannot be judged: why, and exit 2 */
static const char *unusable(const struct trace *t, const char *path)
{
	static char why[256];
	int i, start[MAX_CYCLES];

	if (t->too_big)
		return "more than 400000 events: cut it to the cycles of interest";
	if (t->bad) {
		snprintf(why, sizeof(why), "line %d: an event in a form sleeptrace does not read: %s",
			 t->bad_line, t->bad_text);
		return why;
	}
	for (i = 0; i < t->n; i++)
		if (t->ev[i].kind == EV_PHASE)
			break;
	if (i == t->n)
		return "no suspend in it: no power:suspend_resume event";
	if (trace_cycles(t, start, MAX_CYCLES) > MAX_CYCLES)
		return "more than 256 suspend cycles: cut it to the cycles of interest";
	for (i = 0; i < pmics.n; i++) {
		if (pmics.p[i].dev[0] && !pmic_seen(t, &pmics.p[i])) {
			snprintf(why, sizeof(why),
				 "PMIC %s never appears in it (no transfer to it, no callback of it): is it BUS-ADDR as in /sys/bus/i2c/devices?",
				 pmics.p[i].dev);
			return why;
		}
	}
	(void)path;
	return NULL;
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "addr", required_argument, NULL, 'a' },
		{ "expect-violated", required_argument, NULL, 'x' },
		{ "judge-all", no_argument, NULL, 'J' },
		{ "may-skip", required_argument, NULL, 's' },
		{ "first", required_argument, NULL, 'n' },
		{ "pmic", required_argument, NULL, 'p' },
		{ "name", required_argument, NULL, 'N' },
		{ "help", no_argument, NULL, 'h' },
		{ "output", required_argument, NULL, 'o' },
		{ NULL, 0, NULL, 0 },
	};
	int first = 0, nexpect = 0, nmay = 0, opt, ret = 2, cut = 0, i, rec = 0, cmd_status = 0;
	bool by_addr = false, by_name = false, recording, all = false;
	const char *cmd, *why, *name, *out_path = NULL;
	struct trace t = { 0 };
	char **expect, **may = NULL;
	FILE *f;

	if (argc < 2)
		usage();
	cmd = argv[1];
	if (!strcmp(cmd, "-h") || !strcmp(cmd, "--help") || !strcmp(cmd, "help")) {
		fputs(help, stdout);
		return 0;
	}
	if (!strcmp(cmd, "rules") && argc == 2) {
		rules_list();
		return 0;
	}
	expect = calloc(argc, sizeof(*expect));
	may = calloc(argc, sizeof(*may));
	if (!expect || !may) {
		perror("sleeptrace");
		free(expect);
		free(may);
		return 2;
	}
	pmics.n = 0;
	optind = 2;
	recording = !strcmp(cmd, "record");
	/* (record: the command's own options are not ours) */
	while ((opt = getopt_long(argc, argv, recording ? "+a:hJn:N:o:p:s:x:" : "a:hJn:N:p:s:x:",
				  longopts, NULL)) != -1) {
		switch (opt) {
		case 'a':
			add_addr(i2c_addr("-a", optarg));
			by_addr = true;
			break;
		case 'p':
			add_pmic(optarg);
			by_name = true;
			break;
		case 'h':
			fputs(help, stdout);
			ret = 0;
			goto out;
		case 'o':
			if (!recording)
				usage();
			out_path = optarg;
			break;
		case 'n':
			first = number("-n", optarg);
			if (!first)	/* KTAP counts from 1 */
				usage();
			break;
		case 'N':
			/* a KTAP name: no blank, no '#' (a directive) */
			if (!*optarg || strpbrk(optarg, " \t#")) {
				fprintf(stderr, "sleeptrace: --name '%s': a name without blanks or '#'\n",
					optarg);
				goto out;
			}
			rules_name(optarg);
			break;
		case 'x':
		case 's':
			/* A misspelt ID would otherwise name nothing. */
			if (!rule_known(optarg)) {
				fprintf(stderr, "sleeptrace: no rule '%s' ('sleeptrace rules' lists them)\n",
					optarg);
				goto out;
			}
			if (opt == 'x')
				expect[nexpect++] = optarg;
			else
				may[nmay++] = optarg;
			break;
		case 'J':
			all = true;
			break;
		default:
			usage();
		}
	}
	if ((recording ? optind >= argc : optind != argc - 1) ||
	    ((first || nexpect || all || nmay) && strcmp(cmd, "check") && !recording) ||
	    (nmay && !all) ||
	    (strcmp(cmd, "check") && strcmp(cmd, "explain") && strcmp(cmd, "phases") &&
	     strcmp(cmd, "devices") && !recording))
		usage();
	if (by_addr && by_name) {
		fprintf(stderr, "sleeptrace: -a and --pmic: use one or the other\n");
		goto out;
	}
	name = recording ? (out_path ? out_path : "the recording") : argv[optind];
	if (recording) {
		/* record, then check what was recorded */
		f = out_path ? fopen(out_path, "w+") : tmpfile();
		if (!f) {
			perror(out_path ? out_path : "sleeptrace: tmpfile");
			goto out;
		}
		rec = record(f, argv + optind, &cmd_status);
		if (rec < 0) {
			fclose(f);
			goto out;
		}
		rewind(f);
		cmd = "check";
	} else {
		f = fopen(name, "r");
		if (!f) {
			perror(name);
			goto out;
		}
	}
	if (trace_read(f, &t)) {
		perror(name);
		fclose(f);
		goto out;
	}
	fclose(f);
	why = unusable(&t, name);
	if (why) {
		/* check's statement of what it found: no cycle at all */
		if (!strcmp(cmd, "check") && !t.too_big && !t.bad && !(t.has & HAS_PHASE))
			rules_print_kind(KIND_NONE);
		fprintf(stderr, "sleeptrace: %s: %s\n", name, why);
		goto out;
	}
	if (!strcmp(cmd, "phases") && t.untimed) {
		fprintf(stderr, "sleeptrace: %s: %d event(s) without a timestamp: phases has no durations to show (check and explain judge the order)\n",
			name, t.untimed);
		goto out;
	}
	/*
	 * No PMIC given: the one the capture names (a bad name is an error,
	 * as a bad -a is), else each that the capture shows bound to a PMIC
	 * driver sleeptrace knows, else none (another board's capture: the
	 * PMIC rules then say they need --pmic, rather than watch an
	 * address of this board's)
	 */
	if (!pmics.n && t.pmic[0])
		add_addr(i2c_addr("the capture's \"# vexpress-pm pmic:\" line", t.pmic));
	else if (!pmics.n)
		add_bound(&t);
	ret = 0;
	for (i = 0; i < pmics.n; i++)
		if (!pmic_chip[i] && pmics.p[i].dev[0])
			pmic_chip[i] = chip_in_capture(&t, &pmics.p[i]);
	note_sources(&t);
	if (!strcmp(cmd, "explain")) {
		explain(&t);
	} else if (!strcmp(cmd, "check")) {
		if (!first)
			printf("KTAP version 1\n1..%d\n", rules_count_for(&t));
		describe_capture(&t, name);
		if (recording)
			printf("# sleeptrace: recorded %s: exit status %d\n", argv[optind],
			       cmd_status);
		if (t.long_lines)
			printf("# sleeptrace: %d line(s) longer than any event skipped\n",
			       t.long_lines);
		if (all)
			rules_judge_all(may, nmay);
		ret = rules_check(&t, &pmics, first ? first : 1, expect, nexpect, &cut) ? 1 : 0;
		/* (a result not ok stays the exit status: 1) */
		if (cut || t.partial || t.lost || rec == RECORD_LOST) {
			fprintf(stderr, "sleeptrace: %s: cut short (%s): the verdicts judge what is there\n",
				name, t.lost || rec == RECORD_LOST ? "the ring buffer lost events" :
				t.partial ? "its last line is part of an event" :
				"a cycle has no thaw_processes end");
			if (!ret)
				ret = 3;
		}
	} else if (!strcmp(cmd, "devices")) {
		devices(&t);
	} else {
		phases(&t);
	}
out:
	trace_free(&t);
	free(expect);
	free(may);
	return ret;
}
