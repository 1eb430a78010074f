// SPDX-License-Identifier: GPL-2.0-only
/*
 * Allwinner A10 suspend-to-idle with the AXP209 armed for sleep.
 *
 * The A10 offers suspend-to-idle only; its CPU supply, the AXP209's DCDC2,
 * sits behind the SoC's own I2C controller. The PMIC's sleep configuration
 * (the "regulator-state-mem" nodes of its rails) is applied by its owner,
 * the AXP20x regulator driver (axp20x_sleep_arm()), in the platform's
 * prepare_late, after every device's noirq callback, and taken back in
 * restore_early, before any resume_noirq: the same window, and the same
 * calls, as the vexpress-pm sleep controller's suspend_ops use. The I2C
 * controller must keep its bus usable through that window.
 *
 * The PMIC is the one whose rail powers the boot CPU ("cpu-supply"). It
 * binds late and can be unbound, so this is a driver: its probe defers
 * until the PMIC's drivers are bound, device links make their unbind take
 * it down first and their next bind probe it again, and the callbacks do
 * nothing while it is unbound. Wakeup sources are the devices' own (a
 * UART marked as one in sysfs, the PMIC's power key): s2idle needs no
 * platform wake code.
 *
 * The ops are set once, at init, not in probe and remove:
 * s2idle_set_ops() takes system_transition_mutex, which a suspend holds
 * from start to end. A probe from the deferred-probe worker (the device
 * links' rebind) blocked on it would deadlock with the suspend's
 * dpm_prepare(), which flushes that worker, and a remove blocked on it
 * holds the device lock that device_prepare() waits for.
 */

#include <linux/cleanup.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/i2c.h>
#include <linux/init.h>
#include <linux/mutex.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <linux/regulator/axp20x-sleep.h>
#include <linux/suspend.h>

/**
 * struct sun4i_sleep - the A10's suspend-to-idle platform code
 * @dev: this device
 * @pmic: the AXP209's sleep handle, valid while we are bound
 * @disarm_failed: restore_early could not disarm; restore retries
 */
struct sun4i_sleep {
	struct device *dev;
	struct axp20x_sleep *pmic;
	bool disarm_failed;
};

/*
 * platform_s2idle_ops take no context: the bound instance, NULL while
 * unbound, set by probe and remove and read by the callbacks under
 * sun4i_sleep_lock (they run in process context, and may sleep)
 */
static struct sun4i_sleep *sun4i_sleep;
static DEFINE_MUTEX(sun4i_sleep_lock);

static int sun4i_sleep_prepare_late(void)
{
	int ret = 0;

	mutex_lock(&sun4i_sleep_lock);
	if (sun4i_sleep)
		ret = axp20x_sleep_arm(sun4i_sleep->pmic);
	if (ret)
		dev_err(sun4i_sleep->dev,
			"suspend aborted, cannot arm the PMIC for sleep: %pe\n",
			ERR_PTR(ret));
	mutex_unlock(&sun4i_sleep_lock);
	return ret;
}

/*
 * restore_early also runs when prepare_late failed. A failure must not stop
 * the devices resuming: it is logged, and restore, after the noirq phase,
 * tries again (a no-op without I2C traffic when the first try disarmed).
 */
static void sun4i_sleep_disarm(bool retry)
{
	const char *when = retry ? "restore" : "restore_early";
	struct sun4i_sleep *s;
	int ret;

	mutex_lock(&sun4i_sleep_lock);
	s = sun4i_sleep;
	if (s) {
		ret = axp20x_sleep_disarm(s->pmic);
		if (ret)
			dev_err(s->dev, "%s: PMIC still armed: %pe\n", when,
				ERR_PTR(ret));
		else if (retry && s->disarm_failed)
			dev_info(s->dev, "restore: PMIC disarmed on retry\n");
		s->disarm_failed = !retry && ret;
	}
	mutex_unlock(&sun4i_sleep_lock);
}

static void sun4i_sleep_restore_early(void)
{
	sun4i_sleep_disarm(false);
}

static void sun4i_sleep_restore(void)
{
	sun4i_sleep_disarm(true);
}

static const struct platform_s2idle_ops sun4i_sleep_s2idle_ops = {
	.prepare_late	= sun4i_sleep_prepare_late,
	.restore_early	= sun4i_sleep_restore_early,
	.restore	= sun4i_sleep_restore,
};

