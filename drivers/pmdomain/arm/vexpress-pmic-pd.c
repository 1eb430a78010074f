// SPDX-License-Identifier: GPL-2.0-only
/*
 * Versatile Express vexpress-pm board: a power domain switched by a PMIC
 * rail. The domain's devices sit behind one regulator (an LDO of the
 * board's TWL92230 or AXP209); powering the domain off disables that rail.
 */

#include <linux/cleanup.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/i2c.h>
#include <linux/init.h>
#include <linux/lockdep.h>
#include <linux/mod_devicetable.h>
#include <linux/mutex.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <linux/pm_domain.h>
#include <linux/regulator/consumer.h>
#include <linux/slab.h>

/**
 * struct vexpress_pmic_pd - a regulator-switched PM domain
 * @genpd: the generic PM domain
 * @dev: the provider's device
 * @lock: serialises @supply's use with its release
 * @supply: the PMIC rail feeding the domain; NULL once released
 * @enabled: we hold an enable reference on @supply
 */
struct vexpress_pmic_pd {
	struct generic_pm_domain genpd;
	struct device *dev;
	struct mutex lock;	/* @supply's use against its release */
	struct regulator *supply;
	bool enabled;
};

static struct vexpress_pmic_pd *
to_vexpress_pmic_pd(struct generic_pm_domain *genpd)
{
	return container_of(genpd, struct vexpress_pmic_pd, genpd);
}

/*
 * Tries at enabling the rail before a power-on fails: a transfer to the
 * PMIC that fails once (a NAK, a timeout on a busy bus) should not leave
 * the domain's devices unpowered.
 */
#define VEXPRESS_PMIC_PD_TRIES	3

static int vexpress_pmic_pd_enable(struct vexpress_pmic_pd *pd)
{
	int ret, try;

	lockdep_assert_held(&pd->lock);
	if (!pd->supply)
		return -ENODEV;
	if (pd->enabled)
		return 0;
	for (try = 1; ; try++) {
		ret = regulator_enable(pd->supply);
		if (!ret)
			break;
		if (try == VEXPRESS_PMIC_PD_TRIES) {
			dev_err(pd->dev, "failed to enable regulator: %pe\n",
				ERR_PTR(ret));
			return ret;
		}
		dev_warn(pd->dev,
			 "failed to enable regulator (try %d of %d): %pe\n",
			 try, VEXPRESS_PMIC_PD_TRIES, ERR_PTR(ret));
	}
	if (try > 1)
		dev_info(pd->dev, "regulator enabled on try %d\n", try);
	pd->enabled = true;
	return 0;
}

/*
 * Both callbacks sleep (I2C to the PMIC): genpd calls them from runtime PM
 * of the members and from its own noirq system sleep callbacks, where the
 * I2C controller is still up because it is a supplier of the PMIC, which is
 * a supplier of this provider.
 */
static int vexpress_pmic_pd_power_on(struct generic_pm_domain *genpd)
{
	struct vexpress_pmic_pd *pd = to_vexpress_pmic_pd(genpd);

	guard(mutex)(&pd->lock);
	return vexpress_pmic_pd_enable(pd);
}

static int vexpress_pmic_pd_power_off(struct generic_pm_domain *genpd)
{
	struct vexpress_pmic_pd *pd = to_vexpress_pmic_pd(genpd);
	int ret;

	guard(mutex)(&pd->lock);
	if (!pd->supply)
		return -ENODEV;
	/*
	 * genpd's resume_noirq marks the domain on even when power_on failed
	 * (genpd_sync_power_on() ignores the error): then there is no
	 * reference to drop, and the rail is already off.
	 */
	if (!pd->enabled)
		return 0;
	/* On error genpd keeps the domain on, which matches the rail */
	ret = regulator_disable(pd->supply);
	if (ret)
		dev_err(pd->dev, "failed to disable regulator: %pe\n",
			ERR_PTR(ret));
	else
		pd->enabled = false;

	return ret;
}

/*
 * genpd's resume_noirq counts the domain on even when power_on failed
 * (genpd_sync_power_on() ignores the error), and its members would resume
 * unpowered, unaware. genpd starts each member that is not runtime
 * suspended before its resume_noirq callback, and each member it runtime
 * resumes: make sure the rail is on there, trying again, and fail that
 * member's resume, named in the log, if it still cannot be. Stopping needs
 * nothing: the rail goes off with the domain.
 */
static int vexpress_pmic_pd_start(struct device *dev)
{
	struct vexpress_pmic_pd *pd =
		to_vexpress_pmic_pd(pd_to_genpd(dev->pm_domain));
	int ret;

	guard(mutex)(&pd->lock);
	if (pd->enabled)
		return 0;
	ret = vexpress_pmic_pd_enable(pd);
	if (ret)
		dev_err(pd->dev, "%s left unpowered: %pe\n", dev_name(dev),
			ERR_PTR(ret));
	return ret;
}

static int vexpress_pmic_pd_stop(struct device *dev)
{
	return 0;
}

/*
 * The domain's members are consumers of this provider, and the provider is
 * a consumer of the PMIC's rail: when the PMIC goes (its I2C bus unbound),
 * device links unbind the members, then this device, whatever
 * suppress_bind_attrs says. Take the domain out of genpd before its memory
 * goes: freed with the domain still listed, its queued power-off work
 * would run on freed memory.
 */
