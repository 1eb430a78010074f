// SPDX-License-Identifier: GPL-2.0-only
/*
 * X-Powers AXP209: the sleep configuration, part of the AXP20x regulator
 * driver, which owns the registers it writes. The driver registers it at
 * probe; platform suspend code applies it in .prepare_late and undoes it
 * in .wake. What it is and when each call is made:
 * include/linux/regulator/axp20x-sleep.h.
 */

#include <linux/bits.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/export.h>
#include <linux/i2c.h>
#include <linux/mfd/axp20x.h>
#include <linux/of.h>
#include <linux/regmap.h>
#include <linux/regulator/axp20x-sleep.h>
#include <linux/slab.h>
#include <linux/string.h>

/* IC type: its low nibble is 1 on an AXP209 */
#define AXP209_IC_TYPE			0x03
#define AXP209_IC_TYPE_MASK		GENMASK(3, 0)
#define AXP209_IC_TYPE_AXP209		0x1

/* AXP20X_PWR_OUT_CTRL: one enable bit per switchable rail */
#define AXP209_PWR_OUT_DCDC3		BIT(1)
#define AXP209_PWR_OUT_LDO2		BIT(2)
#define AXP209_PWR_OUT_LDO4		BIT(3)
#define AXP209_PWR_OUT_DCDC2		BIT(4)
#define AXP209_PWR_OUT_LDO3		BIT(6)

/* AXP20X_DCDC2_V_OUT: 0.7 V + 25 mV per step; bits 7:6 are reserved */
#define AXP209_DCDC2_V_OUT_MASK		GENMASK(5, 0)
#define AXP209_DCDC2_MIN_UV		700000
#define AXP209_DCDC2_STEP_UV		25000
#define AXP209_DCDC2_MAX_UV		\
	(AXP209_DCDC2_MIN_UV + AXP209_DCDC2_V_OUT_MASK * AXP209_DCDC2_STEP_UV)

/**
 * struct axp20x_sleep_config - what the sleep configuration changes
 * @off_mask: AXP20X_PWR_OUT_CTRL bits cleared in sleep
 * @dcdc2_sel: DCDC2 voltage selector in sleep, if @dcdc2_set
 * @dcdc2_set: DCDC2 has a sleep voltage
 */
struct axp20x_sleep_config {
	unsigned int off_mask;
	unsigned int dcdc2_sel;
	bool dcdc2_set;
};

/**
 * struct axp20x_sleep - one AXP209's sleep configuration and arming state
 * @dev: the AXP20x regulator driver's device: the state lives with its
 *	binding (a devres of it)
 * @regmap: the register map its regulators are switched through
 * @cfg: the configuration, read from the DT by axp20x_sleep_get()
 * @pwr_out_off: the AXP20X_PWR_OUT_CTRL bits the last arm cleared
 * @dcdc2_run: DCDC2 voltage selector the last arm found
 * @armed: the chip may hold the sleep configuration: @pwr_out_off and
 *	@dcdc2_run are still to be written back
 */
struct axp20x_sleep {
	struct device *dev;
	struct regmap *regmap;
	struct axp20x_sleep_config cfg;
	unsigned int pwr_out_off;
	unsigned int dcdc2_run;
	bool armed;
};

/**
 * struct axp209_rail - a rail as the regulator driver names its DT node
 * @name: the node name ("dcdc2", ...)
 * @pwr_out: its enable bit in AXP20X_PWR_OUT_CTRL, 0 if it has none
 */
struct axp209_rail {
	const char *name;
	unsigned int pwr_out;
};

static const struct axp209_rail axp209_rails[] = {
	[AXP20X_LDO1] = { "ldo1", 0 },
	[AXP20X_LDO2] = { "ldo2", AXP209_PWR_OUT_LDO2 },
	[AXP20X_LDO3] = { "ldo3", AXP209_PWR_OUT_LDO3 },
	[AXP20X_LDO4] = { "ldo4", AXP209_PWR_OUT_LDO4 },
	[AXP20X_LDO5] = { "ldo5", 0 },
	[AXP20X_DCDC2] = { "dcdc2", AXP209_PWR_OUT_DCDC2 },
	[AXP20X_DCDC3] = { "dcdc3", AXP209_PWR_OUT_DCDC3 },
};