/* The I2C device of the PMIC whose rail "cpu-supply" of CPU 0 names */
static int sun4i_sleep_find_pmic(struct device *dev, struct i2c_client **client)
{
	struct device_node *cpu __free(device_node) = of_get_cpu_node(0, NULL);
	struct device_node *rail __free(device_node) = NULL;
	struct device_node *rails __free(device_node) = NULL;
	struct device_node *np __free(device_node) = NULL;

	if (cpu)
		rail = of_parse_phandle(cpu, "cpu-supply", 0);
	if (rail)
		rails = of_get_parent(rail);
	if (rails)
		np = of_get_parent(rails);
	/* (an A10 board whose CPU supply is another: nothing to do) */
	if (!np || !of_device_is_compatible(np, "x-powers,axp209")) {
		dev_dbg(dev, "the CPU's supply is no AXP209 rail\n");
		return -ENODEV;
	}
	*client = of_find_i2c_device_by_node(np);
	if (!*client)
		return dev_err_probe(dev, -EPROBE_DEFER,
				     "no I2C device for %pOF\n", np);
	return 0;
}

/*
 * A managed link to @supplier, which is bound: its unbind unbinds us first,
 * its next bind probes us again. A link in any other state than "consumer
 * probe" means the supplier is going away.
 */
static int sun4i_sleep_link(struct device *dev, struct device *supplier)
{
	struct device_link *link;

	link = device_link_add(dev, supplier, DL_FLAG_AUTOPROBE_CONSUMER);
	if (!link)
		return dev_err_probe(dev, -EINVAL, "cannot link to %s\n",
				     dev_name(supplier));
	if (link->status != DL_STATE_CONSUMER_PROBE)
		return -EPROBE_DEFER;
	return 0;
}

static int sun4i_sleep_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct i2c_client *client;
	struct sun4i_sleep *s;
	int ret;

	s = devm_kzalloc(dev, sizeof(*s), GFP_KERNEL);
	if (!s)
		return -ENOMEM;
	s->dev = dev;

	ret = sun4i_sleep_find_pmic(dev, &client);
	if (ret)
		return ret;
	/* Defers until the AXP20x drivers are bound, then links us to them */
	s->pmic = axp20x_sleep_get(dev, &client->dev);
	ret = PTR_ERR_OR_ZERO(s->pmic);
	/*
	 * That link is to the regulator device, which the MFD deletes when
	 * it unbinds, and the PMIC's I2C device goes when its controller
	 * unbinds. Links to those that stay, the I2C device and the
	 * controller, probe us again when they bind anew.
	 */
	if (!ret)
		ret = sun4i_sleep_link(dev, &client->dev);
	if (!ret && client->adapter->dev.parent)
		ret = sun4i_sleep_link(dev, client->adapter->dev.parent);
	put_device(&client->dev);
	if (ret)
		return ret;

	platform_set_drvdata(pdev, s);
	mutex_lock(&sun4i_sleep_lock);
	sun4i_sleep = s;
	mutex_unlock(&sun4i_sleep_lock);
	dev_info(dev, "suspend-to-idle with the AXP209 armed for sleep\n");
	return 0;
}

/* Waits for a callback in progress to end */
static void sun4i_sleep_remove(struct platform_device *pdev)
{
	mutex_lock(&sun4i_sleep_lock);
	sun4i_sleep = NULL;
	mutex_unlock(&sun4i_sleep_lock);
}

static struct platform_driver sun4i_sleep_driver = {
	.driver = {
		.name	= "sun4i-a10-sleep",
	},
	.probe	= sun4i_sleep_probe,
	.remove	= sun4i_sleep_remove,
};

/* No DT node: the A10's platform code, created for the machine */
static int __init sun4i_sleep_init(void)
{
	struct platform_device *pdev;
	int ret;

	if (!of_machine_is_compatible("allwinner,sun4i-a10"))
		return 0;

	ret = platform_driver_register(&sun4i_sleep_driver);
	if (ret)
		return ret;
	pdev = platform_device_register_simple("sun4i-a10-sleep",
					       PLATFORM_DEVID_NONE, NULL, 0);
	if (IS_ERR(pdev)) {
		platform_driver_unregister(&sun4i_sleep_driver);
		return PTR_ERR(pdev);
	}
	s2idle_set_ops(&sun4i_sleep_s2idle_ops);
	return 0;
}
device_initcall(sun4i_sleep_init);
