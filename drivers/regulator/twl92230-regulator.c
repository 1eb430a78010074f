// SPDX-License-Identifier: GPL-2.0-only
/*
 * Regulator driver for the TI TWL92230 ("Menelaus") power management IC.
 *
 * Register layout and voltage tables follow drivers/mfd/menelaus.c, the
 * board-file era driver for the same chip, which predates the regulator
 * framework.
 */

#include <linux/bitfield.h>
#include <linux/bits.h>
#include <linux/cleanup.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/i2c.h>
#include <linux/mod_devicetable.h>
#include <linux/module.h>
#include <linux/of.h>
#include <linux/regmap.h>
#include <linux/regulator/driver.h>
#include <linux/regulator/twl92230.h>

#define TWL92230_REV			0x01
#define  TWL92230_REV_MAJOR		GENMASK(7, 4)
#define  TWL92230_REV_MINOR		GENMASK(3, 0)
#define TWL92230_VCORE_CTRL1		0x02
#define  TWL92230_VCORE_VSEL		GENMASK(4, 0)
#define  TWL92230_VCORE_VSEL_MAX	0x12
#define TWL92230_VCORE_CTRL3		0x04
#define TWL92230_VCORE_CTRL5		0x06
#define TWL92230_DCDC_CTRL1		0x07
#define  TWL92230_DCDC2_VSEL		GENMASK(2, 0)
#define  TWL92230_DCDC3_VSEL		GENMASK(5, 3)
#define TWL92230_DCDC_CTRL2		0x08
#define TWL92230_DCDC_CTRL3		0x09
#define TWL92230_LDO_CTRL1		0x0a
#define  TWL92230_VMEM_VSEL		GENMASK(1, 0)
#define  TWL92230_VIO_VSEL		GENMASK(3, 2)
#define  TWL92230_VAUX_VSEL		GENMASK(5, 4)
#define  TWL92230_VMMC_VSEL		GENMASK(7, 6)
#define TWL92230_LDO_CTRL2		0x0b
#define TWL92230_LDO_CTRL3		0x0c
#define TWL92230_LDO_CTRL4		0x0d
#define TWL92230_LDO_CTRL5		0x0e
#define TWL92230_LDO_CTRL6		0x0f
#define TWL92230_LDO_CTRL7		0x10
#define TWL92230_LDO_CTRL8		0x11
#define TWL92230_SLEEP_CTRL2		0x13
#define  TWL92230_SLEEP_VC		BIT(0)
#define  TWL92230_SLEEP_DC2		BIT(1)
#define  TWL92230_SLEEP_DC3		BIT(2)
#define  TWL92230_SLEEP_VMEM		BIT(3)
#define  TWL92230_SLEEP_VIO		BIT(4)
#define  TWL92230_SLEEP_VAUX		BIT(5)
#define  TWL92230_SLEEP_VMMC		BIT(6)
#define TWL92230_GPIO_CTRL		0x1d
#define  TWL92230_GPIO3_DIR_INPUT	BIT(2)
#define  TWL92230_GPIO_SLPCTLEN		BIT(6)

/* Mode fields of the DCDC_CTRL2/3 and LDO_CTRL3..8 registers */
#define TWL92230_MODE			GENMASK(1, 0)
#define TWL92230_MODE_OFF		0x0
#define TWL92230_MODE_LDO_ON		0x2
#define TWL92230_MODE_DCDC_ON		0x3

#define TWL92230_SLEEP_ARM	(TWL92230_GPIO_SLPCTLEN | TWL92230_GPIO3_DIR_INPUT)

enum twl92230_regulator_id {
	TWL92230_VCORE,
	TWL92230_DC2,
	TWL92230_DC3,
	TWL92230_VMEM,
	TWL92230_VIO,
	TWL92230_VAUX,
	TWL92230_VMMC,
};

struct twl92230_regulator_desc {
	struct regulator_desc desc;
	/* Bit in SLEEP_CTRL2 that lets the SLEEP signal lower this rail */
	unsigned int sleep_mask;
	/* Register holding the VCORE voltage used while asleep */
	unsigned int suspend_vsel_reg;
};

