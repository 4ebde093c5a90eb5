# SPDX-License-Identifier: GPL-2.0-only
# Scenario "vanish-idle" (--topology two): as "vanish", but the client
# finishes its checksummed I/O and stays quiet before it dies, so that
# the server has nothing outstanding that could fail: only the
# keepalive probe (svcrdma/keepalive.c) can notice, or else the RPC
# layer's idle aging after 6 to 12 minutes.
VANISH_IDLE=1
. "$TOP/scripts/guest/scenarios/vanish.sh"