static int axp20x_sleep_find_rail(const char *name)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(axp209_rails); i++)
		if (!strcmp(axp209_rails[i].name, name))
			return i;

	return -ENOENT;
}

/*
 * The sleep voltage must also be one the board allows the rail: inside its
 * regulator-min/max-microvolt, which bound every voltage the regulator core
 * sets on it. Either bound may be absent.
 */
static int axp20x_sleep_check_range(struct device *consumer,
				    struct device_node *np, u32 uv)
{
	u32 min = 0, max = U32_MAX;

	of_property_read_u32(np, "regulator-min-microvolt", &min);
	of_property_read_u32(np, "regulator-max-microvolt", &max);
	if (uv < min || uv > max)
		return dev_err_probe(consumer, -EINVAL,
				     "%pOF: sleep voltage %u uV outside the rail's %u-%u uV\n",
				     np, uv, min, max);
	return 0;
}

/*
 * One rail's "regulator-state-mem", checked and added to @s. What this
 * code would apply otherwise than the regulator core reads it, or not at
 * all, is refused: "regulator-on-in-suspend" beside
 * "regulator-off-in-suspend" (the core takes on, the rail would be
 * switched off) and a suspend voltage range (the core would take its
 * minimum; the chip's sleep configuration has one voltage).
 */
static int axp20x_sleep_parse_rail(struct device *consumer,
				   struct axp20x_sleep_config *cfg,
				   struct device_node *np)
{
	struct device_node *state __free(device_node) =
		of_get_child_by_name(np, "regulator-state-mem");
	const char *name;
	bool off;
	u32 uv;
	int id, ret;

	/* Matched as the regulator core matches it to a regulator */
	if (of_property_read_string(np, "regulator-compatible", &name))
		name = np->name;
	id = axp20x_sleep_find_rail(name);
	if (id < 0)
		return dev_err_probe(consumer, -EINVAL,
				     "%pOF: the AXP209 has no rail %s\n", np,
				     name);
	if (!state)
		return 0;

	off = of_property_read_bool(state, "regulator-off-in-suspend");
	if (off && of_property_read_bool(state, "regulator-on-in-suspend"))
		return dev_err_probe(consumer, -EINVAL,
				     "%pOF: both on and off in suspend\n",
				     state);
	if (of_property_present(state, "regulator-suspend-min-microvolt") ||
	    of_property_present(state, "regulator-suspend-max-microvolt"))
		return dev_err_probe(consumer, -EINVAL,
				     "%pOF: use regulator-suspend-microvolt, not a suspend voltage range\n",
				     state);
	if (off && !axp209_rails[id].pwr_out)
		return dev_err_probe(consumer, -EINVAL,
				     "%pOF: %s cannot be switched off\n", state,
				     name);
	if (off)
		cfg->off_mask |= axp209_rails[id].pwr_out;

	ret = of_property_read_u32(state, "regulator-suspend-microvolt", &uv);
	if (ret == -EINVAL)
		return 0;
	if (ret)
		return dev_err_probe(consumer, ret,
				     "%pOF: bad regulator-suspend-microvolt\n",
				     state);
	if (id != AXP20X_DCDC2)
		return dev_err_probe(consumer, -EINVAL,
				     "%pOF: only dcdc2 has a sleep voltage\n",
				     state);
	if (off)
		return dev_err_probe(consumer, -EINVAL,
				     "%pOF: dcdc2 both off and at %u uV\n",
				     state, uv);
	if (uv < AXP209_DCDC2_MIN_UV || uv > AXP209_DCDC2_MAX_UV ||
	    (uv - AXP209_DCDC2_MIN_UV) % AXP209_DCDC2_STEP_UV)
		return dev_err_probe(consumer, -EINVAL,
				     "%pOF: dcdc2 has no %u uV setting\n",
				     state, uv);
	ret = axp20x_sleep_check_range(consumer, np, uv);
	if (ret)
		return ret;

	cfg->dcdc2_sel = (uv - AXP209_DCDC2_MIN_UV) / AXP209_DCDC2_STEP_UV;
	cfg->dcdc2_set = true;
	return 0;
}

