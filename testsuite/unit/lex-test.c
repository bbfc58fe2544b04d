// SPDX-License-Identifier: GPL-2.0
/*
 * lex-test - unit tests of style_plugin's source cache, lexer and keyfile
 *
 * plugin/style_source.c, plugin/style_lex.c and plugin/style_keyfile.c
 * use no GCC header, so
 * they are compiled here with this file alone (testsuite/unit.sh), with
 * the few functions they take from the compiler and the other plugin
 * files stubbed below.  Each check prints a PASS: or FAIL: line.
 *
 * Usage: lex-test DIR   (DIR: a scratch directory for the test files)
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "style_lex.h"
#include "style_options.h"
#include "style_input.h"
#include "style_keyfile.h"

/* The stubs: the note (style_options.c), icecc's input text. */
static int notes;

void note_once(bool *said, const char *msg)
{
	if (*said)
		return;
	*said = true;
	notes++;
}

char *style_input_file_text(const char *file, size_t *size, size_t *map_size)
{
	return NULL;
}

static int failures;
static const char *dir;

static void check(bool ok, const char *name)
{
	printf("%s: unit: %s\n", ok ? "PASS" : "FAIL", name);
	if (!ok)
		failures++;
}

/* Write TEXT (LEN bytes) to DIR/NAME; the name, in static storage. */
static const char *write_file(const char *name, const char *text, size_t len)
{
	static char paths[16][4096];
	static int n;
	char *path = paths[n++ % 16];
	FILE *f;

	snprintf(path, sizeof(paths[0]), "%s/%s", dir, name);
	f = fopen(path, "wb");
	if (!f || fwrite(text, 1, len, f) != len || fclose(f)) {
		perror(path);
		exit(2);
	}
	return path;
}

/* Whether line LINE of FILE is EXPECT (NULL: no such line). */
static bool line_is(const char *file, int line, const char *expect)
{
	int len = -1;
	const char *text = style_source_line(file, line, &len);

	if (!expect)
		return !text;
	return text && len == (int)strlen(expect) &&
	       !memcmp(text, expect, len);
}

static bool eol_is(const char *file, int line, const char *expect)
{
	const char *eol = style_source_eol(file, line);

	return expect ? eol && !strcmp(eol, expect) : !eol;
}

static void test_source_lines(void)
{
	static const char unix_text[] = "int a;\n\tif (x) y();\n\nlast";
	static const char dos_text[] = "one\r\ntwo\r\n\r\nfour\r\n";
	static const char cr_text[] = "one\ntwo\rthree\nfour\n";
	const char *u = write_file("unix.c", unix_text, sizeof(unix_text) - 1);
	const char *d = write_file("dos.c", dos_text, sizeof(dos_text) - 1);
	const char *c = write_file("cr.c", cr_text, sizeof(cr_text) - 1);

	check(line_is(u, 1, "int a;") && line_is(u, 2, "\tif (x) y();") &&
	      line_is(u, 3, "") && line_is(u, 4, "last"),
	      "source: lines ended by \\n, the last one without");
	check(line_is(u, 5, NULL) && line_is(u, 0, NULL) &&
	      line_is(u, -1, NULL), "source: no line 0, -1, or past the end");
	check(line_is(d, 1, "one") && line_is(d, 3, "") &&
	      line_is(d, 4, "four") && line_is(d, 5, NULL),
	      "source: lines ended by \\r\\n, without it");
	check(line_is(c, 2, "two") && line_is(c, 3, "three") &&
	      line_is(c, 4, "four"),
	      "source: a lone \\r ends a line, as in libcpp");
	check(eol_is(u, 1, "\n") && eol_is(d, 2, "\r\n"),
	      "source: the end of a line as written");
	check(eol_is(c, 1, "\n") && eol_is(c, 2, NULL) && eol_is(c, 3, NULL),
	      "source: no end of line from a lone \\r on");
	/* Backwards, after the index grew: line 2 again. */
	check(line_is(u, 2, "\tif (x) y();") && line_is(u, 1, "int a;"),
	      "source: an earlier line after a later one");
}

