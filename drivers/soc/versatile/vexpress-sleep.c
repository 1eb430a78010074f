// SPDX-License-Identifier: GPL-2.0-only
/*
 * Versatile Express system sleep through the board's PMIC.
 *
 * The vexpress-pm board's PMIC (a TI TWL92230 or an X-Powers AXP209) sits
 * on the motherboard's SBCon I2C bus and must be given its sleep
 * configuration just before the CPU stops, and have it taken back as soon
 * as the CPU runs again. Platform prepare_late and
 * wake exist for exactly that (commit 6a7c7eaf71b6, 2009): they run after
 * every device's suspend_noirq callback and before every resume_noirq
 * callback, so nothing else talks to the PMIC while it is armed (the PM
 * domains it powers switch rails in those noirq callbacks), yet
 * IRQF_NO_SUSPEND interrupts still work and the non-boot CPUs are still
 * up. The I2C controller keeps its bus usable through that window.
 *
 * The PMIC binds late (an I2C device behind a timer-paced bus) and can be
 * unbound, so this is a driver: it defers until the PMIC's driver is bound,
 * links itself to the PMIC's device so that an unbind of the PMIC takes it
 * down first and a bind brings it back, and offers "mem" and "standby" only
 * while it is bound.
 *
 * "enter" waits in WFI with the PMIC armed. The TWL92230 would apply its
 * armed configuration when the SoC asserts SLEEP, which QEMU's model has
 * no input for; the AXP209 has no such input at all, so for it arming
 * switches the rails at once, as sunxi firmware does. Either way the CPU
 * keeps its state; a real platform would enter a retention state through
 * cpu_suspend() instead.
 *
 * Suspend-to-RAM can be a monitored sleep, as a charger or thermal monitor
 * does it with suspend_again: with monitor_interval_ms set, "enter" also
 * starts a timer that is no wakeup source, and when it ends the WFI, the
 * core resumes the devices only as far as resume_early and asks
 * suspend_again whether to sleep again. That reads the temperature sensor
 * named by "arm,monitor-sensor" over I2C and sends the board back to sleep
 * (the core repeats suspend_enter(): prepare, late and noirq suspend,
 * prepare_late, enter) unless the reading reached monitor_threshold_mc.
 * User space stays frozen and the devices' suspend and resume callbacks do
 * not run between rounds. A wakeup event, a reading at the threshold or a
 * failed read ends the loop with a full resume.
 *
 * Only an armed wakeup interrupt (or the monitor's timer) ends "enter":
 * the board has no wakeup controller to keep other interrupts from ending
 * the WFI, so enter filters them itself: see vexpress_sleep_wait().
 */

#include <linux/bitfield.h>
#include <linux/bits.h>
#include <linux/cleanup.h>
#include <linux/delay.h>
#include <linux/debugfs.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/fault-inject.h>
#include <linux/hwmon/lm75.h>
#include <linux/i2c.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/irq.h>
#include <linux/irqdesc.h>
#include <linux/irqnr.h>
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/mod_devicetable.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/of.h>
#include <linux/of_irq.h>
#include <linux/percpu.h>
#include <linux/platform_device.h>
#include <linux/preempt.h>
#include <linux/reboot.h>
#include <linux/regulator/axp20x-sleep.h>
#include <linux/regulator/twl92230.h>
#include <linux/suspend.h>

#include <trace/events/power.h>

#include <asm/proc-fns.h>

/* Cortex-A9 private watchdog (TWD), used in its timer mode */
#define TWD_WDT_LOAD			0x00
#define TWD_WDT_COUNTER			0x04
#define TWD_WDT_CONTROL			0x08
#define  TWD_WDT_CONTROL_ENABLE		BIT(0)
#define  TWD_WDT_CONTROL_IT_ENABLE	BIT(2)
#define  TWD_WDT_CONTROL_PRESCALER	GENMASK(15, 8)
#define TWD_WDT_INTSTAT			0x0c
#define  TWD_WDT_INTSTAT_EVENT		BIT(0)
#define TWD_WDT_DISABLE			0x14
#define  TWD_WDT_DISABLE_KEY1		0x12345678
#define  TWD_WDT_DISABLE_KEY2		0x87654321

/* PERIPHCLK / 256: 2.56 us and 3 hours at most on QEMU's 100 MHz */
#define TWD_WDT_PRESCALER		255

struct vexpress_sleep;

/**
 * struct vexpress_sleep_pmic - how to arm one kind of PMIC for sleep
 * @compatible: the PMIC node's compatible
 * @get: find the chip's sleep handle; -EPROBE_DEFER until its driver binds
 * @arm: apply the sleep configuration (prepare_late)
 * @disarm: take it back (wake, finish); a no-op when not armed
 */
struct vexpress_sleep_pmic {
	const char *compatible;
	int (*get)(struct vexpress_sleep *vs, struct device *pmic);
	int (*arm)(struct vexpress_sleep *vs);
	int (*disarm)(struct vexpress_sleep *vs);
};

