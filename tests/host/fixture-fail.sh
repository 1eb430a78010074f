#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Runner fixture (# host: fixture-fail): a host-side script that fails,
# after reading the console to the end as it must.
cat > /dev/null
echo "failing on purpose"
exit 1