/*
 * That @pmic is an AXP209 bound to the AXP20x MFD and answering. The MFD
 * binds without a word to the chip (with no IRQ it reads nothing), and the
 * regulator driver then fails to register its rails, leaving nothing to
 * wait for: so the chip is asked for its IC type here, through the MFD's
 * register map (found by dev_get_regmap(), not from the MFD's drvdata,
 * whose type only the MFD's driver may assume), so that a missing PMIC
 * fails here and not at the first suspend. A read only: the registers
 * this code writes are the regulator driver's.
 */
static int axp20x_sleep_check_chip(struct device *consumer, struct device *pmic)
{
	struct i2c_client *client = i2c_verify_client(pmic);
	struct regmap *regmap;
	unsigned int type;
	int ret;

	if (!client)
		return dev_err_probe(consumer, -ENODEV, "%s is no I2C device\n",
				     dev_name(pmic));
	if (!device_is_bound(pmic))
		return dev_err_probe(consumer, -EPROBE_DEFER,
				     "%s is not bound yet\n", dev_name(pmic));
	regmap = dev_get_regmap(pmic, NULL);
	if (!regmap ||
	    !of_device_is_compatible(pmic->of_node, "x-powers,axp209"))
		return dev_err_probe(consumer, -ENODEV,
				     "%s is no AXP209 with a register map\n",
				     dev_name(pmic));

	ret = regmap_read_bypassed(regmap, AXP209_IC_TYPE, &type);
	if (ret)
		return dev_err_probe(consumer, ret,
				     "no AXP209 answers at %#x (%s)\n",
				     client->addr, dev_name(pmic));
	if ((type & AXP209_IC_TYPE_MASK) != AXP209_IC_TYPE_AXP209)
		return dev_err_probe(consumer, -ENODEV,
				     "%s: IC type %#x is no AXP209\n",
				     dev_name(pmic), type);
	return 0;
}

/* The state is a devres of the regulator device, found by this function */
static void axp20x_sleep_release(struct device *dev, void *res)
{
}

/**
 * devm_axp20x_sleep_register() - offer an AXP209's sleep configuration
 * @dev: the AXP20x regulator driver's device, in its probe
 * @regmap: the register map its regulators are switched through
 *
 * Platform suspend code then finds it through the PMIC's device with
 * axp20x_sleep_get(), for as long as @dev stays bound.
 *
 * Return: 0, or -ENOMEM.
 */
int devm_axp20x_sleep_register(struct device *dev, struct regmap *regmap)
{
	struct axp20x_sleep *s;

	s = devres_alloc(axp20x_sleep_release, sizeof(*s), GFP_KERNEL);
	if (!s)
		return -ENOMEM;
	s->dev = dev;
	s->regmap = regmap;
	devres_add(dev, s);
	return 0;
}
EXPORT_SYMBOL_GPL(devm_axp20x_sleep_register);

static int axp20x_sleep_find(struct device *dev, void *data)
{
	struct device **found = data;

	if (!devres_find(dev, axp20x_sleep_release, NULL, NULL))
		return 0;
	*found = get_device(dev);
	return 1;
}

/**
 * axp20x_sleep_get() - the sleep configuration of an AXP209
 * @consumer: the platform suspend code's device, in its probe
 * @pmic: the PMIC's device (I2C client of an "x-powers,axp209" node)
 *
 * Checks that @pmic is an AXP209 bound to the AXP20x MFD and that the chip
 * answers with the AXP209's IC type, and reads the sleep configuration
 * from the device tree. The handle is the AXP20x regulator driver's, a
 * child of @pmic: this links @consumer to it with a managed device link,
 * so that an unbind of the regulator driver (or of the PMIC) unbinds
 * @consumer first and its next bind probes @consumer again.
 *
 * Return: the handle; ERR_PTR(-EPROBE_DEFER) while @pmic or its regulator
 * driver is not bound, -ENODEV if it is no AXP209 or its driver has no
 * register map, the I2C error if the chip does not answer, -EINVAL for a
 * sleep configuration the chip cannot apply or a link that cannot be made.
 */
struct axp20x_sleep *axp20x_sleep_get(struct device *consumer,
				      struct device *pmic)
{
	struct axp20x_sleep_config cfg = { };
	struct device_link *link;
	const char *why;
	struct device *dev = NULL;
	struct axp20x_sleep *s;
	int ret;