/**
 * struct vexpress_sleep - the board's sleep controller
 * @dev: this device
 * @pmic: the PMIC's ops
 * @chip: the PMIC's sleep handle, valid while we are bound (device link)
 * @state: the state of the transition in progress
 * @disarm_failed: wake could not disarm; finish retries
 * @sensor: the monitored temperature sensor, an lm75 device kept bound by
 *	a device link; NULL: no monitored sleep
 * @wdt: the monitor's timer, the CPU's private watchdog
 * @wdt_irq: its per-CPU interrupt
 * @wdt_pcpu: the interrupt's per-CPU cookie: @wdt
 * @wdt_rate: its count rate with TWD_WDT_PRESCALER, Hz
 * @wdt_ticks: the interval of the transition in progress; 0: not monitoring
 * @rounds: monitor rounds of the transition in progress
 * @stray_wakes: WFIs that ended with no wakeup interrupt pending, since boot
 * @slept: enter ran in this round (a pm_test level stops before it)
 * @wakeups: wakeup event count when the first round went to sleep
 * @quiet: no wakeup event was in progress then
 * @stray_dir: debugfs directory of the stray-interrupt fault_attr
 * @debugfs: debugfs directory of the counters
 */
struct vexpress_sleep {
	struct device *dev;
	const struct vexpress_sleep_pmic *pmic;
	void *chip;
	suspend_state_t state;
	bool disarm_failed;
	struct device *sensor;
	void __iomem *wdt;
	int wdt_irq;
	void __iomem * __percpu *wdt_pcpu;
	unsigned long wdt_rate;
	u32 wdt_ticks;
	unsigned int rounds;
	u32 stray_wakes;
	bool slept;
	unsigned int wakeups;
	bool quiet;
	struct dentry *stray_dir;
	struct dentry *debugfs;
};

/* platform_suspend_ops take no context; suspend_set_ops() orders access */
static struct vexpress_sleep *vexpress_sleep;

#ifdef CONFIG_VEXPRESS_SLEEP_ORDER_TEST
static bool arm_in_prepare;
module_param(arm_in_prepare, bool, 0600);
MODULE_PARM_DESC(arm_in_prepare,
		 "Arm the PMIC in .prepare, before the noirq phase (breaks suspend; tests only)");
#else
#define arm_in_prepare false
#endif

/*
 * WFIs in one enter that may end with no wakeup interrupt pending before
 * the board is resumed anyway. The stopped local timer ends one at most,
 * then it is masked; more is a storm (an interrupt that
 * cannot be cleared, or one raised again and again), and the board must
 * not spin in enter with interrupts off, unseen.
 */
#define VEXPRESS_SLEEP_MAX_STRAYS	64
/* Per-CPU interrupts masked in one enter: the local timer, the monitor's */
#define VEXPRESS_SLEEP_MAX_MASKED	4

#ifdef CONFIG_VEXPRESS_SLEEP_FAULT_INJECTION
static DECLARE_FAULT_ATTR(stray_irq_attr);

static bool vexpress_sleep_inject_stray(struct vexpress_sleep *vs)
{
	return vs->wdt && should_fail(&stray_irq_attr, 1);
}

/* Only a board with the monitor's timer can raise a stray interrupt */
static void vexpress_sleep_stray_debugfs(struct vexpress_sleep *vs)
{
	if (!vs->wdt)
		return;
	vs->stray_dir = fault_create_debugfs_attr("vexpress_sleep_stray_irq",
						  NULL, &stray_irq_attr);
}
#else
static bool vexpress_sleep_inject_stray(struct vexpress_sleep *vs)
{
	return false;
}

static void vexpress_sleep_stray_debugfs(struct vexpress_sleep *vs)
{
}
#endif

/* Policy, not hardware: parameters rather than DT properties */
static unsigned int monitor_interval_ms;
module_param(monitor_interval_ms, uint, 0644);
MODULE_PARM_DESC(monitor_interval_ms,
		 "Suspend-to-RAM: wake every this many ms to read the sensor, without a full resume (0: off)");

static int monitor_threshold_mc = 70000;
module_param(monitor_threshold_mc, int, 0644);
MODULE_PARM_DESC(monitor_threshold_mc,
		 "Monitored sleep: resume fully at this temperature or above, millidegrees C (0: never)");

static int vexpress_sleep_twl92230_get(struct vexpress_sleep *vs,
				       struct device *pmic)
{
	struct twl92230_sleep *chip = twl92230_sleep_get(pmic);

	/* -ENODEV: another driver; -EPROBE_DEFER: ours not bound yet */
	if (IS_ERR(chip))
		return dev_err_probe(vs->dev, PTR_ERR(chip),
				     "%s has no TWL92230 driver bound\n",
				     dev_name(pmic));
	vs->chip = chip;
	return 0;
}

static int vexpress_sleep_twl92230_arm(struct vexpress_sleep *vs)
{
	return twl92230_sleep_arm(vs->chip);
}

static int vexpress_sleep_twl92230_disarm(struct vexpress_sleep *vs)
{
	return twl92230_sleep_disarm(vs->chip);
}

static int vexpress_sleep_axp209_get(struct vexpress_sleep *vs,
				     struct device *pmic)
{
	struct axp20x_sleep *chip = axp20x_sleep_get(vs->dev, pmic);

	if (IS_ERR(chip))
		return PTR_ERR(chip);
	vs->chip = chip;
	return 0;
}