static void test_source_files(void)
{
	const char *names[6];
	char name[32], text[64];
	bool ok = true;
	int i;

	for (i = 0; i < 6; i++) {
		snprintf(name, sizeof(name), "f%d.c", i);
		snprintf(text, sizeof(text), "first %d\nsecond %d\n", i, i);
		names[i] = write_file(name, text, strlen(text));
	}
	/* More files than the cache keeps, round and round. */
	for (int round = 0; round < 3; round++)
		for (i = 0; i < 6; i++) {
			snprintf(text, sizeof(text), "second %d", i);
			ok &= line_is(names[i], 2, text);
		}
	check(ok, "source: more files than the cache keeps, each read right");
	/* The same name in another string is the same file. */
	snprintf(text, sizeof(text), "%s", names[0]);
	check(line_is(text, 1, "first 0"),
	      "source: a file found by its name, not its pointer");
	check(line_is(write_file("empty.c", "", 0), 1, NULL),
	      "source: an empty file has no line");
	check(line_is("/nonexistent/style-unit.c", 1, NULL),
	      "source: a missing file has no line");
	check(line_is(dir, 1, NULL), "source: a directory has no line");
	notes = 0;
	check(line_is("<stdin>", 1, NULL) && notes == 1 &&
	      line_is("<stdin>", 1, NULL) && notes == 1,
	      "source: <stdin> is not read, and said once");
	check(line_is("<built-in>", 1, NULL) && notes == 1,
	      "source: <built-in> is not read, and not noted");
}

/*
 * The text libcpp read, kept (style_source_keep): found instead of the
 * file, whatever the file holds now or if it is gone, for more files
 * than the cache keeps; after style_source_release, the file again.
 */
static void test_source_kept(void)
{
	static const char kept_text[] = "kept 1\nkept 2";
	const char *names[6] = { write_file("kept.c", "on disk\n", 8) };
	char name[64], text[64];
	bool ok = true;
	int i;

	style_source_keep(names[0], kept_text, sizeof(kept_text) - 1);
	check(line_is(names[0], 1, "kept 1") && line_is(names[0], 2, "kept 2") &&
	      line_is(names[0], 3, NULL),
	      "source: the kept text, not the file's");
	for (i = 1; i < 6; i++) {
		snprintf(name, sizeof(name), "%s/gone%d.h", dir, i);
		names[i] = strdup(name);
		snprintf(text, sizeof(text), "gone %d\n", i);
		style_source_keep(names[i], text, strlen(text));
	}
	for (int round = 0; round < 3; round++)
		for (i = 1; i < 6; i++) {
			snprintf(text, sizeof(text), "gone %d", i);
			ok &= line_is(names[i], 1, text);
		}
	check(ok, "source: the kept text of files that are not there");
	style_source_release();
	check(line_is(names[0], 1, "on disk") && line_is(names[1], 1, NULL),
	      "source: released, the files are read again");
}

/* The column of the first NEEDLE in TEXT. */
static int col(const char *text, const char *needle)
{
	return strstr(text, needle) - text;
}

static void test_tokens(void)
{
	static const char t1[] = "  if (x) /* c */ y(); // end";
	static const char t2[] = "a /* x */ b";
	static const char t3[] = "  x = 1; \\  ";
	static const char t4[] = "z /* open";
	int n1 = strlen(t1), n3 = strlen(t3);
	int n4 = strlen(t4);

	check(next_token_on_line(t1, n1, 0) == 2 &&
	      next_token_on_line(t1, n1, col(t1, ")") + 1) == col(t1, "y") &&
	      next_token_on_line(t1, n1, col(t1, ";") + 1) == -1,
	      "lex: next token over blanks and comments, none after //");
	check(next_token_on_line(t3, n3, col(t3, ";") + 1) == -1,
	      "lex: no next token before a continuation backslash");
	check(next_token_on_line(t4, n4, 1) == -1,
	      "lex: no next token in a comment left open");
	check(prev_token_end_on_line(t2, col(t2, "b")) == 0 &&
	      prev_token_end_on_line(t1, col(t1, "y")) == col(t1, ")"),
	      "lex: token before, over a block comment");
	check(prev_token_end_on_line("x */ y", 5) == -1,
	      "lex: nothing before a comment opened on an earlier line");
	check(token_start(t1, col(t1, "if") + 1) == col(t1, "if") &&
	      token_start(t1, col(t1, "(")) == col(t1, "("),
	      "lex: the start of a word, of a punctuator");
	check(token_length("foo_1$x+", 8, 0) == 7 &&
	      token_length("+=", 2, 0) == 1,
	      "lex: the length of a word ($ in it), of a punctuator");
	check(word_is("} else {", 8, 2, "else") &&
	      !word_is("elsewhere", 9, 0, "else") &&
	      !word_is("x_else", 6, 2, "else") && !word_is("el", 2, 0, "else"),
	      "lex: a keyword only as a whole word");
	check(word_is("do", 2, 0, "do") && !word_is("do", 2, -1, "do"),
	      "lex: a word at the end of the line; no column -1");
}

