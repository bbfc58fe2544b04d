/* String and character literals with parentheses in the condition.  */
/* { dg-do compile } */
#include "style-common.h"

extern int strcmp(const char *, const char *);

int f(const char *s, char c)
{
	if (!strcmp(s, ")")) return 1; /* { dg-warning "same line as the .if. condition @if-body@" } */
	if (c == ')' || c == '(') return 2; /* { dg-warning "same line as the .if. condition @if-body@" } */
	if (!strcmp(s, "(\")")) /* { dg-bogus "Wstyle" } */
		return 3;
	if (c == '\'' && !strcmp(s, "\\")) return 4; /* { dg-warning "same line as the .if. condition @if-body@" } */
	if (!strcmp(s, "if (x) y();")) /* { dg-bogus "Wstyle" } */
		return 5;
	if (c == L')' || !strcmp(s, u8")")) return 6; /* { dg-warning "same line as the .if. condition @if-body@" } */
	return 0;
}
