// SPDX-License-Identifier: GPL-2.0-only
/*
 * Versatile Express vexpress-pm board: a power domain switched by a PMIC
 * rail. The domain's devices sit behind one regulator (a TWL92230 LDO on
 * the board); powering the domain off disables that rail.
 */

#include <linux/device.h>
#include <linux/err.h>
#include <linux/init.h>
#include <linux/mod_devicetable.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <linux/pm_domain.h>
#include <linux/regulator/consumer.h>

/**
 * struct vexpress_pmic_pd - a regulator-switched PM domain
 * @genpd: the generic PM domain
 * @dev: the provider's device
 * @supply: the PMIC rail feeding the domain
 */
struct vexpress_pmic_pd {
	struct generic_pm_domain genpd;
	struct device *dev;
	struct regulator *supply;
};

static struct vexpress_pmic_pd *
to_vexpress_pmic_pd(struct generic_pm_domain *genpd)
{
	return container_of(genpd, struct vexpress_pmic_pd, genpd);
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
	int ret;

	ret = regulator_enable(pd->supply);
	if (ret)
		dev_err(pd->dev, "failed to enable regulator: %pe\n",
			ERR_PTR(ret));

	return ret;
}

static int vexpress_pmic_pd_power_off(struct generic_pm_domain *genpd)
{
	struct vexpress_pmic_pd *pd = to_vexpress_pmic_pd(genpd);
	int ret;

	/* On error genpd keeps the domain on, which matches the rail */
	ret = regulator_disable(pd->supply);
	if (ret)
		dev_err(pd->dev, "failed to disable regulator: %pe\n",
			ERR_PTR(ret));

	return ret;
}

static int vexpress_pmic_pd_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct vexpress_pmic_pd *pd;
	bool is_off;
	int ret;

	pd = devm_kzalloc(dev, sizeof(*pd), GFP_KERNEL);
	if (!pd)
		return -ENOMEM;
	pd->dev = dev;

	pd->supply = devm_regulator_get(dev, "domain");
	if (IS_ERR(pd->supply))
		return dev_err_probe(dev, PTR_ERR(pd->supply),
				     "failed to get domain supply\n");

	/*
	 * Start in the state the rail is in. If it is on, take our
	 * reference now so genpd's first power_off balances it.
	 */
	ret = regulator_is_enabled(pd->supply);
	if (ret < 0)
		return dev_err_probe(dev, ret, "failed to read rail state\n");
	is_off = !ret;
	if (!is_off) {
		ret = regulator_enable(pd->supply);
		if (ret)
			return dev_err_probe(dev, ret,
					     "failed to enable regulator\n");
	}

	pd->genpd.name = dev_name(dev);
	pd->genpd.power_on = vexpress_pmic_pd_power_on;
	pd->genpd.power_off = vexpress_pmic_pd_power_off;

	ret = pm_genpd_init(&pd->genpd, NULL, is_off);
	if (ret) {
		dev_err_probe(dev, ret, "failed to init PM domain\n");
		goto out_regulator_disable;
	}

	ret = of_genpd_add_provider_simple(dev->of_node, &pd->genpd);
	if (ret) {
		dev_err_probe(dev, ret, "failed to add PM domain provider\n");
		goto out_genpd_remove;
	}

	return 0;

out_genpd_remove:
	pm_genpd_remove(&pd->genpd);
out_regulator_disable:
	if (!is_off)
		regulator_disable(pd->supply);
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
		/* Members hold the domain: there is no safe unbind */
		.suppress_bind_attrs = true,
	},
	.probe	= vexpress_pmic_pd_probe,
};
builtin_platform_driver(vexpress_pmic_pd_driver);
