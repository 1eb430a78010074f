#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The SBCon adapter advertises only SMBus functions that work (the i2c
# core emulates them with I2C messages; PEC and block reads are not among
# them), and a 7-bit address above 0x7f is refused with EINVAL instead of
# going out wrapped onto the bus (0xca as the TWL92230's 0x4a).
# pmic: twl92230 axp209
# pmic-per-kernel: one
# kernels: all
. ./lib/board.sh
ktap_print_header
[ -n "$BUS" ] || ktap_exit_fail_msg "no I2C adapter for the SBCon ($SBCON_NODE)"
ktap_set_plan 11

# I2C_FUNC_* bits (include/uapi/linux/i2c.h)
FUNC_PEC=0x08
FUNC_READ_BLOCK_DATA=0x01000000
funcs=$(i2c-probe "$BUS" funcs)
ktap_print_msg "I2C_FUNCS $funcs"
advertised() { [ $((funcs & $1)) != 0 ] && echo advertised || echo "not advertised"; }

# The SMBus reads the adapter advertises return the PMIC's REV (the chip
# library's PMIC_REV_VAL) in their first byte; a plain byte read reads the register the chip's
# pointer is at, so a one-byte write sets it first.
check "funcs.smbus.byte-data" $PMIC_REV_VAL "$(i2c-probe "$BUS" smbus byte-data $PMIC $PMIC_REV)"
check "funcs.smbus.word-data" $PMIC_REV_VAL "$(i2c-probe "$BUS" smbus word-data $PMIC $PMIC_REV | cut -d' ' -f1)"
check "funcs.smbus.i2c-block-data" $PMIC_REV_VAL "$(i2c-probe "$BUS" smbus i2c-block-data $PMIC $PMIC_REV | cut -d' ' -f1)"
i2ctransfer -f -y "$BUS" w1@$PMIC $PMIC_REV
check "funcs.smbus.byte" $PMIC_REV_VAL "$(i2c-probe "$BUS" smbus byte $PMIC $PMIC_REV)"
# PEC: the core appends and checks the PEC byte itself but passes the
# client's PEC flag on in each message, which the engine refuses: so it
# must not be advertised. Block reads need I2C_M_RECV_LEN.
check "funcs.smbus.pec" "not advertised EOPNOTSUPP" \
	"$(advertised $FUNC_PEC) $(i2c-probe "$BUS" smbus byte-data $PMIC $PMIC_REV pec)"
check "funcs.smbus.block-data" "not advertised EOPNOTSUPP" \
	"$(advertised $FUNC_READ_BLOCK_DATA) $(i2c-probe "$BUS" smbus block-data $PMIC $PMIC_REV)"

# I2C_RDWR passes any 16-bit address to the adapter; the address byte
# holds seven bits, so 0xca went out as 0x4a and 0x80 as the general call.
check "addr.pmic" $PMIC_REV_VAL "$(i2c-probe "$BUS" rdwr $PMIC $PMIC_REV)"
check "addr.pmic-with-bit-7" EINVAL "$(i2c-probe "$BUS" rdwr $((PMIC | 0x80)) $PMIC_REV)"
check "addr.0x80" EINVAL "$(i2c-probe "$BUS" rdwr 0x80 $PMIC_REV)"
# The same through SMBus: a client given a 10-bit address under I2C_TENBIT
# keeps it when I2C_TENBIT is turned off again (i2c-dev checks it only
# when set), and 0x3ca's low seven bits are 0x4a (0x380 | the PMIC's).
check "addr.stale-10bit" EINVAL "$(i2c-probe "$BUS" smbus byte-data $((PMIC | 0x380)) $PMIC_REV tenbit)"
check "addr.pmic-still-answers" $PMIC_REV_VAL "$(pmic_get $PMIC_REV)"
ktap_finished