/**
 * struct twl92230_sleep - one TWL92230 and its sleep arming state
 * @dev: the I2C client's device
 * @regmap: register map of the chip
 * @gpio_ctrl: GPIO_CTRL as found by the last arm, without SLPCTLEN;
 *		disarm writes it back
 * @armed: the chip may follow its SLEEP input (armed, not yet undone)
 */
struct twl92230_sleep {
	struct device *dev;
	struct regmap *regmap;
	unsigned int gpio_ctrl;
	bool armed;
};

static const struct twl92230_regulator_desc *
to_twl92230_desc(struct regulator_dev *rdev)
{
	return container_of(rdev->desc, struct twl92230_regulator_desc, desc);
}

/*
 * SLEEP_CTRL2 bits only take effect while the chip follows its SLEEP input
 * (see twl92230_sleep_arm()), so the regulator core may program them at any
 * time before the system goes down.
 */
static int twl92230_set_suspend_enable(struct regulator_dev *rdev)
{
	const struct twl92230_regulator_desc *d = to_twl92230_desc(rdev);

	return regmap_clear_bits(rdev_get_regmap(rdev), TWL92230_SLEEP_CTRL2,
				 d->sleep_mask);
}

static int twl92230_set_suspend_disable(struct regulator_dev *rdev)
{
	const struct twl92230_regulator_desc *d = to_twl92230_desc(rdev);

	return regmap_set_bits(rdev_get_regmap(rdev), TWL92230_SLEEP_CTRL2,
			       d->sleep_mask);
}

/* VCORE never switches off in sleep: its SLEEP bit selects the sleep voltage */
static int twl92230_vcore_set_suspend_voltage(struct regulator_dev *rdev,
					      int uV)
{
	const struct twl92230_regulator_desc *d = to_twl92230_desc(rdev);
	struct regmap *regmap = rdev_get_regmap(rdev);
	int sel, ret;

	sel = regulator_map_voltage_linear_range(rdev, uV, uV);
	if (sel < 0)
		return sel;

	ret = regmap_update_bits(regmap, d->suspend_vsel_reg, d->desc.vsel_mask,
				 sel);
	if (ret)
		return ret;

	return regmap_set_bits(regmap, TWL92230_SLEEP_CTRL2, d->sleep_mask);
}

static const struct regulator_ops twl92230_vcore_ops = {
	.list_voltage		= regulator_list_voltage_linear_range,
	.map_voltage		= regulator_map_voltage_linear_range,
	.get_voltage_sel	= regulator_get_voltage_sel_regmap,
	.set_voltage_sel	= regulator_set_voltage_sel_regmap,
	.set_suspend_enable	= twl92230_set_suspend_enable,
	.set_suspend_voltage	= twl92230_vcore_set_suspend_voltage,
};

static const struct regulator_ops twl92230_table_ops = {
	.list_voltage		= regulator_list_voltage_table,
	.map_voltage		= regulator_map_voltage_ascend,
	.get_voltage_sel	= regulator_get_voltage_sel_regmap,
	.set_voltage_sel	= regulator_set_voltage_sel_regmap,
	.enable			= regulator_enable_regmap,
	.disable		= regulator_disable_regmap,
	.is_enabled		= regulator_is_enabled_regmap,
	.set_suspend_enable	= twl92230_set_suspend_enable,
	.set_suspend_disable	= twl92230_set_suspend_disable,
};

/* 1.000 V to 1.450 V in 25 mV steps; the chip clamps higher codes */
static const struct linear_range twl92230_vcore_ranges[] = {
	REGULATOR_LINEAR_RANGE(1000000, 0, TWL92230_VCORE_VSEL_MAX, 25000),
};

static const unsigned int twl92230_vdcdc_table[] = {
	1500000, 1800000, 2000000, 2200000, 2400000, 2800000, 3000000, 3300000,
};

static const unsigned int twl92230_vmem_table[] = {
	1500000, 1800000, 1900000, 2500000,
};