static int vexpress_sleep_axp209_arm(struct vexpress_sleep *vs)
{
	return axp20x_sleep_arm(vs->chip);
}

static int vexpress_sleep_axp209_disarm(struct vexpress_sleep *vs)
{
	return axp20x_sleep_disarm(vs->chip);
}

static const struct vexpress_sleep_pmic vexpress_pmics[] = {
	{
		.compatible	= "ti,twl92230",
		.get		= vexpress_sleep_twl92230_get,
		.arm		= vexpress_sleep_twl92230_arm,
		.disarm		= vexpress_sleep_twl92230_disarm,
	},
	{
		.compatible	= "x-powers,axp209",
		.get		= vexpress_sleep_axp209_get,
		.arm		= vexpress_sleep_axp209_arm,
		.disarm		= vexpress_sleep_axp209_disarm,
	},
};

static int vexpress_sleep_valid(suspend_state_t state)
{
	return state == PM_SUSPEND_STANDBY || state == PM_SUSPEND_MEM;
}

static int vexpress_sleep_begin(suspend_state_t state)
{
	struct vexpress_sleep *vs = vexpress_sleep;
	unsigned int ms = READ_ONCE(monitor_interval_ms);
	u64 ticks = 0;

	vs->state = state;
	vs->disarm_failed = false;
	vs->rounds = 0;
	vs->slept = false;
	if (vs->sensor && state == PM_SUSPEND_MEM)
		ticks = div_u64((u64)vs->wdt_rate * ms, MSEC_PER_SEC);
	vs->wdt_ticks = ticks ? min_t(u64, ticks, U32_MAX) : 0;
	return 0;
}

/* Only mem applies the PMIC's sleep configuration */
static int vexpress_sleep_arm(const char *phase)
{
	struct vexpress_sleep *vs = vexpress_sleep;
	int ret;

	if (vs->state != PM_SUSPEND_MEM)
		return 0;
	ret = vs->pmic->arm(vs);
	if (ret)
		dev_err(vs->dev, "%s: suspend aborted, cannot arm the PMIC for sleep: %pe\n",
			phase, ERR_PTR(ret));
	return ret;
}

static int vexpress_sleep_prepare(void)
{
	return arm_in_prepare ? vexpress_sleep_arm("prepare") : 0;
}

static int vexpress_sleep_prepare_late(void)
{
	return arm_in_prepare ? 0 : vexpress_sleep_arm("prepare_late");
}

/* The timer counts down from its load value; its event raises the PPI */
static void vexpress_sleep_monitor_run(struct vexpress_sleep *vs)
{
	writel(FIELD_PREP(TWD_WDT_CONTROL_PRESCALER, TWD_WDT_PRESCALER) |
	       TWD_WDT_CONTROL_IT_ENABLE | TWD_WDT_CONTROL_ENABLE,
	       vs->wdt + TWD_WDT_CONTROL);
}

/*
 * The monitor's timer only has to end the WFI: IRQs are off, and a pending
 * interrupt enabled in the GIC does that. Stopped and its pending state
 * dropped before IRQs come back, it is never handled, so it is no wakeup
 * event and the core goes on to ask suspend_again. Runs on the one CPU
 * left, whose banked TWD registers and PPI these are.
 */
static void vexpress_sleep_monitor_start(struct vexpress_sleep *vs, u32 ticks)
{
	writel_relaxed(0, vs->wdt + TWD_WDT_CONTROL);
	writel_relaxed(TWD_WDT_INTSTAT_EVENT, vs->wdt + TWD_WDT_INTSTAT);
	writel_relaxed(ticks, vs->wdt + TWD_WDT_LOAD);
	enable_percpu_irq(vs->wdt_irq, IRQ_TYPE_NONE);
	vexpress_sleep_monitor_run(vs);
}

/* Stopped, its event cleared; the GIC may still hold its PPI pending */
static void vexpress_sleep_monitor_halt(struct vexpress_sleep *vs)
{
	writel_relaxed(0, vs->wdt + TWD_WDT_CONTROL);
	writel_relaxed(TWD_WDT_INTSTAT_EVENT, vs->wdt + TWD_WDT_INTSTAT);
}

static void vexpress_sleep_monitor_stop(struct vexpress_sleep *vs)
{
	vexpress_sleep_monitor_halt(vs);
	irq_set_irqchip_state(vs->wdt_irq, IRQCHIP_STATE_PENDING, false);
	disable_percpu_irq(vs->wdt_irq);
}

static bool vexpress_sleep_monitor_due(struct vexpress_sleep *vs)
{
	return readl_relaxed(vs->wdt + TWD_WDT_INTSTAT) & TWD_WDT_INTSTAT_EVENT;
}

/*
 * pm_wakeup_pending() sees a wakeup interrupt that ended the WFI. An event
 * reported while the board is awake between two sleeps (the RTC alarm's
 * interrupt then is an ordinary one, and its driver reports the event)
 * counts for it only if user space armed /sys/power/wakeup_count, so the
 * wakeup event count is compared with the one the first round went to
 * sleep with, too.
 */
static bool vexpress_sleep_woken(struct vexpress_sleep *vs)
{
	unsigned int count;
	bool quiet = pm_get_wakeup_count(&count, false);

	return pm_wakeup_pending() || count != vs->wakeups ||
	       (vs->quiet && !quiet);
}

