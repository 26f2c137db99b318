# libmicro - build every case in cases/ against the shared engine.
# This is a GNU make file: it finds the cases with $(wildcard) and
# $(patsubst) and builds them by pattern rules.  .POSIX: below asks GNU
# make for POSIX behaviour (each recipe line runs under sh -e).
#
# make [all]     build bin/NAME for every cases/NAME.c (and cases/aux helpers)
# make test      build, then run tests/run.sh
# make run       build, then run the default suite into results/HOST-DATE.txt
# make lint      tests/lint-awk.sh, shellcheck, cppcheck and clang-tidy
# make install   binaries, scripts, suite, manuals, libmicro.h and the engine
#                (libmicro.a, bench.o) under $(DESTDIR)$(PREFIX)
# make uninstall what install made, and the directories it made
#
# The engine is libmicro.c and the units in engine/ (behind the private
# header engine/engine.h), each compiled into $(BIN)/.obj/, plus bench.c
# (main() and the default hooks); every case links all of them.
#
# CC, CFLAGS, LDFLAGS, LDLIBS, PREFIX, DESTDIR and BIN are overridable; BIN
# lets two builds (say -O2 and -Os) live side by side: make BIN=bin-Os CFLAGS=-Os
.POSIX:
.SUFFIXES:

CC	= cc
CFLAGS	= -O2 -g
WARN	= -Wall -Wextra
LDFLAGS	=
LDLIBS	= -lpthread -lm
PREFIX	= /usr/local
DESTDIR	=
BIN	= bin

