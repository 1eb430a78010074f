#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Runner fixture: the guest prints nothing of its plan.
poweroff -f