	ret = axp20x_sleep_check_chip(consumer, pmic);
	if (ret)
		return ERR_PTR(ret);

	struct device_node *regulators __free(device_node) =
		of_get_child_by_name(pmic->of_node, "regulators");
	if (!regulators)
		return ERR_PTR(dev_err_probe(consumer, -EINVAL,
					     "%pOF: no regulators node\n",
					     pmic->of_node));
	for_each_available_child_of_node_scoped(regulators, np) {
		ret = axp20x_sleep_parse_rail(consumer, &cfg, np);
		if (ret)
			return ERR_PTR(ret);
	}

	device_for_each_child(pmic, &dev, axp20x_sleep_find);
	if (!dev) {
		ret = dev_err_probe(consumer, -EPROBE_DEFER, "%s: %s\n",
				    dev_name(pmic),
				    "no AXP20x regulators bound");
		return ERR_PTR(ret);
	}
	/*
	 * Linked once the regulator driver is bound (its probe has made the
	 * state last); a link in any other state than "consumer probe" then
	 * means it is going away: wait for its next bind. Once the link is
	 * made, the state stays until our unbind.
	 */
	if (!device_is_bound(dev)) {
		ret = -EPROBE_DEFER;
	} else {
		link = device_link_add(consumer, dev,
				       DL_FLAG_AUTOPROBE_CONSUMER);
		if (!link)
			ret = -EINVAL;
		else if (link->status != DL_STATE_CONSUMER_PROBE)
			ret = -EPROBE_DEFER;
	}
	s = ret ? NULL : devres_find(dev, axp20x_sleep_release, NULL, NULL);
	if (!ret && !s)
		ret = -EPROBE_DEFER;
	why = ret == -EINVAL ? "cannot link to it" : "not bound, or going away";
	if (ret)
		ret = dev_err_probe(consumer, ret, "%s: %s\n", dev_name(dev),
				    why);
	put_device(dev);
	if (ret)
		return ERR_PTR(ret);

	/*
	 * A chip a previous binding left armed (its disarm failed) is
	 * disarmed with that binding's configuration before it is replaced
	 */
	if (s->armed && axp20x_sleep_disarm(s))
		return ERR_PTR(dev_err_probe(consumer, -EBUSY,
					     "%s: still armed for sleep\n",
					     dev_name(s->dev)));
	s->cfg = cfg;
	return s;
}
EXPORT_SYMBOL_GPL(axp20x_sleep_get);

/*
 * PWR_OUT_CTRL and DCDC2_V_OUT are cached by the AXP20x regmap (they are
 * not in its volatile ranges), and a cached regmap_read() never reaches
 * the chip: it could neither find what the chip runs with nor prove that
 * a write took. So the values to restore and the read-back come from the
 * chip itself through regmap_read_bypassed(), which skips the cache for
 * that one read under the map's lock, leaving other users of the map on
 * the cache. Writes go through the cache, which then says what the chip
 * holds; as regmap updates the cache before the bus write, a failed write
 * drops the register from the cache so that its next reader asks the chip.
 */
static int axp20x_sleep_update(struct axp20x_sleep *s, unsigned int reg,
			       unsigned int mask, unsigned int val)
{
	int ret;

	ret = regmap_update_bits(s->regmap, reg, mask, val);
	if (ret)
		regcache_drop_region(s->regmap, reg, reg);

	return ret;
}

static int axp20x_sleep_check(struct axp20x_sleep *s, unsigned int reg,
			      unsigned int val)
{
	unsigned int readback;
	int ret;

	ret = regmap_read_bypassed(s->regmap, reg, &readback);
	if (ret)
		return ret;

	return readback == val ? 0 : -EIO;
}

/*
 * Undo what arm changed, and only that: between wake and finish (where a
 * failed restore is tried again) resume_noirq callbacks switch rails of
 * the same register, e.g. a PM domain powering on; writing back the
 * whole register as arm found it would switch those off again. So DCDC2
 * gets its voltage back and the rails arm switched off are switched on,
 * the other bits staying as the chip has them. The voltage goes first,
 * the reverse of arm's order, so that DCDC2 is at its working voltage
 * before the load returns. Both are tried whatever the first gives; a
 * register the cache says is restored already (an earlier try wrote it)
 * is not written again.
 */