/* VIO and VAUX share one table */
static const unsigned int twl92230_vio_table[] = {
	1500000, 1800000, 2500000, 2800000,
};

static const unsigned int twl92230_vmmc_table[] = {
	1850000, 2800000, 3000000, 3100000,
};

/* The desc fields every rail has; the family macros add the rest (...) */
#define TWL92230_REG(_id, _nm, _ops, _vreg, _vmask, ...)		\
	.desc = {							\
		.name		= #_nm,					\
		.of_match	= #_nm,					\
		.regulators_node = "regulators",			\
		.id		= TWL92230_##_id,			\
		.ops		= &(_ops),				\
		.type		= REGULATOR_VOLTAGE,			\
		.owner		= THIS_MODULE,				\
		.vsel_reg	= _vreg,				\
		.vsel_mask	= _vmask,				\
		__VA_ARGS__						\
	}

#define TWL92230_DESC_VCORE()						\
	[TWL92230_VCORE] = {						\
		TWL92230_REG(VCORE, vcore, twl92230_vcore_ops,		\
			     TWL92230_VCORE_CTRL1, TWL92230_VCORE_VSEL,	\
			     .linear_ranges = twl92230_vcore_ranges,	\
			     .n_linear_ranges = ARRAY_SIZE(twl92230_vcore_ranges), \
			     .n_voltages = TWL92230_VCORE_VSEL_MAX + 1),	\
		.sleep_mask = TWL92230_SLEEP_VC,			\
		.suspend_vsel_reg = TWL92230_VCORE_CTRL3,		\
	}