static void vexpress_pmic_pd_remove(void *data)
{
	struct vexpress_pmic_pd *pd = data;
	int ret;

	of_genpd_del_provider(pd->dev->of_node);	/* no-op if never added */
	ret = pm_genpd_remove(&pd->genpd);
	/*
	 * The rail goes with its PMIC (this is why we are unbound), so it is
	 * released either way; a domain genpd keeps is leaked inert: its
	 * callbacks fail with -ENODEV rather than touch a freed regulator.
	 */
	mutex_lock(&pd->lock);
	/* The reference that a powered domain holds on its rail */
	if (pd->enabled)
		regulator_disable(pd->supply);
	regulator_put(pd->supply);
	pd->supply = NULL;
	mutex_unlock(&pd->lock);
	if (ret) {
		dev_err(pd->dev, "PM domain still in use (%pe), leaking it\n",
			ERR_PTR(ret));
		return;
	}
	kfree(pd);
}

/*
 * Unbind with the PMIC. The regulator core links a consumer to its rail
 * statelessly, which never unbinds it, and fw_devlink links this device
 * only to the PMIC device it found at boot: after a rebind of the bus the
 * domain would keep a rail whose regulator is gone. A managed link to the
 * I2C device whose node holds the rail covers every PMIC device, and
 * probes the domain again when the PMIC's driver binds again.
 */
static int vexpress_pmic_pd_link_pmic(struct device *dev)
{
	struct device_node *np =
		of_parse_phandle(dev->of_node, "domain-supply", 0);
	struct i2c_client *pmic = NULL;
	struct device_link *link;

	while (np && !pmic) {
		pmic = of_find_i2c_device_by_node(np);
		np = of_get_next_parent(np);
	}
	of_node_put(np);
	if (!pmic)
		return dev_err_probe(dev, -ENODEV,
				     "domain-supply is not on an I2C device\n");

	link = device_link_add(dev, &pmic->dev, DL_FLAG_AUTOPROBE_CONSUMER);
	if (!link) {
		dev_err(dev, "cannot link to %s\n", dev_name(&pmic->dev));
		put_device(&pmic->dev);
		return -EINVAL;
	}
	put_device(&pmic->dev);
	/* Any other state: the PMIC is unbinding, and its rail with it */
	if (link->status != DL_STATE_CONSUMER_PROBE)
		return -EPROBE_DEFER;
	return 0;
}

static int vexpress_pmic_pd_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct vexpress_pmic_pd *pd;
	bool is_off;
	int ret;

	/*
	 * Not devm: a domain that genpd cannot remove must outlive us. The
	 * rail is put in vexpress_pmic_pd_remove(), before its PMIC goes.
	 */
	pd = kzalloc(sizeof(*pd), GFP_KERNEL);
	if (!pd)
		return -ENOMEM;
	pd->dev = dev;
	mutex_init(&pd->lock);

	pd->supply = regulator_get(dev, "domain");
	if (IS_ERR(pd->supply)) {
		ret = dev_err_probe(dev, PTR_ERR(pd->supply),
				    "failed to get domain supply\n");
		goto out_free;
	}
	ret = vexpress_pmic_pd_link_pmic(dev);
	if (ret)
		goto out_regulator_put;

	/*
	 * Start in the state the rail is in. If it is on, take our
	 * reference now so genpd's first power_off balances it.
	 */
	ret = regulator_is_enabled(pd->supply);
	if (ret < 0) {
		dev_err_probe(dev, ret, "failed to read rail state\n");
		goto out_regulator_put;
	}
	is_off = !ret;
	if (!is_off) {
		ret = regulator_enable(pd->supply);
		if (ret) {
			dev_err_probe(dev, ret, "failed to enable regulator\n");
			goto out_regulator_put;
		}
		pd->enabled = true;
	}

	pd->genpd.name = dev_name(dev);
	pd->genpd.power_on = vexpress_pmic_pd_power_on;
	pd->genpd.power_off = vexpress_pmic_pd_power_off;
	pd->genpd.dev_ops.start = vexpress_pmic_pd_start;
	pd->genpd.dev_ops.stop = vexpress_pmic_pd_stop;

	ret = pm_genpd_init(&pd->genpd, NULL, is_off);
	if (ret) {
		dev_err_probe(dev, ret, "failed to init PM domain\n");
		goto out_regulator_disable;
	}
	/* From here vexpress_pmic_pd_remove() undoes all of it, @pd too */
	ret = devm_add_action_or_reset(dev, vexpress_pmic_pd_remove, pd);
	if (ret)
		return ret;

	ret = of_genpd_add_provider_simple(dev->of_node, &pd->genpd);
	if (ret)
		return dev_err_probe(dev, ret,
				     "failed to add PM domain provider\n");
	return 0;

out_regulator_disable:
	if (!is_off)
		regulator_disable(pd->supply);
out_regulator_put:
	regulator_put(pd->supply);
out_free:
	kfree(pd);
	return ret;
}

static const struct of_device_id vexpress_pmic_pd_of_match[] = {
	{ .compatible = "arm,vexpress-pmic-power-domain" },
	{ }
};

static struct platform_driver vexpress_pmic_pd_driver = {
	.driver = {
		.name		= "vexpress-pmic-pd",
		.of_match_table	= vexpress_pmic_pd_of_match,
		/* Members hold the domain: no unbind from sysfs */
		.suppress_bind_attrs = true,
	},
	.probe	= vexpress_pmic_pd_probe,
};
builtin_platform_driver(vexpress_pmic_pd_driver);
