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
 * domains it powers switch rails in those noirq callbacks), yet interrupts
 * still work and the non-boot CPUs are still up. The I2C controller keeps
 * its bus usable through that window.
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
 */

#include <linux/cleanup.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/i2c.h>
#include <linux/mfd/axp20x-sleep.h>
#include <linux/mod_devicetable.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <linux/regulator/twl92230.h>
#include <linux/suspend.h>

#include <asm/proc-fns.h>

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
 */
struct vexpress_sleep {
	struct device *dev;
	const struct vexpress_sleep_pmic *pmic;
	void *chip;
	suspend_state_t state;
	bool disarm_failed;
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

static int vexpress_sleep_twl92230_get(struct vexpress_sleep *vs,
				       struct device *pmic)
{
	struct twl92230_sleep *chip = twl92230_sleep_get(pmic);

	if (IS_ERR(chip))
		return PTR_ERR(chip);
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
	struct axp20x_sleep *chip = devm_axp20x_sleep_get(vs->dev, pmic);

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
	vexpress_sleep->state = state;
	vexpress_sleep->disarm_failed = false;
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
	switch (state) {
	case PM_SUSPEND_STANDBY:
	case PM_SUSPEND_MEM:
		/* WFI until a wakeup interrupt (the PL031 alarm) is pending */
		cpu_do_idle();
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
	.end		= vexpress_sleep_end,
};

/*
 * A managed link that outlives our binding: the PMIC's unbind unbinds us
 * first, and its next bind probes us again. Deleted with either device.
 * Made once the PMIC's driver has handed out its sleep handle: a link in
 * any other state than "consumer probe" means the PMIC is going away.
 */
static int vexpress_sleep_link(struct vexpress_sleep *vs, struct device *pmic)
{
	struct device_link *link;

	link = device_link_add(vs->dev, pmic, DL_FLAG_AUTOPROBE_CONSUMER);
	if (!link)
		return dev_err_probe(vs->dev, -EINVAL, "cannot link to %s\n",
				     dev_name(pmic));
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
	ret = vs->pmic->get(vs, &client->dev);
	if (!ret)
		ret = vexpress_sleep_link(vs, &client->dev);
	put_device(&client->dev);
	if (ret)
		return dev_err_probe(dev, ret, "PMIC %pOF not bound\n", np);

	vexpress_sleep = vs;
	suspend_set_ops(&vexpress_sleep_ops);
	dev_info(dev, "suspend-to-RAM with PMIC %pOF\n", np);
	return 0;
}

static void vexpress_sleep_remove(struct platform_device *pdev)
{
	/* Waits for a transition in progress to end */
	suspend_set_ops(NULL);
	vexpress_sleep = NULL;
}

static const struct of_device_id vexpress_sleep_of_match[] = {
	{ .compatible = "arm,vexpress-sleep" },
	{ }
};

static struct platform_driver vexpress_sleep_driver = {
	.driver = {
		.name		= "vexpress-sleep",
		.of_match_table	= vexpress_sleep_of_match,
	},
	.probe	= vexpress_sleep_probe,
	.remove	= vexpress_sleep_remove,
};
builtin_platform_driver(vexpress_sleep_driver);