CASES	= $(patsubst cases/%.c,$(BIN)/%,$(wildcard cases/*.c))
AUX	= $(patsubst cases/aux/%.c,$(BIN)/%,$(wildcard cases/aux/*.c))
UNITS	= $(patsubst engine/%.c,$(BIN)/.obj/%.o,$(wildcard engine/*.c))
LIBOBJ	= $(BIN)/.obj/libmicro.o $(UNITS)
ENGINE	= $(LIBOBJ) $(BIN)/.obj/bench.o
ALLCFLAGS = -std=c99 -D_GNU_SOURCE $(WARN) $(CFLAGS)

all: $(CASES) $(AUX) $(BIN)/.lmspawn buildinfo

# What built these binaries, for the result file's header.
buildinfo:
	@mkdir -p $(BIN)
	@{ echo "CC=$(CC)"; \
	  echo "CC_VERSION=$$($(CC) --version 2>/dev/null | head -n 1)"; \
	  echo "CFLAGS=$(CFLAGS)"; echo "LDFLAGS=$(LDFLAGS)"; } \
	  >$(BIN)/.buildinfo

$(BIN)/.obj/libmicro.o: libmicro.c libmicro.h engine/engine.h
	@mkdir -p $(BIN)/.obj
	$(CC) $(ALLCFLAGS) -c -o $@ libmicro.c

$(BIN)/.obj/%.o: engine/%.c engine/engine.h libmicro.h
	@mkdir -p $(BIN)/.obj
	$(CC) $(ALLCFLAGS) -c -o $@ $<

$(BIN)/.obj/bench.o: bench.c libmicro.h
	@mkdir -p $(BIN)/.obj
	$(CC) $(ALLCFLAGS) -c -o $@ bench.c

$(CASES): $(ENGINE) $(wildcard cases/*.h)
$(BIN)/%: cases/%.c libmicro.h $(ENGINE)
	$(CC) $(ALLCFLAGS) -I. -o $@ $< $(ENGINE) $(LDFLAGS) $(LDLIBS)

$(BIN)/%: cases/aux/%.c
	@mkdir -p $(BIN)
	$(CC) $(ALLCFLAGS) -o $@ $< $(LDFLAGS)

# The wrapper's runner: it starts the runs, so that the shell forks
# nothing per run.
$(BIN)/.lmspawn: lib/lmspawn.c
	@mkdir -p $(BIN)
	$(CC) $(ALLCFLAGS) -o $@ lib/lmspawn.c $(LDFLAGS)

test: all
	sh tests/run.sh

# The default suite into results/HOST-DATE.txt.
run: all
	@mkdir -p results
	@f=results/$$(uname -n)-$$(date +%Y%m%d-%H%M%S).txt; \
	echo "make run: writing $$f" >&2; \
	sh wrapper.sh -o "$$f"; rc=$$?; \
	echo "make run: results in $$f" >&2; exit $$rc

# Every script and every C file; zero findings, or a comment at the spot
# saying why not.  .ci/run runs this before the tests, so it cannot rot.
# cppcheck is given __GNUC__, as the compilers that build this define it:
# LM_NORETURN then tells it that lm_usage_error() and lmi_die(), defined
# in another file than most of their calls, do not return.  clang-tidy
# runs once a file: clang-tidy 14 given several files takes va_start in
# all but the first for no initialisation (valist.Uninitialized).
SCRIPTS	= wrapper.sh multiview.sh lib/*.sh lib/wrapper/*.sh tests/*.sh \
	  tests/data/multiview/*.sh tests/fuzz/*.sh bench/*.sh .ci/run
CSRC	= libmicro.c engine/*.c bench.c cases/*.c cases/aux/*.c lib/*.c \
	  bench/*.c tests/fixtures/*.c tests/fuzz/*.c tests/unit/*.c
# The awk code: the programs embedded in the scripts and in this file's
# recipes, and every *.awk file, which tests/lint-awk.sh holds to POSIX
# awk that mawk 1.3.4 runs, and has mawk parse where it is installed.
AWKCODE	= $(SCRIPTS) Makefile $(wildcard *.awk lib/*.awk lib/mv/*.awk \
	  lib/wrapper/*.awk \
	  bench/*.awk tests/*/*.awk tests/*/*/*.awk)
lint:
	sh tests/lint-awk.sh $(AWKCODE)
	shellcheck -s sh -x $(SCRIPTS)
	cppcheck --enable=warning,style,performance,portability --std=c99 \
	    -D_GNU_SOURCE -D__GNUC__ --inline-suppr --quiet --error-exitcode=1 \
	    -I. $(CSRC)
	@rc=0; for f in $(CSRC); do \
	    echo "clang-tidy --quiet $$f -- -std=c99 -D_GNU_SOURCE -I."; \
	    clang-tidy --quiet "$$f" -- -std=c99 -D_GNU_SOURCE -I. || rc=1; \
	done; exit $$rc

# make sanitize: everything built with ASan and UBSan into $(ASAN_BIN),
# the quick suite through wrapper.sh (with and without -1), then the
# engine and cases built with TSan into $(TSAN_BIN) and the threaded runs
# of tests/fuzz/san.sh.  Any report fails its run and the target.
# make valgrind: single-process runs of the plain build under valgrind.
SAN_CFLAGS = -O1 -g -fno-omit-frame-pointer
ASAN_BIN = bin-asan
TSAN_BIN = bin-tsan
sanitize:
	$(MAKE) BIN=$(ASAN_BIN) LDFLAGS=-fsanitize=address,undefined \
	    CFLAGS='$(SAN_CFLAGS) -fsanitize=address,undefined'
	$(MAKE) BIN=$(TSAN_BIN) LDFLAGS=-fsanitize=thread \
	    CFLAGS='$(SAN_CFLAGS) -fsanitize=thread'
	sh tests/fuzz/sanitize.sh asan $(ASAN_BIN) tsan $(TSAN_BIN)

valgrind: all
	sh tests/fuzz/sanitize.sh valgrind $(BIN)
.PHONY: sanitize valgrind

LIBDIR	= $(DESTDIR)$(PREFIX)/lib/libmicro
SHAREDIR = $(DESTDIR)$(PREFIX)/share/libmicro
MANDIR	= $(DESTDIR)$(PREFIX)/share/man
INCDIR	= $(DESTDIR)$(PREFIX)/include
MAN1	= libmicro.1 libmicro-wrapper.1 libmicro-multiview.1
INSTALLED = $(patsubst $(BIN)/%,%,$(CASES) $(AUX))
# The wrapper's parts, which it sources or runs from share/libmicro/wrapper,
# and multiview's program, its files in lib/mv/, installed in share/libmicro/mv/.
WRAPLIB	= $(wildcard lib/wrapper/*.sh lib/wrapper/*.awk)
MVAWK	= $(wildcard lib/mv/*.awk)
INSTDIRS = $(DESTDIR)$(PREFIX)/bin $(LIBDIR)/bin $(SHAREDIR)/wrapper \
	  $(SHAREDIR)/mv $(INCDIR) $(MANDIR)/man1 $(MANDIR)/man3
# The directories install makes (relative to DESTDIR), for uninstall.
NEWDIRS	= $(LIBDIR)/.dirs

# One archive holds every unit, so that they resolve each other when it
# is linked after bench.o and the case.
$(BIN)/libmicro.a: $(LIBOBJ)
	rm -f $@
	ar rc $@ $(LIBOBJ)

# A new case builds against the installed engine with
#   cc -I$(PREFIX)/include -o mycase mycase.c \
#       $(PREFIX)/lib/libmicro/bench.o $(PREFIX)/lib/libmicro/libmicro.a \
#       -lpthread -lm
install: all $(BIN)/libmicro.a
	@for d in $(INSTDIRS); do \
	    while [ ! -d "$$d" ]; do \
	        r=$${d#"$(DESTDIR)"}; [ -z "$$r" ] || echo "$$r"; \
	        d=$$(dirname "$$d"); \
	    done; \
	done >$(BIN)/.newdirs
	mkdir -p $(INSTDIRS)
	cp wrapper.sh $(DESTDIR)$(PREFIX)/bin/libmicro-wrapper
	cp multiview.sh $(DESTDIR)$(PREFIX)/bin/libmicro-multiview
	chmod 755 $(DESTDIR)$(PREFIX)/bin/libmicro-wrapper \
	    $(DESTDIR)$(PREFIX)/bin/libmicro-multiview
	cp $(CASES) $(AUX) $(BIN)/.buildinfo $(BIN)/.lmspawn $(LIBDIR)/bin/
	cp $(BIN)/libmicro.a $(BIN)/.obj/bench.o $(LIBDIR)/
	cp libmicro.h $(INCDIR)/
	cp cases/suite $(SHAREDIR)/suite
	cp lib/result.awk lib/fixtures.sh $(SHAREDIR)/
	cp $(WRAPLIB) $(SHAREDIR)/wrapper/
	cp $(MVAWK) $(SHAREDIR)/mv/
	cd man && cp $(MAN1) $(MANDIR)/man1/ && cp libmicro.3 $(MANDIR)/man3/
	@cat $(BIN)/.newdirs $$( [ -f $(NEWDIRS) ] && echo $(NEWDIRS) ) | \
	    sort -u >$(BIN)/.newdirs.all && mv $(BIN)/.newdirs.all $(NEWDIRS)

# Removes what install made: its files, then the directories it made
# (deepest first), each only if empty.  share/libmicro/multiview.awk is
# what an install made before multiview's program was split into mv/.
uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/libmicro-wrapper \
	    $(DESTDIR)$(PREFIX)/bin/libmicro-multiview $(SHAREDIR)/suite \
	    $(SHAREDIR)/result.awk $(SHAREDIR)/multiview.awk \
	    $(SHAREDIR)/fixtures.sh \
	    $(LIBDIR)/bin/.buildinfo $(LIBDIR)/bin/.lmspawn \
	    $(MANDIR)/man3/libmicro.3 \
	    $(LIBDIR)/libmicro.a $(LIBDIR)/bench.o $(INCDIR)/libmicro.h
	cd $(LIBDIR)/bin 2>/dev/null && rm -f $(INSTALLED) || true
	cd $(SHAREDIR)/wrapper 2>/dev/null && rm -f $(notdir $(WRAPLIB)) || true
	cd $(MANDIR)/man1 2>/dev/null && rm -f $(MAN1) || true
	cd $(SHAREDIR)/mv 2>/dev/null && rm -f $(notdir $(MVAWK)) || true
	@dirs=$$(sort -r $(NEWDIRS) 2>/dev/null || true); rm -f $(NEWDIRS); \
	for d in $(LIBDIR)/bin $(LIBDIR) $(SHAREDIR)/wrapper $(SHAREDIR)/mv \
	    $(SHAREDIR); do \
	    rmdir "$$d" 2>/dev/null || true; \
	done; \
	for d in $$dirs; do rmdir "$(DESTDIR)$$d" 2>/dev/null || true; done

bench-harness: all
	sh bench/harness.sh

# The A/B example: -O2 against -Os (AB='-e static': dynamic against
# static linking) into results/ab-EXPERIMENT-DATE/; see bench/ab.sh -h.
ab: all
	sh bench/ab.sh $(AB)
.PHONY: ab

# The README's picture: the forest plot of a real A/B (bench/ab.sh).
forest: all
	sh bench/forest.sh -o doc/forest.png
.PHONY: forest

clean:
	rm -rf bin bin-* tests/bin bench/bin

.PHONY: all buildinfo test run lint install uninstall clean bench-harness
