#!/bin/sh
# Every run of the files section of cases/suite (descriptors, paths, file I/O) prints one
# well-formed result line with no errors, and the suite leaves the
# fixtures as it found them: same files, same sizes, same contents.
. "$LM_TOP/tests/lib.sh"

fixtures || { not_ok "fixtures"; exit 1; }

# The fixture trees: every path, and each file's checksum and size.
snapshot() {
	(cd "$LM_SCRATCH" && find troot vroot | sort &&
	    cksum "$TFILE" "$VFILE" "$IFILE")
}

snapshot >before
check_suite "$(suite_part files)"
snapshot >after
check "the fixtures are as they were (paths, sizes, checksums)" \
    diff before after
done_testing