/* DC-DC converters and LDOs: a voltage table and a mode register each */
#define TWL92230_DESC_TABLE(_id, _nm, _t, _vreg, _vmask, _mreg, _on)	\
	[TWL92230_##_id] = {						\
		TWL92230_REG(_id, _nm, twl92230_table_ops, _vreg, _vmask, \
			     .volt_table = twl92230_##_t##_table,	\
			     .n_voltages = ARRAY_SIZE(twl92230_##_t##_table), \
			     .enable_reg = _mreg,			\
			     .enable_mask = TWL92230_MODE,		\
			     .enable_val = TWL92230_MODE_##_on,		\
			     .disable_val = TWL92230_MODE_OFF),		\
		.sleep_mask = TWL92230_SLEEP_##_id,			\
	}

static const struct twl92230_regulator_desc twl92230_regulators[] = {
	TWL92230_DESC_VCORE(),
	TWL92230_DESC_TABLE(DC2, vdcdc2, vdcdc, TWL92230_DCDC_CTRL1,
			    TWL92230_DCDC2_VSEL, TWL92230_DCDC_CTRL2, DCDC_ON),
	TWL92230_DESC_TABLE(DC3, vdcdc3, vdcdc, TWL92230_DCDC_CTRL1,
			    TWL92230_DCDC3_VSEL, TWL92230_DCDC_CTRL3, DCDC_ON),
	TWL92230_DESC_TABLE(VMEM, vmem, vmem, TWL92230_LDO_CTRL1,
			    TWL92230_VMEM_VSEL, TWL92230_LDO_CTRL3, LDO_ON),
	TWL92230_DESC_TABLE(VIO, vio, vio, TWL92230_LDO_CTRL1,
			    TWL92230_VIO_VSEL, TWL92230_LDO_CTRL4, LDO_ON),
	TWL92230_DESC_TABLE(VAUX, vaux, vio, TWL92230_LDO_CTRL1,
			    TWL92230_VAUX_VSEL, TWL92230_LDO_CTRL6, LDO_ON),
	TWL92230_DESC_TABLE(VMMC, vmmc, vmmc, TWL92230_LDO_CTRL1,
			    TWL92230_VMMC_VSEL, TWL92230_LDO_CTRL7, LDO_ON),
};

static bool twl92230_writeable_reg(struct device *dev, unsigned int reg)
{
	switch (reg) {
	case TWL92230_VCORE_CTRL1 ... TWL92230_SLEEP_CTRL2:
	case TWL92230_GPIO_CTRL:
		return true;
	default:
		/* Notably DEVICE_OFF (0x14): bit 0 powers the whole chip down */
		return false;
	}
}

static bool twl92230_readable_reg(struct device *dev, unsigned int reg)
{
	return reg == TWL92230_REV || twl92230_writeable_reg(dev, reg);
}

/*
 * Only what the driver alone writes is cached: the voltage selectors, the
 * VCORE sleep voltage and the sleep configuration. Mode (on/off) registers
 * are not: an armed chip switches the rails that SLEEP_CTRL2 names by
 * itself, so after a suspend a cached mode would be a guess.
 */
static bool twl92230_volatile_reg(struct device *dev, unsigned int reg)
{
	switch (reg) {
	case TWL92230_REV:
	case TWL92230_VCORE_CTRL5:
	case TWL92230_DCDC_CTRL2 ... TWL92230_DCDC_CTRL3:
	case TWL92230_LDO_CTRL2 ... TWL92230_LDO_CTRL8:
	/* Read back from the chip when arming, not from the cache */
	case TWL92230_GPIO_CTRL:
		return true;
	default:
		return false;
	}
}

static const struct regmap_config twl92230_regmap_config = {
	.reg_bits	= 8,
	.val_bits	= 8,
	.max_register	= TWL92230_GPIO_CTRL,
	.writeable_reg	= twl92230_writeable_reg,
	.readable_reg	= twl92230_readable_reg,
	.volatile_reg	= twl92230_volatile_reg,
	.cache_type	= REGCACHE_MAPLE,
};

static struct i2c_driver twl92230_driver;

/*
 * Sleep arming for the platform suspend code; see
 * include/linux/regulator/twl92230.h for when each call is made.
 */
struct twl92230_sleep *twl92230_sleep_get(struct device *dev)
{
	struct twl92230_sleep *sleep;

	/* Any other driver's drvdata is not a struct twl92230_sleep */
	if (!dev->driver)
		return ERR_PTR(-EPROBE_DEFER);
	if (dev->driver != &twl92230_driver.driver)
		return ERR_PTR(-ENODEV);

	/* drvdata is set last in probe and cleared on unbind */
	sleep = dev_get_drvdata(dev);
	return sleep ?: ERR_PTR(-EPROBE_DEFER);
}
EXPORT_SYMBOL_GPL(twl92230_sleep_get);

/*
 * SLEEP_CTRL2 and the VCORE sleep voltage are already in the chip (the
 * regulator core's suspend pass wrote them); arming adds the switch that
 * makes the chip act on them, and checks the chip took it, since a lost
 * write would mean a suspend that saves nothing.
 */
int twl92230_sleep_arm(struct twl92230_sleep *sleep)
{
	unsigned int val;
	int ret;

	/*
	 * The value to restore is GPIO_CTRL without the enable (SLPCTLEN) bit,
	 * whatever left that set (a disarm that failed, an earlier binding).
	 * A failed read writes nothing.
	 */
	ret = regmap_read(sleep->regmap, TWL92230_GPIO_CTRL, &val);
	if (ret)
		goto err;
	sleep->gpio_ctrl = val & ~TWL92230_GPIO_SLPCTLEN;
	/* From the write on the chip may be armed: disarm must write back */
	sleep->armed = true;
	ret = regmap_write(sleep->regmap, TWL92230_GPIO_CTRL,
			   sleep->gpio_ctrl | TWL92230_SLEEP_ARM);
	if (!ret)
		ret = regmap_read(sleep->regmap, TWL92230_GPIO_CTRL, &val);
	if (!ret && (val & TWL92230_SLEEP_ARM) != TWL92230_SLEEP_ARM)
		ret = -EIO;
	if (ret) {
		if (!regmap_write(sleep->regmap, TWL92230_GPIO_CTRL,
				  sleep->gpio_ctrl))
			sleep->armed = false;
		goto err;
	}
	return 0;

err:
	dev_err(sleep->dev, "failed to arm sleep: %pe\n", ERR_PTR(ret));
	return ret;
}
EXPORT_SYMBOL_GPL(twl92230_sleep_arm);

int twl92230_sleep_disarm(struct twl92230_sleep *sleep)
{
	int ret;

	/* The platform's wake runs even when arming failed */
	if (!sleep->armed)
		return 0;

	ret = regmap_write(sleep->regmap, TWL92230_GPIO_CTRL, sleep->gpio_ctrl);
	if (ret) {
		dev_err(sleep->dev, "failed to disarm sleep: %pe\n",
			ERR_PTR(ret));
		return ret;
	}

	sleep->armed = false;
	return 0;
}
EXPORT_SYMBOL_GPL(twl92230_sleep_disarm);

static int twl92230_check_nodes(struct device *dev)
{
	struct device_node *np __free(device_node) =
		of_get_child_by_name(dev->of_node, "regulators");
	int i;

	/* The core skips nodes it does not know: say so instead */
	for_each_child_of_node_scoped(np, child) {
		for (i = 0; i < ARRAY_SIZE(twl92230_regulators); i++)
			if (of_node_name_eq(child,
					    twl92230_regulators[i].desc.of_match))
				break;
		if (i == ARRAY_SIZE(twl92230_regulators))
			return dev_err_probe(dev, -EINVAL,
					     "unknown regulator node %pOFn\n",
					     child);
	}

	return 0;
}

static int twl92230_probe(struct i2c_client *client)
{
	struct device *dev = &client->dev;
	struct regulator_config config = { .dev = dev };
	struct twl92230_sleep *sleep;
	struct regulator_dev *rdev;
	unsigned int rev;
	int i, ret;

	sleep = devm_kzalloc(dev, sizeof(*sleep), GFP_KERNEL);
	if (!sleep)
		return -ENOMEM;
	sleep->dev = dev;

	sleep->regmap = devm_regmap_init_i2c(client, &twl92230_regmap_config);
	if (IS_ERR(sleep->regmap))
		return dev_err_probe(dev, PTR_ERR(sleep->regmap),
				     "failed to init regmap\n");

	ret = regmap_read(sleep->regmap, TWL92230_REV, &rev);
	if (ret)
		return dev_err_probe(dev, ret, "no TWL92230 answers at %#04x\n",
				     client->addr);
	dev_info(dev, "TWL92230 revision %lu.%lu\n",
		 FIELD_GET(TWL92230_REV_MAJOR, rev),
		 FIELD_GET(TWL92230_REV_MINOR, rev));

	ret = twl92230_check_nodes(dev);
	if (ret)
		return ret;

	config.regmap = sleep->regmap;
	for (i = 0; i < ARRAY_SIZE(twl92230_regulators); i++) {
		const struct regulator_desc *desc =
			&twl92230_regulators[i].desc;

		rdev = devm_regulator_register(dev, desc, &config);
		if (IS_ERR(rdev))
			return dev_err_probe(dev, PTR_ERR(rdev),
					     "failed to register %s\n",
					     desc->name);
	}

	i2c_set_clientdata(client, sleep);
	return 0;
}

static const struct of_device_id twl92230_of_match[] = {
	{ .compatible = "ti,twl92230" },
	{ }
};
MODULE_DEVICE_TABLE(of, twl92230_of_match);

static const struct i2c_device_id twl92230_id[] = {
	{ "twl92230" },
	{ }
};
MODULE_DEVICE_TABLE(i2c, twl92230_id);

static struct i2c_driver twl92230_driver = {
	.driver = {
		.name		= "twl92230-regulator",
		.probe_type	= PROBE_PREFER_ASYNCHRONOUS,
		.of_match_table	= twl92230_of_match,
	},
	.probe		= twl92230_probe,
	.id_table	= twl92230_id,
};
module_i2c_driver(twl92230_driver);

MODULE_DESCRIPTION("TI TWL92230 (Menelaus) regulator driver");
MODULE_LICENSE("GPL");