/*
 * Whether @irq is masked on this CPU. A per-CPU interrupt's mask is per CPU,
 * not in its irq_data: disable_percpu_irq() masks it in the GIC, so ask the
 * chip. One whose state the chip cannot tell counts as unmasked.
 */
static bool vexpress_sleep_irq_masked(unsigned int irq, struct irq_data *d)
{
	bool masked;

	if (!irq_is_percpu_devid(irq))
		return irqd_irq_masked(d);
	return !irq_get_irqchip_state(irq, IRQCHIP_STATE_MASKED, &masked) &&
	       masked;
}

/*
 * What ended the WFI, from the interrupts' pending state: true if an armed
 * wakeup interrupt is pending, or one whose pending state cannot be read
 * (behind a slow bus, or with no chip that reports it: then no filter, as
 * before). Otherwise *@stray is the non-wakeup interrupt found pending and
 * unmasked, 0 if none is (WFI may also end for no reason at all).
 *
 * A pending per-CPU interrupt that is unmasked is masked in the GIC for the
 * rest of the sleep (@masked, up to VEXPRESS_SLEEP_MAX_MASKED of them; the
 * caller unmasks them, so each is left as it was found; one that its driver
 * disabled is not touched): on this CPU, with the others off, that is a local timer
 * that timekeeping_suspend() stopped after it fired (the TWD's PPI 29 on
 * the Cortex-A9, the generic timer's on the Cortex-A15), or the monitor's
 * TWD, stopped by now. Clearing its pending state is not enough: the
 * stopped timer keeps its line up until its driver acks the event (seen in
 * QEMU's TWD: 65 WFIs in a row ended by PPI 29), so masking it is what a
 * wakeup controller would do; its driver takes the event once IRQs are back.
 * Any other is left pending for its driver (IRQF_NO_SUSPEND: it is handled
 * when IRQs come back) and ends the WFI again, up to the caller's limit.
 */
static bool vexpress_sleep_wake_pending(unsigned int *stray,
					unsigned int *masked,
					unsigned int *n_masked)
{
	unsigned int irq;

	*stray = 0;
	for_each_active_irq(irq) {
		struct irq_data *d = irq_get_irq_data(irq);
		struct irq_chip *chip = d ? irq_data_get_irq_chip(d) : NULL;
		bool wake, pending;

		if (!chip)
			continue;
		wake = irqd_is_wakeup_armed(d);
		if (chip->irq_bus_lock) {	/* its state is behind a slow bus */
			if (wake)
				return true;
			continue;
		}
		/* A masked interrupt did not end the WFI, and stays masked */
		if (!wake && vexpress_sleep_irq_masked(irq, d))
			continue;
		if (irq_get_irqchip_state(irq, IRQCHIP_STATE_PENDING,
					  &pending)) {
			if (wake)
				return true;
			continue;
		}
		if (!pending)
			continue;
		if (wake)
			return true;
		if (!*stray)
			*stray = irq;
		if (!irq_is_percpu_devid(irq))
			continue;
		if (*n_masked < VEXPRESS_SLEEP_MAX_MASKED &&
		    !irq_set_irqchip_state(irq, IRQCHIP_STATE_MASKED, true))
			masked[(*n_masked)++] = irq;
		else
			irq_set_irqchip_state(irq, IRQCHIP_STATE_PENDING,
					      false);
	}
	return false;
}

/*
 * Only a wakeup interrupt should end the sleep, but any interrupt that is
 * enabled in the GIC and pending ends the WFI, and the board has no
 * wakeup controller that lets only the armed ones through (as the i.MX
 * GPC's masks, OMAP's wakeupgen or Tegra's PMC wake levels do). The local
 * timer's interrupt is one: raised after arch_suspend_disable_irqs() and
 * before timekeeping_suspend() stops the timer, it stays pending through
 * enter (seen in real time, not under -icount). Taken for the
 * wakeup, it would resume the board early, its alarm still set. So after
 * each WFI the GIC's pending state tells whether a wakeup interrupt
 * ended it; if none did, the stray is cleared (a stopped local timer's)
 * or left to its driver, traced as platform_stray_wake[irq], counted, and
 * the CPU waits again. With the monitor running, its timer running out
 * ends the wait too. Returns how many WFIs ended with no wakeup pending.
 *
 * Fault injection's stray interrupt is the monitor's timer, started with
 * one tick to go before a WFI, found pending after it, then stopped, as
 * timekeeping_suspend() stops the local timer. (QEMU's GIC holds a level
 * interrupt pending only while its line is up, so the timer must still be
 * running for the scan to find it; the clearing is then a no-op.)
 */
