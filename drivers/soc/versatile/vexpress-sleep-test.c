// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests of the sleep controller's stray-wake filter, on the live
 * board: the GIC and the monitor's TWD timer of the CPU the case runs on,
 * with interrupts off there, as in enter. The filter must leave every
 * interrupt's mask as it found it: a per-CPU interrupt that its driver
 * disabled, pending or not, must still be masked afterwards, or it would be
 * enabled behind genirq's back.
 *
 * Included at the end of vexpress-sleep-wait.c.
 */
#include <kunit/test.h>
#include <linux/iopoll.h>

struct vexpress_sleep_scan {
	bool pending;		/* the monitor's PPI, before the scan */
	bool masked_during;	/* ... after the scan */
	bool masked_after;	/* ... once the caller unmasked what it masked */
	bool listed;		/* the scan masked it, for the caller to unmask */
	int due;		/* the timer ran out: 0, or -ETIMEDOUT */
	int err;		/* the first failed read of the GIC's state */
};

/*
 * Run the monitor's timer out with its PPI enabled or not, then scan and
 * unmask as vexpress_sleep_wait() does, reading the PPI's state from the
 * GIC at each step; stop the timer, and leave the PPI disabled.
 */
static void vexpress_sleep_test_scan(struct vexpress_sleep *vs, bool enable,
				     struct vexpress_sleep_scan *r)
{
	unsigned int masked[VEXPRESS_SLEEP_MAX_MASKED];
	unsigned int i, n_masked = 0, stray;
	unsigned int irq = vs->wdt_irq;
	unsigned long flags;
	u32 v;

	local_irq_save(flags);
	writel_relaxed(0, vs->wdt + TWD_WDT_CONTROL);
	writel_relaxed(TWD_WDT_INTSTAT_EVENT, vs->wdt + TWD_WDT_INTSTAT);
	writel_relaxed(1, vs->wdt + TWD_WDT_LOAD);
	if (enable)
		enable_percpu_irq(irq, IRQ_TYPE_NONE);
	vexpress_sleep_monitor_run(vs);
	/* One tick is a few microseconds: poll every 1 us, for 1 ms at most */
	r->due = readl_poll_timeout_atomic(vs->wdt + TWD_WDT_INTSTAT, v,
					   v & TWD_WDT_INTSTAT_EVENT, 1,
					   USEC_PER_MSEC);
	r->err = irq_get_irqchip_state(irq, IRQCHIP_STATE_PENDING, &r->pending);
	vexpress_sleep_wake_pending(&stray, masked, &n_masked);
	if (!r->err)
		r->err = irq_get_irqchip_state(irq, IRQCHIP_STATE_MASKED,
					       &r->masked_during);
	for (i = 0; i < n_masked; i++) {
		r->listed |= masked[i] == irq;
		irq_set_irqchip_state(masked[i], IRQCHIP_STATE_MASKED, false);
	}
	if (!r->err)
		r->err = irq_get_irqchip_state(irq, IRQCHIP_STATE_MASKED,
					       &r->masked_after);
	vexpress_sleep_monitor_halt(vs);
	irq_set_irqchip_state(irq, IRQCHIP_STATE_PENDING, false);
	if (enable)
		disable_percpu_irq(irq);
	else if (!r->masked_after)	/* put back what a broken scan undid */
		irq_set_irqchip_state(irq, IRQCHIP_STATE_MASKED, true);
	local_irq_restore(flags);
}

/*
 * The scan with the PPI enabled or not, and what holds either way: the timer
 * ran out, the GIC answered, held the PPI pending, and had it masked during
 * the sleep
 */
static void vexpress_sleep_test_run(struct kunit *test, bool enable,
				    struct vexpress_sleep_scan *r)
{
	vexpress_sleep_test_scan(test->priv, enable, r);
	KUNIT_ASSERT_EQ_MSG(test, r->due, 0,
			    "the monitor's timer did not run out");
	KUNIT_ASSERT_EQ(test, r->err, 0);
	KUNIT_ASSERT_TRUE_MSG(test, r->pending, "the GIC holds no PPI pending");
	KUNIT_EXPECT_TRUE(test, r->masked_during);
}

/* A PPI its driver disabled, pending: not taken for a stray, left masked */
static void vexpress_sleep_test_disabled_ppi(struct kunit *test)
{
	struct vexpress_sleep_scan r = { };

	vexpress_sleep_test_run(test, false, &r);
	KUNIT_EXPECT_FALSE(test, r.listed);
	KUNIT_EXPECT_TRUE_MSG(test, r.masked_after,
			      "the disabled PPI was unmasked in the GIC");
}

/* An enabled one, pending: masked for the sleep, then unmasked again */
static void vexpress_sleep_test_enabled_ppi(struct kunit *test)
{
	struct vexpress_sleep_scan r = { };

	vexpress_sleep_test_run(test, true, &r);
	KUNIT_EXPECT_TRUE(test, r.listed);
	KUNIT_EXPECT_FALSE(test, r.masked_after);
}

/*
 * Built in, the suite may run at boot before the controller is bound. A
 * case skipped then would stay skipped when the suite is run again from
 * debugfs: KUnit keeps a case's skipped status and takes it for a case
 * marked to be skipped, which it does not run. So the suite fails to
 * initialize instead, and a debugfs run once the controller is bound runs
 * every case.
 */
static int vexpress_sleep_test_suite_init(struct kunit_suite *suite)
{
	struct vexpress_sleep *vs = vexpress_sleep;

	if (!vs || !vs->wdt) {
		pr_info("%s: no sleep controller with a monitor timer bound yet\n",
			suite->name);
		return -ENODEV;
	}
	return 0;
}

static int vexpress_sleep_test_init(struct kunit *test)
{
	struct vexpress_sleep *vs = vexpress_sleep;

	/* (unbound since the suite's init) */
	if (!vs || !vs->wdt)
		kunit_skip(test,
			   "no sleep controller with a monitor timer bound");
	/* As in enter: one CPU, or the filter could take another's IPI */
	if (num_online_cpus() > 1)
		kunit_skip(test, "needs one CPU online (maxcpus=1)");
	test->priv = vs;
	return 0;
}

static struct kunit_case vexpress_sleep_test_cases[] = {
	KUNIT_CASE(vexpress_sleep_test_disabled_ppi),
	KUNIT_CASE(vexpress_sleep_test_enabled_ppi),
	{ }
};

static struct kunit_suite vexpress_sleep_test_suite = {
	.name = "vexpress-sleep-stray-filter",
	.suite_init = vexpress_sleep_test_suite_init,
	.init = vexpress_sleep_test_init,
	.test_cases = vexpress_sleep_test_cases,
};

kunit_test_suite(vexpress_sleep_test_suite);
