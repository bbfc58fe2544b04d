/* UTF-8 text before and inside the condition: columns are bytes.  */
/* { dg-do compile } */
#include "style-common.h"

extern int strcmp(const char *, const char *);

int f(const char *s)
{
	/* Grüße, ∀x ∈ ℕ: (x) */
	if (!strcmp(s, "Grüße (")) return 1; /* { dg-warning "same line as the .if. condition @if-body@" } */
	if (!strcmp(s, "∀")) /* ∈ ) ( */ /* { dg-bogus "Wstyle" } */
		return 2;
	if (s[0] == 'x') /* é */ foo(); /* { dg-warning "same line as the .if. condition @if-body@" } */
	return 0;
}
