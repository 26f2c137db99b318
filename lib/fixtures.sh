# shellcheck shell=sh
# shellcheck disable=SC2034 # its variables are for the scripts that source it
# The files and directories suite lines name by placeholder, and the one
# substitution of a placeholder word.  Sourced by the wrapper (installed
# as share/libmicro/fixtures.sh) and by the tests, so that both give a
# case the same arguments.  A placeholder is a whole word of a suite
# line; a word that only contains one is left as it is.

# The placeholder names, for checks and messages.
LM_PLACEHOLDERS='TFILE VFILE IFILE TDIR1 TDIR2 VDIR1 VDIR2 TROOT VROOT'

# lm_fixture_paths TROOT VROOT: what each placeholder stands for, under
# the fast root TROOT and the disk-backed root VROOT.
lm_fixture_paths() {
	TROOT=$1
	VROOT=$2
	TFILE=$TROOT/data
	VFILE=$VROOT/data
	IFILE=$TROOT/ifile
	TDIR1=$TROOT/0/1/2/3/4/5/6/7/8/9
	TDIR2=$TROOT/1/2/3/4/5/6/7/8/9/0
	VDIR1=$VROOT/0/1/2/3/4/5/6/7/8/9
	VDIR2=$VROOT/1/2/3/4/5/6/7/8/9/0
}

# lm_make_data: the two 10 MB data files, made anew.  They are then read
# twice, so that no run is the first or second to touch their pages (the
# kernel marks a page accessed, then active): the run that did would be
# slower in its first samples, and which run that is would depend on the
# order of the runs.
lm_make_data() {
	rm -f "$TFILE" "$VFILE" &&
	    dd if=/dev/zero of="$TFILE" bs=1024k count=10 2>/dev/null &&
	    dd if=/dev/zero of="$VFILE" bs=1024k count=10 2>/dev/null &&
	    cat "$TFILE" "$TFILE" "$VFILE" "$VFILE" >/dev/null
}

# lm_make_fixtures: the directories, the data files and the empty IFILE.
lm_make_fixtures() {
	mkdir -p "$TDIR1" "$TDIR2" "$VDIR1" "$VDIR2" && lm_make_data &&
	    : >"$IFILE"
}

# lm_subst WORD: WORD, or what the placeholder WORD stands for, in lm_a.
lm_subst() {
	# shellcheck disable=SC2016 # the placeholders, literally
	case $1 in
	'$TFILE') lm_a=$TFILE ;;
	'$VFILE') lm_a=$VFILE ;;
	'$IFILE') lm_a=$IFILE ;;
	'$TDIR1') lm_a=$TDIR1 ;;
	'$TDIR2') lm_a=$TDIR2 ;;
	'$VDIR1') lm_a=$VDIR1 ;;
	'$VDIR2') lm_a=$VDIR2 ;;
	'$TROOT') lm_a=$TROOT ;;
	'$VROOT') lm_a=$VROOT ;;
	*) lm_a=$1 ;;
	esac
}
