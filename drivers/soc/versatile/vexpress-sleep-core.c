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
 * Probe and remove do not call suspend_set_ops() and hibernation_set_ops()
 * themselves: both take system_transition_mutex, which a transition holds
 * from start to end. A probe from the deferred-probe worker (the device
 * links' rebind) blocked on it would deadlock with the transition's
 * dpm_prepare(), which flushes that worker; a probe or remove from sysfs
 * blocked on it holds the device lock that device_prepare() waits for.
 * They publish the bound instance and let a work item offer or withdraw
 * the states; an initcall waits for the boot's, so that init finds
 * them. A transition holds vexpress_sleep_lock from begin to end, so
 * remove waits for one in progress; probe publishes without it. That
 * order (our lock, then the device locks of dpm_prepare()) is the reverse
 * of remove's, which is safe while every task that may unbind is frozen:
 * user space is, by begin; a non-freezable kernel thread unbinding the
 * PMIC, or uswsusp's SNAPSHOT_POWER_OFF, which enters the platform's
 * hibernation with tasks thawed, are not covered.
 *
 * The wait in enter (vexpress-sleep-wait.c) and the monitored sleep
 * (vexpress-sleep-monitor.c) are parts of their own.
 */

#include <linux/cleanup.h>
#include <linux/debugfs.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/i2c.h>
#include <linux/init.h>
#include <linux/mod_devicetable.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <linux/reboot.h>
#include <linux/regulator/axp20x-sleep.h>
#include <linux/regulator/twl92230.h>
#include <linux/suspend.h>
#include <linux/workqueue.h>

#include "vexpress-sleep.h"

/*
 * The bound instance, NULL while unbound: set by probe, cleared by remove
 * under vexpress_sleep_lock, which a transition holds from begin to end
 */
struct vexpress_sleep *vexpress_sleep;
static DEFINE_MUTEX(vexpress_sleep_lock);

#ifdef CONFIG_VEXPRESS_SLEEP_ORDER_TEST
static bool arm_in_prepare;
module_param(arm_in_prepare, bool, 0600);
MODULE_PARM_DESC(arm_in_prepare,
		 "Arm the PMIC in .prepare, before the noirq phase (breaks suspend; tests only)");
#else
#define arm_in_prepare false
#endif

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

/*
 * Hold vexpress_sleep_lock until end, which the core calls also when
 * begin fails: remove waits for the transition to end. Unbound (removed
 * before the work withdrew the states): refuse.
 */
static int vexpress_sleep_hold(void)
{
	mutex_lock(&vexpress_sleep_lock);
	return READ_ONCE(vexpress_sleep) ? 0 : -ENODEV;
}

static void vexpress_sleep_release(void)
{
	mutex_unlock(&vexpress_sleep_lock);
}

static int vexpress_sleep_begin(suspend_state_t state)
{
	struct vexpress_sleep *vs;
	int ret;

	ret = vexpress_sleep_hold();
	if (ret)
		return ret;
	vs = vexpress_sleep;
	vs->state = state;
	vs->disarm_failed = false;
	vs->rounds = 0;
	vs->slept = false;
	vs->wdt_ticks = vexpress_sleep_monitor_ticks(vs, state);
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

/* Sleep again, a round of the monitored sleep, or resume fully */
static bool vexpress_sleep_suspend_again(void)
{
	return vexpress_sleep_monitor_again(vexpress_sleep);
}

static void vexpress_sleep_end(void)
{
	struct vexpress_sleep *vs = READ_ONCE(vexpress_sleep);

	if (vs)
		vs->state = PM_SUSPEND_ON;
	vexpress_sleep_release();
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
	int ret;

	ret = vexpress_sleep_hold();
	if (!ret)
		vexpress_sleep->state = PM_SUSPEND_ON;
	return ret;
}

static void vexpress_sleep_hib_end(void)
{
	vexpress_sleep_release();
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
	.end		= vexpress_sleep_hib_end,
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

/*
 * Offer the states while an instance is bound, withdraw them when not
 * (patch "PM: suspend: withdraw the states..."): what the instance is
 * when the work runs, as the last probe or remove left it (one queued
 * while the work runs makes it run again).
 */
static void vexpress_sleep_offer(struct work_struct *work)
{
	bool bound = !!READ_ONCE(vexpress_sleep);

	suspend_set_ops(bound ? &vexpress_sleep_ops : NULL);
	hibernation_set_ops(bound ? &vexpress_sleep_hib_ops : NULL);
}

static DECLARE_WORK(vexpress_sleep_offer_work, vexpress_sleep_offer);

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
int vexpress_sleep_link(struct vexpress_sleep *vs, struct device *supplier)
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

static int vexpress_sleep_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct device_node *np __free(device_node) = NULL;
	struct vexpress_sleep *vs;
	struct i2c_client *client;
	int i, ret;

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

	platform_set_drvdata(pdev, vs);
	/* Not under vexpress_sleep_lock: see the top of this file */
	if (cmpxchg(&vexpress_sleep, NULL, vs))
		return dev_err_probe(dev, -EBUSY,
				     "another sleep controller is bound\n");
	vexpress_sleep_stray_debugfs(vs);
	vs->debugfs = debugfs_create_dir("vexpress_sleep", NULL);
	debugfs_create_u32("stray_wakes", 0444, vs->debugfs, &vs->stray_wakes);
	queue_work(system_unbound_wq, &vexpress_sleep_offer_work);
	dev_info(dev, "suspend-to-RAM and hibernation with PMIC %pOF\n", np);
	return 0;
}

static void vexpress_sleep_remove(struct platform_device *pdev)
{
	struct vexpress_sleep *vs = platform_get_drvdata(pdev);

	/* Wait for a transition in progress to end */
	mutex_lock(&vexpress_sleep_lock);
	WRITE_ONCE(vexpress_sleep, NULL);
	mutex_unlock(&vexpress_sleep_lock);
	queue_work(system_unbound_wq, &vexpress_sleep_offer_work);
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

/*
 * Init finds the states the boot's probe offered: the deferred probes run
 * in a late initcall, this waits at the level after it. (A resume= image
 * restore at this level holds the transition lock, and the work waits for
 * it; nothing that restore waits for waits for the work.)
 */
static int __init vexpress_sleep_offered(void)
{
	flush_work(&vexpress_sleep_offer_work);
	return 0;
}
late_initcall_sync(vexpress_sleep_offered);
