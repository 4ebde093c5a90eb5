# SPDX-License-Identifier: GPL-2.0-only
# Scenario "kunit": load our KUnit modules in a KUnit kernel (--kernel
# debug), copy the KTAP of each suite to the out share, and report every
# leaf test case (each parameter of a parameterised case counts) as one
# check. rpcrdma_kunit holds the codec's suites (rpcrdma_*),
# xprtrdma_kunit and svcrdma_kunit the transports' (xprtrdma_*,
# svcrdma_*); each module runs its suites when it loads.

# KTAP prints a parent's result after its children: a result line is a
# leaf when no deeper result line came after the previous one at its depth.
ktap_leaves() {
	awk '
	/^[ \t]*(not )?ok [0-9]+/ {
		match($0, /^[ \t]*/); d = RLENGTH
		line = substr($0, d + 1)
		if (!(deeper[d])) print line
		for (k in deeper) if (k + 0 >= d) delete deeper[k]
		for (k = 0; k < d; k++) deeper[k] = 1
	}'
}

# kunit_suite DIR: one check per leaf case of one suite; fails when the
# suite reported no case at all.
kunit_suite() {
	local dir=$1 suite line name cases=0
	suite=$(basename "$dir")
	cat "$dir/results" > "$OUT/ktap-$suite"
	while IFS= read -r line; do
		cases=$((cases + 1))
		name=${line#*ok [0-9]* }
		name="kunit $suite: ${name#- }"
		case "$line" in
		"not ok "*) not_ok "$name" ;;
		*"# SKIP"*) ;;
		*) ok "$name" ;;
		esac
	done < <(ktap_leaves < "$dir/results")
	check "kunit $suite: reported test cases" test "$cases" -gt 0
}

KUNIT_MODULES="rpcrdma_kunit xprtrdma_kunit svcrdma_kunit"

kunit_run() {
	local suites=0 n dir mod prefix
	check "kunit: install our modules" install_ours || return
	check "kunit: KUnit debugfs present" test -d /sys/kernel/debug/kunit || return
	for mod in $KUNIT_MODULES; do
		check "kunit: modprobe $mod" modprobe "$mod" || return
	done
	for prefix in $KUNIT_MODULES; do
		n=0
		for dir in /sys/kernel/debug/kunit/"${prefix%_kunit}"_*; do
			[ -r "$dir/results" ] || continue
			n=$((n + 1))
			kunit_suite "$dir"
		done
		check "kunit: at least one ${prefix%_kunit} suite ran" \
			test "$n" -gt 0
		suites=$((suites + n))
	done
	echo "kunit: $suites suites"
	for mod in $KUNIT_MODULES; do
		check "kunit: rmmod $mod" modprobe -r "$mod"
	done
}

run_server_side() { return 0; }
run_client_side() { kunit_run; }
run_server() { echo ready > "$OUT/ready"; wait_for /out/client/finished 600; }
