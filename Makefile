# SPDX-License-Identifier: GPL-2.0-only
#
# Out-of-tree build and the project's entry points.
#
#   make               build xprtrdma.ko, svcrdma.ko and rpcrdma_core.ko
#   make setup         install build/test dependencies and the 6.12 kernel
#                      (KERNEL=6.1 or 7.2: that pinned kernel instead)
#   make check         everything CI runs (build, KUnit, fuzz smoke, VM tests)
#   make check-long    make check, then the wider VM matrix (testing.rst):
#                      more pairs and versions, 6.1 and 7.2, faults
#   make demo          NFS over RDMA in a guest, step by step
#   make kunit         KUnit suites in a debug-kernel guest
#   make debug-kernel  build (or reuse) the cached debug kernel
#   make fuzz          run the codec fuzzer (FUZZ_SECONDS=, default 60)
#   make bench         ours vs the in-tree transport vs TCP vs raw soft-RoCE
#                      (BENCH_QUICK=1 for one short round; not in make check)
#   make kernels       W=1, sparse and VM interop runs on 6.1, 6.12 and 7.2
#                      (KERNELS=, KERNELS_VERS=; not in make check)
#   make soak          the long soak: 30 minutes of mixed load, ours on both
#                      sides, two guests, debug kernel, then unload and leak
#                      checks (SOAK_SECONDS=, SOAK_TOPOLOGY=; not in make check)
#   make install       (as root, after make) the three modules into
#                      /lib/modules/$(KVER)/updates/rpcrdma-ng, the modprobe.d
#                      file that makes every request load them, then depmod
#   make uninstall     removes exactly that and runs depmod: the kernel's
#                      rpcrdma.ko answers the requests again
#   make deb           a DKMS Debian package (.build/deb/rpcrdma-ng-dkms_*.deb;
#                      DEB_DIR= another directory)
#
# Kbuild reads ./Kbuild, never this file; in-tree builds use Kbuild and
# Kconfig directly.

RPCRDMA_CACHE ?= /var/cache/rpcrdma-ng
export RPCRDMA_CACHE

STOCK_KVER := $(shell cat $(RPCRDMA_CACHE)/stock/kver 2>/dev/null)
RUNNING_KDIR := /lib/modules/$(shell uname -r)/build
STOCK_KDIR := $(RPCRDMA_CACHE)/stock/$(STOCK_KVER)/root/usr/src/linux-headers-$(STOCK_KVER)

# KVER given alone (make KVER=6.12.N+deb12-amd64 install) names the
# kernel, and its build tree is the one Debian's headers package links.
ifneq ($(origin KVER),undefined)
KDIR ?= /lib/modules/$(KVER)/build
endif

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

# The kernel's make is a sub-make through $(KMAKE), where make does not
# see $(MAKE): the leading + hands it the jobserver, so that "make -j2"
# (DKMS runs make -j<cpus>) builds in parallel instead of warning
# "jobserver unavailable: using -j1".
modules:
	@test -f $(KDIR)/Makefile || { echo "no kernel build tree at $(KDIR): run 'make setup' or set KDIR"; exit 1; }
	+$(KMAKE) modules

modules_install:
	+$(KMAKE) modules_install

# --- make install / make uninstall ---------------------------------------------
# KVER: the kernel to install for (default: the one KDIR was configured
# for). DESTDIR: a staging root (a package build); depmod then runs only
# if DESTDIR holds a whole module tree for KVER. MODPROBE_D: where the
# modprobe.d file goes. KO_DIR: take the three .ko files from there
# instead of this tree (the VM harness installs what it built elsewhere).
# DEPMOD: the depmod to run. Documentation/admin-guide.rst has the why.
KVER ?= $(or $(shell cat $(KDIR)/include/config/kernel.release 2>/dev/null),$(shell uname -r))
DESTDIR ?=
MODPROBE_D ?= /etc/modprobe.d
DEPMOD ?= depmod
KO_DIR ?=
RPCRDMA_MODS := rpcrdma_core xprtrdma svcrdma
INSTALL_DIR = $(DESTDIR)/lib/modules/$(KVER)/updates/rpcrdma-ng
INSTALL_CONF = $(DESTDIR)$(MODPROBE_D)/rpcrdma-ng.conf
INSTALL_KOS = $(if $(KO_DIR),$(addprefix $(KO_DIR)/,$(addsuffix .ko,$(RPCRDMA_MODS))),\
		core/rpcrdma_core.ko xprtrdma/xprtrdma.ko svcrdma/svcrdma.ko)

define run_depmod
	@if [ -z "$(DESTDIR)" ]; then \
		echo "$(DEPMOD) -a $(KVER)"; $(DEPMOD) -a $(KVER); \
	elif [ -f "$(DESTDIR)/lib/modules/$(KVER)/modules.order" ]; then \
		echo "$(DEPMOD) -b $(DESTDIR) -a $(KVER)"; \
		$(DEPMOD) -b "$(DESTDIR)" -a $(KVER); \
	else \
		echo "DESTDIR has no module tree for $(KVER): depmod is left to the package's scripts"; \
	fi