static unsigned int vexpress_sleep_wait(struct vexpress_sleep *vs)
{
	u32 ticks = vs->wdt_ticks;
	bool injected = false;
	unsigned int masked[VEXPRESS_SLEEP_MAX_MASKED];
	unsigned int n, i, n_masked = 0, irq = 0;

	if (ticks)
		vexpress_sleep_monitor_start(vs, ticks);
	for (n = 0; n <= VEXPRESS_SLEEP_MAX_STRAYS; n++) {
		bool stray = !ticks && vexpress_sleep_inject_stray(vs);

		if (stray)
			vexpress_sleep_monitor_start(vs, 1);
		injected |= stray;
		cpu_do_idle();
		if (ticks && vexpress_sleep_monitor_due(vs))
			break;
		if (stray) {
			while (!vexpress_sleep_monitor_due(vs))
				cpu_relax();
		}
		if (vexpress_sleep_wake_pending(&irq, masked, &n_masked))
			break;
		if (stray)
			vexpress_sleep_monitor_halt(vs);
		trace_suspend_resume(TPS("platform_stray_wake"), irq, true);
		trace_suspend_resume(TPS("platform_stray_wake"), irq, false);
		vs->stray_wakes++;
	}
	for (i = 0; i < n_masked; i++)
		irq_set_irqchip_state(masked[i], IRQCHIP_STATE_MASKED, false);
	if (ticks || injected)
		vexpress_sleep_monitor_stop(vs);
	if (n > VEXPRESS_SLEEP_MAX_STRAYS)
		dev_warn(vs->dev,
			 "sleep ended by %u interrupts in a row that are no wakeup source (last: irq %u), resuming\n",
			 n, irq);
	return n;
}

static int vexpress_sleep_enter(suspend_state_t state)
{
	struct vexpress_sleep *vs = vexpress_sleep;

	switch (state) {
	case PM_SUSPEND_STANDBY:
	case PM_SUSPEND_MEM:
		vs->slept = true;
		/*
		 * A wakeup event between two monitor rounds (the alarm, taken
		 * as an ordinary interrupt before the noirq phase) stops the
		 * core only if user space armed /sys/power/wakeup_count;
		 * without that the WFI would wait for an alarm already gone.
		 */
		if (vs->rounds) {
			if (vexpress_sleep_woken(vs))
				return 0;
		} else {
			vs->quiet = pm_get_wakeup_count(&vs->wakeups, false);
		}
		vexpress_sleep_wait(vs);
		return 0;
	default:
		return -EINVAL;
	}
}

/*
 * Also runs when prepare_late or enter failed. A failure must not stop the
 * devices resuming: it is logged, the PMIC stays armed (it would apply its
 * sleep configuration on its next SLEEP signal) and finish tries again.
 */
static void vexpress_sleep_wake(void)
{
	struct vexpress_sleep *vs = vexpress_sleep;
	int ret;

	ret = vs->pmic->disarm(vs);
	vs->disarm_failed = ret != 0;
	if (ret)
		dev_err(vs->dev, "wake: PMIC still armed, resuming degraded, retry in finish: %pe\n",
			ERR_PTR(ret));
}

/*
 * After resume_early, with the bus back to normal: disarm again if wake
 * failed to, or never ran (arming in .prepare, a failure in the late or
 * noirq device phases skips wake).
 */
static void vexpress_sleep_finish(void)
{
	struct vexpress_sleep *vs = vexpress_sleep;
	int ret;

	ret = vs->pmic->disarm(vs);
	if (ret)
		dev_err(vs->dev, "finish: PMIC still armed: %pe\n",
			ERR_PTR(ret));
	else if (vs->disarm_failed)
		dev_info(vs->dev, "finish: PMIC disarmed on retry\n");
	vs->disarm_failed = false;
}

/*
 * The TMP105 is the lm75 driver's, which has put it in shutdown in its
 * .suspend: its hwmon interface (and a thermal zone on it) would read the
 * last conversion before the suspend. lm75_read_oneshot() makes one
 * conversion from shutdown for platform code in this window, through the
 * adapter, which resume_noirq has given back its normal transfers.
 *
 * The chip's rail (VAUX) is off in sleep on both PMIC profiles and came
 * back in wake: a real TMP105 powers up converting, at its reset
 * resolution (9 bits) and limits; the one-shot write puts it back in
 * shutdown, as lm75's .resume expects, but that restores neither, so
 * after a monitored sleep hwmon's resolution and cached limits are no
 * longer the chip's (QEMU's model keeps its registers). That is a cost
 * of sharing the sensor, which a real board would not: its monitored
 * sleep reads a sensor on a rail that stays on in sleep (the PMIC's own
 * temperature or battery ADC, read by the platform), or keeps the
 * sensor's driver out of system suspend.
 */
static int vexpress_sleep_read_sensor(struct vexpress_sleep *vs, int *mc)
{
	long val;
	int ret;

	ret = lm75_read_oneshot(vs->sensor, &val);
	if (ret)
		return ret;
	*mc = val;
	return 0;
}

/*
 * After finish, with the devices resumed up to resume_early and user space
 * frozen. A wakeup event (the RTC alarm) may have come with the timer, or
 * between the rounds, or during the read: the core then resumes fully. A
 * read that fails ends the loop too: a board asleep without its monitor
 * would miss the temperature it sleeps to watch.
 */
