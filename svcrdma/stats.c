// SPDX-License-Identifier: GPL-2.0-only
/*
 * svcrdma: counters, and the sysctl directories that show them:
 * /proc/sys/sunrpc/svcrdma_ng/ and the in-tree server's names under
 * /proc/sys/sunrpc/svc_rdma/. Each directory also holds the sysctls that
 * set the tunables of params.c, with their bounds there.
 *
 * Counters are per-CPU and summed when read; in svcrdma_ng they only
 * grow, from module load on. The live_* gauges there go up and down.
 */

#include <linux/percpu.h>
#include <linux/sysctl.h>

#include <rpcrdma/compat.h>
#include <rpcrdma/gauge.h>

#include "svcrdma.h"

static DEFINE_PER_CPU(unsigned long[SVCRDMA_STAT_MAX], svcrdma_stats);
atomic_t svcrdma_live[SVCRDMA_LIVE_MAX];
static struct ctl_table_header *svcrdma_sysctl;

/**
 * svcrdma_stat_add - add to a counter
 * @s: which counter
 * @n: amount
 */
void svcrdma_stat_add(enum svcrdma_stat s, unsigned long n)
{
	this_cpu_add(svcrdma_stats[s], n);
}

static unsigned long svcrdma_stat_sum(enum svcrdma_stat s)
{
	unsigned long sum = 0;
	int cpu;

	for_each_possible_cpu(cpu)
		sum += per_cpu(svcrdma_stats, cpu)[s];
	return sum;
}

/* Read @val out through a copy of @table that points at it */
static int svcrdma_stat_print(RPCRDMA_CTL_CONST struct ctl_table *table,
			      unsigned long val, void *buffer, size_t *lenp,
			      loff_t *ppos)
{
	struct ctl_table t = *table;

	t.data = &val;
	t.maxlen = sizeof(val);
	t.extra1 = NULL;
	return proc_doulongvec_minmax(&t, 0, buffer, lenp, ppos);
}

static int svcrdma_stat_show(RPCRDMA_CTL_CONST struct ctl_table *table,
			     int write, void *buffer, size_t *lenp, loff_t *ppos)
{
	enum svcrdma_stat s = (uintptr_t)table->extra1;

	if (write)
		return -EPERM;
	return svcrdma_stat_print(table, svcrdma_stat_sum(s), buffer, lenp,
				  ppos);
}

#define SVCRDMA_STAT_ENTRY(_name, _id) {				\
	.procname	= _name,					\
	.mode		= 0444,						\
	.proc_handler	= svcrdma_stat_show,				\
	.extra1		= (void *)(uintptr_t)(_id),			\
}

