/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Bit engine of the timer-paced SBCon I2C driver, shared with its KUnit test.
 */
#ifndef _I2C_SBCON_TIMER_H
#define _I2C_SBCON_TIMER_H

#include <linux/bits.h>
#include <linux/i2c.h>
#include <linux/types.h>

/* Line bits, as in the SBCon register: set = line released (high) */
#define SBCON_SCL		BIT(0)
#define SBCON_SDA		BIT(1)
#define SBCON_LINES		(SBCON_SCL | SBCON_SDA)

/*
 * One phase per timer tick. Each phase changes at most one line, so SDA
 * never moves in the same step as SCL and the slave sees clean set-up and
 * hold times of at least one tick.
 */
enum sbcon_phase {
	SBCON_START_SDA,	/* release SDA (SCL low before a repeated START) */
	SBCON_START_SCL,	/* release SCL */
	SBCON_START,		/* SCL high: pull SDA low = START */
	SBCON_START_HOLD,	/* pull SCL low, the address byte follows */
	SBCON_BIT_SDA,		/* SCL low: put the bit (or ACK) on SDA */
	SBCON_BIT_SCL,		/* release SCL */
	SBCON_BIT_LATCH,	/* SCL high: sample SDA, pull SCL low */
	SBCON_STOP_SDA,		/* SCL low: pull SDA low */
	SBCON_STOP_SCL,		/* release SCL */
	SBCON_STOP,		/* SCL high: release SDA = STOP */
	SBCON_DONE,
};

/**
 * struct sbcon_sm - bit-level I2C master state machine
 * @msgs: messages of the transfer
 * @num: number of messages
 * @msg: index of the current message
 * @pos: index of the current data byte in the current message
 * @stretch: ticks spent waiting for a slave to release SCL
 * @stretch_max: ticks after which a held SCL ends the transfer
 * @err: 0, or the error the transfer ends with
 * @phase: what the next tick does
 * @shift: byte being sent or received
 * @bitn: bits left in the byte (8..1), 0 for the ACK bit
 * @addr: the current byte is the address byte
 * @drive: lines the master releases (SBCON_SCL, SBCON_SDA); the rest it pulls
 *	low
 */
struct sbcon_sm {
	struct i2c_msg *msgs;
	unsigned int num;
	unsigned int msg;
	unsigned int pos;
	unsigned int stretch;
	unsigned int stretch_max;
	int err;
	enum sbcon_phase phase;
	u8 shift;
	u8 bitn;
	bool addr;
	u8 drive;
};

void sbcon_sm_init(struct sbcon_sm *sm, struct i2c_msg *msgs, unsigned int num,
		   unsigned int stretch_max);
bool sbcon_sm_step(struct sbcon_sm *sm, u8 lines);

#endif /* _I2C_SBCON_TIMER_H */