static bool vexpress_sleep_suspend_again(void)
{
	struct vexpress_sleep *vs = vexpress_sleep;
	int threshold = READ_ONCE(monitor_threshold_mc);
	bool slept = vs->slept;
	int mc, ret;

	vs->slept = false;
	if (!slept)
		return false;
	if (!vs->wdt_ticks)
		return false;
	if (vexpress_sleep_woken(vs)) {
		pm_pr_dbg("vexpress-sleep: monitor: wakeup event after %u rounds, resuming\n",
			  vs->rounds);
		return false;
	}
	ret = vexpress_sleep_read_sensor(vs, &mc);
	if (ret) {
		dev_err(vs->dev,
			"monitor: cannot read sensor %s, resuming: %pe\n",
			dev_name(vs->sensor), ERR_PTR(ret));
		return false;
	}
	vs->rounds++;
	if (threshold && mc >= threshold) {
		dev_info(vs->dev, "monitor: round %u: %d mC, at or above %d mC, resuming\n",
			 vs->rounds, mc, threshold);
		return false;
	}
	if (vexpress_sleep_woken(vs)) {
		pm_pr_dbg("vexpress-sleep: monitor: round %u: %d mC, wakeup event, resuming\n",
			  vs->rounds, mc);
		return false;
	}
	pm_pr_dbg("vexpress-sleep: monitor: round %u: %d mC, below %d mC, back to sleep\n",
		  vs->rounds, mc, threshold);
	return true;
}

static void vexpress_sleep_end(void)
{
	vexpress_sleep->state = PM_SUSPEND_ON;
}

static const struct platform_suspend_ops vexpress_sleep_ops = {
	.valid		= vexpress_sleep_valid,
	.begin		= vexpress_sleep_begin,
	.prepare	= vexpress_sleep_prepare,
	.prepare_late	= vexpress_sleep_prepare_late,
	.enter		= vexpress_sleep_enter,
	.wake		= vexpress_sleep_wake,
	.finish		= vexpress_sleep_finish,
	.suspend_again	= vexpress_sleep_suspend_again,
	.end		= vexpress_sleep_end,
};

/*
 * Hibernation. The image goes to a disk whose controller (the MMCI) is a
 * member of the PMIC-switched VMMC domain, and genpd switches that domain
 * over I2C in the noirq callbacks: off in freeze_noirq, on again in
 * thaw_noirq, so it is on while the image is written, and off in
 * poweroff_noirq. The platform's part comes after that, as prepare_late
 * does for suspend, and powers the board off through the motherboard's
 * system controller (the sys-off handler vexpress-poweroff registered).
 * Being the platform, not shutdown, is what gives the devices their
 * poweroff callbacks: kernel_power_off() would run their shutdown() only.
 */
static int vexpress_sleep_hib_begin(pm_message_t stage)
{
	vexpress_sleep->state = PM_SUSPEND_ON;
	return 0;
}

static void vexpress_sleep_hib_nop(void)
{
}

static int vexpress_sleep_hib_ok(void)
{
	return 0;
}

/*
 * One CPU, interrupts off, every device powered off: switch the board off
 * through the sys-off handlers, as kernel_power_off() ends. The core's
 * state stays SYSTEM_SUSPEND, the core's to set: the handlers' regmap locks
 * (vexpress-config's, axp20x's) go without their mutex there only because
 * system_entering_hibernation() says that nothing comes back from here
 * (hibernation_platform_enter() spins if this returns).
 */
static int vexpress_sleep_hib_enter(void)
{
	machine_power_off();
	dev_err(vexpress_sleep->dev,
		"hibernation: the board did not power off\n");
	return -ENODEV;
}

static const struct platform_hibernation_ops vexpress_sleep_hib_ops = {
	.begin		= vexpress_sleep_hib_begin,
	.end		= vexpress_sleep_hib_nop,
	.pre_snapshot	= vexpress_sleep_hib_ok,
	.finish		= vexpress_sleep_hib_nop,
	.prepare	= vexpress_sleep_hib_ok,
	.enter		= vexpress_sleep_hib_enter,
	.leave		= vexpress_sleep_hib_nop,
	.pre_restore	= vexpress_sleep_hib_ok,
	.restore_cleanup = vexpress_sleep_hib_nop,
};

/*
 * The late hibernation callbacks, at each edge of it: before the image is
 * made (freeze_late), after (thaw_early), before the power-off
 * (poweroff_late) and in the restored kernel (restore_early). A PMIC left
 * armed by a suspend whose wake and finish could not disarm it would apply
 * its sleep configuration at its next SLEEP signal: while the image is
 * written, or after the restore, whose kernel believes it disarmed. So
 * disarm again here, a no-op without I2C traffic when nothing is armed,
 * and fail the phase if it cannot be done: freeze_late and poweroff_late
 * then back out; the core only logs a failed thaw_early or restore_early.
 */
static int vexpress_sleep_hib_disarm(struct device *dev)
{
	struct vexpress_sleep *vs = dev_get_drvdata(dev);
	int ret;

	ret = vs->pmic->disarm(vs);
	if (ret)
		dev_err(dev, "hibernation: PMIC still armed: %pe\n",
			ERR_PTR(ret));
	else
		vs->disarm_failed = false;
	return ret;
}

static const struct dev_pm_ops vexpress_sleep_pm_ops = {
	.freeze_late	= vexpress_sleep_hib_disarm,
	.thaw_early	= vexpress_sleep_hib_disarm,
	.poweroff_late	= vexpress_sleep_hib_disarm,
	.restore_early	= vexpress_sleep_hib_disarm,
};