static void test_literals(void)
{
	static const char s1[] = "\"a\\\"b)\" + 1";
	static const char s2[] = "'\\'' x";
	static const char s3[] = "\"open";

	check(skip_literal(s1, strlen(s1), 0) == 6,
	      "lex: a string with an escaped quote");
	check(skip_literal(s2, strlen(s2), 0) == 3,
	      "lex: a character literal with an escaped quote");
	check(skip_literal(s3, strlen(s3), 0) == -1,
	      "lex: a string not closed on the line");
	check(skip_number("1e+5)", 5, 0) == 4 && skip_number("0x1p-3;", 7, 0) == 6 &&
	      skip_number("1'000'000 ", 10, 0) == 9 &&
	      skip_number("1.5f-x", 6, 0) == 4 && skip_number("12+3", 4, 0) == 2,
	      "lex: numbers with exponents, digit separators, suffixes");
	check(skip_token("\"a;b\";", 6, 0) == 5 && skip_token("42u)", 4, 0) == 3 &&
	      skip_token("abc(", 4, 0) == 3 && skip_token("->", 2, 0) == 1,
	      "lex: the end of a token: literal, number, word, punctuator");
	check(stmt_end_on_line("f(a, \";\"); g();", 15, 0) == 9,
	      "lex: a statement's ';', not one in a literal");
	check(stmt_end_on_line("{ a; { b; } } c;", 16, 0) == 12,
	      "lex: the '}' matching a '{'");
	check(stmt_end_on_line("f(a,", 4, 0) == -1 &&
	      stmt_end_on_line("x) y;", 5, 0) == -1,
	      "lex: no end on the line; a ')' closing an outer '('");
}

/* find_close_paren on TEXT from the first '(' of line FROM. */
static bool close_at(const char *name, const char *text, int from,
		     int line, int column)
{
	const char *file = write_file(name, text, strlen(text));
	struct src_pos open, close = { NULL, 0, 0 };
	int len;
	const char *l = style_source_line(file, from, &len);

	if (!l)
		return false;
	open.file = file;
	open.line = from;
	open.col = strchr(l, '(') - l;
	if (!find_close_paren(&open, &close))
		return line == 0;
	return close.file == file && close.line == line && close.col == column;
}

static void test_close_paren(void)
{
	check(close_at("p1.c", "if (a && (b || c)) x();\n", 1, 1, 17),
	      "paren: nested parentheses");
	check(close_at("p2.c", "if (a ||\n    b(\")\", ')'))\n\tx();\n", 1,
		       2, 15),
	      "paren: over lines, past ')' in literals");
	check(close_at("p3.c", "if (a /* ) */ ||\n  // )\n  b)\n", 1, 3, 3),
	      "paren: past ')' in comments");
	check(close_at("p4.c", "if (a ||\n#define X )\n  b)\n", 1, 3, 3),
	      "paren: a #define inside the condition is skipped");
	check(close_at("p5.c", "if (a ||\n#ifdef X\n  b)\n#endif\n", 1, 0, 0),
	      "paren: gives up at a conditional directive");
	check(close_at("p6.c", "if (R\"x(a)x\") y;\n", 1, 0, 0),
	      "paren: gives up at a raw string");
	check(close_at("p7.c", "if (a ||\n", 1, 0, 0),
	      "paren: gives up at the end of the file");
	check(close_at("p8.c", "if (f(1.0e-3) > 0x1p+2) y;\n", 1, 1, 22),
	      "paren: numbers with signed exponents");
	check(close_at("p9.c", "while (a && \\\n       b) x;\n", 1, 2, 8),
	      "paren: a continued line");
}

/* A key of the records: a hash, bit 0 set (a Park-Miller sequence). */
static unsigned long long next_key(unsigned long long *x)
{
	unsigned long long k = 0;

	for (int i = 0; i < 4; i++) {
		*x = *x * 16807 % 2147483647;
		k = k << 16 ^ *x;
	}
	return k | 1;
}

/* Whether KF holds the N keys of K, and none of the N of NOT. */
static bool keyfile_holds(struct style_keyfile *kf,
			  const unsigned long long *k, size_t n,
			  const unsigned long long *not_k, size_t n_not)
{
	for (size_t i = 0; i < n; i++)
		if (!style_keyfile_has(kf, k[i]))
			return false;
	for (size_t i = 0; i < n_not; i++)
		if (style_keyfile_has(kf, not_k[i]))
			return false;
	return true;
}

/*
 * The index of the records (style_records.c): written from a log's keys
 * (repeats among them), then anew with more, looked up in place, naming
 * the last key it covers; not read past its log's end, nor cut short.
 */