static struct ctl_table svcrdma_table[] = {
	RPCRDMA_CTL_UINT("max_requests", &svcrdma_max_requests,
			 &svcrdma_reqs_min, &svcrdma_reqs_max),
	RPCRDMA_CTL_UINT("inline_size", &svcrdma_inline_size,
			 &svcrdma_inline_min, &svcrdma_inline_max),
	RPCRDMA_CTL_UINT("keepalive", &svcrdma_keepalive,
			 SYSCTL_ZERO, &svcrdma_keepalive_max),
	SVCRDMA_STAT_ENTRY("conn_accepted", SVCRDMA_STAT_CONN_ACCEPTED),
	SVCRDMA_STAT_ENTRY("conn_rejected", SVCRDMA_STAT_CONN_REJECTED),
	SVCRDMA_STAT_ENTRY("conn_closed", SVCRDMA_STAT_CONN_CLOSED),
	SVCRDMA_STAT_ENTRY("conn_freed", SVCRDMA_STAT_CONN_FREED),
	SVCRDMA_STAT_ENTRY("probes", SVCRDMA_STAT_PROBES),
	SVCRDMA_STAT_ENTRY("probe_failed", SVCRDMA_STAT_PROBE_FAILED),
	SVCRDMA_STAT_ENTRY("recv", SVCRDMA_STAT_RECV),
	SVCRDMA_STAT_ENTRY("recv_dropped", SVCRDMA_STAT_RECV_DROPPED),
	SVCRDMA_STAT_ENTRY("reverse_dropped", SVCRDMA_STAT_REVERSE_DROPPED),
	SVCRDMA_STAT_ENTRY("err_vers", SVCRDMA_STAT_ERR_VERS),
	SVCRDMA_STAT_ENTRY("err_chunk", SVCRDMA_STAT_ERR_CHUNK),
	SVCRDMA_STAT_ENTRY("read_chunks", SVCRDMA_STAT_READ_CHUNKS),
	SVCRDMA_STAT_ENTRY("read_bytes", SVCRDMA_STAT_READ_BYTES),
	SVCRDMA_STAT_ENTRY("read_waits_busy", SVCRDMA_STAT_READ_WAITS_BUSY),
	SVCRDMA_STAT_ENTRY("write_chunks", SVCRDMA_STAT_WRITE_CHUNKS),
	SVCRDMA_STAT_ENTRY("write_bytes", SVCRDMA_STAT_WRITE_BYTES),
	SVCRDMA_STAT_ENTRY("reply_chunks", SVCRDMA_STAT_REPLY_CHUNKS),
	SVCRDMA_STAT_ENTRY("reply_bytes", SVCRDMA_STAT_REPLY_BYTES),
	SVCRDMA_STAT_ENTRY("send_inline", SVCRDMA_STAT_SEND_INLINE),
	SVCRDMA_STAT_ENTRY("send_with_inv", SVCRDMA_STAT_SEND_INV),
	SVCRDMA_STAT_ENTRY("sq_waits", SVCRDMA_STAT_SQ_WAITS),
	SVCRDMA_STAT_ENTRY("bc_calls", SVCRDMA_STAT_BC_CALLS),
	SVCRDMA_STAT_ENTRY("bc_replies", SVCRDMA_STAT_BC_REPLIES),
	SVCRDMA_STAT_ENTRY("bc_send_err", SVCRDMA_STAT_BC_SEND_ERR),
	SVCRDMA_STAT_ENTRY("conn_v1", SVCRDMA_STAT_CONN_V1),
	SVCRDMA_STAT_ENTRY("conn_v2", SVCRDMA_STAT_CONN_V2),
	SVCRDMA_STAT_ENTRY("err_vers_mismatch", SVCRDMA_STAT_ERR_VERS_MISMATCH),
	SVCRDMA_STAT_ENTRY("v2_err_parse", SVCRDMA_STAT_V2_ERR_PARSE),
	SVCRDMA_STAT_ENTRY("v2_err_cont", SVCRDMA_STAT_V2_ERR_CONT),
	SVCRDMA_STAT_ENTRY("v2_err_limits", SVCRDMA_STAT_V2_ERR_LIMITS),
	SVCRDMA_STAT_ENTRY("v2_err_resource", SVCRDMA_STAT_V2_ERR_RESOURCE),
	SVCRDMA_STAT_ENTRY("v2_err_system", SVCRDMA_STAT_V2_ERR_SYSTEM),
	SVCRDMA_STAT_ENTRY("v2_err_recv", SVCRDMA_STAT_V2_ERR_RECV),
	SVCRDMA_STAT_ENTRY("v2_grant_sent", SVCRDMA_STAT_V2_GRANT_SENT),
	SVCRDMA_STAT_ENTRY("v2_grant_recv", SVCRDMA_STAT_V2_GRANT_RECV),
	SVCRDMA_STAT_ENTRY("v2_cont_recv", SVCRDMA_STAT_V2_CONT_RECV),
	SVCRDMA_STAT_ENTRY("v2_cont_calls", SVCRDMA_STAT_V2_CONT_CALLS),
	SVCRDMA_STAT_ENTRY("v2_cont_aborted", SVCRDMA_STAT_V2_CONT_ABORTED),
	SVCRDMA_STAT_ENTRY("v2_cont_sent", SVCRDMA_STAT_V2_CONT_SENT),
	SVCRDMA_STAT_ENTRY("v2_cont_replies", SVCRDMA_STAT_V2_CONT_REPLIES),
	SVCRDMA_STAT_ENTRY("v2_connprop_recv", SVCRDMA_STAT_V2_CONNPROP_RECV),
	SVCRDMA_STAT_ENTRY("v2_connprop_sent", SVCRDMA_STAT_V2_CONNPROP_SENT),
	SVCRDMA_STAT_ENTRY("v2_hostauth", SVCRDMA_STAT_V2_HOSTAUTH),
	SVCRDMA_STAT_ENTRY("v2_credit_waits", SVCRDMA_STAT_V2_CREDIT_WAITS),
	SVCRDMA_STAT_ENTRY("v2_credit_timeouts", SVCRDMA_STAT_V2_CREDIT_TIMEOUTS),
	SVCRDMA_STAT_ENTRY("v2_credit_none", SVCRDMA_STAT_V2_CREDIT_NONE),
	SVCRDMA_STAT_ENTRY("sq_stalls", SVCRDMA_STAT_SQ_STALLS),
	SVCRDMA_STAT_ENTRY("probe_stuck", SVCRDMA_STAT_PROBE_STUCK),
	SVCRDMA_STAT_ENTRY("read_stuck", SVCRDMA_STAT_READ_STUCK),
	SVCRDMA_STAT_ENTRY("read_segments", SVCRDMA_STAT_READ_SEGS),
	SVCRDMA_STAT_ENTRY("write_segments", SVCRDMA_STAT_WRITE_SEGS),
	RPCRDMA_CTL_GAUGE("live_xprts", &svcrdma_live[SVCRDMA_LIVE_XPRTS]),
	RPCRDMA_CTL_GAUGE("live_recv_ctxts",
			  &svcrdma_live[SVCRDMA_LIVE_RECV_CTXTS]),
	RPCRDMA_CTL_GAUGE("live_send_ctxts",
			  &svcrdma_live[SVCRDMA_LIVE_SEND_CTXTS]),
	RPCRDMA_CTL_GAUGE("live_rw_ctxts", &svcrdma_live[SVCRDMA_LIVE_RW_CTXTS]),
	RPCRDMA_CTL_GAUGE("live_pages", &svcrdma_live[SVCRDMA_LIVE_PAGES]),
	RPCRDMA_CTL_END
};