static int axp20x_sleep_restore(struct axp20x_sleep *s)
{
	int ret = 0, err;

	if (s->cfg.dcdc2_set)
		ret = axp20x_sleep_update(s, AXP20X_DCDC2_V_OUT,
					  AXP209_DCDC2_V_OUT_MASK,
					  s->dcdc2_run);
	err = axp20x_sleep_update(s, AXP20X_PWR_OUT_CTRL, s->pwr_out_off,
				  s->pwr_out_off);
	if (!ret)
		ret = err;
	if (!ret)
		s->armed = false;

	return ret;
}

/**
 * axp20x_sleep_arm() - apply the sleep configuration
 * @s: handle from axp20x_sleep_get()
 *
 * Reads PWR_OUT_CTRL and DCDC2_V_OUT from the chip, writes the sleep
 * configuration and reads it back from the chip. On a failure it undoes
 * what it changed; if that fails too, the chip counts as armed and
 * axp20x_sleep_disarm() undoes it. A chip still armed from an earlier
 * cycle is disarmed first, so that its sleep values are never saved as the
 * ones to restore.
 *
 * Return: 0, or a negative errno (-EIO: the chip read back other values).
 */
int axp20x_sleep_arm(struct axp20x_sleep *s)
{
	unsigned int pwr_out, dcdc2_v_out = 0;
	int ret;

	if (s->armed) {
		ret = axp20x_sleep_restore(s);
		if (ret)
			goto err;
	}

	ret = regmap_read_bypassed(s->regmap, AXP20X_PWR_OUT_CTRL, &pwr_out);
	if (!ret && s->cfg.dcdc2_set)
		ret = regmap_read_bypassed(s->regmap, AXP20X_DCDC2_V_OUT,
					   &dcdc2_v_out);
	if (ret)
		goto err;
	s->pwr_out_off = pwr_out & s->cfg.off_mask;
	s->dcdc2_run = dcdc2_v_out & AXP209_DCDC2_V_OUT_MASK;

	pwr_out &= ~s->cfg.off_mask;
	if (s->cfg.dcdc2_set)
		dcdc2_v_out = (dcdc2_v_out & ~AXP209_DCDC2_V_OUT_MASK) |
			      s->cfg.dcdc2_sel;

	/* From the first write on, the chip may hold part of the sleep state */
	s->armed = true;
	/* Rails off before DCDC2 drops, so it never carries them at the low voltage */
	ret = axp20x_sleep_update(s, AXP20X_PWR_OUT_CTRL, 0xff, pwr_out);
	if (!ret && s->cfg.dcdc2_set)
		ret = axp20x_sleep_update(s, AXP20X_DCDC2_V_OUT, 0xff,
					  dcdc2_v_out);
	if (!ret)
		ret = axp20x_sleep_check(s, AXP20X_PWR_OUT_CTRL, pwr_out);
	if (!ret && s->cfg.dcdc2_set)
		ret = axp20x_sleep_check(s, AXP20X_DCDC2_V_OUT, dcdc2_v_out);
	if (ret) {
		axp20x_sleep_restore(s);
		goto err;
	}

	return 0;

err:
	dev_err(s->dev, "failed to arm sleep: %pe\n", ERR_PTR(ret));
	return ret;
}
EXPORT_SYMBOL_GPL(axp20x_sleep_arm);

/**
 * axp20x_sleep_disarm() - undo axp20x_sleep_arm()
 * @s: handle from axp20x_sleep_get()
 *
 * Switches the rails that the last arm switched off back on, and DCDC2
 * back to the voltage that arm found. Nothing to do if the chip is not
 * armed: wake runs after a failed arm too.
 *
 * Return: 0, or a negative errno; the chip then stays armed, and the next
 * call writes the values back again.
 */
int axp20x_sleep_disarm(struct axp20x_sleep *s)
{
	int ret;

	if (!s->armed)
		return 0;

	ret = axp20x_sleep_restore(s);
	if (ret)
		dev_err(s->dev, "failed to disarm sleep: %pe\n", ERR_PTR(ret));

	return ret;
}
EXPORT_SYMBOL_GPL(axp20x_sleep_disarm);