static void test_keyfile(void)
{
	enum { N = 3000, MORE = 700, ABSENT = 3000 };
	static unsigned long long keys[N + MORE], absent[ABSENT], tmp[N + MORE];
	struct style_keyfile kf, none = { 0 };
	unsigned long long x = 20;
	char index[4096];
	FILE *f;

	for (int i = 0; i < N + MORE; i++)
		keys[i] = i % 10 == 9 ? keys[i / 2] : next_key(&x);
	for (int i = 0; i < ABSENT; i++)
		absent[i] = next_key(&x);
	snprintf(index, sizeof(index), "%s/walked-index", dir);

	memcpy(tmp, keys, N * sizeof(*keys));
	style_keyfile_write(index, &none, tmp, N, N * 8, keys[N - 1]);
	style_keyfile_map(&kf, index, sizeof(keys));
	check(kf.covered == N * 8 && kf.count == N - N / 10,
	      "keyfile: covers the log's keys, each once");
	check(kf.last == keys[N - 1], "keyfile: names the last key it covers");
	check(keyfile_holds(&kf, keys, N, absent, ABSENT),
	      "keyfile: holds every key of the log, none other");
	check(!keyfile_holds(&kf, keys, N + MORE, NULL, 0),
	      "keyfile: not the keys after what it covers");

	memcpy(tmp, keys + N, MORE * sizeof(*keys));
	style_keyfile_write(index, &kf, tmp, MORE, sizeof(keys),
			    keys[N + MORE - 1]);
	style_keyfile_unmap(&kf);
	style_keyfile_map(&kf, index, sizeof(keys));
	check(kf.covered == sizeof(keys) &&
	      keyfile_holds(&kf, keys, N + MORE, absent, ABSENT),
	      "keyfile: written anew with more keys, holds them all");
	style_keyfile_unmap(&kf);

	style_keyfile_map(&kf, index, 8 * N);
	check(!kf.map && !kf.covered && !style_keyfile_has(&kf, keys[0]),
	      "keyfile: not read past its log's end");

	memcpy(tmp, keys, 3 * sizeof(*keys));
	style_keyfile_write(index, &none, tmp, 3, 24, keys[2]);
	style_keyfile_map(&kf, index, sizeof(keys));
	check(kf.count == 3 && keyfile_holds(&kf, keys, 3, absent, ABSENT),
	      "keyfile: three keys, one directory entry");
	style_keyfile_unmap(&kf);

	f = fopen(index, "ab");
	if (!f || fwrite(keys, 1, 4, f) != 4 || fclose(f)) {
		perror(index);
		exit(2);
	}
	style_keyfile_map(&kf, index, sizeof(keys));
	check(!kf.map && !kf.covered, "keyfile: not read when cut or grown");
}

/*
 * Lookups in the order of the keys, as a compile looks up the functions
 * of a header (style_keyfile_has goes on from where the last ended):
 * 8 headers' records, 400 keys each with the same top 24 bits, looked
 * up ascending with a key absent after each, descending, every 20th
 * (past the keys it looks ahead), and one header after another's end.
 */
static void test_keyfile_order(void)
{
	enum { H = 8, PER = 400, N = H * PER };
	static unsigned long long keys[N];
	struct style_keyfile kf, none = { 0 };
	unsigned long long x = 7;
	bool up = true, down = true, far = true, across = true;
	char index[4096];
	size_t i;

	/* Each key 1 modulo 4: a key plus 2 is none of them. */
	for (i = 0; i < N; i++)
		keys[i] = (unsigned long long)(i / PER + 1) << 40 |
			  (next_key(&x) & 0xfffffffffcULL) | 1;
	snprintf(index, sizeof(index), "%s/ordered-index", dir);
	style_keyfile_write(index, &none, keys, N, N * 8, keys[N - 1]);
	style_keyfile_map(&kf, index, N * 8);
	check(kf.count == N, "keyfile order: every key written");
	for (i = 0; i < kf.count; i++)
		up = up && style_keyfile_has(&kf, kf.keys[i]) &&
		     !style_keyfile_has(&kf, kf.keys[i] + 2);
	for (i = kf.count; i-- > 0;)
		down = down && style_keyfile_has(&kf, kf.keys[i]);
	for (i = 0; i < kf.count; i += 20)
		far = far && style_keyfile_has(&kf, kf.keys[i]) &&
		      !style_keyfile_has(&kf, kf.keys[i] - 2);
	for (i = PER - 1; i + 1 < kf.count; i += PER)
		across = across && style_keyfile_has(&kf, kf.keys[i]) &&
			 style_keyfile_has(&kf, kf.keys[i + 1]) &&
			 !style_keyfile_has(&kf, kf.keys[i] + 2);
	check(up, "keyfile order: ascending, each key found, the one after it not");
	check(down, "keyfile order: descending, each key found");
	check(far, "keyfile order: every 20th found, the one before it not");
	check(across, "keyfile order: from one header's last key to the next's first");
	style_keyfile_unmap(&kf);
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: lex-test DIR\n");
		return 2;
	}
	dir = argv[1];
	test_source_lines();
	test_source_files();
	test_source_kept();
	test_tokens();
	test_literals();
	test_close_paren();
	test_keyfile();
	test_keyfile_order();
	return failures ? 1 : 0;
}
