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

$(CASES): $(ENGINE)
$(BIN)/%: cases/%.c libmicro.h $(ENGINE)
	$(CC) $(ALLCFLAGS) -I. -o $@ $< $(ENGINE) $(LDFLAGS) $(LDLIBS)

$(BIN)/%: cases/aux/%.c
	@mkdir -p $(BIN)
	$(CC) $(ALLCFLAGS) -o $@ $< $(LDFLAGS)

test: all
	sh tests/run.sh

bench-harness: all
	sh bench/harness.sh

clean:
	rm -rf bin bin-* tests/bin bench/bin

.PHONY: all buildinfo test clean bench-harness
