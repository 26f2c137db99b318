# libmicro - build every case in cases/ against the shared engine.
#
# make [all]     build bin/NAME for every cases/NAME.c (and cases/aux helpers)
# make test      build, then run tests/run.sh
# make run       build, then run the default suite into results/HOST-DATE.txt
# make lint      shellcheck, cppcheck and clang-tidy
# make install   binaries, scripts, suite and manuals under $(DESTDIR)$(PREFIX)
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
ENGINE	= $(BIN)/.obj/libmicro.o $(BIN)/.obj/bench.o
ALLCFLAGS = -std=c99 -D_GNU_SOURCE $(WARN) $(CFLAGS)

all: $(CASES) $(AUX) buildinfo

# What built these binaries, for the result file's header.
buildinfo:
	@mkdir -p $(BIN)
	@{ echo "CC=$(CC)"; \
	  echo "CC_VERSION=$$($(CC) --version 2>/dev/null | head -n 1)"; \
	  echo "CFLAGS=$(CFLAGS)"; echo "LDFLAGS=$(LDFLAGS)"; } \
	  >$(BIN)/.buildinfo

$(BIN)/.obj/libmicro.o: libmicro.c libmicro.h
	@mkdir -p $(BIN)/.obj
	$(CC) $(ALLCFLAGS) -c -o $@ libmicro.c

$(BIN)/.obj/bench.o: bench.c libmicro.h
	@mkdir -p $(BIN)/.obj
	$(CC) $(ALLCFLAGS) -c -o $@ bench.c

$(CASES): $(ENGINE) $(wildcard cases/*.h)
$(BIN)/%: cases/%.c libmicro.h $(ENGINE)
	$(CC) $(ALLCFLAGS) -I. -o $@ $< $(ENGINE) $(LDFLAGS) $(LDLIBS)

$(BIN)/%: cases/aux/%.c
	@mkdir -p $(BIN)
	$(CC) $(ALLCFLAGS) -o $@ $< $(LDFLAGS)

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
# saying why not.  tests/unit/stats.c is left out: it #includes
# libmicro.c, which is linted on its own.  .ci/run runs this before the
# tests, so it cannot rot.
SCRIPTS	= wrapper.sh multiview.sh tests/*.sh tests/data/multiview/*.sh \
	  tests/fuzz/*.sh bench/*.sh .ci/run
CSRC	= libmicro.c bench.c cases/*.c cases/aux/*.c bench/*.c \
	  tests/fixtures/*.c tests/fuzz/*.c
lint:
	shellcheck -s sh -x $(SCRIPTS)
	cppcheck --enable=warning,style,performance,portability --std=c99 \
	    -D_GNU_SOURCE --inline-suppr --quiet --error-exitcode=1 -I. \
	    $(CSRC)
	clang-tidy --quiet $(CSRC) -- -std=c99 -D_GNU_SOURCE -I.

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
MAN1	= libmicro.1 libmicro-wrapper.1 libmicro-multiview.1
INSTALLED = $(patsubst $(BIN)/%,%,$(CASES) $(AUX))

install: all
	mkdir -p $(DESTDIR)$(PREFIX)/bin $(LIBDIR)/bin $(SHAREDIR) \
	    $(MANDIR)/man1 $(MANDIR)/man3
	cp wrapper.sh $(DESTDIR)$(PREFIX)/bin/libmicro-wrapper
	cp multiview.sh $(DESTDIR)$(PREFIX)/bin/libmicro-multiview
	chmod 755 $(DESTDIR)$(PREFIX)/bin/libmicro-wrapper \
	    $(DESTDIR)$(PREFIX)/bin/libmicro-multiview
	cp $(CASES) $(AUX) $(BIN)/.buildinfo $(LIBDIR)/bin/
	cp cases/suite $(SHAREDIR)/suite
	cp lib/multiview.awk $(SHAREDIR)/multiview.awk
	cd man && cp $(MAN1) $(MANDIR)/man1/ && cp libmicro.3 $(MANDIR)/man3/

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/libmicro-wrapper \
	    $(DESTDIR)$(PREFIX)/bin/libmicro-multiview $(SHAREDIR)/suite \
	    $(SHAREDIR)/multiview.awk \
	    $(LIBDIR)/bin/.buildinfo $(MANDIR)/man3/libmicro.3
	cd $(LIBDIR)/bin 2>/dev/null && rm -f $(INSTALLED) || true
	cd $(MANDIR)/man1 2>/dev/null && rm -f $(MAN1) || true
	-rmdir $(LIBDIR)/bin $(LIBDIR) $(SHAREDIR) 2>/dev/null

bench-harness: all
	sh bench/harness.sh

# The A/B example: -O2 against -Os (AB='-e static': dynamic against
# static linking) into results/ab-EXPERIMENT-DATE/; see bench/ab.sh -h.
ab: all
	sh bench/ab.sh $(AB)
.PHONY: ab

clean:
	rm -rf bin bin-* tests/bin bench/bin

.PHONY: all buildinfo test run lint install uninstall clean bench-harness