/*
 * A managed link that outlives our binding, to a device whose driver we
 * call (the PMIC's, the sensor's): its unbind unbinds us first, and its
 * next bind probes us again. Deleted with either device. Made with the
 * supplier bound: a link in any other state than "consumer probe" means
 * the supplier is going away.
 */
static int vexpress_sleep_link(struct vexpress_sleep *vs,
			       struct device *supplier)
{
	struct device_link *link;

	link = device_link_add(vs->dev, supplier, DL_FLAG_AUTOPROBE_CONSUMER);
	if (!link)
		return dev_err_probe(vs->dev, -EINVAL, "cannot link to %s\n",
				     dev_name(supplier));
	if (link->status != DL_STATE_CONSUMER_PROBE)
		return -EPROBE_DEFER;
	return 0;
}

/* Never runs: enabled only while .enter waits, with IRQs off */
static irqreturn_t vexpress_sleep_wdt_irq(int irq, void *dev_id)
{
	void __iomem *wdt = *(void __iomem **)dev_id;

	writel_relaxed(TWD_WDT_INTSTAT_EVENT, wdt + TWD_WDT_INTSTAT);
	return IRQ_HANDLED;
}

static void vexpress_sleep_put_device(void *dev)
{
	put_device(dev);
}

static void vexpress_sleep_free_percpu_irq(void *data)
{
	struct vexpress_sleep *vs = data;

	free_percpu_irq(vs->wdt_irq, vs->wdt_pcpu);
}

/*
 * The TWD's clock (PERIPHCLK) has no DT node: measure it against the
 * clocksource, as the TWD timer driver does, on one CPU's banked copy.
 */
static int vexpress_sleep_wdt_calibrate(struct vexpress_sleep *vs)
{
	u32 c0, c1;
	u64 ns;
	ktime_t t;

	preempt_disable();
	/* Out of watchdog mode, if firmware left it there */
	writel_relaxed(TWD_WDT_DISABLE_KEY1, vs->wdt + TWD_WDT_DISABLE);
	writel_relaxed(TWD_WDT_DISABLE_KEY2, vs->wdt + TWD_WDT_DISABLE);
	writel_relaxed(U32_MAX, vs->wdt + TWD_WDT_LOAD);
	writel(TWD_WDT_CONTROL_ENABLE, vs->wdt + TWD_WDT_CONTROL);
	t = ktime_get();
	c0 = readl(vs->wdt + TWD_WDT_COUNTER);
	mdelay(1);
	c1 = readl(vs->wdt + TWD_WDT_COUNTER);
	ns = ktime_to_ns(ktime_sub(ktime_get(), t));
	writel(0, vs->wdt + TWD_WDT_CONTROL);
	preempt_enable();

	vs->wdt_rate = div64_u64((u64)(c0 - c1) * NSEC_PER_SEC, ns) /
		       (TWD_WDT_PRESCALER + 1);
	if (!vs->wdt_rate)
		return dev_err_probe(vs->dev, -EIO,
				     "monitor timer does not count\n");
	return 0;
}

/* Optional: a monitored sleep needs the sensor and the timer */
static int vexpress_sleep_monitor_probe(struct vexpress_sleep *vs)
{
	struct device *dev = vs->dev;
	struct device_node *sn __free(device_node) =
		of_parse_phandle(dev->of_node, "arm,monitor-sensor", 0);
	struct device_node *tn __free(device_node) =
		of_parse_phandle(dev->of_node, "arm,monitor-timer", 0);
	struct i2c_client *client;
	int cpu, ret;

	if (!sn && !tn)
		return 0;
	if (!sn || !tn)
		return dev_err_probe(dev, -EINVAL,
				     "arm,monitor-sensor and arm,monitor-timer go together\n");

	client = of_find_i2c_device_by_node(sn);
	if (!client)
		return dev_err_probe(dev, -EPROBE_DEFER,
				     "no I2C device for %pOF\n", sn);
	ret = devm_add_action_or_reset(dev, vexpress_sleep_put_device,
				       &client->dev);
	if (ret)
		return ret;
	/* Read through its driver, so linked to it as to the PMIC */
	ret = device_is_bound(&client->dev) ? 0 : -EPROBE_DEFER;
	if (!ret)
		ret = vexpress_sleep_link(vs, &client->dev);
	if (ret == -EPROBE_DEFER)
		return dev_err_probe(dev, ret, "sensor %pOF not bound\n", sn);
	if (ret)
		return ret;

	vs->wdt = devm_of_iomap(dev, tn, 0, NULL);
	if (IS_ERR(vs->wdt))
		return dev_err_probe(dev, PTR_ERR(vs->wdt), "cannot map %pOF\n",
				     tn);
	vs->wdt_irq = of_irq_get(tn, 0);
	if (vs->wdt_irq <= 0)
		return dev_err_probe(dev, vs->wdt_irq ?: -ENXIO,
				     "no interrupt for %pOF\n", tn);
	if (!irq_is_percpu_devid(vs->wdt_irq))
		return dev_err_probe(dev, -EINVAL,
				     "%pOF: not a per-CPU interrupt\n", tn);

	vs->wdt_pcpu = devm_alloc_percpu(dev, void __iomem *);
	if (!vs->wdt_pcpu)
		return -ENOMEM;
	for_each_possible_cpu(cpu)
		per_cpu(*vs->wdt_pcpu, cpu) = vs->wdt;
	ret = request_percpu_irq(vs->wdt_irq, vexpress_sleep_wdt_irq,
				 "vexpress-sleep monitor", vs->wdt_pcpu);
	if (ret)
		return dev_err_probe(dev, ret,
				     "cannot request the monitor's IRQ\n");
	ret = devm_add_action_or_reset(dev, vexpress_sleep_free_percpu_irq, vs);
	if (ret)
		return ret;

	ret = vexpress_sleep_wdt_calibrate(vs);
	if (ret)
		return ret;
	vs->sensor = &client->dev;
	dev_info(dev, "monitored sleep with sensor %s, timer %pOF at %lu Hz\n",
		 dev_name(&client->dev), tn, vs->wdt_rate);
	return 0;
}

