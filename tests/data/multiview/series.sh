# Sourced by the series tests: series N [SEED]: writes f01.txt .. fNN.txt,
# a series of N synthetic files (gen.awk, three passes, 1% noise, OS_build
# 6.1-rcJ), whose rows are 30 that never change (a01 .. a30) and
#   step   x1.2 from file 5 on
#   two    x1.2 from file 4, then x0.8 of that from file 9 on
#   outl   x1.3 in file 6 only: one bad run, not a step
#   drift  x1.02 a file
#   last   x1.25 in the last file only
series() {
	sr_j=1
	while [ "$sr_j" -le "$1" ]; do
		awk -v j="$sr_j" -v n="$1" 'BEGIN {
			for (r = 1; r <= 30; r++)
				printf "a%02d %g 1\n", r, 1 + r * 0.37
			print "step 2.0", (j >= 5 ? 1.2 : 1)
			print "two 3.0", (j >= 4 ? 1.2 : 1) * (j >= 9 ? 0.8 : 1)
			print "outl 4.0", (j == 6 ? 1.3 : 1)
			print "drift 5.0", 1.02 ^ j
			print "last 6.0", (j == n ? 1.25 : 1)
		}' | awk -f "$MVDATA/gen.awk" -v passes=3 -v noise=0.01 \
		    -v seed=$((sr_j * 7919 + ${2:-0})) -v build="6.1-rc$sr_j" \
		    >"$(printf 'f%02d.txt' "$sr_j")"
		sr_j=$((sr_j + 1))
	done
}