endef

install:
	@for ko in $(INSTALL_KOS); do \
		[ -f "$$ko" ] || { echo "$$ko is not built: run 'make' first (as yourself), then 'make install' as root"; exit 1; }; \
		v=$$(modinfo -F vermagic "$$ko" | cut -d' ' -f1); \
		[ "$$v" = "$(KVER)" ] || { echo "$$ko was built for $$v, not $(KVER): build with KDIR of $(KVER), or set KVER"; exit 1; }; \
	done
	install -d "$(INSTALL_DIR)"
	install -m 0644 $(INSTALL_KOS) "$(INSTALL_DIR)/"
	install -D -m 0644 packaging/rpcrdma-ng.conf "$(INSTALL_CONF)"
	$(run_depmod)

uninstall:
	rm -f $(addprefix "$(INSTALL_DIR)"/,$(addsuffix .ko,$(RPCRDMA_MODS)))
	@! [ -d "$(INSTALL_DIR)" ] || rmdir "$(INSTALL_DIR)" || \
		echo "$(INSTALL_DIR) holds other files: left in place"
	@rmdir "$(dir $(INSTALL_DIR))" 2>/dev/null || true
	rm -f "$(INSTALL_CONF)"
	$(run_depmod)
	@for m in $(RPCRDMA_MODS); do \
		[ -z "$(DESTDIR)" ] && [ -d /sys/module/$$m ] && \
			echo "note: $$m is still loaded; unmount, remove the rdma listener, then modprobe -r xprtrdma svcrdma"; \
	done; true

# --- make deb ---------------------------------------------------------------------
# rpcrdma-ng-dkms_<ver>_all.deb in DEB_DIR (default .build/deb) from the
# files git tracks (packaging/debian is the debian/ directory; dkms.conf
# the DKMS recipe). The VM harness builds it into its log directory
# (scripts/vmtest, scenario package). Only what this target makes there
# is removed first: the staging tree and earlier packages.
DEB_DIR ?= .build/deb
DEB_STAGE = $(DEB_DIR)/rpcrdma-ng
deb:
	rm -rf "$(DEB_STAGE)"
	rm -f "$(DEB_DIR)"/rpcrdma-ng-dkms_*.deb "$(DEB_DIR)"/rpcrdma-ng_*.buildinfo \
		"$(DEB_DIR)"/rpcrdma-ng_*.changes
	mkdir -p "$(DEB_STAGE)"
	git ls-files -z | tar --null -T - -cf - | tar -xf - -C "$(DEB_STAGE)"
	cp -a packaging/debian "$(DEB_STAGE)/debian"
	cd "$(DEB_STAGE)" && dpkg-buildpackage -b -us -uc
	dpkg-deb --contents "$(DEB_DIR)"/rpcrdma-ng-dkms_*_all.deb

clean:
	@test ! -f $(KDIR)/Makefile || $(KMAKE) clean
	rm -rf .build fuzz/out

setup:
	scripts/setup $(if $(KERNEL),--kernel $(KERNEL))

debug-kernel:
	scripts/build-debug-kernel

check:
	scripts/check

check-long:
	scripts/check --long

demo:
	scripts/demo

kunit:
	scripts/kunit

bench:
	scripts/bench

kernels:
	scripts/kernels

# Issue 17's soak (scripts/guest/scenarios/soak.sh, Documentation/testing.rst).
# The guests get SOAK_SECONDS through vmtest --env; the hard timeout
# leaves 40 minutes for booting the debug kernel, fio's last verification,
# the tree comparisons, the unload and the kmemleak scans. Both sides
# wait 4.096 us << 22 (17 s) for an ACK instead of the RDMA CM's 1.07 s:
# the loaded debug guests under TCG ACK later than that (testing.rst).
SOAK_SECONDS ?= 1800
SOAK_TOPOLOGY ?= two
SOAK_ACK_TIMEOUT ?= 22
soak:
	RPCRDMA_XPRTRDMA_OPTS="$${RPCRDMA_XPRTRDMA_OPTS:-ack_timeout=$(SOAK_ACK_TIMEOUT)}" \
	RPCRDMA_SVCRDMA_OPTS="$${RPCRDMA_SVCRDMA_OPTS:-ack_timeout=$(SOAK_ACK_TIMEOUT)}" \
	scripts/vmtest --kernel debug --topology $(SOAK_TOPOLOGY) \
		--client ours --server ours --scenario soak \
		--env SOAK_SECONDS=$(SOAK_SECONDS) \
		--timeout $$(( $(SOAK_SECONDS) + 2400 ))

checkpatch:
	scripts/checkpatch

# Userspace codec fuzzer (libFuzzer, ASan, UBSan); FUZZ_SECONDS sets the time.
fuzz:
	$(MAKE) -C fuzz run

.PHONY: all modules modules_install install uninstall deb clean setup debug-kernel check check-long demo kunit checkpatch fuzz \
	bench kernels soak