static int vexpress_sleep_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct device_node *np __free(device_node) = NULL;
	struct vexpress_sleep *vs;
	struct i2c_client *client;
	int i, ret;

	if (vexpress_sleep)
		return dev_err_probe(dev, -EBUSY,
				     "%s is the sleep controller already\n",
				     dev_name(vexpress_sleep->dev));

	ret = of_count_phandle_with_args(dev->of_node, "arm,pmic", NULL);
	if (ret != 1)
		return dev_err_probe(dev, -EINVAL,
				     "arm,pmic must name one PMIC, not %d\n",
				     max(ret, 0));
	np = of_parse_phandle(dev->of_node, "arm,pmic", 0);

	vs = devm_kzalloc(dev, sizeof(*vs), GFP_KERNEL);
	if (!vs)
		return -ENOMEM;
	vs->dev = dev;

	for (i = 0; i < ARRAY_SIZE(vexpress_pmics); i++)
		if (of_device_is_compatible(np, vexpress_pmics[i].compatible))
			vs->pmic = &vexpress_pmics[i];
	if (!vs->pmic)
		return dev_err_probe(dev, -ENODEV,
				     "%pOF is no PMIC to sleep with\n", np);

	if (!of_device_is_available(np))
		return dev_err_probe(dev, -ENODEV, "PMIC %pOF is disabled\n",
				     np);
	client = of_find_i2c_device_by_node(np);
	if (!client)
		return dev_err_probe(dev, -EPROBE_DEFER,
				     "no I2C device for %pOF\n", np);
	/*
	 * The link first, made only once the PMIC is bound (a link to a PMIC
	 * still probing would warn when we defer): from then on an unbind of
	 * the PMIC waits for our probe and unbinds us first, so the handle
	 * the chip code hands out stays valid while we are bound.
	 */
	ret = device_is_bound(&client->dev) ? 0 : -EPROBE_DEFER;
	if (!ret)
		ret = vexpress_sleep_link(vs, &client->dev);
	/*
	 * A wait for the PMIC is ours to explain, in devices_deferred; the
	 * chip code names what it waits for or refuses itself (its other
	 * drivers, a chip that does not answer, a sleep configuration it
	 * cannot apply).
	 */
	if (ret == -EPROBE_DEFER)
		ret = dev_err_probe(dev, ret, "PMIC %pOF not bound\n", np);
	else if (!ret)
		ret = vs->pmic->get(vs, &client->dev);
	put_device(&client->dev);
	if (ret)
		return ret;

	ret = vexpress_sleep_monitor_probe(vs);
	if (ret)
		return ret;
	vexpress_sleep_stray_debugfs(vs);
	vs->debugfs = debugfs_create_dir("vexpress_sleep", NULL);
	debugfs_create_u32("stray_wakes", 0444, vs->debugfs, &vs->stray_wakes);

	platform_set_drvdata(pdev, vs);
	vexpress_sleep = vs;
	suspend_set_ops(&vexpress_sleep_ops);
	hibernation_set_ops(&vexpress_sleep_hib_ops);
	dev_info(dev, "suspend-to-RAM and hibernation with PMIC %pOF\n", np);
	return 0;
}

static void vexpress_sleep_remove(struct platform_device *pdev)
{
	struct vexpress_sleep *vs = platform_get_drvdata(pdev);

	/* Wait for a transition in progress to end */
	hibernation_set_ops(NULL);
	suspend_set_ops(NULL);
	vexpress_sleep = NULL;
	debugfs_remove_recursive(vs->stray_dir);
	debugfs_remove_recursive(vs->debugfs);
}

static const struct of_device_id vexpress_sleep_of_match[] = {
	{ .compatible = "arm,vexpress-sleep" },
	{ }
};

static struct platform_driver vexpress_sleep_driver = {
	.driver = {
		.name		= "vexpress-sleep",
		.of_match_table	= vexpress_sleep_of_match,
		.pm		= pm_sleep_ptr(&vexpress_sleep_pm_ops),
	},
	.probe	= vexpress_sleep_probe,
	.remove	= vexpress_sleep_remove,
};
builtin_platform_driver(vexpress_sleep_driver);

/* Built in, the KUnit tests reach the static stray-wake filter directly */
#ifdef CONFIG_VEXPRESS_SLEEP_KUNIT_TEST
#include "vexpress-sleep-test.c"
#endif