/**
 * svcrdma_stats_init - register the sysctl directory
 *
 * Return: 0 or -ENOMEM.
 */
int svcrdma_stats_init(void)
{
	svcrdma_sysctl = register_sysctl("sunrpc/svcrdma_ng", svcrdma_table);
	return svcrdma_sysctl ? 0 : -ENOMEM;
}

/**
 * svcrdma_stats_exit - remove the sysctl directory
 */
void svcrdma_stats_exit(void)
{
	unregister_sysctl_table(svcrdma_sysctl);
}

/*
 * sunrpc/svc_rdma: the names the kernel's own server (rpcrdma.ko)
 * registers, so that an administrator's sysctl.conf and scripts keep
 * working; see Documentation/admin-guide.rst for each one's meaning
 * here. The tunables are the variables behind svcrdma_ng's, with the
 * same bounds (params.c). A counter shows one of ours less what it was
 * at the last write to it: writing any value sets it back to 0, as in
 * the kernel's server, without touching svcrdma_ng's count.
 */
static unsigned int svcrdma_compat_unused;
static unsigned long svcrdma_compat_base[SVCRDMA_STAT_MAX];
static struct ctl_table_header *svcrdma_compat_sysctl;

static int svcrdma_compat_stat(RPCRDMA_CTL_CONST struct ctl_table *table,
			       int write, void *buffer, size_t *lenp,
			       loff_t *ppos)
{
	enum svcrdma_stat s = (uintptr_t)table->extra1;

	if (write) {
		WRITE_ONCE(svcrdma_compat_base[s], svcrdma_stat_sum(s));
		*ppos += *lenp;
		return 0;
	}
	return svcrdma_stat_print(table, svcrdma_stat_sum(s) -
				  READ_ONCE(svcrdma_compat_base[s]),
				  buffer, lenp, ppos);
}

#define SVCRDMA_COMPAT_STAT(_name, _id) {				\
	.procname	= _name,					\
	.mode		= 0644,						\
	.proc_handler	= svcrdma_compat_stat,				\
	.extra1		= (void *)(uintptr_t)(_id),			\
}

/* Counters the kernel's server registers but never counts: always 0 */
#define SVCRDMA_COMPAT_UNUSED(_name)					\
	RPCRDMA_CTL_UINT(_name, &svcrdma_compat_unused,			\
			 SYSCTL_ZERO, SYSCTL_ZERO)

static struct ctl_table svcrdma_compat_table[] = {
	RPCRDMA_CTL_UINT("max_requests", &svcrdma_max_requests,
			 &svcrdma_reqs_min, &svcrdma_reqs_max),
	RPCRDMA_CTL_UINT("max_req_size", &svcrdma_inline_size,
			 &svcrdma_inline_min, &svcrdma_inline_max),
	RPCRDMA_CTL_UINT("max_outbound_read_requests", &svcrdma_max_ord,
			 &svcrdma_ord_min, &svcrdma_ord_max),
	SVCRDMA_COMPAT_STAT("rdma_stat_read", SVCRDMA_STAT_READ_SEGS),
	SVCRDMA_COMPAT_STAT("rdma_stat_recv", SVCRDMA_STAT_RECV),
	SVCRDMA_COMPAT_STAT("rdma_stat_write", SVCRDMA_STAT_WRITE_SEGS),
	SVCRDMA_COMPAT_STAT("rdma_stat_sq_starve", SVCRDMA_STAT_SQ_WAITS),
	SVCRDMA_COMPAT_UNUSED("rdma_stat_rq_starve"),
	SVCRDMA_COMPAT_UNUSED("rdma_stat_rq_poll"),
	SVCRDMA_COMPAT_UNUSED("rdma_stat_rq_prod"),
	SVCRDMA_COMPAT_UNUSED("rdma_stat_sq_poll"),
	SVCRDMA_COMPAT_UNUSED("rdma_stat_sq_prod"),
	RPCRDMA_CTL_END
};

/**
 * svcrdma_compat_init - register the in-tree server's sysctl directory
 *
 * The kernel's rpcrdma.ko registers the same directory: call this only
 * once our svc class is registered, which fails while that module is
 * loaded.
 *
 * Return: 0 or -ENOMEM.
 */
int svcrdma_compat_init(void)
{
	svcrdma_compat_sysctl = register_sysctl("sunrpc/svc_rdma",
						svcrdma_compat_table);
	return svcrdma_compat_sysctl ? 0 : -ENOMEM;
}

/**
 * svcrdma_compat_exit - remove it
 */
void svcrdma_compat_exit(void)
{
	unregister_sysctl_table(svcrdma_compat_sysctl);
	svcrdma_compat_sysctl = NULL;
}
