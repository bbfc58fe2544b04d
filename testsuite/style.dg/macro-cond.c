/* Macros in the condition do not confuse the line of its ')'.  */
/* { dg-do compile } */
#include "style-common.h"

#define unlikely(x) __builtin_expect(!!(x), 0)
#define likely(x) __builtin_expect(!!(x), 1)
#define IS_ENABLED(x) (x)
#define CLOSE )
#define COND(a, b) ((a) && \
		    (b))

int f(int x, int y)
{
	if (unlikely(x)) return 7; /* { dg-warning "same line as the .if. condition @if-body@" } */
	if (likely(x) &&
	    IS_ENABLED(y)) return 8; /* { dg-warning "same line as the .if. condition @if-body@" } */
	if (COND(x, y)) /* { dg-bogus "Wstyle" } */
		return 9;
	if (unlikely(x > y)) /* { dg-bogus "Wstyle" } */
		return 10;
	return 0;
}
