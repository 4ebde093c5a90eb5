# SPDX-License-Identifier: GPL-2.0-only
#
# Out-of-tree build and the project's entry points.
#
#   make               build xprtrdma.ko, svcrdma.ko and rpcrdma_core.ko
#   make setup         install build/test dependencies and the 6.12 kernel
#   make check         everything CI runs (build, KUnit, fuzz smoke, VM tests)
#   make demo          NFS over RDMA in a guest, step by step
#   make kunit         KUnit suites in a debug-kernel guest
#   make debug-kernel  build (or reuse) the cached debug kernel
#   make fuzz          run the codec fuzzer (FUZZ_SECONDS=, default 60)
#   make bench         ours vs the in-tree transport vs TCP vs raw soft-RoCE
#                      (BENCH_QUICK=1 for one short round; not in make check)
#
# Kbuild reads ./Kbuild, never this file; in-tree builds use Kbuild and
# Kconfig directly.

RPCRDMA_CACHE ?= /var/cache/rpcrdma-ng
export RPCRDMA_CACHE

STOCK_KVER := $(shell cat $(RPCRDMA_CACHE)/stock/kver 2>/dev/null)
RUNNING_KDIR := /lib/modules/$(shell uname -r)/build
STOCK_KDIR := $(RPCRDMA_CACHE)/stock/$(STOCK_KVER)/root/usr/src/linux-headers-$(STOCK_KVER)

ifneq ($(wildcard $(RUNNING_KDIR)/Makefile),)
KDIR ?= $(RUNNING_KDIR)
else
KDIR ?= $(STOCK_KDIR)
endif

# KUnit suites only build where the kernel has KUnit (the debug kernel).
HAVE_KUNIT := $(shell grep -qs '^CONFIG_KUNIT=y' $(KDIR)/.config && echo m)

KCONFIG_FLAGS := CONFIG_RPCRDMA_CORE=m CONFIG_XPRTRDMA_CLIENT=m \
		 CONFIG_SVCRDMA_SERVER=m CONFIG_RPCRDMA_KUNIT_TEST=$(HAVE_KUNIT)
KCFLAGS_DEFS := -DCONFIG_RPCRDMA_CORE_MODULE -DCONFIG_XPRTRDMA_CLIENT_MODULE \
		-DCONFIG_SVCRDMA_SERVER_MODULE \
		$(if $(HAVE_KUNIT),-DCONFIG_RPCRDMA_KUNIT_TEST_MODULE)

KMAKE = $(MAKE) -C $(KDIR) M=$(CURDIR) $(KCONFIG_FLAGS) \
	KCFLAGS="$(KCFLAGS_DEFS) $(KCFLAGS)"

all: modules

modules:
	@test -f $(KDIR)/Makefile || { echo "no kernel build tree at $(KDIR): run 'make setup' or set KDIR"; exit 1; }
	$(KMAKE) modules

modules_install:
	$(KMAKE) modules_install

clean:
	@test ! -f $(KDIR)/Makefile || $(KMAKE) clean
	rm -rf .build fuzz/out

setup:
	scripts/setup

debug-kernel:
	scripts/build-debug-kernel

check:
	scripts/check

demo:
	scripts/demo

kunit:
	scripts/kunit

bench:
	scripts/bench

checkpatch:
	scripts/checkpatch

# Userspace codec fuzzer (libFuzzer, ASan, UBSan); FUZZ_SECONDS sets the time.
fuzz:
	$(MAKE) -C fuzz run

.PHONY: all modules modules_install clean setup debug-kernel check demo kunit checkpatch fuzz \
	bench
