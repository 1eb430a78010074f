// SPDX-License-Identifier: GPL-2.0-only
/*
 * Versatile Express system sleep: the monitored sleep.
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
 */

#include <linux/bitfield.h>
#include <linux/cleanup.h>
#include <linux/delay.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/hwmon/lm75.h>
#include <linux/i2c.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/irq.h>
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/minmax.h>
#include <linux/moduleparam.h>
#include <linux/of.h>
#include <linux/of_address.h>
#include <linux/of_irq.h>
#include <linux/percpu.h>
#include <linux/preempt.h>

#include "vexpress-sleep.h"

/* Policy, not hardware: parameters rather than DT properties */
static unsigned int monitor_interval_ms;
module_param(monitor_interval_ms, uint, 0644);
MODULE_PARM_DESC(monitor_interval_ms,
		 "Suspend-to-RAM: wake every this many ms to read the sensor, without a full resume (0: off)");

static int monitor_threshold_mc = 70000;
module_param(monitor_threshold_mc, int, 0644);
MODULE_PARM_DESC(monitor_threshold_mc,
		 "Monitored sleep: resume fully at this temperature or above, millidegrees C (0: never)");

/* The monitor's interval for a transition to @state in timer ticks; 0: none */
u32 vexpress_sleep_monitor_ticks(struct vexpress_sleep *vs,
				 suspend_state_t state)
{
	unsigned int ms = READ_ONCE(monitor_interval_ms);
	u64 ticks = 0;

	if (vs->sensor && state == PM_SUSPEND_MEM)
		ticks = div_u64((u64)vs->wdt_rate * ms, MSEC_PER_SEC);
	return ticks ? min_t(u64, ticks, U32_MAX) : 0;
}

/* The timer counts down from its load value; its event raises the PPI */
void vexpress_sleep_monitor_run(struct vexpress_sleep *vs)
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
void vexpress_sleep_monitor_start(struct vexpress_sleep *vs, u32 ticks)
{
	writel_relaxed(0, vs->wdt + TWD_WDT_CONTROL);
	writel_relaxed(TWD_WDT_INTSTAT_EVENT, vs->wdt + TWD_WDT_INTSTAT);
	writel_relaxed(ticks, vs->wdt + TWD_WDT_LOAD);
	enable_percpu_irq(vs->wdt_irq, IRQ_TYPE_NONE);
	vexpress_sleep_monitor_run(vs);
}

/* Stopped, its event cleared; the GIC may still hold its PPI pending */
void vexpress_sleep_monitor_halt(struct vexpress_sleep *vs)
{
	writel_relaxed(0, vs->wdt + TWD_WDT_CONTROL);
	writel_relaxed(TWD_WDT_INTSTAT_EVENT, vs->wdt + TWD_WDT_INTSTAT);
}

void vexpress_sleep_monitor_stop(struct vexpress_sleep *vs)
{
	vexpress_sleep_monitor_halt(vs);
	irq_set_irqchip_state(vs->wdt_irq, IRQCHIP_STATE_PENDING, false);
	disable_percpu_irq(vs->wdt_irq);
}

bool vexpress_sleep_monitor_due(struct vexpress_sleep *vs)
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
bool vexpress_sleep_woken(struct vexpress_sleep *vs)
{
	unsigned int count;
	bool quiet = pm_get_wakeup_count(&count, false);

	return pm_wakeup_pending() || count != vs->wakeups ||
	       (vs->quiet && !quiet);
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
bool vexpress_sleep_monitor_again(struct vexpress_sleep *vs)
{
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
int vexpress_sleep_monitor_probe(struct vexpress_sleep *vs)
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
