# SPDX-License-Identifier: MIT
# verdict.awk - what keeps the selected runs (NAME CASE LINE STATE ...,
# see suite.sh) from starting, taking their cases in the order of the
# selection: "missing LINE CASE", the first line of the first case whose
# program is missing; else "refused LINE CASE", the first line its case
# refused (STATE bad or broken) of the first case that refused one; then
# "unchecked bin/CASE...", the programs not built with this engine.
{
	if (!($2 in seen)) {
		seen[$2] = 1
		order[++n] = $2
	}
	if ($4 == "missing" && !($2 in missing))
		missing[$2] = $3
	if (($4 == "bad" || $4 == "broken") && !($2 in refused))
		refused[$2] = $3
	if ($4 == "unchecked")
		unchecked[$2] = 1
}
END {
	for (i = 1; i <= n; i++)
		if (order[i] in missing) {
			print "missing", missing[order[i]], order[i]
			exit
		}
	for (i = 1; i <= n; i++)
		if (order[i] in refused) {
			print "refused", refused[order[i]], order[i]
			exit
		}
	for (i = 1; i <= n; i++)
		if (order[i] in unchecked)
			s = s " bin/" order[i]
	if (s != "")
		print "unchecked" s
}
